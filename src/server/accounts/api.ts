/**
 * Helpers for the accounts API endpoints (src/pages/api/**): messages in the caller's language
 * (the x-language-code header the api-client sends), valibot body parsing with translated field
 * errors, and AccountError -> HttpError so `endpoint()` answers it in the envelope.
 */
import type { APIContext } from 'astro';
import * as v from 'valibot';
import { HEADER_LANGUAGE_CODE } from '~/lib/api-client/headers';
import { getT, isLang, type Translate } from '~/lib/i18n';
import { HttpError, ValidationError, issuesToFieldErrors, parseBody } from '~/server/api/envelope';
import { ACCOUNT_MESSAGES } from '~/lib/validation/account';
import { mailFrom } from '~/server/adapters/mail';
import { clientIp } from '~/server/http/request';
import { AccountError } from './errors';
import { confirmVerification, requestLoginOtp, requestVerification } from './login';
import { OTP_TTL_SECONDS, type OtpTarget } from './otp';
import { accountErrorText, translateMessage } from './web';

/** t in the language the client asked for (x-language-code: EN, HI, AR), else the page's. */
export function apiT(context: Pick<APIContext, 'request' | 'locals'>): Translate {
  const code = context.request.headers.get(HEADER_LANGUAGE_CODE)?.trim().toLowerCase();
  if (!code || !isLang(code) || code === context.locals.lang) return context.locals.t;
  const t = getT(code, context.locals.brand.localeSuffix);
  const country = t(`countries.${context.locals.site.key}`);
  return (key, options) => t(key, { brand: context.locals.brand.name, country, ...options });
}

/** parseBody with the field messages translated. */
export async function parseAccountBody<S extends v.GenericSchema>(
  schema: S,
  request: Request,
  t: Translate,
): Promise<v.InferOutput<S>> {
  try {
    return await parseBody(schema, request);
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new ValidationError(
        error.status,
        error.errors.map((e) => ({ field: e.field, message: translateMessage(t, e.message) })),
      );
    }
    throw error;
  }
}

/** Runs `fn`; an AccountError becomes the HttpError the envelope answers (translated). */
export async function asHttp<T>(t: Translate, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    const text = accountErrorText(t, error);
    throw new HttpError(
      error.status,
      text,
      error.field ? [{ field: error.field, message: text }] : [],
      error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : undefined,
    );
  }
}

/** 401 for a guest calling an endpoint that needs a login. */
export function requireApiUser(context: Pick<APIContext, 'locals'>, t: Translate) {
  const user = context.locals.user;
  if (!user) throw new HttpError(401, t('account:errors.loginRequired'));
  return user;
}

/** Validates a part of a body already read (e.g. the target once the channel is known). */
export async function validatePart<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  t: Translate,
): Promise<v.InferOutput<S>> {
  const result = await v.safeParseAsync(schema, input);
  if (result.success) return result.output;
  throw new ValidationError(
    422,
    issuesToFieldErrors(result.issues).map((e) => ({
      field: e.field,
      message: translateMessage(t, e.message),
    })),
  );
}

/**
 * v1 and v2 send-otp: a login code to a registered number or address (the number's ISD code
 * must be one the site offers). Answers what the client shows next.
 */
export async function sendLoginCode(
  context: Pick<APIContext, 'request' | 'url' | 'locals'> & { clientAddress?: string },
  t: Translate,
  target: OtpTarget,
) {
  const site = context.locals.site;
  if (target.channel === 'sms' && !site.isdCodes.includes(target.isdCode)) {
    const message = translateMessage(t, ACCOUNT_MESSAGES.isdInvalid);
    throw new ValidationError(422, [{ field: 'isdCode', message }]);
  }
  try {
    const sent = await asHttp(t, () =>
      requestLoginOtp(target, {
        ip: clientIp(context),
        siteContext: site.context,
        t,
        from: mailFrom(site.domainName),
      }),
    );
    return {
      channel: sent.channel,
      maskedDestination: sent.maskedDestination,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: sent.resendAfterSeconds,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The SMS or mail provider failed: SPEC §8's mobile failure text, as a 503.
    console.error('[otp] not delivered:', error);
    throw new HttpError(503, t('account:login.smsFailed'));
  }
}

/** Send a verification code to the seeker's own number/address, or check one. */
export async function ownCodeAction(
  context: Pick<APIContext, 'request' | 'url' | 'locals'> & { clientAddress?: string },
  t: Translate,
  userId: string,
  channel: 'sms' | 'email',
  action: 'send' | 'verify',
  otp: string,
) {
  const site = context.locals.site;
  const ip = clientIp(context);
  if (action === 'verify') {
    await confirmVerification(userId, channel, otp, { ip });
    return { verified: true };
  }
  try {
    const sent = await requestVerification(userId, channel, {
      ip,
      siteContext: site.context,
      t,
      from: mailFrom(site.domainName),
    });
    return {
      channel: sent.channel,
      maskedDestination: sent.maskedDestination,
      expiresInSeconds: OTP_TTL_SECONDS,
      resendAfterSeconds: sent.resendAfterSeconds,
    };
  } catch (error) {
    if (error instanceof AccountError) throw error;
    console.error('[otp] not delivered:', error);
    throw new HttpError(503, t('account:login.smsFailed'));
  }
}
