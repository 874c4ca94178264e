/** Salary bands per currency and experience ranges: the closed lists of two facets. */
import { formatMoney } from '~/lib/format/money';
import { salaryBandText } from '~/lib/search/labels';
import type { Site } from '~/lib/sites/schema';
import type { FacetJob } from './facet-data';
import { sites } from '../../../sites';

// Salary bands

export type BandPeriod = 'month' | 'year';

/** A site's bands: its site file's `salaryScale`. */
export interface SalaryScale {
  period: BandPeriod;
  bounds: readonly number[];
}

/** Bands per site currency (sites/<key>.json `salaryScale`). */
export const SALARY_SCALES: Record<string, SalaryScale> = Object.fromEntries(
  sites.map((site) => [site.currency.code, site.salaryScale]),
);
const DEFAULT_SCALE: SalaryScale = { period: 'month', bounds: [0, 1_000, 3_000, 5_000, 10_000] };

export function salaryScale(currencyCode: string): SalaryScale {
  return SALARY_SCALES[currencyCode] ?? DEFAULT_SCALE;
}

/**
 * Approximate value of one unit in US dollars, only to put jobs paid in another currency than the
 * site's into the site's bands (a site listing other countries gets jobs paid in theirs): the site
 * files' `usdPerUnit`, and the currencies of no site that feeds use.
 */
export const USD_PER_UNIT: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  ...Object.fromEntries(
    sites.flatMap((site) => [
      [site.currency.code, site.currency.usdPerUnit],
      ...site.otherCountries.map((c) => [c.currency, c.usdPerUnit]),
    ]),
  ),
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
  const money = (n: number) => formatMoney(n, site.currency.code, 'en', site);
  return salaryBandText(band.value, money) ?? band.value;
}

/** Does a job's pay (already in site currency per band period) overlap the band? */
export function inBand(lo: number, hi: number, band: SalaryBand): boolean {
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
export function overlapsExperience(job: FacetJob, range: ExperienceRange): boolean {
  return (job.experienceMin ?? 0) <= range.max && (job.experienceMax ?? 100) >= range.min;
}

// ---------------------------------------------------------------------------------------------
