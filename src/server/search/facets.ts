/**
 * Facets of a search: how the facet_data lines of search_jobs are read, which values each job
 * has for each filter key, salary bands per currency, and the counting itself.
 *
 * Counting happens here rather than in SQL: the database returns the facet_data lines of the
 * candidate jobs as one string (string_agg), and one pass over them counts every facet at once.
 * That costs a few microseconds per job, where a GROUP BY per facet (or GROUPING SETS with
 * unnest for skills and cities) cost several milliseconds per thousand jobs, most of all on
 * PGlite.
 */
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import {
  EXPERIENCE_RANGES,
  FRESHNESS_DAYS,
  SEARCH_EMPLOYER_TYPES,
  SEARCH_JOB_TYPES,
} from '~/lib/search/parse';
import type { FilterKey } from '~/lib/search/state';
import type { Site } from '~/lib/sites/schema';
import { keyOf, type FacetJob } from './facet-data';
import {
  experienceRangeLabel,
  type ExperienceRange,
  type SalaryBand,
  inBand,
  overlapsExperience,
  parseExperienceRange,
  parseSalaryBand,
  salaryBandLabel,
  salaryBands,
  salaryFactor,
  salaryScale,
} from './facet-ranges';
import { placeKey, regionOf } from './places';
import type { FacetValue } from './types';

export {
  FACET_FIELDS,
  facetJobOf,
  parseFacetData,
  parseFacetLine,
  type FacetJob,
} from './facet-data';
export * from './facet-ranges';
export { filterPredicate } from './facet-filter';

// Counting

/** Filter keys that get facets. location and locations filter on the same cities as jobCities. */
export const FACET_KEYS = [
  'jobFreshness',
  'experienceRanges',
  'salaryRanges',
  'jobCities',
  'jobStates',
  'jobCountries',
  'functions',
  'industries',
  'skills',
  'designations',
  'roles',
  'companies',
  'qualifications',
  'employerTypes',
  'jobTypes',
] as const satisfies readonly FilterKey[];
export type FacetKey = (typeof FACET_KEYS)[number];

/** Most values shown for an open-ended facet (skills, cities, companies...). */
export const FACET_TOP = 15;

/** Facets whose values are a closed, ordered list: every value is shown, in list order. */
const ORDERED_KEYS = new Set<FacetKey>([
  'jobFreshness',
  'experienceRanges',
  'salaryRanges',
  'employerTypes',
  'jobTypes',
]);

export interface FacetContext {
  site: Site;
  /** Now, in seconds since the epoch (freshness). */
  nowSeconds: number;
  /** Selected values per key (from the search state). */
  selected: Partial<Record<FilterKey, string[]>>;
  /** Display names of countries (jobCountries). */
  countryName: (code: string) => string;
}

/** Where a value stands in its closed list (unknown values last). */
const listOrder = (list: readonly string[], value: string) => {
  const i = list.indexOf(value);
  return i < 0 ? list.length : i;
};

/** regionOf for one site, remembered per city spelling. */
const regionCaches = new Map<string, Map<string, string | null>>();
function regionsOf(siteContext: string): (city: string) => string | null {
  let cache = regionCaches.get(siteContext);
  if (!cache) {
    cache = new Map();
    regionCaches.set(siteContext, cache);
  }
  const known = cache;
  return (city) => {
    let region = known.get(city);
    if (region === undefined) {
      if (known.size > 10_000) known.clear();
      region = regionOf(siteContext, city);
      known.set(city, region);
    }
    return region;
  };
}

interface Tally {
  count: number;
  label: string;
  order: number;
}

/** Facets counted from one text field of each job (the field, as facet_data has it). */
const TEXT_FIELDS = {
  designations: 'title',
  companies: 'company',
  roles: 'role',
  qualifications: 'qualification',
} as const satisfies Partial<Record<FacetKey, keyof FacetJob>>;

const functionNames = new Map(JOB_FUNCTIONS.map((f) => [String(f.id), f.value]));
const industryNames = new Map(INDUSTRIES.map((i) => [String(i.id), i.value]));

