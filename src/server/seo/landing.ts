/**
 * The data behind SEO landing pages (/jobs-in-{city}, /{skill}-jobs, /{skill}-jobs-in-{city}):
 * which skills and cities a site has open jobs for, how many, and which skill-city pairs exist.
 * The landing route resolves its slugs here (an unknown slug is a 404); related-search links
 * (from the page's own facets), the home page's popular links and the SEO sitemap link only
 * slugs found here, so every linked landing page has jobs.
 *
 * Read-only over open jobs (active, not expired), through the jobs service. Skills and cities are
 * grouped by slug, case-insensitively: "Java" and "java" are one landing page, named by the
 * spelling most jobs use. Vocabularies and pairs are cached per process (cache.ts: refreshed in
 * the background after 10 minutes), since grouping every job of a site takes a few hundred
 * milliseconds at 100,000 jobs (and the pairs close to a second).
 */
import { getReadDb, type Queryable } from '~/server/db/client';
import {
  openJobCityCounts,
  openJobSkillCityCounts,
  openJobSkillCounts,
} from '~/server/jobs/service';
import { seoPath, seoSlug, type SeoSlugs } from '~/lib/search/seo';
import { cached } from './cache';

export interface SeoTerm {
  /** The spelling shown and used as the search filter value, e.g. "Node.js". */
  name: string;
  slug: string;
  /** Open jobs on the site with this skill / in this city. */
  count: number;
}

export interface SeoPair {
  skill: SeoTerm;
  city: SeoTerm;
  count: number;
}

export interface SeoVocabulary {
  /** Most jobs first. */
  skills: SeoTerm[];
  cities: SeoTerm[];
  skillBySlug: ReadonlyMap<string, SeoTerm>;
  cityBySlug: ReadonlyMap<string, SeoTerm>;
}

/** How long a site's vocabulary is reused before it is read again (in the background). */
export const VOCABULARY_TTL_MS = 10 * 60_000;
/** Skill-city pairs kept for the sitemap; the long tail gets no sitemap entry. */
export const MAX_PAIRS = 5000;

