/**
 * POST rio/api/public/anonymous-users/v2/send-otp (SPEC §7 "register OTP", v2): a login code by
 * SMS ({ channel: 'sms', isdCode, mobile }, the default channel) or by email ({ channel: 'email',
 * email }) through the mail adapter. Same answers as v1.
 */
import { endpoint, ok } from '~/server/api/envelope';
import { apiT, parseAccountBody, sendLoginCode, validatePart } from '~/server/accounts/http';
import { EmailTargetSchema, SendOtpV2Body, SmsTargetSchema } from '~/lib/validation/account-api';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const t = apiT(context);
  const body = await parseAccountBody(SendOtpV2Body, context.request, t);
  if (body.channel === 'email') {
    const { email } = await validatePart(EmailTargetSchema, body, t);
    return ok(await sendLoginCode(context, t, { channel: 'email', email }));
  }
  const target = await validatePart(SmsTargetSchema, body, t);
  return ok(await sendLoginCode(context, t, { channel: 'sms', ...target }));
});
