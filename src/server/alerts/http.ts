/**
 * The web side of alerts: reading the alert form of a POST, its messages in the page's language,
 * the seeker as an alert owner, and the origin links in mails go back to. Pages and the
 * unsubscribe endpoint use it; the rules live in service.ts.
 */
import type { APIContext } from 'astro';
import * as v from 'valibot';
import { brands } from '../../../sites';
import type { Translate } from '~/lib/i18n';
import { parseSearchState } from '~/lib/search/parse';
import { normaliseParams } from '~/lib/search/request';
import { localizedPath, siteOrigin } from '~/lib/sites/links';
import { alertFormInput, searchFormValues, type AlertFormValues } from '~/lib/alerts/form';
import { ALERT_MESSAGES, alertFormSchema, type AlertForm } from '~/lib/validation/alerts';
import { keyOfMessage } from '~/lib/validation/messages';
import { translatedIssues, translateMessage } from '~/server/accounts/http';
import type { SessionUser } from '~/server/accounts/sessions';
import { config } from '~/server/config';
import { masterData } from '~/server/search/service';
import type { AlertOwner } from './service';
import { unreadCount } from './notifications';
import type { Notification } from '~/server/db/schema-alerts';
import type { Lang, Site } from '~/lib/sites/schema';
import { formatDate, formatDay } from '~/lib/format/dates';
import { placeList } from '~/lib/format/places';
import { isolateValues } from '~/lib/format/bidi';
import { jobWord } from '~/lib/format/job-words';
import { experienceText, salaryText } from '~/lib/jobs/display';
import { jobPath } from '~/lib/jobs/paths';
import { dailyCounts } from './engagement';
import type { Recommendation } from './recommend';
import type { Queryable } from '~/server/db/client';

type Context = Pick<APIContext, 'request' | 'url' | 'locals'>;

export function alertOwner(user: SessionUser): AlertOwner {
  return { userId: user.id, email: user.email, emailVerified: user.emailVerified };
}

/** The origin of this site and brand: <context>.localhost:<port> locally, else its domain. */
export function requestOrigin(context: Context): string {
  const { site, brand } = context.locals;
  return siteOrigin(site, brand, context.url, config.NEW_BRAND_MARKER ?? brands.marker);
}

export function alertMessage(t: Translate, message: string): string {
  const key = keyOfMessage(ALERT_MESSAGES, message);
  return key ? t(`alerts:messages.${key}`) : translateMessage(t, message);
}

export type FormValues = AlertFormValues;

export type FormResult =
  { ok: true; form: AlertForm } | { ok: false; values: FormValues; errors: Record<string, string> };

/** Reads and validates the alert form of a POST. */
export async function readAlertForm(context: Context): Promise<FormResult> {
  let data: FormData;
  try {
    data = await context.request.formData();
  } catch {
    data = new FormData();
  }
  const input = alertFormInput(data);
  const schema = alertFormSchema(context.locals.site.isdCodes);
  const parsed = v.safeParse(schema, { ...input, isdCode: '' });
  if (parsed.success) return { ok: true, form: parsed.output };
  const { isdCode: ambiguous, ...errors } = translatedIssues(
    context.locals.t,
    parsed.issues,
    schema,
    alertMessage,
  );
  // The form has no code field: a number of several countries is the mobile field's message.
  if (ambiguous) errors.mobile ??= ambiguous;
  const values: FormValues = {};
  for (const [k, val] of Object.entries(input)) {
    if (typeof val === 'string') values[k] = val;
    else if (Array.isArray(val)) values[k] = val.filter((x): x is string => typeof x === 'string');
  }
  return { ok: false, values, errors };
}

/** Form values from a results page's search state (?q=java&location=Pune&industries=3,7 ...). */
export function valuesFromSearch(params: URLSearchParams): FormValues {
  return searchFormValues(parseSearchState(normaliseParams(params)).state);
}

