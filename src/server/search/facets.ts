/**
 * Facets of a search: how the facet_data lines of search_jobs are read, which values each job
 * has for each filter key, salary bands per currency, and the counting itself.
 *
 * Counting happens here rather than in SQL: the database returns the facet_data lines of the
 * candidate jobs as one string (string_agg), and one pass over them counts every facet at once.
 * That costs a few microseconds per job, where a GROUP BY per facet (or GROUPING SETS with
 * unnest for skills and cities) cost several milliseconds per thousand jobs, most of all on
 * PGlite. Values are counted as numbers (facet-numbers.ts), each job's worked out once.
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
import type { FacetJob } from './facet-data';
import { countNumbers, facetNumbers, statesOf, type FacetNumbers } from './facet-numbers';
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
export { forgetFacetNumbers } from './facet-numbers';

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
  roles: 'role',
  qualifications: 'qualification',
} as const satisfies Partial<Record<FacetKey, keyof FacetJob & keyof FacetNumbers>>;

/** Facets counted from a code or id of each job, labelled and ordered by describeCode. */
const CODE_FIELDS = {
  employerTypes: 'employerType',
  jobTypes: 'jobType',
  functions: 'functionId',
  industries: 'industryId',
  jobCountries: 'countryCode',
} as const satisfies Partial<Record<FacetKey, keyof FacetJob & keyof FacetNumbers>>;

const functionNames = new Map(JOB_FUNCTIONS.map((f) => [String(f.id), f.value]));
const industryNames = new Map(INDUSTRIES.map((i) => [String(i.id), i.value]));

/** The label and list order of a code (countries are named per language, in countFacets). */
const describeCode: Record<
  Exclude<keyof typeof CODE_FIELDS, 'jobCountries'>,
  (code: string) => [label: string, order: number]
