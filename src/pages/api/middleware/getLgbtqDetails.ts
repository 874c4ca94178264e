/**
 * GET middleware/getLgbtqDetails (registry `getLgbtqDetails`, SPEC §7): the caller's own LGBTQ
 * self-identification (null when never answered). Private: owner only; 401 for guests.
 */
import { endpoint, ok } from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { getPrivateFlags } from '~/server/profiles/service';

export const prerender = false;

export const GET = endpoint(async (context) => {
  const user = requireApiUser(context, apiT(context));
  const { lgbtq } = await getPrivateFlags(user.id);
  return ok({ lgbtq });
});
