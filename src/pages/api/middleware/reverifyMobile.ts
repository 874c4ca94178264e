/**
 * POST middleware/reverifyMobile (registry `reverifyMobile`, SPEC §4 mobile verification, §6
 * "the mobile reverify call"): { action: 'send' } sends a code to the logged-in seeker's own
 * number; { action: 'verify', otp } checks it and marks the number verified. 401 for guests.
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
  return ok(await asHttp(t, () => ownCodeAction(context, t, user.id, 'sms', body.action, otp)));
});
