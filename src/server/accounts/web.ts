/**
 * The accounts services as pages and endpoints use them: log a seeker in (cookie, pending apply,
 * where to go next), send guests to the login page, end a session, and translate messages.
 *
 *   const user = requireUser(Astro);            // in a page that needs a login
 *   if (user instanceof Response) return user;  // guest: 302 to /rio/login?returnUrl=...
 */
import type { APIContext, AstroCookies } from 'astro';
import type * as v from 'valibot';
import type { Translate } from '~/lib/i18n';
import { safeReturnPath } from '~/lib/auth/return-url';
import { localizedPath, splitLangPrefix } from '~/lib/sites/links';
import type { Lang } from '~/lib/sites/schema';
import { ACCOUNT_MESSAGES, fieldMessages, messageKey } from '~/lib/validation/account';
import { PENDING_APPLY_COOKIE, applyToJobs, takePendingApply } from '~/server/applications/service';
import type { User } from '~/server/db/schema';
import { isHttps, requestHost } from '~/server/http/request';
import { readGuestToken } from '~/server/resumes/guest';
import { claimGuestResumes } from '~/server/resumes/service';
import { mergeGuestCartAtLogin } from '~/server/commerce/http';
import { AccountError } from './errors';
import { STEP_PATHS, registrationStepOf } from './registration';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  revokeSession,
  setSessionCookie,
  type SessionUser,
} from './sessions';

/** What pages and endpoints have in common (Astro global or APIContext). */
export type WebContext = Pick<APIContext, 'request' | 'url' | 'cookies' | 'locals' | 'redirect'> & {
  clientAddress?: string;
};

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

/** Where applied-success lives for a return path: /srp/... results go to /srp/applied-success. */
export function appliedSuccessUrl(
  lang: Lang,
  jobIds: readonly number[],
  returnUrl: string | null,
): string {
  const from = returnUrl ? splitLangPrefix(returnUrl.split(/[?#]/)[0] ?? '').path : '';
  const page = from.startsWith('/srp/') ? '/srp/applied-success' : '/search/applied-success';
  const query = new URLSearchParams({ jobIds: jobIds.join(',') });
  if (returnUrl) query.set('returnUrl', returnUrl);
  return `${localizedPath(lang, page)}?${query.toString()}`;
}

/** The apply page's error view (for an apply that failed once the guest had logged in). */
export function applyErrorUrl(lang: Lang, code: string, returnUrl: string | null): string {
  const query = new URLSearchParams({ error: code });
  if (returnUrl) query.set('returnUrl', returnUrl);
  return `${localizedPath(lang, '/seeker/apply')}?${query.toString()}`;
}

function forgetPendingApply(cookies: AstroCookies, secure: boolean) {
  cookies.delete(PENDING_APPLY_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Finishes a guest's apply once they are logged in: applies and returns the applied-success URL;
 * an apply that fails returns the apply error page's URL; no pending apply returns null.
 */
export async function completePendingApply(
  context: WebContext,
  user: { id: string; careerStage: User['careerStage'] },
): Promise<string | null> {
  const token = context.cookies.get(PENDING_APPLY_COOKIE)?.value;
  if (!token) return null;
  forgetPendingApply(context.cookies, isHttps(context));
  const pending = await takePendingApply(token, context.locals.site.context);
  if (!pending) return null;
  const lang = context.locals.lang;
  try {
    const result = await applyToJobs(user, pending.jobIds, context.locals.site.context);
    return appliedSuccessUrl(
      lang,
      [...result.applied, ...result.alreadyApplied],
      pending.returnUrl,
    );
  } catch (error) {
    if (error instanceof AccountError) return applyErrorUrl(lang, error.code, pending.returnUrl);
    throw error;
  }
}

/**
 * Logs the user in: a new session and its cookie, then where to go: a pending apply's
 * applied-success, the return path, the registration step still to do, or the dashboard.
 */
export async function logIn(
  context: WebContext,
  user: User,
  returnPath: string | null,
): Promise<string> {
  await startSession(context, user.id);
  // Resumes this browser uploaded as a guest become the account's.
  const guestToken = readGuestToken(context.cookies);
  if (guestToken) await claimGuestResumes(guestToken, user.id);
  const applied = await completePendingApply(context, user);
  if (applied) return applied;
  if (returnPath) return returnPath;
  // An unfinished registration resumes where the seeker left it.
  return localizedPath(context.locals.lang, STEP_PATHS[await registrationStepOf(user.id)]);
}

/** A new session for the user, with its cookie (registration: the account was just made). */
export async function startSession(context: WebContext, userId: string): Promise<void> {
  const { token, expiresAt } = await createSession(userId, {
    userAgent: context.request.headers.get('user-agent'),
  });
  setSessionCookie(context.cookies, token, expiresAt, isHttps(context));
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

/** The token of the current session (to keep it when others are revoked). */
export function sessionToken(context: Pick<WebContext, 'cookies'>): string | undefined {
  return context.cookies.get(SESSION_COOKIE)?.value;
}

/** A message of src/lib/validation/account.ts in the page's language (others unchanged). */
export function translateMessage(t: Translate, message: string): string {
  const key = messageKey(message);
  return key ? t(`account:messages.${key}`) : message;
}

/** Failed-parse issues as translated messages per field. */
export function translatedIssues(
  t: Translate,
  issues: readonly v.BaseIssue<unknown>[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldMessages(issues))) {
    out[field] = translateMessage(t, message);
  }
  return out;
}

/** An AccountError in the page's language. */
export function accountErrorText(t: Translate, error: AccountError): string {
  return t(`account:errors.${error.code}`, error.params);
}

/**
 * The English-to-translated map of the account messages a form can show, for the island (it
 * validates with the English schemas and shows the page's language).
 */
export function formMessages(t: Translate): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ACCOUNT_MESSAGES).map(([key, english]) => [
      english,
      t(`account:messages.${key}`),
    ]),
  );
}
