/**
 * POST trex/users/v1/email-otp (registry `emailOtp`, SPEC §7 "email otp get and verify"): as
 * middleware/reverifyMobile, for the logged-in seeker's own email address (mail adapter).
 */
import { endpoint, ok } from '~/server/api/envelope';
import {
  apiT,
  asHttp,
  ownCodeAction,
  parseAccountBody,
  requireApiUser,
  validatePart,
} from '~/server/accounts/http';
import { OtpOnlySchema, OwnOtpBody } from '~/lib/validation/account-api';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const body = await parseAccountBody(OwnOtpBody, context.request, t);
  const otp = body.action === 'verify' ? (await validatePart(OtpOnlySchema, body, t)).otp : '';
  return ok(await asHttp(t, () => ownCodeAction(context, t, user.id, 'email', body.action, otp)));
});
