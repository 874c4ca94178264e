/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import('./lib/sites/schema').Site;
    brand: import('./lib/sites/schema').Brand;
    lang: import('./lib/i18n').Lang;
    /** i18next t bound to the request's language and brand. */
    t: import('i18next').TFunction;
    dir: 'ltr' | 'rtl';
    /** Path without the language prefix, e.g. /search/results for /ar/search/results. */
    pathname: string;
    user: import('./server/accounts/session').SessionUser | null;
  }
}
