/**
 * Career advice articles (SPEC §2, /career-advice/{slug}.html). Entries of the `careerAdvice`
 * collection have the id `{country}/{slug}`: a site shows its own folder and the `all` folder.
 * Used by the career advice pages and the sitemap.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { localizedPath } from '~/lib/sites/links';
import type { Lang } from '~/lib/sites/schema';

export type Article = CollectionEntry<'careerAdvice'>;

/** Folder of articles every site shows. */
export const ALL_SITES = 'all';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug of an article: its id without the country folder. */
export function slugOf(article: Article): string {
  return article.id.slice(article.id.indexOf('/') + 1);
}

/** The article's path without language prefix, e.g. /career-advice/how-to-write-a-resume.html. */
export function articlePath(slugOrArticle: string | Article): string {
  const slug = typeof slugOrArticle === 'string' ? slugOrArticle : slugOf(slugOrArticle);
  return `/career-advice/${slug}.html`;
}

/** The path search engines should index: in the article's own language, e.g. /hi/career-advice/x.html. */
export function canonicalArticlePath(article: Article): string {
  return localizedPath(article.data.lang, articlePath(article));
}

/** Last change of an article: updatedAt, else publishedAt. */
export function modifiedAt(article: Article): Date {
  return article.data.updatedAt ?? article.data.publishedAt;
}

/**
 * Every article a site serves, in any language, newest first: its own folder and `all`, where a
 * slug in the site's own folder hides the same slug in `all`. For the sitemap, with
 * `canonicalArticlePath`.
 */
export async function articlesOfSite(siteKey: string): Promise<Article[]> {
  const entries = await getCollection(
    'careerAdvice',
    ({ data }: Article) => data.country === siteKey || data.country === ALL_SITES,
  );
  const own = new Set(entries.filter((e) => e.data.country === siteKey).map(slugOf));
  return entries
    .filter((e) => e.data.country === siteKey || !own.has(slugOf(e)))
    .sort(
      (a, b) =>
        b.data.publishedAt.getTime() - a.data.publishedAt.getTime() || a.id.localeCompare(b.id),
    );
}

/**
 * The articles a site lists for a language: those written in the request language first, then
 * English ones; newest first within each group. Articles in a third language are left out (an
 * Arabic article is not listed on Hindi pages).
 */
export async function articlesFor(siteKey: string, lang: Lang): Promise<Article[]> {
  const all = await articlesOfSite(siteKey);
  const inLang = all.filter((e) => e.data.lang === lang);
  const english = lang === 'en' ? [] : all.filter((e) => e.data.lang === 'en');
  return [...inLang, ...english];
}

/**
 * The article at /career-advice/{slug}.html on a site, whatever its language: the site's own
 * folder first, then `all`. Undefined for a malformed slug or an article of another site.
 */
export async function articleBySlug(siteKey: string, slug: string): Promise<Article | undefined> {
  if (!SLUG.test(slug) || siteKey === ALL_SITES) return undefined;
  return (
    ((await getEntry('careerAdvice', `${siteKey}/${slug}`)) as Article | undefined) ??
    ((await getEntry('careerAdvice', `${ALL_SITES}/${slug}`)) as Article | undefined)
  );
}

/** Formats an article date in the request language with the site's region, e.g. hi + en-IN → hi-IN. */
export function articleDateFormatter(lang: Lang, siteLocale: string): Intl.DateTimeFormat {
  let locale: string = lang;
  try {
    const region = new Intl.Locale(siteLocale).region;
    if (region) locale = new Intl.Locale(lang, { region }).toString();
  } catch {
    // a malformed site locale: the language alone
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
}
