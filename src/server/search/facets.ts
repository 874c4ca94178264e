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
import { INDUSTRIES, JOB_FUNCTIONS, MAX_INDUSTRIES } from '~/lib/reference-lists';
import {
  EXPERIENCE_RANGES,
  FRESHNESS_DAYS,
  SEARCH_EMPLOYER_TYPES,
  SEARCH_JOB_TYPES,
} from '~/lib/search/parse';
import type { FilterKey } from '~/lib/search/state';
import { formatMoney } from '~/lib/format/money';
import type { Site } from '~/lib/sites/schema';
import { placeKey, regionOf } from './places';
import type { FacetValue } from './types';

/** Fields of a facet_data line, in order (drizzle/sql/search_index_jobs.sql writes them). */
export const FACET_FIELDS = [
  'employerType',
  'jobType',
  'functionId',
  'industryId',
  'countryCode',
  'experienceMin',
  'experienceMax',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'salaryPeriod',
  'postedAt',
  'title',
  'company',
  'role',
  'qualification',
  'skills',
  'cities',
] as const;

const FIELD_SEP = '\x1f';
const LIST_SEP = '\x1e';

/** One job's facet values. */
export interface FacetJob {
  employerType: string;
  jobType: string;
  functionId: string;
  industryId: string;
  countryCode: string;
  experienceMin: number | null;
  experienceMax: number | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  salaryPeriod: string;
  /** Seconds since the epoch. */
  postedAt: number;
  title: string;
  company: string;
  role: string;
  qualification: string;
  skills: string[];
  cities: string[];
}

const num = (s: string | undefined): number | null =>
  s === undefined || s === '' ? null : Number(s);

export function parseFacetLine(line: string): FacetJob {
  const f = line.split(FIELD_SEP);
  const list = (s: string | undefined) => (s ? s.split(LIST_SEP).filter((x) => x !== '') : []);
  return {
    employerType: f[0] ?? '',
    jobType: f[1] ?? '',
    functionId: f[2] ?? '',
    industryId: f[3] ?? '',
    countryCode: f[4] ?? '',
    experienceMin: num(f[5]),
    experienceMax: num(f[6]),
    salaryMin: num(f[7]),
    salaryMax: num(f[8]),
    salaryCurrency: f[9] ?? '',
    salaryPeriod: f[10] ?? '',
    postedAt: Number(f[11] ?? 0),
    title: f[12] ?? '',
    company: f[13] ?? '',
    role: f[14] ?? '',
    qualification: f[15] ?? '',
    skills: list(f[16]),
    cities: list(f[17]),
  };
}

/** The facet_data lines of a string_agg(facet_data, E'\n'). */
export function parseFacetData(data: string | null | undefined): FacetJob[] {
  if (!data) return [];
  return data.split('\n').map(parseFacetLine);
}

// ---------------------------------------------------------------------------------------------
// Salary bands

export type BandPeriod = 'month' | 'year';

export interface SalaryScale {
  /** The period band amounts are per: India advertises yearly pay, the other sites monthly. */
  period: BandPeriod;
  /** Lower bounds of the bands, ascending, starting at 0; the last band is open-ended. */
  bounds: readonly number[];
}

/** Bands per site currency, chosen so each holds a sensible share of that market's jobs. */
export const SALARY_SCALES: Record<string, SalaryScale> = {
  INR: {
    period: 'year',
    bounds: [0, 300_000, 600_000, 1_000_000, 1_500_000, 2_500_000, 5_000_000],
  },
  AED: { period: 'month', bounds: [0, 3_000, 5_000, 10_000, 20_000, 35_000] },
  HKD: { period: 'month', bounds: [0, 15_000, 25_000, 40_000, 60_000, 100_000] },
  SGD: { period: 'month', bounds: [0, 3_000, 5_000, 8_000, 12_000, 20_000] },
  PHP: { period: 'month', bounds: [0, 20_000, 40_000, 70_000, 120_000, 200_000] },
  THB: { period: 'month', bounds: [0, 20_000, 40_000, 70_000, 120_000, 200_000] },
  VND: {
    period: 'month',
    bounds: [0, 10_000_000, 20_000_000, 35_000_000, 60_000_000, 100_000_000],
  },
  IDR: { period: 'month', bounds: [0, 5_000_000, 10_000_000, 20_000_000, 35_000_000, 60_000_000] },
  MYR: { period: 'month', bounds: [0, 3_000, 5_000, 8_000, 12_000, 20_000] },
};
const DEFAULT_SCALE: SalaryScale = { period: 'month', bounds: [0, 1_000, 3_000, 5_000, 10_000] };