/** Groups spellings by slug: the most used spelling names the term, counts add up. */
function groupBySlug(rows: { name: string; n: number }[], kind: 'skill' | 'city'): SeoTerm[] {
  const bySlug = new Map<string, SeoTerm & { best: number }>();
  for (const { name, n } of rows) {
    const count = Number(n);
    const slug = seoSlug(name);
    // No slug (non-Latin name) or a name whose landing path would read differently: no page.
    if (!slug || !seoPath({ [kind]: name })) continue;
    const term = bySlug.get(slug);
    if (!term) bySlug.set(slug, { name, slug, count, best: count });
    else {
      term.count += count;
      if (count > term.best) Object.assign(term, { name, best: count });
    }
  }
  return [...bySlug.values()]
    .map(({ name, slug, count }) => ({ name, slug, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Reads a site's skills and cities from the database (uncached). */
export async function loadSeoVocabulary(
  siteContext: string,
  db?: Queryable,
): Promise<SeoVocabulary> {
  const q = db ?? (await getReadDb());
  const [skillRows, cityRows] = await Promise.all([
    openJobSkillCounts(siteContext, q),
    openJobCityCounts(siteContext, q),
  ]);
  const skills = groupBySlug(skillRows, 'skill');
  const cities = groupBySlug(cityRows, 'city');
  return {
    skills,
    cities,
    skillBySlug: new Map(skills.map((t) => [t.slug, t])),
    cityBySlug: new Map(cities.map((t) => [t.slug, t])),
  };
}

/** A site's vocabulary, cached (see cache.ts); a test database bypasses the cache. */
export function seoVocabulary(siteContext: string, db?: Queryable): Promise<SeoVocabulary> {
  if (db) return loadSeoVocabulary(siteContext, db);
  return cached(`seo-vocabulary|${siteContext}`, VOCABULARY_TTL_MS, () =>
    loadSeoVocabulary(siteContext),
  );
}

/**
 * Skill-city pairs with open jobs, most jobs first (at most MAX_PAIRS), for the sitemap. The
 * costliest query here (every skill times every city of every open job): read only for the
 * sitemap, cached like the vocabulary.
 */
export async function loadSeoPairs(
  siteContext: string,
  vocabulary: SeoVocabulary,
  db?: Queryable,
): Promise<SeoPair[]> {
  const q = db ?? (await getReadDb());
  const rows = await openJobSkillCityCounts(siteContext, MAX_PAIRS * 2, q);
  const pairs = new Map<string, SeoPair>();
  for (const row of rows) {
    const skill = vocabulary.skillBySlug.get(seoSlug(row.skill));
    const city = vocabulary.cityBySlug.get(seoSlug(row.city));
    if (!skill || !city) continue;
    const key = `${skill.slug}|${city.slug}`;
    const pair = pairs.get(key);
    if (pair) pair.count += Number(row.n);
    else pairs.set(key, { skill, city, count: Number(row.n) });
  }
  return [...pairs.values()]
    .filter((p) => seoPath({ skill: p.skill.name, city: p.city.name }) !== null)
    .sort((a, b) => b.count - a.count || a.skill.name.localeCompare(b.skill.name))
    .slice(0, MAX_PAIRS);
}

export async function seoPairs(siteContext: string): Promise<SeoPair[]> {
  const vocabulary = await seoVocabulary(siteContext);
  return cached(`seo-pairs|${siteContext}`, VOCABULARY_TTL_MS, () =>
    loadSeoPairs(siteContext, vocabulary),
  );
}

export interface SeoLanding {
  skill: SeoTerm | null;
  city: SeoTerm | null;
  /** The landing path, e.g. /java-jobs-in-pune. */
  path: string;
}

/** The skill and city a landing page's slugs name on a site; null when either is unknown. */
export function resolveSeoLanding(vocabulary: SeoVocabulary, slugs: SeoSlugs): SeoLanding | null {
  const skill = slugs.skill ? vocabulary.skillBySlug.get(slugs.skill) : null;
  const city = slugs.city ? vocabulary.cityBySlug.get(slugs.city) : null;
  if (skill === undefined || city === undefined) return null;
  const path = seoPath({ skill: skill?.name, city: city?.name });
  return path ? { skill: skill ?? null, city: city ?? null, path } : null;
}

export interface RelatedLink {
  path: string;
  skill: string | null;
  city: string | null;
  count: number;
}

/** A facet value as the search service gives it (only what is needed here). */
interface FacetLike {
  label: string;
  count: number;
}

/**
 * Related searches of a landing page, from the facets of its own search (disjunctive counts:
 * the jobCities facet of "Java in Pune" counts Java jobs in every city, its skills facet every
 * skill in Pune): the same skill in other cities and other skills in the same city. Only values
 * with a landing page are linked.
 */
export function relatedSearches(
  vocabulary: SeoVocabulary,
  landing: Pick<SeoLanding, 'skill' | 'city'>,
  facets: { jobCities?: FacetLike[]; skills?: FacetLike[] },
  limit = 12,
): { sameSkill: RelatedLink[]; sameCity: RelatedLink[] } {
  const { skill, city } = landing;
  const links = (
    values: FacetLike[] | undefined,
    terms: ReadonlyMap<string, SeoTerm>,
    current: SeoTerm | null,
    make: (term: SeoTerm) => { skill: SeoTerm | null; city: SeoTerm | null },
  ): RelatedLink[] =>
    (values ?? [])
      .filter((v) => v.count > 0)
      .flatMap((v) => {
        const term = terms.get(seoSlug(v.label));
        if (!term || term.slug === current?.slug) return [];
        const pair = make(term);
        const path = seoPath({ skill: pair.skill?.name, city: pair.city?.name });
        return path
          ? [
              {
                path,
                skill: pair.skill?.name ?? null,
                city: pair.city?.name ?? null,
                count: v.count,
              },
            ]
          : [];
      })
      .slice(0, limit);
  return {
    sameSkill: skill
      ? links(facets.jobCities, vocabulary.cityBySlug, city, (c) => ({ skill, city: c }))
      : [],
    sameCity: city
      ? links(facets.skills, vocabulary.skillBySlug, skill, (s) => ({ skill: s, city }))
      : [],
  };
}

/** The busiest cities of a site by name (the search box's popular cities). */
export function popularCities(vocabulary: SeoVocabulary, limit = 12): string[] {
  return vocabulary.cities.slice(0, limit).map((c) => c.name);
}

/** Top cities and skills of a site as landing links (home page, landing page footers). */
export function topLandingLinks(
  vocabulary: SeoVocabulary,
  limit = 12,
): { cities: RelatedLink[]; skills: RelatedLink[] } {
  const cities = vocabulary.cities.slice(0, limit).flatMap((c) => {
    const path = seoPath({ city: c.name });
    return path ? [{ path, skill: null, city: c.name, count: c.count }] : [];
  });
  const skills = vocabulary.skills.slice(0, limit).flatMap((s) => {
    const path = seoPath({ skill: s.name });
    return path ? [{ path, skill: s.name, city: null, count: s.count }] : [];
  });
  return { cities, skills };
}

/**
 * Every landing path worth listing in the sitemap: each city, each skill with at least
 * `minJobs` jobs, each pair with at least `minJobs` jobs; at most `max` paths, busiest first.
 */
export function landingPaths(
  vocabulary: SeoVocabulary,
  pairs: readonly SeoPair[],
  max: number,
  minJobs = 2,
): string[] {
  const paths: string[] = [];
  const add = (path: string | null) => {
    if (path && paths.length < max) paths.push(path);
  };
  for (const c of vocabulary.cities) add(seoPath({ city: c.name }));
  for (const s of vocabulary.skills) if (s.count >= minJobs) add(seoPath({ skill: s.name }));
  for (const p of pairs)
    if (p.count >= minJobs) add(seoPath({ skill: p.skill.name, city: p.city.name }));
  return paths;
}
