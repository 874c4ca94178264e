/**
 * Career advice articles (SPEC §2, /career-advice/{slug}.html): the career advice section of
 * src/server/content/articles.ts, under the names the sitemap and pages use.
 */
import type { Lang } from '~/lib/sites/schema';
import * as articles from './articles';

export type Article = articles.Article;
export {
  ALL_SITES,
  articleDateFormatter,
  canonicalArticlePath,
  modifiedAt,
  slugOf,
} from './articles';

/** The article's path without language prefix, e.g. /career-advice/how-to-write-a-resume.html. */
export const articlePath = (slugOrArticle: string | Article) =>
  articles.articlePath('career-advice', slugOrArticle);
export const articlesOfSite = (siteKey: string) =>
  articles.articlesOfSite('career-advice', siteKey);
export const articlesFor = (siteKey: string, lang: Lang) =>
  articles.articlesFor('career-advice', siteKey, lang);
export const articleBySlug = (siteKey: string, slug: string) =>
  articles.articleBySlug('career-advice', siteKey, slug);