/** Counts the values of `keys` over `jobs`; `scale` multiplies counts (sampled candidates). */
export function countFacets(
  jobs: readonly FacetJob[],
  keys: readonly FacetKey[],
  ctx: FacetContext,
  scale = 1,
): Partial<Record<FacetKey, FacetValue[]>> {
  const { site } = ctx;
  const scaleInfo = salaryScale(site.currency.code);
  const bands = salaryBands(site.currency.code);
  for (const value of ctx.selected.salaryRanges ?? []) {
    const band = parseSalaryBand(value);
    if (band && !bands.some((b) => b.value === band.value)) bands.push(band);
  }
  const ranges = EXPERIENCE_RANGES.map((r) => parseExperienceRange(r) as ExperienceRange);
  for (const value of ctx.selected.experienceRanges ?? []) {
    const range = parseExperienceRange(value);
    if (range && !ranges.some((r) => r.value === range.value)) ranges.push(range);
  }
  const freshness = [...FRESHNESS_DAYS] as number[];
  for (const value of ctx.selected.jobFreshness ?? []) {
    const days = Number(value);
    if (!freshness.includes(days)) freshness.push(days);
  }
  freshness.sort((a, b) => a - b);
  // Conversion factors per currency and period (a handful of pairs per site).
  const factors = new Map<string, Map<string, number | null>>();
  const factorOf = (job: FacetJob) => {
    let byPeriod = factors.get(job.salaryCurrency);
    if (!byPeriod) {
      byPeriod = new Map();
      factors.set(job.salaryCurrency, byPeriod);
    }
    let factor = byPeriod.get(job.salaryPeriod);
    if (factor === undefined) {
      factor = salaryFactor(
        job.salaryCurrency,
        job.salaryPeriod,
        site.currency.code,
        scaleInfo.period,
      );
      byPeriod.set(job.salaryPeriod, factor);
    }
    return factor;
  };

  const tallies = new Map<FacetKey, Map<string, Tally>>();
  const tallyOf = (key: FacetKey) => {
    const map = new Map<string, Tally>();
    tallies.set(key, map);
    return map;
  };
  /** Counts one job for a value; the label is only worked out the first time a value is seen. */
  const add = (map: Map<string, Tally>, id: string, label: string | (() => string), order = 0) => {
    const tally = map.get(id);
    if (tally) tally.count += 1;
    else map.set(id, { count: 1, label: typeof label === 'string' ? label : label(), order });
  };
  /** Counts each distinct (case-insensitive) value of a job once. */
  const addTexts = (map: Map<string, Tally>, values: readonly string[]) => {
    if (values.length === 1) {
      const value = values[0] as string;
      const id = keyOf(value);
      if (id !== '') add(map, id, value);
      return;
    }
    const seen: string[] = [];
    for (const value of values) {
      const id = keyOf(value);
      if (id === '' || seen.includes(id)) continue;
      seen.push(id);
      add(map, id, value);
    }
  };

  // One pass over the jobs per facet: short, monomorphic loops.
  for (const key of keys) {
    const map = tallyOf(key);
    switch (key) {
      case 'employerTypes':
        for (const job of jobs)
          if (job.employerType)
            add(
              map,
              job.employerType,
              job.employerType,
              listOrder(SEARCH_EMPLOYER_TYPES, job.employerType),
            );
        break;
      case 'jobTypes':
        for (const job of jobs)
          if (job.jobType)
            add(map, job.jobType, job.jobType, listOrder(SEARCH_JOB_TYPES, job.jobType));
        break;
      case 'functions':
        for (const job of jobs)
          if (job.functionId)
            add(map, job.functionId, functionNames.get(job.functionId) ?? job.functionId);
        break;
      case 'industries':
        for (const job of jobs)
          if (job.industryId)
            add(map, job.industryId, industryNames.get(job.industryId) ?? job.industryId);
        break;
      case 'jobCountries':
        for (const job of jobs)
          if (job.countryCode) add(map, job.countryCode, () => ctx.countryName(job.countryCode));
        break;
      case 'designations':
      case 'companies':
      case 'roles':
      case 'qualifications': {
        const field = TEXT_FIELDS[key];
        for (const job of jobs) {
          const text = job[field];
          if (text) addTexts(map, [text]);
        }
        break;
      }
      case 'skills':
        for (const job of jobs) addTexts(map, job.skills);
        break;
      case 'jobCities':
        for (const job of jobs) addTexts(map, job.cities);
        break;
      case 'jobStates': {
        const regions = regionsOf(site.context);
        for (const job of jobs) {
          const found: string[] = [];
          for (const city of job.cities) {
            const region = regions(city);
            if (region !== null) found.push(region);
          }
          if (found.length > 0) addTexts(map, found);
        }
        break;
      }
      case 'experienceRanges':
        for (const job of jobs) {
          for (let i = 0; i < ranges.length; i++) {
            const range = ranges[i] as ExperienceRange;
            if (overlapsExperience(job, range))
              add(map, range.value, () => experienceRangeLabel(range), i);
          }
        }
        break;
      case 'salaryRanges':
        for (const job of jobs) {
          const factor = factorOf(job);
          const lo = job.salaryMin ?? job.salaryMax;
          const hi = job.salaryMax ?? job.salaryMin;
          if (factor === null || lo === null || hi === null) continue;
          for (let i = 0; i < bands.length; i++) {
            const band = bands[i] as SalaryBand;
            if (inBand(lo * factor, hi * factor, band))
              add(map, band.value, () => salaryBandLabel(band, site), i);
          }
        }
        break;
      case 'jobFreshness':
        for (const job of jobs) {
          const ageDays = (ctx.nowSeconds - job.postedAt) / 86_400;
          for (let i = 0; i < freshness.length; i++) {
            const days = freshness[i] as number;
            if (ageDays <= days) add(map, String(days), String(days), i);
          }
        }
        break;
    }
  }

  const out: Partial<Record<FacetKey, FacetValue[]>> = {};
  for (const key of keys) {
    const map = tallies.get(key) as Map<string, Tally>;
    const selected = ctx.selected[key] ?? [];
    const selectedIds = new Set(selected.map((s) => placeKey(s)));
    let entries = [...map.entries()];
    if (ORDERED_KEYS.has(key)) {
      entries.sort((a, b) => a[1].order - b[1].order);
    } else {
      // Code-point order for ties: localeCompare is slow, and any fixed order will do.
      entries.sort(
        (a, b) =>
          b[1].count - a[1].count ||
          (a[1].label < b[1].label ? -1 : a[1].label > b[1].label ? 1 : 0),
      );
      entries = entries.filter(([id], i) => i < FACET_TOP || selectedIds.has(id));
    }
    const values: FacetValue[] = entries.map(([id, tally]) => ({
      value: valueFor(key, id, tally),
      label: tally.label,
      count: scale === 1 ? tally.count : Math.max(1, Math.round(tally.count * scale)),
      selected: selectedIds.has(id),
    }));
    // A selected value no job has any more still shows (with 0), so it can be unticked.
    for (const value of selected) {
      if (!map.has(placeKey(value)))
        values.push({ value, label: labelForMissing(key, value, site), count: 0, selected: true });
    }
    if (key === 'jobCountries' && values.length <= 1 && selected.length === 0) continue;
    if (values.length > 0) out[key] = values;
  }
  return out;
}

/** The URL value of a counted value: ids and closed lists as they are, texts as first seen. */
function valueFor(key: FacetKey, id: string, tally: Tally): string {
  switch (key) {
    case 'skills':
    case 'designations':
    case 'companies':
    case 'roles':
    case 'qualifications':
    case 'jobCities':
    case 'jobStates':
      return tally.label;
    default:
      return id;
  }
}

function labelForMissing(key: FacetKey, value: string, site: Site): string {
  if (key === 'functions') return functionNames.get(value) ?? value;
  if (key === 'industries') return industryNames.get(value) ?? value;
  if (key === 'salaryRanges') {
    const band = parseSalaryBand(value);
    return band ? salaryBandLabel(band, site) : value;
  }
  if (key === 'experienceRanges') {
    const range = parseExperienceRange(value);
    return range ? experienceRangeLabel(range) : value;
  }
  return value;
}
