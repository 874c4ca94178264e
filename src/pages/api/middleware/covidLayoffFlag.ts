/**
 * GET middleware/covidLayoffFlag (registry `covidLayoffFlag`, SPEC §7): the caller's own covid
 * layoff flag. Private: only its owner reads it (from the session); 401 for guests.
 */
import { endpoint, ok } from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { getPrivateFlags } from '~/server/profiles/service';

export const prerender = false;

export const GET = endpoint(async (context) => {
  const user = requireApiUser(context, apiT(context));
  const { covidLayoff } = await getPrivateFlags(user.id);
  return ok({ covidLayoff });
});
