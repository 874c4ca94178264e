/**
 * The results page as JSON (path chosen next to the SPEC §7 raven search calls; registry
 * `search`): the search state of the query string (src/lib/search/parse.ts: q, location,
 * experience, sort, page and every SPEC §3 filter key, arrays comma-joined), answered with
 * searchJobs' SearchResult, each job with its page's `path`.
 *
 *   GET ?q=java&location=Pune&industries=12&page=2
 *   → data: { state, jobs: [{ ..., path: '/job/java-developer-...-123' }], total, totalExact,
 *             page, pageSize, totalPages, facets, facetsExact, message }
 *   GET ?walkin=1&...      walk-in jobs instead (upcoming and current drives first)
 *
 * - A query the search box would refuse (special characters only, a bad location or
 *   experience) or more than 2 industries (SPEC §5) answers 400 with the SPEC message and the
 *   field errors; the results page itself shows the same messages from the same parser.
 * - "No result" is not a failure: success, total 0, and `message` holds SEARCH_NO_RESULTS
 *   (SPEC §5) for the page to show; it is '' otherwise.
 * - An empty q is a browse of every job.
 */
import { endpoint, HttpError, ok } from '~/server/api/envelope';
import { searchJobs, walkinJobs } from '~/server/search/service';
import { parseSearchState } from '~/lib/search/parse';
import { jobPath } from '~/lib/jobs/paths';
import { SEARCH_NO_RESULTS } from '~/lib/validation/search';

export const prerender = false;

export const GET = endpoint(async ({ url, locals }) => {
  const { state, errors } = parseSearchState(url.searchParams);
  if (errors.length > 0) throw new HttpError(400, errors[0]?.message ?? '', errors);
  const walkin = /^(1|true|yes)$/i.test(url.searchParams.get('walkin') ?? '');
  const options = { lang: locals.lang };
  const result = walkin
    ? await walkinJobs(locals.site.context, state, undefined, options)
    : await searchJobs(locals.site.context, state, undefined, options);
  return ok({
    ...result,
    jobs: result.jobs.map((job) => ({ ...job, path: jobPath(job) })),
    message: result.total === 0 ? SEARCH_NO_RESULTS : '',
  });
});
