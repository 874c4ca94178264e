/**
 * The cities with the most active jobs (SPEC §7 raven/api/public/search/v1/popular-cities,
 * "query siteContext"; registry `popularCities`).
 *
 *   GET ?siteContext=monstergulf&limit=12     (siteContext: default the requesting site)
 *   → data: [{ city: 'Dubai', count: 1234 }, ...]
 */
import * as v from 'valibot';
import { siteByContext } from '../../../../../../../../sites';
import { endpoint, ok, parseQuery } from '~/server/api/envelope';
import { popularCities } from '~/server/search/service';

export const prerender = false;

const UNKNOWN_SITE = 'Unknown site context.';
const LIMIT = 'limit must be a number from 1 to 50.';

const Input = v.object({
  siteContext: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => siteByContext(s) !== undefined, UNKNOWN_SITE),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, LIMIT),
      v.transform(Number),
      v.minValue(1, LIMIT),
      v.maxValue(50, LIMIT),
    ),
  ),
});

export const GET = endpoint(async ({ url, locals }) => {
  const input = await parseQuery(Input, url);
  return ok(await popularCities(input.siteContext ?? locals.site.context, input.limit ?? 12));
});
