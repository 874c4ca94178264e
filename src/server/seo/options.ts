/**
 * Data of the home page that changes slowly and costs a few hundred milliseconds at 100,000 jobs
 * on PGlite, cached per process (cache.ts): the advanced search's value lists per site (the
 * facets of a search over every open job, busiest first) and the latest jobs.
 */
import { EMPTY_SEARCH, type FilterKey } from '~/lib/search/state';
import type { Lang } from '~/lib/sites/schema';
import { latestJobs, type JobSummary } from '~/server/jobs/service';
import { searchJobs } from '~/server/search/service';
import type { FacetValue } from '~/server/search/types';
import { cached } from './cache';
import { seoVocabulary, topLandingLinks, type RelatedLink, type SeoVocabulary } from './landing';

export const OPTIONS_TTL_MS = 5 * 60_000;
/** New jobs show on the home page within a minute. */
export const LATEST_TTL_MS = 60_000;

export type SearchOptions = Partial<Record<FilterKey, { value: string; label: string }[]>>;

async function load(siteContext: string, lang: Lang): Promise<SearchOptions> {
  const result = await searchJobs(siteContext, EMPTY_SEARCH, undefined, { lang });
  const options: SearchOptions = {};
  for (const [key, values] of Object.entries(result.facets) as [FilterKey, FacetValue[]][]) {
    if (values && values.length > 0)
      options[key] = values.map(({ value, label }) => ({ value, label }));
  }
  return options;
}

/** Cached per site and language (country names in the jobCountries list are translated). */
export function searchOptions(siteContext: string, lang: Lang): Promise<SearchOptions> {
  return cached(`search-options|${siteContext}|${lang}`, OPTIONS_TTL_MS, () =>
    load(siteContext, lang),
  );
}

/** The newest open jobs of a site (latestJobs), cached for a minute. */
export function latestJobsCached(siteContext: string, limit: number): Promise<JobSummary[]> {
  return cached(`latest-jobs|${siteContext}|${limit}`, LATEST_TTL_MS, () =>
    latestJobs(siteContext, limit),
  );
}

export interface HomePageData {
  /** The newest open jobs. */
  jobs: JobSummary[];
  vocabulary: SeoVocabulary;
  /** The advanced search's value lists. */
  options: SearchOptions;
  /** Popular city and skill landing pages. */
  top: { cities: RelatedLink[]; skills: RelatedLink[] };
}

/** What the home page shows (/ and /trex), all of it cached. */
export async function loadHomePage(siteContext: string, lang: Lang): Promise<HomePageData> {
  const [jobs, vocabulary, options] = await Promise.all([
    latestJobsCached(siteContext, 12),
    seoVocabulary(siteContext),
    searchOptions(siteContext, lang),
  ]);
  return { jobs, vocabulary, options, top: topLandingLinks(vocabulary, 12) };
}
