/**
 * Bodies of the accounts API (SPEC §7 register/login OTP, logout, mobile reverify): valibot
 * schemas shared by the endpoints and any island calling them through src/lib/api-client.
 * Field messages are the same SPEC §5 texts as the forms'.
 */
import { typedDigits } from './digits';
import * as v from 'valibot';
import { ACCOUNT_MESSAGES, EmailFieldSchema, OTP_LENGTH } from './account';
import { EMAIL_RE } from './formats';
import { looksLikeMobile, withMobileRule } from './mobile';

/** Text or a number (JSON clients send either), as trimmed text; missing: ''. */
const text = () =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((x) => String(x).trim()),
  );

/** ISD code: 1-4 digits, an optional + dropped. Which codes a site offers is the server's check. */
const IsdSchema = v.pipe(
  v.optional(v.union([v.string(), v.number()]), ''),
  v.transform((x) => typedDigits(String(x)).replace(/^\+/, '')),
  v.regex(/^\d{1,4}$/, ACCOUNT_MESSAGES.isdInvalid),
);
const ReturnUrlSchema = v.optional(v.pipe(v.string(), v.maxLength(2000)));
/** SPEC §5: 'please enter a valid mobile number' in the OTP flows (the rule: SmsTarget). */
const MobileSchema = v.pipe(text(), v.check(looksLikeMobile, ACCOUNT_MESSAGES.otpMobileInvalid));
/** An ISD code and a mobile checked by the rule; mobile comes out in E.164. */
const SmsTarget = () =>
  withMobileRule(
    v.object({ isdCode: IsdSchema, mobile: MobileSchema }),
    null,
    ACCOUNT_MESSAGES.otpMobileInvalid,
  );
/** SPEC §5: 'please enter a valid otp'. */
const CodeSchema = v.pipe(
  text(),
  v.transform(typedDigits),
  v.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MESSAGES.otpInvalid),
);

/** v1/send-otp: a login code by SMS. */
export const SendOtpV1Body = SmsTarget();

const Channel = v.optional(v.picklist(['sms', 'email'], ACCOUNT_MESSAGES.selectionInvalid), 'sms');
const Optional = v.optional(v.union([v.string(), v.number()]));

/** v2/send-otp: a login code by SMS (channel sms: isdCode + mobile) or email (channel email). */
export const SendOtpV2Body = v.object({
  channel: Channel,
  isdCode: Optional,
  mobile: Optional,
  email: Optional,
});

/** v1/verify-otp: the code, for the number (default) or address it was sent to. */
export const VerifyOtpBody = v.object({
  channel: Channel,
  isdCode: Optional,
  mobile: Optional,
  email: Optional,
  otp: CodeSchema,
  returnUrl: ReturnUrlSchema,
});

/** The SMS target of a v2/verify body (checked once the channel is known). */
export const SmsTargetSchema = SmsTarget();
/** The email target of a v2/verify body. */
export const EmailTargetSchema = v.object({
  email: v.pipe(
    text(),
    v.nonEmpty(ACCOUNT_MESSAGES.emailRequired),
    v.regex(EMAIL_RE, ACCOUNT_MESSAGES.emailInvalid),
    v.toLowerCase(),
  ),
});

/** v1/login: email and password. */
export const PasswordLoginBody = v.object({
  email: EmailFieldSchema,
  password: v.pipe(
    v.optional(v.string(), ''),
    v.nonEmpty(ACCOUNT_MESSAGES.passwordRequired),
    v.maxLength(256, ACCOUNT_MESSAGES.passwordRequired),
  ),
  returnUrl: ReturnUrlSchema,
});

/** Mobile reverify and email OTP of the logged-in seeker: send a code, or check one. */
export const OwnOtpBody = v.object({
  action: v.picklist(['send', 'verify'], ACCOUNT_MESSAGES.selectionInvalid),
  otp: v.optional(v.union([v.string(), v.number()])),
});
/** The code of an OwnOtpBody with action verify. */
export const OtpOnlySchema = v.object({ otp: CodeSchema });
