/**
 * Failures the user should read, thrown by the accounts and applications services (their texts
 * are in the account namespace). Each has a code that names its
 * translation (locales/<lang>/account.json `errors.<code>`, with `params` interpolated), the HTTP
 * status an endpoint answers with, and optionally the form field it belongs to.
 */
export const ACCOUNT_ERROR_CODES = [
  'invalidCredentials',
  'lockedOut',
  'tooManyRequests',
  'otpInvalid',
  'otpExpired',
  'otpTooManyAttempts',
  'otpCooldown',
  'otpSendLimit',
  'noAccountForMobile',
  'isdAmbiguous',
  'noAccountForEmail',
  'emailTaken',
  'mobileTaken',
  'wrongCurrentPassword',
  'loginRequired',
  'facebookFailed',
  'facebookNoEmail',
  'applyLimit',
  'applyNothingSelected',
  'applyJobUnavailable',
  'noMobile',
  'noEmail',
  'resetLinkInvalid',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

/** English texts (the same as locales/en/account.json errors.*), for logs and tests. */
export const ACCOUNT_ERROR_TEXT: Record<AccountErrorCode, string> = {
  invalidCredentials: 'The email or password is not correct',
  lockedOut: 'Too many failed attempts. Please try again in {{minutes}} minutes.',
  tooManyRequests: 'Too many requests. Please try again in {{minutes}} minutes.',
  otpInvalid: 'please enter a valid otp',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong OTPs. Please request a new one.',
  otpCooldown: 'Please wait {{seconds}} seconds before requesting another OTP.',
  otpSendLimit: 'Too many OTPs requested. Please try again in {{minutes}} minutes.',
  noAccountForMobile: 'No account uses this mobile number. Please register first.',
  isdAmbiguous:
    'This number is a mobile number in more than one of the listed countries. Please choose its country code.',
  noAccountForEmail: 'No account uses this email address. Please register first.',
  emailTaken: 'An account with this email address already exists. Please log in.',
  mobileTaken: 'An account with this mobile number already exists. Please log in.',
  wrongCurrentPassword: 'Your current password is not correct',
  loginRequired: 'Please log in to continue',
  facebookFailed: 'We could not log you in with Facebook. Please try again.',
  facebookNoEmail:
    'Your Facebook account did not share an email address. Please register with your email.',
  applyLimit: 'You can apply to at most {{limit}} jobs at a time.',
  applyNothingSelected: 'Please select at least one job to apply to.',
  applyJobUnavailable: 'This job is no longer accepting applications.',
  noMobile: 'Please add a mobile number to your account first.',
  noEmail: 'Please add an email address to your account first.',
  resetLinkInvalid:
    'This link to set a new password has expired or was already used. Please ask for a new one.',
};

export class AccountError extends Error {
  readonly code: AccountErrorCode;
  readonly status: number;
  readonly params: Record<string, string | number>;
  /** The form field the message belongs to, when there is one. */
  readonly field: string | undefined;
  /** Seconds after which trying again makes sense (rate limits), for Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AccountErrorCode,
    status: number,
    options: {
      params?: Record<string, string | number>;
      field?: string;
      retryAfterSeconds?: number;
    } = {},
  ) {
    const params = options.params ?? {};
    super(
      ACCOUNT_ERROR_TEXT[code].replace(/\{\{(\w+)\}\}/g, (_m, k: string) =>
        String(params[k] ?? ''),
      ),
    );
    this.name = 'AccountError';
    this.code = code;
    this.status = status;
    this.params = params;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A rate-limit refusal: 429 with minutes (rounded up) to wait. */
export function rateLimited(
  code: 'lockedOut' | 'tooManyRequests' | 'otpSendLimit',
  retryAfterSeconds: number,
  field?: string,
): AccountError {
  return new AccountError(code, 429, {
    params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    retryAfterSeconds,
    ...(field ? { field } : {}),
  });
}
