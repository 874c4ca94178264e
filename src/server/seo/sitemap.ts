/**
 * Sitemaps per site (sitemaps.org 0.9 with xhtml:link hreflang alternates): an index at
 * /sitemap.xml pointing to /sitemaps/jobs-{n}.xml (open jobs, at most MAX_URLS URLs each),
 * /sitemaps/seo.xml (landing pages with jobs) and /sitemaps/career-advice.xml.
 *
 * Every page of the site is listed once per language the site offers, each entry naming all its
 * language versions (and x-default, the English one) as Google asks for hreflang in sitemaps.
 */
import type { Queryable } from '~/server/db/client';
import * as jobsService from '~/server/jobs/service';
import { cached } from './cache';
import { localizedPath } from '~/lib/sites/links';
import type { Lang } from '~/lib/sites/schema';

/** sitemaps.org limit of URLs per file. */
export const MAX_URLS = 50_000;

export interface SitemapUrl {
  /** Path without language prefix, e.g. /job/java-developer-12. */
  path: string;
  lastmod?: Date;
  /** Languages this page exists in, when not every language of the site (e.g. an article). */
  langs?: readonly Lang[];
  /**
   * Its language versions when each has a path of its own (an article's translations, itself
   * included), named as its alternates instead of `path` in each of `langs`.
   */
  alternates?: readonly { lang: Lang; path: string }[];
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A <urlset> listing each path in each language, with hreflang alternates. */
export function urlSetXml(origin: string, langs: readonly Lang[], urls: SitemapUrl[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const url of urls) {
    const own = url.langs ?? langs;
    const href = (lang: Lang, path: string) =>
      xmlEscape(new URL(localizedPath(lang, path), origin).href);
    const hrefs = own.map((lang) => ({ lang, href: href(lang, url.path) }));
    const versions = url.alternates?.map((v) => ({ lang: v.lang, href: href(v.lang, v.path) }));
    const links = versions ?? hrefs;
    // x-default is the English version, as on the pages (SiteLayout).
    const xDefault = links.find((h) => h.lang === 'en');
    const alternates =
      links.length > 1
        ? [
            ...links.map(
              (h) => `<xhtml:link rel="alternate" hreflang="${h.lang}" href="${h.href}"/>`,
            ),
            xDefault
              ? `<xhtml:link rel="alternate" hreflang="x-default" href="${xDefault.href}"/>`
              : '',
          ].join('')
        : '';
    const lastmod = url.lastmod ? `<lastmod>${day(url.lastmod)}</lastmod>` : '';
    for (const h of hrefs) parts.push(`<url><loc>${h.href}</loc>${lastmod}${alternates}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** A <sitemapindex> of absolute sitemap URLs. */
export function sitemapIndexXml(entries: { loc: string; lastmod?: Date }[]): string {
  const body = entries
    .map(
      (e) =>
        `<sitemap><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</sitemap>\n`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`;
}

/** Jobs per jobs-{n}.xml so that, listed once per language, a file stays within MAX_URLS. */
export function jobsPerSitemap(langCount: number): number {
  return Math.floor(MAX_URLS / Math.max(1, langCount));
}

/** Number of open jobs of a site and the newest change among them. */
export const openJobStats = (siteContext: string, db?: Queryable) =>
  jobsService.openJobStats(siteContext, db);

/** openJobStats, cached for 10 minutes (the sitemap index and page count; crawlers only). */
export function openJobStatsCached(
  siteContext: string,
): Promise<{ total: number; lastmod: Date | null }> {
  return cached(`open-job-stats|${siteContext}`, 10 * 60_000, () => openJobStats(siteContext));
}

/** Page `page` (1-based) of a site's open jobs for the sitemap, oldest id first. */
export const jobsForSitemap = (
  siteContext: string,
  page: number,
  perPage: number,
  db?: Queryable,
) => jobsService.openJobsPage(siteContext, page, perPage, db);
