/**
 * What a filter value reads as on a page: our own closed lists (employer types, job types,
 * freshness) in the page's language; anything else (cities, skills, functions, industries,
 * salary bands) as the search service labels it.
 */
import { JOB_TYPES } from '~/lib/jobs/kinds';
import type { Translate } from '~/lib/i18n';
import { localName } from '~/lib/chrome/names';
import type { FilterKey } from './state';

/** Filters whose values are place, function or industry names kept in English in the data. */
const NAMED: ReadonlySet<FilterKey> = new Set<FilterKey>([
  'location',
  'locations',
  'jobCities',
  'jobStates',
  'jobCountries',
  'functions',
  'industries',
]);

const JOB_TYPE_SET = new Set<string>(JOB_TYPES);

export function filterValueLabel(
  t: Translate,
  key: FilterKey,
  value: string,
  label?: string,
): string {
  if (key === 'employerTypes' && (value === 'company' || value === 'consultant'))
    return t(`search:employerTypes.${value}`);
  if (key === 'jobTypes' && JOB_TYPE_SET.has(value)) return t(`search:jobTypes.${value}`);
  if (key === 'jobFreshness' && /^\d{1,3}$/.test(value))
    return t('search:freshness', { count: Number(value) });
  const range = key === 'experienceRanges' ? /^(\d{1,3})-(\d{1,3})$/.exec(value) : null;
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    return max >= 100
      ? t('search:experiencePlus', { min })
      : t('jobs.experienceRange', { min, max });
  }
  return NAMED.has(key) ? localName(t, label ?? value) : (label ?? value);
}
