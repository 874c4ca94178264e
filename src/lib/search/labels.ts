/**
 * What a filter value reads as on a page: our own closed lists (employer types, job types,
 * freshness) in the page's language; job words (functions, industries, roles, designations,
 * skills, qualifications) by the one jobWord (decision 0087); places by their local names;
 * salary bands in the page's words; anything else (companies) as the search service labels it.
 */
import { JOB_TYPES } from '~/lib/jobs/kinds';
import { keyIn, type Translate } from '~/lib/i18n';
import { localName } from '~/lib/chrome/names';
import { jobWord } from '~/lib/format/job-words';
import { formatMoney } from '~/lib/format/money';
import type { Lang, Site } from '~/lib/sites/schema';
import type { FilterKey } from './state';

/** Filters whose values are place names kept in English in the data. */
const PLACES: ReadonlySet<FilterKey> = new Set<FilterKey>([
  'location',
  'locations',
  'jobCities',
  'jobStates',
  'jobCountries',
]);

/** Filters whose values are job words (the portal's names, not what employers wrote). */
const JOB_WORDS: ReadonlySet<FilterKey> = new Set<FilterKey>([
  'functions',
  'industries',
  'roles',
  'designations',
  'skills',
  'qualifications',
]);

const JOB_TYPE_SET = new Set<string>(JOB_TYPES);

/**
 * A salary band's label from its URL value ('300000-600000', '5000000+'): "₹ 3 Lakh – ₹ 6 Lakh",
 * "< AED 3,000", "AED 35,000+"; null for a value that is not a band.
 */
export function salaryBandText(value: string, money: (amount: number) => string): string | null {
  const m = /^(\d{1,13})(?:-(\d{1,13})|\+)$/.exec(value);
  if (!m) return null;
  const min = Number(m[1]);
  if (m[2] === undefined) return `${money(min)}+`;
  const max = Number(m[2]);
  return min === 0 ? `< ${money(max)}` : `${money(min)} – ${money(max)}`;
}

/**
 * `page`: the page's language and site, so salary bands read in its words (₹ 6 लाख) and job
 * words in its language (without it, t's language names functions and industries only).
 */
export function filterValueLabel(
  t: Translate,
  key: FilterKey,
  value: string,
  label?: string,
  page?: { lang: Lang; site: Site },
): string {
  if (key === 'salaryRanges' && page) {
    const { lang, site } = page;
    const text = salaryBandText(value, (n) => formatMoney(n, site.currency.code, lang, site));
    if (text) return text;
  }
  if (key === 'employerTypes' && (value === 'company' || value === 'consultant'))
    return t(`search:employerTypes.${value}`);
  if (key === 'jobTypes' && JOB_TYPE_SET.has(value)) return t(keyIn('search:jobTypes', value));
  if (key === 'jobFreshness' && /^\d{1,3}$/.test(value))
    return t('search:freshness', { count: Number(value) });
  const range = key === 'experienceRanges' ? /^(\d{1,3})-(\d{1,3})$/.exec(value) : null;
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    return max >= 100
      ? t('search:experiencePlus', { min, count: min })
      : t('jobs.experienceRange', { min, max, count: max });
  }
  const text = label ?? value;
  if (JOB_WORDS.has(key)) {
    if (page) return jobWord(text, page.lang);
    return key === 'functions' || key === 'industries' ? localName(t, text) : text;
  }
  return PLACES.has(key) ? localName(t, text) : text;
}
