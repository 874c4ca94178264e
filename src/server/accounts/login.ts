/**
 * The two ways in besides the password (users.ts): a one-time password to a registered mobile
 * number or email address (SPEC §7 anonymous send-otp), and mobile / email verification of the
 * logged-in seeker (SPEC §4: send OTP, enter OTP with resend, verified).
 */
import type { Translate } from '~/lib/i18n';
import type { User } from '~/server/db/schema-accounts';
import { AccountError, rateLimited } from '~/server/errors';
import { RATE_LIMITS, hitRateLimit } from './rate-limit';
import { deviceNonce } from './device';
import { parseMobile, sameNumberElsewhere } from '~/lib/validation/mobile';
import {
  sendOtp,
  smsNumber,
  verifyOtp,
  type OtpOptions,
  type OtpTarget,
  type SentOtp,
} from './otp';
import {
  findUserByEmail,
  findUserByMobile,
  getUser,
  markEmailVerified,
  markMobileVerified,
} from './users';

/** The SMS text and mail subject/body of a code, in the visitor's language. */
export function otpMessage(t: Translate, code: string, minutes: number) {
  return {
    text: t('account:otp.sms', { code, minutes, count: minutes }),
    subject: t('account:otp.mailSubject', { code }),
  };
}

interface Context {
  ip: string;
  /**
   * The site's dialling codes: a number with no account under the code picked is looked for under
   * the others it is a valid mobile of (a Gulf 050 number under +966 or +971).
   */
  isdCodes?: readonly string[];
  /** The browser's device cookie (device.ts): its account's own browsers are trusted. */
  device?: string | null;
  siteContext: string;
  t: Translate;
  /** Mail From for email codes. */
  from?: string;
}

/**
 * The account a login target names, and the target as that account has it. A mobile number
 * under the code picked, else the one account among the other listed codes the same number is
 * a valid mobile of: whichever code a Gulf seeker picks for 050 123 4567, the one account with
 * it is found. Two such accounts are refused: the seeker is asked for the code (isdAmbiguous).
 */
export async function loginAccount(
  target: OtpTarget,
  isdCodes: readonly string[] = [],
  options: OtpOptions = {},
): Promise<{ user: User; target: OtpTarget } | null> {
  if (target.channel === 'email') {
    const user = await findUserByEmail(target.email, options);
    return user ? { user, target } : null;
  }
  const own = await findUserByMobile(target.isdCode, target.mobile, options);
  if (own) return { user: own, target };
  const number = parseMobile(smsNumber(target), '', isdCodes);
  if (!number) return null;
  const found: { user: User; target: OtpTarget }[] = [];
  for (const other of sameNumberElsewhere(number, isdCodes)) {
    const user = await findUserByMobile(other.isdCode, other.e164, options);
    if (user)
      found.push({ user, target: { channel: 'sms', isdCode: other.isdCode, mobile: other.e164 } });
  }
  if (found.length > 1) throw new AccountError('isdAmbiguous', 409, { field: 'isdCode' });
  return found[0] ?? null;
}

/** Sends a login code to the account that owns the number or address. */
export async function requestLoginOtp(
  target: OtpTarget,
  context: Context,
  options: OtpOptions = {},
): Promise<SentOtp & { target: OtpTarget }> {
  const account = await loginAccount(target, context.isdCodes, options);
  if (!account) {
    // Counted like a sent code, so probing numbers costs the same as asking for codes.
    const limit = await hitRateLimit(RATE_LIMITS.otpSendPerIp, context.ip, options);
    if (!limit.allowed) throw rateLimited('otpSendLimit', limit.retryAfterSeconds);
    throw new AccountError(
      target.channel === 'sms' ? 'noAccountForMobile' : 'noAccountForEmail',
      404,
      {
        field: target.channel === 'sms' ? 'mobile' : 'email',
      },
    );
  }
  const { user } = account;
  const sent = await sendOtp(
    {
      purpose: 'login',
      target: account.target,
      userId: user.id,
      ip: context.ip,
      trusted: deviceNonce(context.device, user.id) !== null,
      siteContext: context.siteContext,
      compose: (code, minutes) => otpMessage(context.t, code, minutes),
      ...(context.from ? { from: context.from } : {}),
    },
    options,
  );
  // The code went to the account's own number: the page asks for it with that number.
  return { ...sent, target: account.target };
}

/** Checks a login code; the number or address it went to counts as verified. */
export async function loginWithOtp(
  target: OtpTarget,
  code: string,
  context: { ip: string; device?: string | null; isdCodes?: readonly string[] },
  options: OtpOptions = {},
): Promise<User> {
  // The code was sent to the account's number, which may be under another listed code.
  const account = await loginAccount(target, context.isdCodes, options);
  const { userId } = await verifyOtp(
    {
      purpose: 'login',
      target: account?.target ?? target,
      code,
      ip: context.ip,
      trustedFor: (id) => id !== null && deviceNonce(context.device, id) !== null,
    },
    options,
  );
  const user = userId ? await getUser(userId, options) : null;
  if (!user) throw new AccountError('otpInvalid', 422, { field: 'otp' });
  if (target.channel === 'sms') await markMobileVerified(user.id, options);
  else await markEmailVerified(user.id, options);
  return user;
}

/** The seeker's own number or address as an OTP target; null when the account has none. */
export function ownTarget(user: User, channel: 'sms' | 'email'): OtpTarget | null {
  if (channel === 'sms') {
    return user.mobile && user.isdCode
      ? { channel: 'sms', isdCode: user.isdCode, mobile: user.mobile }
      : null;
  }
  return user.email ? { channel: 'email', email: user.email } : null;
}

/** Sends a verification code to the logged-in seeker's own mobile number or email address. */
export async function requestVerification(
  userId: string,
  channel: 'sms' | 'email',
  context: Context,
  options: OtpOptions = {},
): Promise<SentOtp> {
  const user = await getUser(userId, options);
  if (!user) throw new AccountError('loginRequired', 401);
  const target = ownTarget(user, channel);
  if (!target) throw new AccountError(channel === 'sms' ? 'noMobile' : 'noEmail', 422);
  return sendOtp(
    {
      purpose: channel === 'sms' ? 'verify_mobile' : 'verify_email',
      target,
      userId,
      ip: context.ip,
      // The logged-in owner asks for a code to their own number.
      trusted: true,
      siteContext: context.siteContext,
      compose: (code, minutes) => otpMessage(context.t, code, minutes),
      ...(context.from ? { from: context.from } : {}),
    },
    options,
  );
}

/** Checks the code sent by requestVerification and marks the number or address verified. */
export async function confirmVerification(
  userId: string,
  channel: 'sms' | 'email',
  code: string,
  context: { ip: string },
  options: OtpOptions = {},
): Promise<void> {
  const user = await getUser(userId, options);
  if (!user) throw new AccountError('loginRequired', 401);
  const target = ownTarget(user, channel);
  if (!target) throw new AccountError(channel === 'sms' ? 'noMobile' : 'noEmail', 422);
  await verifyOtp(
    {
      purpose: channel === 'sms' ? 'verify_mobile' : 'verify_email',
      target,
      code,
      ip: context.ip,
      userId,
      trustedFor: () => true,
    },
    options,
  );
  if (channel === 'sms') await markMobileVerified(userId, options);
  else await markEmailVerified(userId, options);
}
