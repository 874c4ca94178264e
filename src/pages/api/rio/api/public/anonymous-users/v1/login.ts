/**
 * POST rio/api/public/anonymous-users/v1/login (registry name passwordLogin): email and password
 * login for islands; the same rules as the /rio/login form (argon2id, lockout after repeated
 * failures, per-address limits). Body { email, password, returnUrl? }; answers
 * { user: { id, name }, redirect } and sets the MSSOCLIENT cookie.
 */
import { endpoint, ok } from '~/server/api/envelope';
import {
  apiT,
  asHttp,
  deviceCookie,
  parseAccountBody,
  logOut,
  returnPathFrom,
} from '~/server/accounts/http';
import { loginWithPassword } from '~/server/accounts/users';
import { logIn } from '~/server/sign-in';
import { clientIp } from '~/server/http/request';
import { PasswordLoginBody } from '~/lib/validation/account-api';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const t = apiT(context);
  const body = await parseAccountBody(PasswordLoginBody, context.request, t);
  const user = await asHttp(t, () =>
    loginWithPassword({
      email: body.email,
      password: body.password,
      ip: clientIp(context),
      device: deviceCookie(context),
    }),
  );
  if (context.locals.user) await logOut(context);
  const redirect = await logIn(context, user, returnPathFrom(context, body.returnUrl));
  return ok({ user: { id: user.id, name: user.name ?? '' }, redirect });
});
