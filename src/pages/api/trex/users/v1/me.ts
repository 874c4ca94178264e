/**
 * GET trex/users/v1/me (registry `me`, SPEC §6 "the me-user call"): the logged-in seeker's own
 * account, from the session only (no id is taken from the request, so nobody can read another
 * account). 401 for guests.
 */
import { endpoint, HttpError, ok } from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { accountState } from '~/server/accounts/sessions';
import { getAccount } from '~/server/accounts/users';

export const prerender = false;

export const GET = endpoint(async (context) => {
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const account = await getAccount(user.id);
  if (!account) throw new HttpError(401, t('account:errors.loginRequired'));
  return ok({
    id: account.id,
    name: account.name,
    email: account.email,
    isdCode: account.isdCode,
    mobile: account.mobile,
    ...accountState(account),
    hasPassword: account.hasPassword,
    registrationStep: user.registrationStep,
    createdAt: account.createdAt,
  });
});