/** The option lists of the alert form for a site. */
export function alertFormOptions(siteContext: string) {
  const data = masterData(siteContext);
  const toOptions = (list: { id: number; value: string }[]) =>
    list.map((i) => ({ value: String(i.id), label: i.value }));
  return {
    experience: data.experience.map((e) => ({ value: String(e.id), label: e.value })),
    salary: data.salaryRanges.map((s) => ({ value: s.value, label: s.label })),
    industries: toOptions(data.industries),
    functions: toOptions(data.functions),
  };
}

export type AlertFormOptions = ReturnType<typeof alertFormOptions>;

/** A page path in the request's language. */
export const pagePath = (context: Context, path: string) =>
  localizedPath(context.locals.lang, path);

/** Unread counts a page of this request has read already (the dashboard), by request. */
const countedThisRequest = new WeakMap<object, number>();

/** The page has read the unread count: the header bell of the same request shows it. */
export function bellCountRead(locals: object, unread: number): void {
  countedThisRequest.set(locals, unread);
}

/**
 * The header bell's unread count for the logged-in seeker; null for a guest (no bell). A database
 * that does not answer shows the bell without a count rather than failing the page.
 */
export async function headerBellCount(
  locals: Pick<App.Locals, 'user'>,
  db?: Queryable,
): Promise<number | null> {
  if (!locals.user) return null;
  const known = countedThisRequest.get(locals);
  if (known !== undefined) return known;
  try {
    return await unreadCount(locals.user.id, db);
  } catch (error) {
    console.error('[alerts] bell count failed:', error instanceof Error ? error.message : error);
    return 0;
  }
}

/**
 * Notifications as the bell's panel shows them (the notifications store's BellItem): the text in
 * the page's language and the link that marks one read and goes where it leads.
 */
export function bellItems(list: Notification[], t: Translate, lang: Lang) {
  const page = localizedPath(lang, '/seeker/notifications');
  return list.map((n) => ({
    id: n.id,
    text: t(`alerts:bell.${n.kind}`, isolateValues(n.params, lang)),
    href: `${page}?open=${n.id}`,
    unread: !n.readAt,
  }));
}

/** A recommended job as the dashboard's card shows it (JobCard's lines), in the page's language. */
export function recommendationCard(
  { job, reason }: Recommendation,
  t: Translate,
  lang: Lang,
  site: Site,
) {
  const experience = experienceText(t, job.experienceMin, job.experienceMax);
  const meta = [
    job.locations.length > 0 ? placeList(job.locations, lang, 3) : null,
    experience,
    salaryText(t, job, site, lang),
    t('jobs.postedOn', { date: formatDate(job.postedAt, lang, site) }),
  ].filter((line): line is string => Boolean(line));
  return {
    id: job.id,
    title: job.title,
    href: localizedPath(lang, jobPath(job)),
    company: job.companyName,
    meta,
    walkin: job.isWalkin ? t('jobs.walkin') : null,
    // The seeker's designation, skill or search in the page's language when the portal names it;
    // an applied job's title is the employer's and stays as written.
    reason: t(
      `alerts:recommend.${reason.key}`,
      isolateValues(
        reason.key === 'applied'
          ? reason.values
          : Object.fromEntries(
              Object.entries(reason.values).map(([k, v]) => [k, jobWord(v, lang)]),
            ),
        lang,
      ),
    ),
  };
}

/** The seeker's profile views per day over the last `days` days, with the ends' dates. */
export async function profileViews(userId: string, days: 30 | 90, lang: Lang, site: Site) {
  const series = await dailyCounts(userId, 'view', days);
  const first = series[0]?.day;
  const last = series.at(-1)?.day;
  return {
    days,
    total: series.reduce((n, d) => n + d.count, 0),
    series,
    from: first ? formatDay(first, lang, site) : '',
    to: last ? formatDay(last, lang, site) : '',
  };
}