> = {
  employerTypes: (code) => [code, listOrder(SEARCH_EMPLOYER_TYPES, code)],
  jobTypes: (code) => [code, listOrder(SEARCH_JOB_TYPES, code)],
  functions: (id) => [functionNames.get(id) ?? id, 0],
  industries: (id) => [industryNames.get(id) ?? id, 0],
};

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
  // Values as numbers (facet-numbers.ts): each facet is counted in an array.
  const { numbers, stringOf } = facetNumbers(jobs);
  /**
   * Counts numbered values into `map`, texts keyed by keyOf and labelled with the text first
   * seen; values of a closed list or an id get `describe`'s label and order.
   */
  const addNumbered = (
    map: Map<string, Tally>,
    each: Parameters<typeof countNumbers>[1],
    describe?: (value: string) => [label: string, order: number],
  ) => {
    for (const { n, count, text } of countNumbers(stringOf.length, each)) {
      const id = stringOf[n] as string;
      const [label, order] = describe ? describe(id) : [text, 0];
      map.set(id, { count, label, order });
    }
  };

  // One pass over the jobs per facet.
  for (const key of keys) {
    const map = tallyOf(key);
    switch (key) {
      case 'employerTypes':
      case 'jobTypes':
      case 'functions':
      case 'industries':
      case 'jobCountries': {
        const field = CODE_FIELDS[key];
        addNumbered(
          map,
          (add) => {
            for (const job of numbers) if (job[field] >= 0) add(job[field], '');
          },
          key === 'jobCountries' ? (code) => [ctx.countryName(code), 0] : describeCode[key],
        );
        break;
      }
      case 'companies':
        // By the employer's id (two companies may share a name), labelled with its name.
        addNumbered(map, (add) => {
          for (let i = 0; i < jobs.length; i++) {
            const n = (numbers[i] as FacetNumbers).companyId;
            if (n >= 0) add(n, (jobs[i] as FacetJob).company);
          }
        });
        break;
      case 'designations':
      case 'roles':
      case 'qualifications': {
        const field = TEXT_FIELDS[key];
        addNumbered(map, (add) => {
          for (let i = 0; i < jobs.length; i++) {
            const n = (numbers[i] as FacetNumbers)[field];
            if (n >= 0) add(n, (jobs[i] as FacetJob)[field]);
          }
        });
        break;
      }
      case 'skills':
        addNumbered(map, (add) => {
          for (const job of numbers)
            for (let j = 0; j < job.skills.length; j++)
              add(job.skills[j] as number, job.skillTexts[j] as string);
        });
        break;
      case 'jobCities':
        addNumbered(map, (add) => {
          for (const job of numbers)
            for (let j = 0; j < job.cities.length; j++)
              add(job.cities[j] as number, job.cityTexts[j] as string);
        });
        break;
      case 'jobStates': {
        // Numbered before counting: counting needs every number to exist when it starts.
        const regions = regionsOf(site.context);
        const states = numbers.map((job, i) =>
          statesOf(job, jobs[i] as FacetJob, site.context, regions),
        );
        addNumbered(map, (add) => {
          for (const job of states)
            for (let j = 0; j < job.numbers.length; j++)
              add(job.numbers[j] as number, job.texts[j] as string);
        });
        break;
      }
      case 'experienceRanges': {
        const hits = new Int32Array(ranges.length);
        for (const job of jobs)
          for (let i = 0; i < ranges.length; i++)
            if (overlapsExperience(job, ranges[i] as ExperienceRange))
              hits[i] = (hits[i] as number) + 1;
        ranges.forEach((range, i) => {
          const count = hits[i] as number;
          if (count > 0)
            map.set(range.value, { count, label: experienceRangeLabel(range), order: i });
        });
        break;
      }
      case 'salaryRanges': {
        const hits = new Int32Array(bands.length);
        for (const job of jobs) {
          const factor = factorOf(job);
          const lo = job.salaryMin ?? job.salaryMax;
          const hi = job.salaryMax ?? job.salaryMin;
          if (factor === null || lo === null || hi === null) continue;
          for (let i = 0; i < bands.length; i++)
            if (inBand(lo * factor, hi * factor, bands[i] as SalaryBand))
              hits[i] = (hits[i] as number) + 1;
        }
        bands.forEach((band, i) => {
          const count = hits[i] as number;
          if (count > 0)
            map.set(band.value, { count, label: salaryBandLabel(band, site), order: i });
        });
        break;
      }
      case 'jobFreshness': {
        const hits = new Int32Array(freshness.length);
        for (const job of jobs) {
          const ageDays = (ctx.nowSeconds - job.postedAt) / 86_400;
          for (let i = 0; i < freshness.length; i++)
            if (ageDays <= (freshness[i] as number)) hits[i] = (hits[i] as number) + 1;
        }
        freshness.forEach((days, i) => {
          const count = hits[i] as number;
          if (count > 0) map.set(String(days), { count, label: String(days), order: i });
        });
        break;
      }
    }
  }

  const out: Partial<Record<FacetKey, FacetValue[]>> = {};
  for (const key of keys) {
    const map = tallies.get(key) as Map<string, Tally>;
    const selected = ctx.selected[key] ?? [];
    const selectedIds = new Set(selected.map((s) => placeKey(s)));
    // A company chosen by its name (links and alerts from before ids): its ids are selected.
    const byName = new Set<string>();
    if (key === 'companies')
      for (const [id, tally] of map)
        if (selectedIds.has(placeKey(tally.label))) {
          selectedIds.add(id);
          byName.add(placeKey(tally.label));
        }
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
      count: scaledCount(tally.count, scale),
      selected: selectedIds.has(id),
    }));
    // A selected value no job has any more still shows (with 0), so it can be unticked.
    for (const value of selected) {
      if (!map.has(placeKey(value)) && !byName.has(placeKey(value)))
        values.push({ value, label: labelForMissing(key, value, site), count: 0, selected: true });
    }
    if (key === 'jobCountries' && values.length <= 1 && selected.length === 0) continue;
    if (values.length > 0) out[key] = values;
  }
  return out;
}

/** A sample's count scaled up: never below 1 for a value the sample has. */
const scaledCount = (count: number, scale: number) =>
  scale === 1 || count === 0 ? count : Math.max(1, Math.round(count * scale));

/** Facet values counted at scale 1, as countFacets would have counted them at `scale`. */
export function scaleFacetCounts(values: FacetValue[], scale: number): FacetValue[] {
  return scale === 1 ? values : values.map((v) => ({ ...v, count: scaledCount(v.count, scale) }));
}

/** The URL value of a counted value: ids and closed lists as they are, texts as first seen. */
function valueFor(key: FacetKey, id: string, tally: Tally): string {
  switch (key) {
    case 'skills':
    case 'designations':
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
