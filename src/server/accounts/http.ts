/**
 * The accounts domain's HTTP part, used by its pages and endpoints: start and end sessions (the
 * cookie), send guests to the login page, translate account messages, and for the API endpoints
 * (src/pages/api/**): messages in the caller's language (the x-language-code header the
 * api-client sends), valibot body parsing with translated field errors, and AccountError ->
 * HttpError so `endpoint()` answers it in the envelope. Logging in as a whole (pending apply,
 * guest resumes, where to go next) is src/server/sign-in.ts.
 *
 *   const user = requireUser(Astro);            // in a page that needs a login
 *   if (user instanceof Response) return user;  // guest: 302 to /rio/login?returnUrl=...
 */
import { SIGNED_IN_HINT_COOKIE } from '~/lib/auth/signed-in-hint';
import { type Translate, getT, isLang } from '~/lib/i18n';
import { siteName } from '~/lib/sites/names';
import { safeReturnPath } from '~/lib/auth/return-url';
import { localizedPath } from '~/lib/sites/links';
import { type Lang } from '~/lib/sites/schema';
import { ACCOUNT_MESSAGES, fieldMessages, messageKey } from '~/lib/validation/account';
import { FIELD_CHECK, isValidatorText } from '~/lib/validation/issues';
import { isHttps, requestHost, clientIp } from '~/server/http/request';
import { AccountError, type AccountErrorCode } from '~/server/errors';
import { type WebContext } from '~/server/http/context';
import { SESSION_COOKIE, createSession, revokeSession, type SessionUser } from './sessions';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, deviceCookieAfterLogin } from './device';
import type { APIContext, AstroCookies, AstroGlobal } from 'astro';
import * as v from 'valibot';
import { HEADER_LANGUAGE_CODE } from '~/lib/api-client/headers';
import {
  HttpError,
  ValidationError,
  endpoint,
  issuesToFieldErrors,
  ok,
  parseBody,
} from '~/server/api/envelope';
import { OtpOnlySchema, OwnOtpBody } from '~/lib/validation/account-api';
import { mailFrom } from '~/server/adapters/mail';
import { confirmVerification, requestLoginOtp, requestVerification } from './login';
import { OTP_TTL_SECONDS, type OtpTarget, type SentOtp } from './otp';
import { mergeGuestCartAtLogin } from '~/server/commerce/http';

/** The current path with its language prefix and query: what a login should return to. */
export function currentPath(context: Pick<WebContext, 'url' | 'locals'>): string {
  return `${localizedPath(context.locals.lang, context.locals.pathname)}${context.url.search}`;
}

/** The login page URL that returns to `returnUrl` (a same-site path) afterwards. */
export function loginUrl(lang: Lang, returnUrl?: string | null): string {
  const base = localizedPath(lang, '/rio/login');
  return returnUrl ? `${base}?returnUrl=${encodeURIComponent(returnUrl)}` : base;
}

/**
 * The logged-in seeker, or a 302 to the login page that comes back here. (SPEC §2 sends guests to
 * the sign-in page by a form POST carrying returnUrl; a redirect with returnUrl in the query does
 * the same without JavaScript, and /rio/login accepts both.)
 */
export function requireUser(context: WebContext): SessionUser | Response {
  const user = context.locals.user;
  if (user) return user;
  return context.redirect(loginUrl(context.locals.lang, currentPath(context)), 302);
}

/** A returnUrl from a form or query, when it is a path of this site; else null. */
export function returnPathFrom(context: WebContext, raw: unknown): string | null {
  return safeReturnPath(raw, requestHost(context));
}

/**
 * A new session for the user, with its cookie (registration: the account was just made); the
 * browser gets (or renews) the account's device cookie: it has proven it is the owner's.
 */
export async function startSession(context: WebContext, userId: string): Promise<void> {
  const { token, expiresAt } = await createSession(userId, {
    userAgent: context.request.headers.get('user-agent'),
    clientAddress: clientIp(context),
  });
  setSessionCookie(context.cookies, token, expiresAt, isHttps(context));
  trustThisBrowser(context, userId);
  // A guest's cart joins the account's (login and registration alike).
  await mergeGuestCartAtLogin(context, userId);
}

/** Ends the current session on the server and clears its cookie. */
export async function logOut(context: WebContext): Promise<void> {
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  await revokeSession(token);
  clearSessionCookie(context.cookies, isHttps(context));
  context.locals.user = null;
}

/** The browser's device cookie (device.ts), as the login services take it. */
export function deviceCookie(context: Pick<WebContext, 'cookies'>): string | undefined {
  return context.cookies.get(DEVICE_COOKIE)?.value;
}

/** Marks this browser as one the account's owner uses (a new device cookie entry). */
export function trustThisBrowser(context: WebContext, userId: string): void {
  context.cookies.set(DEVICE_COOKIE, deviceCookieAfterLogin(deviceCookie(context), userId), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(context),
    path: '/',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

/** The token of the current session (to keep it when others are revoked). */
export function sessionToken(context: Pick<WebContext, 'cookies'>): string | undefined {
  return context.cookies.get(SESSION_COOKIE)?.value;
}

/**
 * A message of src/lib/validation/account.ts in the page's language (others unchanged);
 * valibot's own English becomes the field check (FIELD_CHECK), never shown as it is.
 */
export function translateMessage(t: Translate, message: string): string {
  const key = messageKey(isValidatorText(message) ? FIELD_CHECK : message);
  return key ? t(`account:messages.${key}`) : message;
}

/**
 * Failed-parse issues as translated messages per field; `translate` is the form's own message
 * translation (profiles' and alerts' fall back to the account messages).
 */
export function translatedIssues(
  t: Translate,
  issues: readonly v.BaseIssue<unknown>[],
  schema?: unknown,
  translate: (t: Translate, message: string) => string = translateMessage,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldMessages(issues, schema))) {
    out[field] = translate(t, message);
  }
  return out;
}

