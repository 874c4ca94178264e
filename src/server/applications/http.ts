/**
 * The applications service as pages use it: where an apply ends (applied-success or the apply
 * page's error view), what applied-success shows, and finishing a guest's apply after they
 * logged in (the pending-apply cookie); the Save job form.
 */
import type { AstroCookies } from 'astro';
import * as v from 'valibot';
import { localizedPath, splitLangPrefix } from '~/lib/sites/links';
import type { Lang } from '~/lib/sites/schema';
import type { CareerStage } from '~/lib/validation/account';
import { loginUrl, requireUser, returnPathFrom } from '~/server/accounts/http';
import { AccountError } from '~/server/errors';
import type { WebContext } from '~/server/http/context';
import { isHttps } from '~/server/http/request';
import { jobSummaries, latestJobs, openJobIds, type JobSummary } from '~/server/jobs/service';
import { similarJobs } from '~/server/search/service';
import {
  PENDING_APPLY_COOKIE,
  applyToJobs,
  listApplications,
  takePendingApply,
  type AppliedJob,
} from './service';
import { saveJob, savedJobIds, unsaveJob } from './saved';

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

export interface AppliedSuccessPage {
  /** The jobs of `?jobIds=1,2` the seeker applied to (ids of other jobs show nothing). */
  justApplied: AppliedJob[];
  /** Their other recent applications. */
  recent: AppliedJob[];
  /** Jobs to apply to next. */
  similar: JobSummary[];
  /** The safe `?returnUrl=` (back to the results), if any. */
  returnUrl: string | null;
}

/**
 * What applied-success (/search/applied-success, /srp/applied-success) shows a seeker; a guest
 * is sent to log in and come back (the redirect).
 */
export async function loadAppliedSuccess(
  context: WebContext,
): Promise<AppliedSuccessPage | Response> {
  const user = requireUser(context);
  if (user instanceof Response) return user;
  const userId = user.id;
  const siteContext = context.locals.site.context;
  const ids = (context.url.searchParams.get('jobIds') ?? '')
    .split(',')
    .filter((s) => /^\d{1,15}$/.test(s.trim()))
    .slice(0, 50)
    .map(Number);
  const returnUrl = returnPathFrom(context, context.url.searchParams.get('returnUrl'));
  const justApplied = ids.length
    ? await listApplications(userId, { siteContext, jobIds: ids })
    : [];
  const justIds = new Set(justApplied.map((j) => j.id));
  const recent = (await listApplications(userId, { siteContext, limit: 20 })).filter(
    (j) => !justIds.has(j.id),
  );
  const appliedIds = new Set([...justIds, ...recent.map((j) => j.id)]);
  // Similar jobs: like the (first) job just applied to, by the search service; without one (or
  // when nothing is similar) the newest openings. Jobs already applied to are left out.
  const anchor = justApplied[0] ?? recent[0];
  const candidates = anchor ? await similarJobs(anchor, 12) : [];
  const similar = (candidates.length > 0 ? candidates : await latestJobs(siteContext, 30))
    .filter((j) => !appliedIds.has(j.id))
    .slice(0, 6);
  return { justApplied, recent, similar, returnUrl };
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

const SaveForm = v.object({
  intent: v.picklist(['save', 'unsave']),
  jobId: v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)),
});

/**
 * A Save job / Remove form posted to /seeker/saved-jobs: a guest goes to log in and back; the
 * seeker's job is saved or removed and they go back where they were (303). A refusal (bad form,
 * a job no longer open) is returned for the page to show, with its status.
 */
export async function runSaveForm(
  context: WebContext,
  form: Record<string, string>,
): Promise<Response | { status: number; message: string }> {
  const { lang, t, user, site } = context.locals;
  const back = returnPathFrom(context, form.returnUrl) ?? localizedPath(lang, '/seeker/saved-jobs');
  const parsed = v.safeParse(SaveForm, form);
  if (!user) {
    // After the login the list offers to save the job (a button: a GET never saves).
    const offer =
      parsed.success && parsed.output.intent === 'save'
        ? `${localizedPath(lang, '/seeker/saved-jobs')}?${new URLSearchParams({
            save: String(parsed.output.jobId),
            returnUrl: back,
          }).toString()}`
        : back;
    return context.redirect(loginUrl(lang, offer), 303);
  }
  if (!parsed.success) return { status: 422, message: t('mydata:save.invalid') };
  const { intent, jobId } = parsed.output;
  if (intent === 'unsave') await unsaveJob(user.id, jobId);
  else if ((await saveJob(user.id, jobId, site.context)) === 'unavailable') {
    return { status: 410, message: t('mydata:save.unavailable') };
  }
  return context.redirect(back, 303);
}

/**
 * The job a guest wanted to save before logging in (`?save=<id>` on /seeker/saved-jobs), when it
 * is still open on this site and not saved yet, with where to go back after saving it.
 */
export async function saveOffer(
  context: WebContext,
  userId: string,
): Promise<{ job: JobSummary; returnUrl: string } | null> {
  const raw = context.url.searchParams.get('save') ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const jobId = Number(raw);
  const site = context.locals.site.context;
  if (!(await openJobIds([jobId], site, new Date())).has(jobId)) return null;
  if ((await savedJobIds(userId, [jobId])).has(jobId)) return null;
  const job = (await jobSummaries([jobId])).get(jobId);
  if (!job) return null;
  const back = returnPathFrom(context, context.url.searchParams.get('returnUrl'));
  return { job, returnUrl: back ?? localizedPath(context.locals.lang, '/seeker/saved-jobs') };
}
