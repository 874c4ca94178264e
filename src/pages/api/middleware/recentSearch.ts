/**
 * Recent searches of the logged-in seeker (SPEC §7 middleware/recentSearch, GET and POST;
 * registry `recentSearch` / `saveRecentSearch`, sent with credentials per SPEC §6). Newest
 * first, de-duplicated, at most 10 listed (20 kept) per user and site. Guests keep theirs in the
 * browser: for them both methods answer 401.
 *
 *   GET  → data: [{ keywords, location, experience, searchedAt }]
 *   POST { keywords, location?, experience? } → the list after saving
 */
import * as v from 'valibot';
import { endpoint, HttpError, ok, parseBody } from '~/server/api/envelope';
import {
  listRecentSearches,
  RECENT_LOGIN_REQUIRED,
  saveRecentSearch,
} from '~/server/search/recent';
import {
  LOCATION_RE,
  SEARCH_INVALID_EXPERIENCE,
  SEARCH_INVALID_LOCATION,
  SEARCH_KEYWORDS_REQUIRED,
  SEARCH_ONLY_SPECIAL,
} from '~/lib/validation/search';

export const prerender = false;

const Body = v.object({
  keywords: v.pipe(
    v.string(SEARCH_KEYWORDS_REQUIRED),
    v.trim(),
    v.nonEmpty(SEARCH_KEYWORDS_REQUIRED),
    v.maxLength(200, SEARCH_KEYWORDS_REQUIRED),
    v.check((s) => /[\p{L}\p{N}]/u.test(s), SEARCH_ONLY_SPECIAL),
  ),
  location: v.optional(
    v.nullable(
      v.pipe(
        v.string(SEARCH_INVALID_LOCATION),
        v.trim(),
        v.maxLength(120, SEARCH_INVALID_LOCATION),
        v.check((s) => s === '' || LOCATION_RE.test(s), SEARCH_INVALID_LOCATION),
      ),
    ),
  ),
  experience: v.optional(
    v.nullable(
      v.pipe(
        v.union([v.number(), v.string()], SEARCH_INVALID_EXPERIENCE),
        v.transform((x) => (x === '' ? null : Number(x))),
        v.nullable(
          v.pipe(
            v.number(SEARCH_INVALID_EXPERIENCE),
            v.integer(SEARCH_INVALID_EXPERIENCE),
            v.minValue(0, SEARCH_INVALID_EXPERIENCE),
            v.maxValue(50, SEARCH_INVALID_EXPERIENCE),
          ),
        ),
      ),
    ),
  ),
});

function userId(locals: App.Locals): string {
  if (!locals.user) throw new HttpError(401, RECENT_LOGIN_REQUIRED);
  return locals.user.id;
}

export const GET = endpoint(async ({ locals }) =>
  ok(await listRecentSearches(userId(locals), locals.site.context)),
);

export const POST = endpoint(async ({ request, locals }) => {
  const id = userId(locals);
  const body = await parseBody(Body, request);
  return ok(
    await saveRecentSearch(id, locals.site.context, {
      keywords: body.keywords,
      location: body.location ?? '',
      experience: body.experience ?? null,
    }),
  );
});
