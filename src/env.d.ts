/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import('./lib/sites/schema').Site;
    brand: import('./lib/sites/schema').Brand;
    lang: import('./lib/sites/schema').Lang;
    /** Translations for the request's language and brand, with brand and country filled in. */
    t: import('./lib/i18n').Translate;
    dir: 'ltr' | 'rtl';
    /** Path without the language prefix, e.g. /search/results for /ar/search/results. */
    pathname: string;
    /**
     * Origin for absolute URLs (canonical, og:url, sitemaps): the site's configured domain, never
     * an unknown Host header. See src/server/http/request.ts siteOrigin.
     */
    origin: string;
    /**
     * The logged-in job seeker (from the MSSOCLIENT session cookie), or null for a guest:
     * id, name, email, mobile, isdCode, careerStage, siteContext, mobileVerified, emailVerified,
     * hasPassword, registrationStep. See src/server/accounts/sessions.ts.
     */
    user: import('./server/accounts/sessions').SessionUser | null;
    /**
     * Set by `cachePublicPage`: the page's HTML is the same for every visitor, so the layout
     * renders the visitor's parts (account menu, cart, bell, app banner) as server islands.
     */
    sharedPage?: boolean;
    /**
     * Set by `cacheSeekerPage`: this logged-in seeker's page may be kept in memory until one of
     * these tags changes (src/server/http/seeker-page-cache.ts).
     */
    seekerPage?: import('./server/http/seeker-page-cache').SeekerPageMark;
  }
}

// Astro's components read their client directives from the global Astro.ClientDirectives.
declare namespace Astro {
  interface ClientDirectives {
    /**
     * Hydrate on first interaction with the island (src/directives/interaction.ts); with a name,
     * also when another island calls wakeIslands(name) (src/lib/dom/wake.ts).
     */
    'client:interaction'?: boolean | string;
    /** Hydrate when the window hears `island:<value>` (src/directives/signal.ts). */
    'client:signal'?: string;
  }
}
