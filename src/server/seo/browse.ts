/**
 * The data of the browse pages: /browse-jobs (every job function, industry, role and city of the
 * site with its open jobs), /browse-jobs/function/<slug> and /browse-jobs/industry/<slug> (what it
 * covers, top roles, cities and employers, recent jobs) and /browse-jobs/locations (the site's
 * regions and their cities). Counts come from the search index (search/browse.ts): each is what
 * a search filtered by that value finds, and each entry links to that search (a landing page
 * where the site has one). Read on every render: the pages are in the page cache, which a job
 * import empties.
 */
import { INDUSTRIES, JOB_FUNCTIONS, type RefItem } from '~/lib/reference-lists';
import { companyPath } from '~/lib/jobs/paths';
import { roleLandingPath } from '~/lib/search/role-landing';
import { seoPath, seoSlug } from '~/lib/search/seo';
import { EMPTY_SEARCH, toQuery, type FilterKey } from '~/lib/search/state';
import type { Lang } from '~/lib/sites/schema';
import type { Queryable } from '~/server/db/client';
import { employersWithOpenJobs } from '~/server/jobs/companies';
import type { JobSummary } from '~/server/jobs/service';
import { JOB_FAMILIES } from '~/server/reference/job-families';
import {
  cityCounts,
  companyCounts,
  functionCounts,
  industryCounts,
  regionCounts,
  roleCounts,
  type BrowseScope,
  type IdCount,
  type NamedCount,
} from '~/server/search/browse';
import { regionOf } from '~/server/search/places';
import { searchJobs } from '~/server/search/service';
import { seoVocabulary, type SeoVocabulary } from './landing';
import { roleLandings, type RoleLandings } from './role-landing';

export type CategoryKind = 'function' | 'industry';

export interface BrowseLink {
  /** As stored (English for functions, industries and places: pages translate them). */
  label: string;
  count: number;
  /** Path without language prefix, with its query. */
  path: string;
  /** Its path in each language when each has its own (a role's landing page), else `path`. */
  paths?: Readonly<Record<Lang, string>>;
}

const LISTS: Record<CategoryKind, readonly RefItem[]> = {
  function: JOB_FUNCTIONS,
  industry: INDUSTRIES,
};
const FILTER: Record<CategoryKind, FilterKey> = { function: 'functions', industry: 'industries' };

const bySlug = (list: readonly RefItem[]) =>
  new Map(list.map((item) => [seoSlug(item.value), item]));
const SLUGS: Record<CategoryKind, Map<string, RefItem>> = {
  function: bySlug(JOB_FUNCTIONS),
  industry: bySlug(INDUSTRIES),
};

/** A function's or industry's page: /browse-jobs/function/<slug>. */
export function categoryPath(kind: CategoryKind, item: RefItem): string {
  return `/browse-jobs/${kind}/${seoSlug(item.value)}`;
}

/** The results page of one filter value. */
export function searchPath(key: FilterKey, value: string): string {
  return `/search/results?${toQuery({ ...EMPTY_SEARCH, filters: { [key]: [value] } })}`;
}

/** A city's landing page when the site has one, else its results page. */
function cityPath(vocabulary: SeoVocabulary, city: string): string {
  return (
    (vocabulary.cityBySlug.has(seoSlug(city)) ? seoPath({ city }) : null) ??
    searchPath('jobCities', city)
  );
}

function categoryLinks(kind: CategoryKind, counts: IdCount[]): (BrowseLink & { item: RefItem })[] {
  const items = new Map(LISTS[kind].map((item) => [item.id, item]));
  return counts.flatMap(({ id, count }) => {
    const item = items.get(id);
    return item ? [{ item, label: item.value, count, path: categoryPath(kind, item) }] : [];
  });
}

/** A role's landing page when it has one (decision 0094), else its results page. */
function roleLinks(rows: NamedCount[], landings: RoleLandings): BrowseLink[] {
  return rows.map((r) => {
    const landing = landings.byPath.get(roleLandingPath(r.label, 'en') ?? '')?.role;
    return landing
      ? { label: r.label, count: r.count, path: landing.paths.en, paths: landing.paths }
      : { label: r.label, count: r.count, path: searchPath('roles', r.label) };
  });
}
const cityLinks = (rows: NamedCount[], vocabulary: SeoVocabulary): BrowseLink[] =>
  rows.map((r) => ({ label: r.label, count: r.count, path: cityPath(vocabulary, r.label) }));

export interface BrowsePage {
  functions: BrowseLink[];
  industries: BrowseLink[];
  roles: BrowseLink[];
  cities: BrowseLink[];
}

/** /browse-jobs: every function, industry, role and city with open jobs, most jobs first. */
export async function loadBrowsePage(siteContext: string, db?: Queryable): Promise<BrowsePage> {
  const [functions, industries, roles, cities, vocabulary, landings] = await Promise.all([
    functionCounts(siteContext, {}, db),
    industryCounts(siteContext, {}, db),
    roleCounts(siteContext, {}, db),
    cityCounts(siteContext, {}, db),
    seoVocabulary(siteContext, db),
    roleLandings(siteContext, db),
  ]);
  return {
    functions: categoryLinks('function', functions),
    industries: categoryLinks('industry', industries),
    roles: roleLinks(roles, landings),
    cities: cityLinks(cities, vocabulary),
  };
}

