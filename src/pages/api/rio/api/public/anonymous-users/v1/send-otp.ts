/**
 * POST rio/api/public/anonymous-users/v1/send-otp (SPEC §7 "register OTP"): sends a login code
 * by SMS to a registered mobile number. Body { isdCode, mobile } (JSON or form). Answers
 * { channel, maskedDestination, expiresInSeconds, resendAfterSeconds }. Refusals: 422 (format,
 * 'please enter a valid mobile number'), 404 (no account), 429 (resend cooldown, limits).
 */
import { endpoint, ok } from '~/server/api/envelope';
import { apiT, parseAccountBody, sendLoginCode } from '~/server/accounts/http';
import { SendOtpV1Body } from '~/lib/validation/account-api';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const t = apiT(context);
  const body = await parseAccountBody(SendOtpV1Body, context.request, t);
  return ok(await sendLoginCode(context, t, { channel: 'sms', ...body }));
});
