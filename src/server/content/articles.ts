/**
 * Articles of the content sections: career advice (/career-advice/{slug}.html) and Aspire, for
 * students and freshers (/aspire/{slug}.html). Entries have the id `{country}/{slug}`: a site
 * shows its own folder and the `all` folder, where a slug in its own folder hides the same slug
 * in `all`. Drafts (`draft: true`) are served under `npm run dev` only.
 * Used by the section pages, the RSS feeds and the sitemap.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { localizedPath } from '~/lib/sites/links';
import type { Lang } from '~/lib/sites/schema';

export const SECTIONS = ['career-advice', 'aspire'] as const;
export type Section = (typeof SECTIONS)[number];
const COLLECTIONS = { 'career-advice': 'careerAdvice', aspire: 'aspire' } as const;

export type Article = CollectionEntry<'careerAdvice'> | CollectionEntry<'aspire'>;
export type AspireArticle = CollectionEntry<'aspire'>;

/** Folder of articles every site shows. */
export const ALL_SITES = 'all';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Drafts show under the dev server only; a production build never serves them. */
const showDrafts = (): boolean => import.meta.env.DEV;

export function sectionOf(article: Article): Section {
  return article.collection === 'aspire' ? 'aspire' : 'career-advice';
}

/** The slug of an article: its id without the country folder. */
export function slugOf(article: Article): string {
  return article.id.slice(article.id.indexOf('/') + 1);
}

/** The article's path without language prefix, e.g. /aspire/your-first-job-offer.html. */
export function articlePath(section: Section, slugOrArticle: string | Article): string {
  const slug = typeof slugOrArticle === 'string' ? slugOrArticle : slugOf(slugOrArticle);
  return `/${section}/${slug}.html`;
}

/** The path search engines should index: in the article's own language, e.g. /hi/aspire/x.html. */
export function canonicalArticlePath(article: Article): string {
  return localizedPath(article.data.lang, articlePath(sectionOf(article), article));
}

/** Last change of an article: updatedAt, else publishedAt. */
export function modifiedAt(article: Article): Date {
  return article.data.updatedAt ?? article.data.publishedAt;
}

/** A tag as a URL segment: lower case, spaces to hyphens (letters of any script kept). */
export function tagSlug(tag: string): string {
  return tag
    .trim()
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Every article a site serves in a section, in any language, newest first. For the sitemap,
 * with `canonicalArticlePath`.
 */
export async function articlesOfSite(section: Section, siteKey: string): Promise<Article[]> {
  const drafts = showDrafts();
  const entries: Article[] = await getCollection(
    COLLECTIONS[section],
    ({ data }: Article) =>
      (data.country === siteKey || data.country === ALL_SITES) && (drafts || !data.draft),
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
 * English ones that have no translation in it; newest first within each group. Articles in a
 * third language are left out.
 */
export async function articlesFor(
  section: Section,
  siteKey: string,
  lang: Lang,
): Promise<Article[]> {
  const all = await articlesOfSite(section, siteKey);
  const inLang = all.filter((e) => e.data.lang === lang);
  const translated = new Set(inLang.map((e) => e.data.translationKey).filter(Boolean));
  const english =
    lang === 'en'
      ? []
      : all.filter(
          (e) =>
            e.data.lang === 'en' &&
            !(e.data.translationKey && translated.has(e.data.translationKey)),
        );
  return [...inLang, ...english];
}

/** Articles written in exactly this language (RSS feeds: one feed per language). */
export async function articlesInLanguage(
  section: Section,
  siteKey: string,
  lang: Lang,
): Promise<Article[]> {
  return (await articlesOfSite(section, siteKey)).filter((e) => e.data.lang === lang);
}

/**
 * The article at /{section}/{slug}.html on a site, whatever its language: the site's own folder
 * first, then `all`. Undefined for a malformed slug, an article of another site or a draft in
 * production.
 */
export async function articleBySlug(
  section: Section,
  siteKey: string,
  slug: string,
): Promise<Article | undefined> {
  if (!SLUG.test(slug) || siteKey === ALL_SITES) return undefined;
  const collection = COLLECTIONS[section];
  const found =
    ((await getEntry(collection, `${siteKey}/${slug}`)) as Article | undefined) ??
    ((await getEntry(collection, `${ALL_SITES}/${slug}`)) as Article | undefined);
  return found && (showDrafts() || !found.data.draft) ? found : undefined;
}

/** One language version of a page: its language and path without language prefix. */
export interface LanguageVersion {
  lang: Lang;
  path: string;
}

/**
 * The translations of an article that a site serves, itself included, one per language: the
 * articles of its section with the same `translationKey`. Without a key, or when another article
 * of the same language holds the key on this site (the first by date wins, so every member of a
 * set names the same set), the article stands alone.
 */
export async function translationsOf(article: Article, siteKey: string): Promise<Article[]> {
  const key = article.data.translationKey;
  if (!key) return [article];
  const byLang = new Map<Lang, Article>();
  for (const other of await articlesOfSite(sectionOf(article), siteKey)) {
    if (other.data.translationKey === key && !byLang.has(other.data.lang)) {
      byLang.set(other.data.lang, other);
    }
  }
  return byLang.get(article.data.lang)?.id === article.id ? [...byLang.values()] : [article];
}

/**
 * The hreflang alternates of an article on a site: each translation in a language the site
 * offers, at its own canonical path. Empty when the article has no translation there, since a
 * language without a translation gets no alternate.
 */
export async function articleAlternates(
  article: Article,
  siteKey: string,
  siteLangs: readonly Lang[],
): Promise<LanguageVersion[]> {
  const versions = (await translationsOf(article, siteKey))
    .filter((a) => siteLangs.includes(a.data.lang))
    .map((a) => ({ lang: a.data.lang, path: articlePath(sectionOf(a), a) }));
  return versions.length > 1 ? versions : [];
}

/** The tags of the listed articles with their slugs, most used first. */
export function tagsOf(
  articles: readonly Article[],
): { tag: string; slug: string; count: number }[] {
  const counts = new Map<string, { tag: string; count: number }>();
  for (const a of articles) {
    for (const tag of a.data.tags) {
      const slug = tagSlug(tag);
      const entry = counts.get(slug) ?? { tag, count: 0 };
      entry.count += 1;
      counts.set(slug, entry);
    }
  }
  return [...counts.entries()]
    .map(([slug, e]) => ({ slug, ...e }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
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