export interface CategoryPage {
  kind: CategoryKind;
  item: RefItem;
  /** Open jobs of the function or industry (what its search finds). */
  count: number;
  /** Its results page. */
  searchPath: string;
  /** What it covers: job titles of the function's families, or an industry's top functions. */
  covers: string[];
  roles: BrowseLink[];
  cities: BrowseLink[];
  employers: BrowseLink[];
  /** The newest open jobs. */
  recent: JobSummary[];
}

/** The function or industry a slug names; null when none. */
export function categoryBySlug(kind: CategoryKind, slug: string): RefItem | null {
  return SLUGS[kind].get(slug) ?? null;
}

/** /browse-jobs/<kind>/<slug>; null when the slug names nothing or it has no open jobs. */
export async function loadCategoryPage(
  siteContext: string,
  lang: Lang,
  kind: CategoryKind,
  slug: string,
  db?: Queryable,
): Promise<CategoryPage | null> {
  const item = categoryBySlug(kind, slug);
  if (!item) return null;
  const scope: BrowseScope =
    kind === 'function' ? { functionId: item.id } : { industryId: item.id };
  const filter = FILTER[kind];
  const [totals, roles, cities, companies, employers, vocabulary, recent, functions, landings] =
    await Promise.all([
      kind === 'function'
        ? functionCounts(siteContext, scope, db)
        : industryCounts(siteContext, scope, db),
      roleCounts(siteContext, scope, db, 12),
      cityCounts(siteContext, scope, db, 12),
      companyCounts(siteContext, scope, db, 12),
      employersWithOpenJobs(siteContext, db),
      seoVocabulary(siteContext, db),
      searchJobs(
        siteContext,
        { ...EMPTY_SEARCH, sort: 'date', filters: { [filter]: [String(item.id)] } },
        db,
        { lang },
      ),
      kind === 'industry' ? functionCounts(siteContext, scope, db) : Promise.resolve([]),
      roleLandings(siteContext, db),
    ]);
  const count = totals.find((row) => row.id === item.id)?.count ?? 0;
  if (count === 0) return null;
  const slugByName = new Map(employers.map((e) => [e.name.toLowerCase(), e.slug]));
  const covers =
    kind === 'function'
      ? [
          ...new Set(
            JOB_FAMILIES.filter((f) => f.fn === item.value).flatMap((f) =>
              f.titles.map((t) => t.title),
            ),
          ),
        ].slice(0, 8)
      : categoryLinks('function', functions)
          .slice(0, 6)
          .map((f) => f.label);
  return {
    kind,
    item,
    count,
    searchPath: searchPath(filter, String(item.id)),
    covers,
    roles: roleLinks(roles, landings),
    cities: cityLinks(cities, vocabulary),
    employers: companies.map((c) => {
      const slug = slugByName.get(c.label.toLowerCase());
      return {
        label: c.label,
        count: c.count,
        path: slug ? companyPath({ slug }) : searchPath('companies', c.label),
      };
    }),
    recent: recent.jobs.slice(0, 10),
  };
}

export interface LocationsPage {
  regions: (BrowseLink & { cities: BrowseLink[] })[];
  /** Cities of no known region. */
  otherCities: BrowseLink[];
}

/** /browse-jobs/locations: the site's regions (states, emirates...) with their cities. */
export async function loadLocationsPage(
  siteContext: string,
  db?: Queryable,
): Promise<LocationsPage> {
  const [regions, cities, vocabulary] = await Promise.all([
    regionCounts(siteContext, db),
    cityCounts(siteContext, {}, db),
    seoVocabulary(siteContext, db),
  ]);
  const links = cityLinks(cities, vocabulary);
  const inRegion = new Map<string, BrowseLink[]>();
  const otherCities: BrowseLink[] = [];
  for (const city of links) {
    const region = regionOf(siteContext, city.label);
    if (region) inRegion.set(region, [...(inRegion.get(region) ?? []), city]);
    else otherCities.push(city);
  }
  return {
    regions: regions.map((r) => ({
      label: r.label,
      count: r.count,
      path: searchPath('jobStates', r.label),
      cities: inRegion.get(r.label) ?? [],
    })),
    otherCities,
  };
}

/** Paths of every function and industry page with open jobs (the sitemap). */
export async function categoryPaths(siteContext: string, db?: Queryable): Promise<string[]> {
  const [functions, industries] = await Promise.all([
    functionCounts(siteContext, {}, db),
    industryCounts(siteContext, {}, db),
  ]);
  return [
    ...categoryLinks('function', functions).map((l) => l.path),
    ...categoryLinks('industry', industries).map((l) => l.path),
  ];
}
