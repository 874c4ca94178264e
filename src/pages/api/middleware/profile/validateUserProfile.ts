/**
 * GET middleware/profile/validateUserProfile (registry `validateUserProfile`, SPEC §7): whether
 * the caller's own profile is complete, with the missing items (biggest score gain first) and
 * the engagement / review dialogs still to show. 401 for guests.
 */
import { endpoint, ok } from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { getProfile, pendingDialogs, scoreOf } from '~/server/profiles/service';

export const prerender = false;

export const GET = endpoint(async (context) => {
  const user = requireApiUser(context, apiT(context));
  const profile = await getProfile(user.id);
  const score = scoreOf(profile);
  return ok({
    valid: score.pending.length === 0,
    missing: score.pending.map((p) => p.item),
    dialogs: pendingDialogs(profile),
  });
});
