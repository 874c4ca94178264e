/**
 * Reference lists for search filters and forms (SPEC §7 raven/api/public/search/v1/master-data,
 * registry `masterData`): notice periods, experience, salary steps, functions, industries, job
 * types, employer types, freshness choices, experience ranges and the site's salary bands.
 *
 *   GET → data: { noticePeriods: [{ id, value }], ..., salaryRanges: [{ value, label }] }
 */
import { endpoint, ok } from '~/server/api/envelope';
import { masterData } from '~/server/search/service';

export const prerender = false;

export const GET = endpoint(({ locals }) => ok(masterData(locals.site.context)));