/** An AccountError in the page's language. */
export function accountErrorText(t: Translate, error: AccountError): string {
  return accountErrorMessage(t, error.code, error.params);
}

/**
 * A refused account action answered by its page: the error's status, its wait as Retry-After
 * when it has one (rate limits), and its text in the page's language.
 */
export function answerAccountError(
  page: Pick<AstroGlobal, 'response' | 'locals'>,
  error: AccountError,
): string {
  page.response.status = error.status;
  if (error.retryAfterSeconds) {
    page.response.headers.set('retry-after', String(error.retryAfterSeconds));
  }
  return accountErrorText(page.locals.t, error);
}

/** A refusal's text by its code; a wait or a limit is counted: its number picks the plural form. */
export function accountErrorMessage(
  t: Translate,
  code: AccountErrorCode,
  params: Record<string, string | number> = {},
): string {
  const count = Object.values(params).find((v) => typeof v === 'number');
  return t(`account:errors.${code}`, { ...params, count });
}

/** What an account form shows after a post that did not go through. */
export interface AccountFormOutcome {
  /** Messages by field. */
  errors: Record<string, string>;
  /** The form's message (an error of no field). */
  alert: string;
}

/**
 * Runs an account form's post: checks `form` with `schema` (422 and the messages by field), then
 * `act` with what it read; an AccountError becomes the status and its message, on its field or as
 * the form's alert. `act` may answer itself (a redirect), which is returned.
 */
export async function runAccountForm<S extends v.GenericSchema>(
  astro: Pick<AstroGlobal, 'response' | 'locals'>,
  schema: S,
  form: Record<string, string>,
  act: (input: v.InferOutput<S>) => Promise<Response | void>,
): Promise<Response | AccountFormOutcome> {
  const { t } = astro.locals;
  const parsed = v.safeParse(schema, form);
  if (!parsed.success) {
    astro.response.status = 422;
    return { errors: translatedIssues(t, parsed.issues, schema), alert: '' };
  }
  try {
    return (await act(parsed.output)) ?? { errors: {}, alert: '' };
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    astro.response.status = error.status;
    const text = accountErrorText(t, error);
    return error.field
      ? { errors: { [error.field]: text }, alert: '' }
      : { errors: {}, alert: text };
  }
}

/** t in the language the client asked for (x-language-code: EN, HI, AR), else the page's. */
export function apiT(context: Pick<APIContext, 'request' | 'locals'>): Translate {
  const code = context.request.headers.get(HEADER_LANGUAGE_CODE)?.trim().toLowerCase();
  if (!code || !isLang(code) || code === context.locals.lang) return context.locals.t;
  const t = getT(code, context.locals.brand.localeSuffix);
  const country = siteName(context.locals.site, code);
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

/** A code on its way, as the API answers it. */
function codeSent(sent: SentOtp) {
  return {
    channel: sent.channel,
    maskedDestination: sent.maskedDestination,
    expiresInSeconds: OTP_TTL_SECONDS,
    resendAfterSeconds: sent.resendAfterSeconds,
  };
}

/** The SMS or mail provider failed: SPEC §8's mobile failure text, as a 503. */
function notDelivered(t: Translate, error: unknown): HttpError {
  console.error('[otp] not delivered:', error);
  return new HttpError(503, t('account:login.smsFailed'));
}

/**
 * v1 and v2 send-otp: a login code to a registered number or address (the number's ISD code
 * must be one the site offers). Answers what the client shows next.
 */
export async function sendLoginCode(
  context: Pick<APIContext, 'request' | 'url' | 'locals' | 'cookies'> & { clientAddress?: string },
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
        isdCodes: site.isdCodes,
        device: context.cookies.get(DEVICE_COOKIE)?.value ?? null,
        siteContext: site.context,
        t,
        from: mailFrom(site.domainName),
      }),
    );
    return codeSent(sent);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notDelivered(t, error);
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
    return codeSent(sent);
  } catch (error) {
    if (error instanceof AccountError) throw error;
    throw notDelivered(t, error);
  }
}

/**
 * The endpoint that sends a code to the logged-in seeker's own number (`sms`) or address
 * (`email`) on { action: 'send' }, and checks it on { action: 'verify', otp }. 401 for guests.
 */
export function ownCodeEndpoint(channel: 'sms' | 'email') {
  return endpoint(async (context) => {
    const t = apiT(context);
    const user = requireApiUser(context, t);
    const body = await parseAccountBody(OwnOtpBody, context.request, t);
    const otp = body.action === 'verify' ? (await validatePart(OtpOnlySchema, body, t)).otp : '';
    return ok(await asHttp(t, () => ownCodeAction(context, t, user.id, channel, body.action, otp)));
  });
}

/** Writes the session cookie: HttpOnly, SameSite=Lax, Secure over HTTPS, host-only. */
export function setSessionCookie(
  cookies: AstroCookies,
  token: string,
  expiresAt: Date,
  secure: boolean,
): void {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
  cookies.set(SIGNED_IN_HINT_COOKIE, '1', {
    sameSite: 'lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(cookies: AstroCookies, secure: boolean): void {
  cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  cookies.delete(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}
