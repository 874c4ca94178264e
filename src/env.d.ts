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
    /** The logged-in job seeker, or null for a guest. */
    user: { id: string; name: string } | null;
  }
}
