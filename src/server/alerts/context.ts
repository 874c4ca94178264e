/** Site, brand, language and links of an alert, outside a request (worker, mails). */
import { brands, siteByContext, defaultSite } from '../../../sites';
import { getT, isLang, type Translate } from '~/lib/i18n';
import { siteName } from '~/lib/sites/names';
import { localizedPath } from '~/lib/sites/links';
import type { Brand, Lang, Site } from '~/lib/sites/schema';

export interface AlertContext {
  site: Site;
  brand: Brand;
  lang: Lang;
  t: Translate;
  /** An absolute URL on the alert's site, in its language. */
  link(path: string, query?: Record<string, string>): string;
  /** An absolute URL of an API path (no language prefix). */
  apiLink(path: string, query?: Record<string, string>): string;
}

function absolute(origin: string, path: string, query?: Record<string, string>): string {
  const url = new URL(path, origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

export function alertContext(alert: {
  siteContext: string;
  brand: string;
  lang: string;
  origin: string;
}): AlertContext {
  const site = siteByContext(alert.siteContext) ?? defaultSite;
  const brand = alert.brand === 'dm' ? brands.dm : brands.classic;
  const lang: Lang = isLang(alert.lang) && site.languages.includes(alert.lang) ? alert.lang : 'en';
  const raw = getT(lang, brand.localeSuffix);
  const country = siteName(site, lang);
  const t: Translate = (key, options) => raw(key, { brand: brand.name, country, ...options });
  return {
    site,
    brand,
    lang,
    t,
    link: (path, query) => absolute(alert.origin, localizedPath(lang, path), query),
    apiLink: (path, query) => absolute(alert.origin, path, query),
  };
}
