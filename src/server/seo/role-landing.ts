/**
 * The roles of the job families that have a landing page on a site (decision 0094): every job
 * family title with open jobs there, with its path in each language (lib/search/role-landing.ts)
 * and its function (for links to the other roles of its family). A role whose English slug a
 * skill already has gets none (the skill's page answers that path). Cached per site like the
 * landing vocabulary (cache.ts).
 */
import type { Queryable } from '~/server/db/client';
import { roleLandingPath } from '~/lib/search/role-landing';
import { decodedSegment, seoSlug } from '~/lib/search/seo';
import { LANGS, type Lang } from '~/lib/sites/schema';
import { JOB_FAMILIES } from '~/server/reference/job-families';
import { roleCounts } from '~/server/search/browse';
import { cached } from './cache';
import { seoVocabulary, VOCABULARY_TTL_MS } from './landing';

export interface RoleLanding {
  /** The English title, as the roles filter takes it. */
  title: string;
  /** Its job function (a JOB_FUNCTIONS value). */
  fn: string;
  /** Open jobs with this role on the site. */
  count: number;
  /** Its landing path (no language prefix) in every language. */
  paths: Record<Lang, string>;
}

export interface RoleLandings {
  /** Most jobs first. */
  roles: RoleLanding[];
  /** A decoded path (no language prefix) in any language → its role. */
  byPath: ReadonlyMap<string, { role: RoleLanding; lang: Lang }>;
}

/** Job family titles by their folded spelling → the title and its function. */
const FAMILY_TITLES = new Map(
  JOB_FAMILIES.flatMap((f) =>
    f.titles.map((t) => [t.title.toLowerCase(), { title: t.title, fn: f.fn }]),
  ),
);

/** Reads a site's role landing pages (uncached). */
export async function loadRoleLandings(siteContext: string, db?: Queryable): Promise<RoleLandings> {
  const [counts, vocabulary] = await Promise.all([
    roleCounts(siteContext, {}, db),
    seoVocabulary(siteContext, db),
  ]);
  const roles: RoleLanding[] = [];
  const byPath = new Map<string, { role: RoleLanding; lang: Lang }>();
  for (const { label, count } of counts) {
    const family = FAMILY_TITLES.get(label.trim().toLowerCase());
    if (!family || vocabulary.skillBySlug.has(seoSlug(family.title))) continue;
    const paths = Object.fromEntries(
      LANGS.map((lang) => [lang, roleLandingPath(family.title, lang)]),
    ) as Record<Lang, string | null>;
    // Every language or none: the pages name each other as alternates.
    if (
      LANGS.some((lang) => {
        const path = paths[lang];
        return !path || byPath.has(path);
      })
    )
      continue;
    const role: RoleLanding = { ...family, count, paths: paths as Record<Lang, string> };
    roles.push(role);
    for (const lang of LANGS) byPath.set(role.paths[lang], { role, lang });
  }
  return { roles, byPath };
}

/** A site's role landing pages, cached (see cache.ts); a test database bypasses the cache. */
export function roleLandings(siteContext: string, db?: Queryable): Promise<RoleLandings> {
  if (db) return loadRoleLandings(siteContext, db);
  return cached(`role-landings|${siteContext}`, VOCABULARY_TTL_MS, () =>
    loadRoleLandings(siteContext),
  );
}

/** The role a landing path segment names (in any language, encoded or not), or null. */
export function findRoleLanding(
  landings: RoleLandings,
  segment: string,
): { role: RoleLanding; lang: Lang } | null {
  return landings.byPath.get(`/${decodedSegment(segment)}`) ?? null;
}
