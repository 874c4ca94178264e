/**
 * The salary page (/salaries/<role>) as a reader of each language sees it, rendered with given
 * salaries: its language and direction, its texts, and its amounts and counts written as
 * lib/format writes them for the site and language.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SalaryPage from '~/pages/salaries/[slug].astro';
import { formatMoney } from '~/lib/format/money';
import { formatNumber } from '~/lib/format/numbers';
import { siteByKey } from '../../sites';
import { localsFor, render, seen, textOf } from './render';
import type { JobSalary } from '~/server/jobs/salaries';

const data = vi.hoisted(() => ({ jobs: [] as JobSalary[] }));
vi.mock('~/server/jobs/salaries', () => ({
  rolesWithSalaries: async () => [
    { key: 'accountant', label: 'Accountant', count: data.jobs.length },
    { key: 'data analyst', label: 'Data Analyst', count: 12 },
  ],
  roleCitiesWithSalaries: async () => [],
  openJobSalaries: async () => data.jobs,
}));
// Caching a page needs Astro's route cache, which a container does not have.
vi.mock('~/server/http/page-cache', () => ({ cacheJobListPage: () => {} }));

/** Twelve yearly INR salaries of 6-10 lakh for freshers (median 8 lakh). */
const indianJobs = (): JobSalary[] =>
  Array.from({ length: 12 }, (_, i) => ({
    salaryMin: 600_000 + i * 10_000,
    salaryMax: 1_000_000 - i * 10_000,
    salaryCurrency: 'INR',
    salaryPeriod: 'year',
    experienceMin: 0,
  }));

beforeEach(() => {
  data.jobs = indianJobs();
});

describe.each(['en', 'hi', 'ar'] as const)('the salary page in %s', (lang) => {
  it('says the role, the median and how many jobs back it, in the page language', async () => {
    const site = siteByKey('india')!;
    const html = await render(SalaryPage, {
      site: 'india',
      lang,
      path: '/salaries/accountant',
      params: { slug: 'accountant' },
    });
    const { t } = localsFor('india', lang);
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
    expect(html).toMatch(new RegExp(`<html[^>]* dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`));
    const text = textOf(html);
    expect(text).toContain(t('browse:salaries.median'));
    expect(text).toContain(t('browse:salaries.byExperience'));
    // The median of the middles (8 lakh a year) as people say it, in this language.
    const median = formatMoney(800_000, 'INR', lang, site, { style: 'rounded' });
    expect(text).toContain(seen(median));
    expect(text).toContain(t('jobs.perYear'));
    expect(text).toContain(formatNumber(12, lang, site));
    if (lang !== 'en') {
      // Not the English page with another lang attribute.
      const english = localsFor('india', 'en').t;
      expect(text).not.toContain(english('browse:salaries.median'));
      expect(median).not.toBe(formatMoney(800_000, 'INR', 'en', site, { style: 'rounded' }));
    }
  });
});

describe('the salary page of a site paid monthly', () => {
  it('writes Gulf amounts in dirhams a month, as the Arabic page writes money', async () => {
    data.jobs = indianJobs().map((j) => ({
      ...j,
      salaryMin: 8_000,
      salaryMax: 12_000,
      salaryCurrency: 'AED',
      salaryPeriod: 'month',
    }));
    const site = siteByKey('gulf')!;
    const html = await render(SalaryPage, {
      site: 'gulf',
      lang: 'ar',
      path: '/salaries/accountant',
      params: { slug: 'accountant' },
    });
    const { t } = localsFor('gulf', 'ar');
    const text = textOf(html);
    expect(text).toContain(seen(formatMoney(10_000, 'AED', 'ar', site, { style: 'rounded' })));
    expect(text).toContain(t('jobs.perMonth'));
    expect(text).not.toContain(t('jobs.perYear'));
  });
});
