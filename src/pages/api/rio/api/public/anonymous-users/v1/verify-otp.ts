/**
 * POST rio/api/public/anonymous-users/v1/verify-otp (registry name verifyOtp): checks a login
 * code sent by send-otp and logs the seeker in (MSSOCLIENT cookie). Body { channel?: 'sms' |
 * 'email', isdCode, mobile | email, otp, returnUrl? }. Answers { user: { id, name }, redirect }
 * where redirect is the same-site returnUrl (or applied-success of a pending apply, or the
 * dashboard). Wrong code: 422 'please enter a valid otp'; expired 410; too many tries 429.
 */
import { endpoint, ok } from '~/server/api/envelope';
import {
  apiT,
  asHttp,
  parseAccountBody,
  validatePart,
  logOut,
  returnPathFrom,
  deviceCookie,
} from '~/server/accounts/http';
import { loginWithOtp } from '~/server/accounts/login';
import { logIn } from '~/server/sign-in';
import { clientIp } from '~/server/http/request';
import { EmailTargetSchema, SmsTargetSchema, VerifyOtpBody } from '~/lib/validation/account-api';
import type { OtpTarget } from '~/server/accounts/otp';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const t = apiT(context);
  const body = await parseAccountBody(VerifyOtpBody, context.request, t);
  const target: OtpTarget =
    body.channel === 'email'
      ? { channel: 'email', email: (await validatePart(EmailTargetSchema, body, t)).email }
      : { channel: 'sms', ...(await validatePart(SmsTargetSchema, body, t)) };
  const user = await asHttp(t, () =>
    loginWithOtp(target, body.otp, {
      ip: clientIp(context),
      device: deviceCookie(context),
      isdCodes: context.locals.site.isdCodes,
    }),
  );
  if (context.locals.user) await logOut(context);
  const redirect = await logIn(context, user, returnPathFrom(context, body.returnUrl));
  return ok({ user: { id: user.id, name: user.name ?? '' }, redirect });
});