export function salaryScale(currencyCode: string): SalaryScale {
  return SALARY_SCALES[currencyCode] ?? DEFAULT_SCALE;
}

/**
 * Approximate value of one unit in US dollars, only to put jobs paid in another currency than the
 * site's into the site's bands (Gulf jobs pay in SAR, QAR, OMR, KWD, BHD; the site's is AED).
 * Fixed on purpose: a band filter must not change its results when a rate moves a little.
 */
export const USD_PER_UNIT: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  INR: 0.012,
  AED: 0.2723,
  SAR: 0.2666,
  QAR: 0.2747,
  OMR: 2.6,
  KWD: 3.25,
  BHD: 2.65,
  HKD: 0.128,
  SGD: 0.74,
  PHP: 0.0175,
  THB: 0.028,
  VND: 0.00004,
  IDR: 0.000063,
  MYR: 0.21,
};

/** Periods per month (40-hour weeks, 52 weeks a year). */
export const PER_MONTH: Record<string, number> = {
  hour: 173.33,
  day: 21.67,
  week: 4.333,
  month: 1,
  year: 1 / 12,
};

/**
 * The factor that turns a job's amount (in its currency, per its period) into the site's
 * currency per the band period; null when either is unknown (the job stays out of salary bands).
 */
export function salaryFactor(
  jobCurrency: string,
  jobPeriod: string,
  siteCurrency: string,
  bandPeriod: BandPeriod,
): number | null {
  const perMonth = PER_MONTH[jobPeriod];
  if (perMonth === undefined) return null;
  let rate: number;
  if (jobCurrency === siteCurrency) rate = 1;
  else {
    const from = USD_PER_UNIT[jobCurrency];
    const to = USD_PER_UNIT[siteCurrency];
    if (from === undefined || to === undefined) return null;
    rate = from / to;
  }
  return rate * perMonth * (bandPeriod === 'year' ? 12 : 1);
}

export interface SalaryBand {
  /** URL value: "300000-600000", or "5000000+" for the open top band. */
  value: string;
  min: number;
  /** Exclusive; null for the top band. */
  max: number | null;
}

export function salaryBands(currencyCode: string): SalaryBand[] {
  const { bounds } = salaryScale(currencyCode);
  return bounds.map((min, i) => {
    const max = bounds[i + 1] ?? null;
    return { value: max === null ? `${min}+` : `${min}-${max}`, min, max };
  });
}

/** A salaryRanges filter value as a band; null when it isn't one. */
export function parseSalaryBand(value: string): SalaryBand | null {
  const m = /^(\d{1,13})(?:-(\d{1,13})|\+)$/.exec(value);
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? null : Number(m[2]);
  if (max !== null && max <= min) return null;
  return { value, min, max };
}

const bandLabels = new Map<string, string>();

/** "₹ 3 Lakh – ₹ 6 Lakh", "< AED 3,000", "AED 35,000+" (remembered: Intl formatters are slow to make). */
export function salaryBandLabel(band: SalaryBand, site: Site): string {
  const id = `${site.context}|${band.value}`;
  let label = bandLabels.get(id);
  if (label === undefined) {
    label = makeBandLabel(band, site);
    if (bandLabels.size > 1_000) bandLabels.clear();
    bandLabels.set(id, label);
  }
  return label;
}

function makeBandLabel(band: SalaryBand, site: Site): string {
  const money = (n: number) => formatMoney(n, site.currency, site.locale);
  if (band.max === null) return `${money(band.min)}+`;
  if (band.min === 0) return `< ${money(band.max)}`;
  return `${money(band.min)} – ${money(band.max)}`;
}

/** Does a job's pay (already in site currency per band period) overlap the band? */
function inBand(lo: number, hi: number, band: SalaryBand): boolean {
  return hi >= band.min && (band.max === null || lo < band.max);
}

// ---------------------------------------------------------------------------------------------
// Experience ranges

export interface ExperienceRange {
  value: string;
  min: number;
  max: number;
}

export function parseExperienceRange(value: string): ExperienceRange | null {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(value);
  if (!m) return null;
  const min = Number(m[1]);
  const max = Number(m[2]);
  return min <= max && max <= 100 ? { value, min, max } : null;
}

/** "0-2", "16+" (years; the page's heading says so in its language). */
export function experienceRangeLabel(range: ExperienceRange): string {
  return range.max >= 100 ? `${range.min}+` : `${range.min}-${range.max}`;
}

/** A job's experience span overlaps the range (a missing minimum is 0, a missing maximum 100). */
function overlapsExperience(job: FacetJob, range: ExperienceRange): boolean {
  return (job.experienceMin ?? 0) <= range.max && (job.experienceMax ?? 100) >= range.min;
}

