/** How a job's experience, salary and walk-in days read on cards and detail pages. */
import { formatDay } from '~/lib/format/dates';
import { formatMoney } from '~/lib/format/money';
import type { Translate } from '~/lib/i18n';
import type { Lang, Site } from '~/lib/sites/schema';

export interface SalaryFields {
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  salaryHidden: boolean;
}

export function experienceText(
  t: Translate,
  min: number | null,
  max: number | null,
): string | null {
  if (min === null && max === null) return null;
  if (max === 0 || (min === 0 && max === null)) return t('jobs.fresher');
  if (min !== null && max !== null && min !== max)
    return t('jobs.experienceRange', { min, max, count: max });
  return t('search.experienceYears', { count: min ?? max ?? 0 });
}

/** A job's pay in the page's language: '₹ 6 Lakh – ₹ 9 Lakh a year', '₹ 6 लाख – ₹ 9 लाख प्रति वर्ष'. */
export function salaryText(t: Translate, job: SalaryFields, site: Site, lang: Lang): string {
  if (job.salaryHidden || (job.salaryMin === null && job.salaryMax === null))
    return t('jobs.salaryHidden');
  const currency = job.salaryCurrency ?? site.currency.code;
  const amounts = [job.salaryMin, job.salaryMax]
    .filter((n): n is number => n !== null)
    .filter((n, i, all) => all.indexOf(n) === i)
    .map((n) => formatMoney(n, currency, lang, site));
  const period =
    job.salaryPeriod === 'year'
      ? t('jobs.perYear')
      : job.salaryPeriod === 'month'
        ? t('jobs.perMonth')
        : '';
  return `${amounts.join(' – ')}${period ? ` ${period}` : ''}`;
}

/** A walk-in drive's days: the first, and the last when it is another ("2 Mar – 4 Mar"). */
export function walkinDates(start: string, end: string | null, lang: Lang, site: Site): string {
  const first = formatDay(start, lang, site);
  return end && end !== start ? `${first} – ${formatDay(end, lang, site)}` : first;
}
