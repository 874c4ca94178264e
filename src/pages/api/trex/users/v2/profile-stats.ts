/**
 * GET trex/users/v2/profile-stats (registry `profileStats`, SPEC §7): the caller's own profile
 * score, its SPEC §4 band, pending actions and profile views. Views are 0: no recruiter side
 * exists yet to view profiles. 401 for guests.
 */
import { endpoint, ok } from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { getProfile, scoreOf } from '~/server/profiles/service';

export const prerender = false;

export const GET = endpoint(async (context) => {
  const user = requireApiUser(context, apiT(context));
  const score = scoreOf(await getProfile(user.id));
  return ok({
    score: score.score,
    band: score.band.label,
    bandKey: score.bandKey,
    pending: score.pending,
    profileViews: 0,
  });
});
