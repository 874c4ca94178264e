/**
 * The job alert pages' parts in each language: the list of a seeker's alerts (rows, statuses,
 * dates through lib/format), the unsubscribe question, the edit form with its messages, and the
 * success page headed by what happened.
 */
import { describe, expect, it } from 'vitest';
import AlertList from '~/components/alerts/AlertList.astro';
import AlertSuccessPage from '~/pages/seeker/job-alert-success.astro';
import { formatDateTime } from '~/lib/format/dates';
import type { AlertListView } from '~/server/alerts/http-list';
import { localsFor, render, seen, textOf } from './render';

const LANGS = ['en', 'hi', 'ar'] as const;
const base = {
  alert: '',
  notice: '',
  self: '/seeker/job-alert-list',
  join: '?',
  createHref: '/seeker/free-job-alert',
} as const;
const lastRun = new Date('2026-11-30T03:15:00Z');
const listView: AlertListView = {
  ...base,
  kind: 'list',
  alerts: [
    {
      id: 'a1',
      label: 'Accountant, Mumbai',
      status: 'active',
      frequency: 'daily',
      email: 'asha@example.com',
      lastRunAt: lastRun,
    },
    {
      id: 'a2',
      label: 'Data Analyst',
      status: 'paused',
      frequency: 'weekly',
      email: 'asha@example.com',
      lastRunAt: null,
    },
  ],
};

describe.each(LANGS)('the alert list in %s', (lang) => {
  const { t, site } = localsFor('india', lang);

  it('shows each alert with its status, frequency and last run in the page language', async () => {
    const html = await render(AlertList, { site: 'india', lang, props: { view: listView } });
    const text = textOf(html);
    expect(text).toContain(t('alerts:list.status_active'));
    expect(text).toContain(t('alerts:list.status_paused'));
    expect(text).toContain(t('alerts:list.frequency_daily'));
    expect(text).toContain(t('alerts:list.frequency_weekly'));
    const when = formatDateTime(lastRun, lang, site);
    expect(text).toContain(seen(t('alerts:list.lastRun', { date: when })));
    expect(text).toContain(t('alerts:list.never'));
    // A paused alert offers to resume, an active one to pause; both can be deleted.
    expect(html).toContain('action="/seeker/job-alert-list?intent=pause&amp;id=a1"');
    expect(html).toContain('action="/seeker/job-alert-list?intent=resume&amp;id=a2"');
    expect(text).toContain(t('alerts:list.resume'));
    expect(html.match(/intent=delete/g)).toHaveLength(2);
  });

  it('says when there is no alert, with a way to make one', async () => {
    const view: AlertListView = {
      ...base,
      kind: 'list',
      alerts: [],
      notice: t('alerts:list.deleted'),
    };
    const text = textOf(await render(AlertList, { site: 'india', lang, props: { view } }));
    expect(text).toContain(t('alerts:list.empty'));
    expect(text).toContain(t('alerts:list.create'));
    expect(text).toContain(t('alerts:list.deleted'));
  });

  it('asks before unsubscribing, naming the alert; a broken link is said so', async () => {
    const ask: AlertListView = { ...base, kind: 'unsubscribe', label: 'Accountant', action: '/x' };
    const text = textOf(await render(AlertList, { site: 'india', lang, props: { view: ask } }));
    expect(text).toContain(t('alerts:list.unsubscribeHeading'));
    expect(text).toContain(t('alerts:list.unsubscribeText', { label: 'Accountant' }));
    const broken: AlertListView = { ...ask, label: null };
    const refused = textOf(
      await render(AlertList, { site: 'india', lang, props: { view: broken } }),
    );
    expect(refused).toContain(t('alerts:messages.badLink'));
    expect(refused).not.toContain(t('alerts:list.unsubscribeHeading'));
  });

  it("shows an alert's form with the messages of a refused save", async () => {
    const view: AlertListView = {
      ...base,
      alert: t('alerts:messages.fixFields'),
      kind: 'edit',
      id: 'a1',
      values: { keywords: 'accountant', email: 'asha@example.com', frequency: 'weekly' },
      errors: { keywords: t('alerts:messages.keywordsRequired') },
      options: { experience: [], salary: [], industries: [], functions: [] },
    };
    const html = await render(AlertList, { site: 'india', lang, props: { view } });
    const text = textOf(html);
    expect(text).toContain(t('alerts:list.editHeading'));
    expect(text).toContain(t('alerts:messages.fixFields'));
    expect(text).toContain(t('alerts:messages.keywordsRequired'));
    expect(html).toContain('action="/seeker/job-alert-list?intent=save&amp;id=a1"');
    expect(html).toMatch(/value="accountant"/);
  });
});

describe.each(LANGS)('the alert success page in %s', (lang) => {
  it('is headed by what happened, in the page language and direction', async () => {
    const { t } = localsFor('gulf', lang);
    const html = await render(AlertSuccessPage, {
      site: 'gulf',
      lang,
      path: '/seeker/job-alert-success?status=unsubscribed',
    });
    expect(html).toMatch(
      new RegExp(`<html[^>]* lang="${lang}"[^>]* dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`),
    );
    const text = textOf(html);
    expect(text).toContain(t('alerts:success.headings.unsubscribed'));
    expect(text).toContain(t('alerts:success.unsubscribed'));
    // A guest has no alert list to manage.
    expect(text).not.toContain(t('alerts:success.manage'));
  });
});
