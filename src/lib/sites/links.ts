/** URLs between sites and languages; pure so header, footer, sitemaps and tests agree. */
import type { Brand, Lang, Site } from './schema';

/** A path in a language: English has no prefix, others /hi/... and /ar/... */
export function localizedPath(lang: Lang, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === 'en') return clean;
  return clean === '/' ? `/${lang}/` : `/${lang}${clean}`;
}

/** Splits /hi/seeker/profile into { lang: 'hi', path: '/seeker/profile' }; no prefix → null lang. */
export function splitLangPrefix(pathname: string): { prefix: string | null; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (!match) return { prefix: null, path: pathname || '/' };
  return { prefix: match[1] ?? null, path: match[2] || '/' };
}

/**
 * The origin of another site, in the same brand and the same kind of host as the current request:
 * <context>.localhost:<port> (keeping a brand marker label) locally, else the site's domain.
 */
export function siteOrigin(target: Site, brand: Brand, current: URL, marker: string): string {
  const host = current.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1') {
    const brandLabel = brand.id === 'dm' && marker ? `${marker}.` : '';
    return `${current.protocol}//${target.context}.${brandLabel}localhost${current.port ? `:${current.port}` : ''}`;
  }
  const domain =
    (brand.id === 'dm' ? target.domains.find((d) => d.includes(marker)) : undefined) ??
    target.domain;
  return `https://${domain}`;
}
