/**
 * The alert mails, in the alert's site brand and language (right to left in Arabic), each with a
 * text and an HTML part: the confirmation of a guest's alert, the "choose what to replace" mail
 * of a 6th alert, and the digest of new matching jobs. Every digest carries RFC 8058 one-click
 * unsubscribe headers (a signed link, no login) and links to manage alerts and mail preferences.
 */
import { dirOf, type Lang } from '~/lib/i18n';
import { jobPath } from '~/lib/jobs/paths';
import { isolate } from '~/lib/format/bidi';
import { jobWord } from '~/lib/format/job-words';
import { placeList } from '~/lib/format/places';
import { salaryText } from '~/lib/jobs/display';
import { getMailSender, mailFrom, type MailMessage } from '~/server/adapters/mail';
import type { JobAlert } from '~/server/db/schema-alerts';
import type { JobSummary } from '~/server/jobs/service';
import { alertContext, type AlertContext } from './context';
import { alertToken } from './tokens';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The alert's label: its keywords (a job word the portal has a name for in the reader's language,
 * else as typed) and location (its places in the reader's language).
 */
export function alertLabel(alert: Pick<JobAlert, 'query'>, lang: Lang = 'en'): string {
  const params = new URLSearchParams(alert.query);
  const places = (params.get('location') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return [jobWord(params.get('q') ?? '', lang), placeList(places, lang)]
    .filter(Boolean)
    .join(' · ');
}

interface Block {
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  jobs?: { title: string; meta: string; href: string }[];
  footer: { label: string; href: string }[];
}

/** One mail layout for every alert mail: brand bar, heading, text, button, jobs, footer links. */
export function render(ctx: AlertContext, block: Block): { html: string; text: string } {
  const dir = dirOf(ctx.lang);
  const color = ctx.brand.themeColor;
  const jobsHtml = (block.jobs ?? [])
    .map(
      (j) => `<tr><td style="padding:12px 0;border-block-end:1px solid #e5e7eb">
<a href="${escapeHtml(j.href)}" dir="auto" style="color:${color};font-weight:bold;font-size:16px;text-decoration:none">${escapeHtml(j.title)}</a>
<div style="color:#374151;font-size:14px;margin-block-start:4px">${escapeHtml(j.meta)}</div></td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${ctx.lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(block.heading)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;text-align:start">
<tr><td style="background:${color};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(ctx.brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(block.heading)}</h1>
${block.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${block.button ? `<p style="margin:20px 0"><a href="${escapeHtml(block.button.href)}" style="background:${color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(block.button.label)}</a></p>` : ''}
${jobsHtml ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${jobsHtml}</table>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-block-start:1px solid #e5e7eb">
${block.footer.map((f) => `<a href="${escapeHtml(f.href)}" style="color:#6b7280">${escapeHtml(f.label)}</a>`).join(' · ')}
</td></tr></table></td></tr></table></body></html>
`;
  const text = [
    block.heading,
    '',
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.button ? [`${block.button.label}: ${block.button.href}`, ''] : []),
    ...(block.jobs ?? []).flatMap((j) => [j.title, j.meta, j.href, '']),
    '--',
    ...block.footer.map((f) => `${f.label}: ${f.href}`),
    '',
  ].join('\n');
  return { html, text };
}

/**
 * A seeker manages alerts after logging in; a guest has no login, so a guest alert's mails carry a
 * signed link to that alert's page instead.
 */
const footerLinks = (ctx: AlertContext, alert: Pick<JobAlert, 'id' | 'userId'>) => [
  {
    label: ctx.t('alerts:mail.manage'),
    href: alert.userId
      ? ctx.link('/seeker/job-alert-list')
      : ctx.link('/seeker/job-alert-list', { manage: alertToken('manage', alert.id) }),
  },
  {
    label: ctx.t('alerts:mail.preferences'),
    href: ctx.link('/seeker/settings', {}) + '#mail-preferences',
  },
];

async function send(ctx: AlertContext, alert: JobAlert, message: Omit<MailMessage, 'to' | 'from'>) {
  return getMailSender().send({
    to: alert.email,
    from: mailFrom(ctx.site.domainName),
    siteContext: ctx.site.context,
    ...message,
  });
}

/** A mail asking the address's owner to act through one signed link (confirm, replace). */
async function sendLinkMail(
  alert: JobAlert,
  kind: 'confirm' | 'replace',
  link: (ctx: AlertContext) => string,
): Promise<void> {
  const ctx = alertContext(alert);
  const { html, text } = render(ctx, {
    heading: ctx.t(`alerts:mail.${kind}Heading`),
    paragraphs: [
      ctx.t('alerts:mail.hello', { name: alert.name }),
      ctx.t(`alerts:mail.${kind}Text`, { label: isolate(alertLabel(alert, ctx.lang), ctx.lang) }),
      ctx.t('alerts:mail.notYou'),
    ],
    button: { label: ctx.t(`alerts:mail.${kind}Button`), href: link(ctx) },
    footer: footerLinks(ctx, alert),
  });
  await send(ctx, alert, { subject: ctx.t(`alerts:mail.${kind}Subject`), text, html });
}

export const sendConfirmationMail = (alert: JobAlert) =>
  sendLinkMail(alert, 'confirm', (ctx) =>
    ctx.link('/seeker/free-job-alert', { confirm: alertToken('confirm', alert.id) }),
  );

export const sendReplaceMail = (alert: JobAlert) =>
  sendLinkMail(alert, 'replace', (ctx) =>
    ctx.link('/seeker/job-alert-replace', {
      new: alert.id,
      token: alertToken('replace', alert.id),
    }),
  );

/** UTM parameters of links in digests (SPEC §3 tracking reads them on page views). */
export const utm = (alert: Pick<JobAlert, 'frequency'>) => ({
  utm_source: 'job_alert',
  utm_medium: 'email',
  utm_campaign: `job_alert_${alert.frequency}`,
});

/** The unsubscribe endpoint a digest's List-Unsubscribe header names (POST, RFC 8058). */
export const unsubscribeApiPath = '/api/alerts/unsubscribe';

/** The digest of new jobs for one alert run. */
export function digestMessage(
  alert: JobAlert,
  jobs: readonly JobSummary[],
): Omit<MailMessage, 'from'> & { from: string } {
  const ctx = alertContext(alert);
  const token = alertToken('unsubscribe', alert.id);
  const oneClick = ctx.apiLink(unsubscribeApiPath, { token });
  const unsubscribePage = ctx.link('/seeker/job-alert-list', { unsubscribe: token });
  const label = isolate(alertLabel(alert, ctx.lang), ctx.lang);
  const { html, text } = render(ctx, {
    heading: ctx.t('alerts:mail.digestHeading', { count: jobs.length, label }),
    paragraphs: [ctx.t('alerts:mail.hello', { name: alert.name }), ctx.t('alerts:mail.digestText')],
    jobs: jobs.map((job) => ({
      title: job.title,
      // Each part isolated: a Latin company name keeps its place in an Arabic line.
      meta: [
        job.companyName,
        placeList(job.locations, ctx.lang, 3),
        salaryText(ctx.t, job, ctx.site, ctx.lang),
      ]
        .filter(Boolean)
        .map((part) => isolate(part, ctx.lang))
        .join(' · '),
      href: ctx.link(jobPath(job), utm(alert)),
    })),
    button: {
      label: ctx.t('alerts:mail.seeAll'),
      href: ctx.link('/search/results', {
        ...Object.fromEntries(new URLSearchParams(alert.query)),
        sort: 'date',
        ...utm(alert),
      }),
    },
    footer: [
      ...footerLinks(ctx, alert),
      { label: ctx.t('alerts:mail.unsubscribe'), href: unsubscribePage },
    ],
  });
  return {
    to: alert.email,
    from: mailFrom(ctx.site.domainName),
    siteContext: ctx.site.context,
    subject: ctx.t('alerts:mail.digestSubject', { count: jobs.length, label }),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
