/**
 * Salary insights from a set of pay amounts (already in one currency and period): median and the
 * 25th-75th percentile range, overall and by experience band. Pure, shared by the server and its
 * tests. Percentiles interpolate between the two nearest amounts (the usual "linear" method:
 * the median of 1, 2, 3, 4 is 2.5).
 */

/** Fewest salaries a page, a band or a city needs before anything is shown for it. */
export const MIN_SALARIES = 5;
/** Fewest salaries an experience band needs to show its own figures. */
export const MIN_BAND_SALARIES = 3;

/** Experience bands by the job's minimum years asked for: [from, to] inclusive, to null = open. */
export const EXPERIENCE_BANDS = [
  { id: '0-2', from: 0, to: 2 },
  { id: '3-5', from: 3, to: 5 },
  { id: '6-10', from: 6, to: 10 },
  { id: '11+', from: 11, to: null },
] as const;
export type ExperienceBandId = (typeof EXPERIENCE_BANDS)[number]['id'];

export interface SalaryPoint {
  /** Pay in the site's currency per the site's period (the middle of the job's range). */
  amount: number;
  /** The job's minimum years of experience (null: none asked). */
  experienceMin: number | null;
}

export interface SalarySummary {
  count: number;
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
}

/** The p-th percentile (0-1) of ascending values, interpolated. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (at - lo);
}

export function summarize(amounts: readonly number[]): SalarySummary | null {
  if (amounts.length === 0) return null;
  const sorted = [...amounts].sort((a, b) => a - b);
  return {
    count: sorted.length,
    median: percentile(sorted, 0.5),
    p25: percentile(sorted, 0.25),
    p75: percentile(sorted, 0.75),
    min: sorted[0] as number,
    max: sorted[sorted.length - 1] as number,
  };
}

export interface SalaryInsights {
  overall: SalarySummary;
  /** Bands with at least MIN_BAND_SALARIES salaries, youngest first. */
  bands: { id: ExperienceBandId; summary: SalarySummary }[];
}

/** Insights of a set of salaries; null when fewer than MIN_SALARIES back them. */
export function salaryInsights(points: readonly SalaryPoint[]): SalaryInsights | null {
  if (points.length < MIN_SALARIES) return null;
  const overall = summarize(points.map((p) => p.amount));
  if (!overall) return null;
  const bands = EXPERIENCE_BANDS.flatMap((band) => {
    const amounts = points
      .filter((p) => {
        const years = p.experienceMin ?? 0;
        return years >= band.from && (band.to === null || years <= band.to);
      })
      .map((p) => p.amount);
    const summary = amounts.length >= MIN_BAND_SALARIES ? summarize(amounts) : null;
    return summary ? [{ id: band.id, summary }] : [];
  });
  return { overall, bands };
}