// ---------------------------------------------------------------------------------------------
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

/** placeKey of facet texts, remembered: the same skills and cities come back on every search. */
const keyCache = new Map<string, string>();
function keyOf(value: string): string {
  let key = keyCache.get(value);
  if (key === undefined) {
    if (keyCache.size > 50_000) keyCache.clear();
    key = placeKey(value);
    keyCache.set(value, key);
  }
  return key;
}

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
        for (const job of jobs) if (job.title) addTexts(map, [job.title]);
        break;
      case 'companies':
        for (const job of jobs) if (job.company) addTexts(map, [job.company]);
        break;
      case 'roles':
        for (const job of jobs) if (job.role) addTexts(map, [job.role]);
        break;
      case 'qualifications':
        for (const job of jobs) if (job.qualification) addTexts(map, [job.qualification]);
        break;
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

// ---------------------------------------------------------------------------------------------
// Filters in JavaScript (disjunctive facets)

/**
 * A filter key's condition as a test of one job's facet values: the same semantics as the SQL
 * of query.ts (tags and conditions), so facets for the filters in use can be counted from one
 * set of candidates in one pass. Null: no usable values (the key filters nothing).
 */
export function filterPredicate(
  key: FacetKey,
  values: readonly string[],
  ctx: FacetContext,
  cityKeysOf: (values: readonly string[]) => { cityKeys: string[]; countryCodes: string[] },
  regionCityKeysOf: (values: readonly string[]) => string[],
): ((job: FacetJob) => boolean) | null {
  if (values.length === 0) return null;
  const set = new Set(values.map((v) => placeKey(v)));
  const anyKey = (list: readonly string[]) => list.some((v) => set.has(keyOf(v)));
  switch (key) {
    case 'skills':
      return (job) => anyKey(job.skills);
    case 'designations':
      return (job) => set.has(keyOf(job.title));
    case 'companies':
      return (job) => set.has(keyOf(job.company));
    case 'roles':
      return (job) => job.role !== '' && set.has(keyOf(job.role));
    case 'qualifications':
      return (job) => job.qualification !== '' && set.has(keyOf(job.qualification));
    case 'jobCities': {
      const { cityKeys, countryCodes } = cityKeysOf(values);
      const cities = new Set(cityKeys);
      const countries = new Set(countryCodes.map((c) => c.toUpperCase()));
      return (job) =>
        job.cities.some((c) => cities.has(keyOf(c))) || countries.has(job.countryCode);
    }
    case 'jobStates': {
      const cities = new Set(regionCityKeysOf(values));
      return (job) => job.cities.some((c) => cities.has(keyOf(c)));
    }
    case 'jobCountries': {
      const codes = new Set(values.map((v) => v.toUpperCase()));
      return (job) => codes.has(job.countryCode.toUpperCase());
    }
    case 'functions':
      return (job) => set.has(job.functionId);
    case 'industries': {
      const first = new Set(values.slice(0, MAX_INDUSTRIES));
      return (job) => first.has(job.industryId);
    }
    case 'employerTypes':
      return (job) => set.has(job.employerType);
    case 'jobTypes':
      return (job) => set.has(job.jobType);
    case 'experienceRanges': {
      // As the x:<year> tags: a job covers the years min..max (no min 0, no max or above: 50).
      const ranges = values.map(parseExperienceRange).filter((r) => r !== null);
      if (ranges.length === 0) return null;
      return (job) => {
        const lo = Math.max(0, job.experienceMin ?? 0);
        const hi = Math.min(job.experienceMax ?? 50, 50);
        return ranges.some((r) => lo <= Math.min(r.max, 50) && hi >= r.min && r.min <= 50);
      };
    }
    case 'salaryRanges': {
      const bands = values.map(parseSalaryBand).filter((b) => b !== null);
      if (bands.length === 0) return null;
      const { site } = ctx;
      const period = salaryScale(site.currency.code).period;
      return (job) => {
        const factor = salaryFactor(
          job.salaryCurrency,
          job.salaryPeriod,
          site.currency.code,
          period,
        );
        const lo = job.salaryMin ?? job.salaryMax;
        const hi = job.salaryMax ?? job.salaryMin;
        if (factor === null || lo === null || hi === null) return false;
        return bands.some((b) => inBand(lo * factor, hi * factor, b));
      };
    }
    case 'jobFreshness': {
      const days = Math.max(...values.map(Number).filter((n) => Number.isFinite(n) && n > 0));
      if (!Number.isFinite(days)) return null;
      const since = Math.floor(ctx.nowSeconds - days * 86_400);
      return (job) => job.postedAt >= since;
    }
  }
}
