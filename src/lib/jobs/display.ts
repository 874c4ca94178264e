/** How a job's experience, salary and dates read on cards and detail pages. */
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
  if (min !== null && max !== null && min !== max) return t('jobs.experienceRange', { min, max });
  return t('search.experienceYears', { count: min ?? max ?? 0 });
}

export function salaryText(t: Translate, job: SalaryFields, site: Site): string {
  if (job.salaryHidden || (job.salaryMin === null && job.salaryMax === null))
    return t('jobs.salaryHidden');
  const currency =
    job.salaryCurrency && job.salaryCurrency !== site.currency.code
      ? { code: job.salaryCurrency, symbol: job.salaryCurrency, format: 'intl' as const }
      : site.currency;
  const amounts = [job.salaryMin, job.salaryMax]
    .filter((n): n is number => n !== null)
    .filter((n, i, all) => all.indexOf(n) === i)
    .map((n) => formatMoney(n, currency, site.locale));
  const period =
    job.salaryPeriod === 'year'
      ? t('jobs.perYear')
      : job.salaryPeriod === 'month'
        ? t('jobs.perMonth')
        : '';
  return `${amounts.join(' – ')}${period ? ` ${period}` : ''}`;
}

/** Dates in the reader's language, with the site's region (e.g. ar-AE, hi-IN). */
/** One formatter per locale: building an Intl.DateTimeFormat costs far more than using one. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(date: Date | string, lang: Lang, site: Site): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const locale = `${lang}-${site.country.isoCode}`;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(value);
}

/** A walk-in drive's dates: the first day, and the last when it is another ("2 Mar – 4 Mar"). */
export function walkinDates(start: string, end: string | null, lang: Lang, site: Site): string {
  const first = formatDate(start, lang, site);
  return end && end !== start ? `${first} – ${formatDate(end, lang, site)}` : first;
}
