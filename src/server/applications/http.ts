/**
 * The applications service as pages use it: where an apply ends (applied-success or the apply
 * page's error view) and finishing a guest's apply after they logged in (the pending-apply cookie).
 */
import type { AstroCookies } from 'astro';
import { localizedPath, splitLangPrefix } from '~/lib/sites/links';
import type { Lang } from '~/lib/sites/schema';
import type { CareerStage } from '~/lib/validation/account';
import { AccountError } from '~/server/errors';
import type { WebContext } from '~/server/http/context';
import { isHttps } from '~/server/http/request';
import { PENDING_APPLY_COOKIE, applyToJobs, takePendingApply } from './service';

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
  user: { id: string; careerStage: CareerStage | null },
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
