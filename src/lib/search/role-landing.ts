/**
 * Landing pages of the job families' roles (decision 0094): one page per role with open jobs, in
 * every language of the site, each at a path of its own language: /java-developer-jobs,
 * /hi/जावा-डेवलपर-नौकरियाँ, /ar/وظائف-مطور-جافا. Hindi and Arabic slugs are the role's usual name
 * (jobWord) in its own script, sent percent-encoded as UTF-8 (what browsers and search engines
 * do with any non-ASCII path; they show it decoded), so a reader searching in their language
 * finds their words in the address too. Pure: the landing route, the sitemap, the browse links
 * and the page-name mapping agree on the paths.
 */
import { jobWord } from '~/lib/format/job-words';
import type { Lang } from '~/lib/sites/schema';
import { ROLE_SLUG_SHAPES, localSlug, seoPath } from './seo';

/**
 * The path (no language prefix) of a role's landing page in `lang`, from its English title;
 * null when the role has no slug there (no name in that language, nothing usable left). English
 * paths have the shape of a skill landing page (/{slug}-jobs): the landing route tries skills
 * first, so a role is only given one when no skill has its slug (server/seo/role-landing.ts).
 */
export function roleLandingPath(title: string, lang: Lang): string | null {
  if (lang === 'en') return seoPath({ skill: title });
  const name = jobWord(title, lang);
  if (name === title) return null;
  const slug = localSlug(name);
  if (!slug) return null;
  const { before, after } = ROLE_SLUG_SHAPES[lang];
  return `/${before}${slug}${after}`;
}
