/**
 * GET trex/users/v2/profile-stats (registry `profileStats`, SPEC §7): the caller's own profile
 * score, its SPEC §4 band, pending actions and profile views: the total of the last 30 days
 * (`?days=90` for 90) and `views`, the days' counts with the ends' dates in the request's language
 * (the dashboard's chart). Views come from the employer system's profile events (0 until it
 * reports any). 401 for guests.
 */
import * as v from 'valibot';
import { endpoint, INVALID_REQUEST, ok, parseQuery } from '~/server/api/envelope';
import { profileViews } from '~/server/alerts/http';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { getProfile, scoreOf } from '~/server/profiles/service';

export const prerender = false;

const Query = v.object(
  { days: v.optional(v.picklist(['30', '90'], INVALID_REQUEST), '30') },
  INVALID_REQUEST,
);

export const GET = endpoint(async (context) => {
  const user = requireApiUser(context, apiT(context));
  const query = await parseQuery(Query, context.url);
  const score = scoreOf(await getProfile(user.id));
  const { lang, site } = context.locals;
  const views = await profileViews(user.id, query.days === '90' ? 90 : 30, lang, site);
  return ok({
    score: score.score,
    band: score.band.label,
    bandKey: score.bandKey,
    pending: score.pending,
    profileViews: views.total,
    views,
  });
});
