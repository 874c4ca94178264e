/**
 * The search service as the results pages use it: the search a results URL asks for and what the
 * page shows around it. /search/results, /srp/results and other /search/ and /srp/ paths
 * (SPEC §2) read the query string; a rest path shaped like a landing page
 * (/search/java-jobs-in-pune) adds that skill and city when the site has jobs for them, and
 * points search engines to the clean landing page. /search/walkin-jobs runs the walk-in search.
 */
import { readResultsRequest, type ResultsRequest } from '~/lib/search/request';
import { parseSeoSegment } from '~/lib/search/seo';
import type { WebContext } from '~/server/http/context';
import { popularCities, resolveSeoLanding, seoVocabulary } from '~/server/seo/landing';
import { didYouMean, searchJobs, walkinJobs } from './service';
import type { SearchResult } from './types';
import { searchOrOneWordFewer } from './wider';

export interface ResultsPageData {
  request: ResultsRequest;
  /** Null when the search did not run (a search box message). */
  result: SearchResult | null;
  /** The search box's popular cities. */
  popularCities: string[];
  /** Keywords offered when the search found nothing. */
  didYouMean?: string[];
}

type Context = Pick<WebContext, 'url' | 'locals'>;

async function withPopularCities(
  context: Context,
  request: ResultsRequest,
  result: SearchResult | null,
): Promise<ResultsPageData> {
  const vocabulary = await seoVocabulary(context.locals.site.context);
  return { request, result, popularCities: popularCities(vocabulary) };
}

/**
 * The results route; `rest` is the path below /search/ or /srp/ for rest routes (e.g.
 * "java-jobs-in-pune"). The canonical path is /search/results or the landing page's.
 */
export async function loadResultsPage(
  context: Context,
  rest?: string,
): Promise<ResultsPageData & { canonicalPath: string }> {
  const { site, lang } = context.locals;
  const request = readResultsRequest(context.url.searchParams);
  let canonicalPath = '/search/results';
  const slugs = rest && !rest.includes('/') ? parseSeoSegment(rest) : null;
  if (slugs) {
    const landing = resolveSeoLanding(await seoVocabulary(site.context), slugs);
    if (landing) {
      canonicalPath = landing.path;
      const filters = { ...request.state.filters };
      if (landing.skill && !filters.skills) filters.skills = [landing.skill.name];
      if (landing.city && !filters.jobCities) filters.jobCities = [landing.city.name];
      request.state = { ...request.state, filters };
    }
  }
  const typed = request.blocked
    ? null
    : await searchJobs(site.context, request.state, undefined, { lang });
  // Nothing found: all the words but one, when that finds jobs (wider.ts).
  const result =
    typed && (await searchOrOneWordFewer(site.context, request.state, typed, { lang }));
  // Still nothing: the closest keywords the site has, offered as searches.
  const meant =
    result && result.total === 0
      ? await didYouMean(site.context, result.understood?.q || request.state.q)
      : [];
  return {
    ...(await withPopularCities(context, request, result)),
    canonicalPath,
    didYouMean: meant,
  };
}

/** /search/walkin-jobs: walk-in interviews, upcoming and current dates first. */
export async function loadWalkinPage(context: Context): Promise<ResultsPageData> {
  const { site, lang } = context.locals;
  const request = readResultsRequest(context.url.searchParams);
  const result = request.blocked
    ? null
    : await walkinJobs(site.context, request.state, undefined, { lang });
  return withPopularCities(context, request, result);
}
