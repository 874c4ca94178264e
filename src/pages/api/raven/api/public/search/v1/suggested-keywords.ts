/**
 * Keywords to try next to a search (SPEC §7 raven/api/public/search/v1/suggested-keywords,
 * registry `suggestedKeywords`): the skills and titles most common among the newest jobs
 * matching the keywords, without the keywords themselves; with no keywords, the site's busiest.
 *
 *   GET ?q=java            (or ?query= / ?keywords=; &limit=10, at most 30)
 *   → data: [{ value: 'Spring Boot', kind: 'skill', count: 20 }, ...]
 */
import * as v from 'valibot';
import { endpoint, ok, parseQuery } from '~/server/api/envelope';
import { suggestedKeywords } from '~/server/search/service';
import { cleanSearchText } from '~/lib/validation/search';

export const prerender = false;

const keywords = v.optional(v.pipe(v.string(), v.maxLength(200, 'The search text is too long.')));
const Input = v.object({
  q: keywords,
  query: keywords,
  keywords,
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'limit must be a number from 1 to 30.'),
      v.transform(Number),
      v.minValue(1, 'limit must be a number from 1 to 30.'),
      v.maxValue(30, 'limit must be a number from 1 to 30.'),
    ),
  ),
});

export const GET = endpoint(async ({ url, locals }) => {
  const input = await parseQuery(Input, url);
  const q = cleanSearchText(input.q ?? input.query ?? input.keywords ?? '');
  return ok(await suggestedKeywords(locals.site.context, q, undefined, input.limit ?? 10));
});
