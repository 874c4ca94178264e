/**
 * Autosuggest (SPEC §7 raven/api/public/search/v1/auto-fill; registry `autoFill` GET and
 * `autoFillPost` POST, the POST when a site flag asks for it): titles, skills, companies and
 * cities of the site's active jobs for what the seeker has typed so far.
 *
 *   GET  ?text=jav&appName=seeker           (or ?query=jav)
 *   POST { "text": "jav", "appName": "seeker" }
 *   → data: [{ value: 'Java', kind: 'skill' }, { value: 'Java Developer', kind: 'title' }, ...]
 *
 * At most 10, prefix matches first, then word prefixes, then close spellings. Empty text: [].
 */
import * as v from 'valibot';
import { endpoint, ok, parseBody, parseQuery } from '~/server/api/envelope';
import { autoFill } from '~/server/search/service';

export const prerender = false;

const TEXT_TOO_LONG = 'The search text is too long.';

const text = v.optional(v.pipe(v.string(), v.maxLength(100, TEXT_TOO_LONG)));
const Input = v.object({
  text,
  query: text,
  /** Which app asks (SPEC §7 "query appName"); accepted, not used. */
  appName: v.optional(v.pipe(v.string(), v.maxLength(40))),
});

export const GET = endpoint(async ({ url, locals }) => {
  const input = await parseQuery(Input, url);
  return ok(await autoFill(locals.site.context, input.text ?? input.query ?? ''));
});

export const POST = endpoint(async ({ request, locals }) => {
  const input = await parseBody(Input, request);
  return ok(await autoFill(locals.site.context, input.text ?? input.query ?? ''));
});
