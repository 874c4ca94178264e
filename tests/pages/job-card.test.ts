/** A job in a list (search results, similar jobs): what it says in each language, its numbers. */
import { describe, expect, it } from 'vitest';
import JobCard from '~/components/JobCard.astro';
import { formatDate } from '~/lib/format/dates';
import { formatMoney } from '~/lib/format/money';
import type { JobSummary } from '~/server/jobs/service';
import { localsFor, render, seen, textOf } from './render';

const job = {
  id: 'f1d7a8f8-1111-4c1e-9a0e-000000000001',
  slug: 'senior-accountant',
  title: 'Senior Accountant',
  companyName: 'Harbour Ledger Pvt Ltd',
  locations: ['Mumbai', 'Pune'],
  experienceMin: 3,
  experienceMax: 6,
  salaryMin: 650_000,
  salaryMax: 1_200_000,
  salaryCurrency: 'INR',
  salaryPeriod: 'year',
  salaryHidden: false,
  postedAt: new Date('2026-11-20T06:30:00Z'),
  isWalkin: true,
} as unknown as JobSummary;

describe.each(['en', 'hi', 'ar'] as const)('a job card in %s', (lang) => {
  it('says the salary, experience, places and posting date as the page language writes them', async () => {
    const { t, site } = localsFor('india', lang);
    const text = textOf(await render(JobCard, { site: 'india', lang, props: { job } }));
    expect(text).toContain('Senior Accountant');
    expect(text).toContain(seen(formatMoney(650_000, 'INR', lang, site)));
    expect(text).toContain(seen(formatMoney(1_200_000, 'INR', lang, site)));
    expect(text).toContain(t('jobs.perYear'));
    expect(text).toContain(
      seen(t('jobs.postedOn', { date: formatDate(job.postedAt, lang, site) })),
    );
    expect(text).toContain(t('jobs.walkin'));
    if (lang === 'hi') expect(text).toContain('मुंबई');
    if (lang === 'ar') expect(text).toContain('مومباي');
  });
});

it('shows a hidden salary as hidden, in the page language', async () => {
  const hidden = { ...job, salaryHidden: true } as JobSummary;
  const { t } = localsFor('india', 'ar');
  const text = textOf(await render(JobCard, { site: 'india', lang: 'ar', props: { job: hidden } }));
  expect(text).toContain(t('jobs.salaryHidden'));
  expect(text).not.toContain('650');
});
