/**
 * Recommended jobs of the logged-in seeker (SPEC §7 middleware/suggestedJobs, sent with
 * credentials): from their profile, recent searches and applications, never a job they applied
 * to, each with the reason it was picked in the request's language. Guests: 401.
 *
 *   GET ?limit=10 → data: [{ id, title, companyName, locations, ..., path, reason, reasonKey,
 *                            card }] (card: the dashboard card's lines in the request's language)
 */
import * as v from 'valibot';
import { jobPath } from '~/lib/jobs/paths';
import { localizedPath } from '~/lib/sites/links';
import { recommendedJobs, MAX_RECOMMENDATIONS } from '~/server/alerts/recommend';
import { recommendationCard } from '~/server/alerts/http';
import { endpoint, HttpError, ok, parseQuery } from '~/server/api/envelope';

export const prerender = false;

export const SUGGESTED_LOGIN_REQUIRED = 'Please log in to see your recommended jobs.';

const Query = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'limit must be a number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(MAX_RECOMMENDATIONS),
    ),
  ),
});

export const GET = endpoint(async ({ url, locals }) => {
  if (!locals.user) throw new HttpError(401, SUGGESTED_LOGIN_REQUIRED);
  const query = await parseQuery(Query, url);
  const list = await recommendedJobs(locals.user.id, locals.site.context, {
    limit: query.limit ?? 10,
  });
  return ok(
    list.map((item) => ({
      ...item.job,
      path: localizedPath(locals.lang, jobPath(item.job)),
      reasonKey: item.reason.key,
      reason: locals.t(`alerts:recommend.${item.reason.key}`, item.reason.values),
      card: recommendationCard(item, locals.t, locals.lang, locals.site),
    })),
  );
});
