import { describe, it, expect } from 'vitest';
import {
  EMPLOYMENT_EXPERIENCE,
  EXPERIENCE_YEARS,
  FRESHER_ID,
  INDUSTRIES,
  JOB_FUNCTIONS,
  MAX_INDUSTRIES,
  MAX_PROFILES,
  MONTHS,
  NOTICE_PERIODS,
  ONE_CLICK_APPLY_LIMIT,
  PERCENTAGE_BANDS,
  RESUME_MAX_BYTES,
  SALARY_STEPS,
  percentageBandFor,
  profileScoreBand,
  type RefItem,
} from '~/lib/reference-lists';

const ids = (list: readonly RefItem[]) => list.map((i) => i.id);
const unique = <T>(xs: readonly T[]) => new Set(xs).size === xs.length;

describe('reference lists', () => {
  it('has the notice periods of SPEC §3', () => {
    expect(NOTICE_PERIODS).toEqual([
      { id: 0, value: 'Serving Notice Period' },
      { id: 1, value: 'Immediately available' },
      { id: 15, value: '15 days' },
      { id: 30, value: '30 days' },
      { id: 45, value: '45 days' },
      { id: 60, value: '2 Months' },
      { id: 90, value: '3 Months' },
      { id: 180, value: '6 Months' },
    ]);
  });

  it('has experience years 0 to 50', () => {
    expect(EXPERIENCE_YEARS).toHaveLength(51);
    expect(EXPERIENCE_YEARS[0]).toEqual({ id: 0, value: '0 Years' });
    expect(EXPERIENCE_YEARS[1]).toEqual({ id: 1, value: '1 Year' });
    expect(EXPERIENCE_YEARS[2]).toEqual({ id: 2, value: '2 Years' });
    expect(EXPERIENCE_YEARS.at(-1)).toEqual({ id: 50, value: '50 Years' });
  });

  it('adds Fresher with id 51 to employment experience', () => {
    expect(FRESHER_ID).toBe(51);
    expect(EMPLOYMENT_EXPERIENCE).toHaveLength(52);
    expect(EMPLOYMENT_EXPERIENCE.slice(0, 51)).toEqual(EXPERIENCE_YEARS);
    expect(EMPLOYMENT_EXPERIENCE.at(-1)).toEqual({ id: 51, value: 'Fresher' });
  });

  it('has months 0 to 11', () => {
    expect(ids(MONTHS)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(MONTHS[1]?.value).toBe('1 Month');
    expect(MONTHS.at(-1)?.value).toBe('11 Months');
  });

  it('steps salaries by 1 Lakh to 50 Lakh, then by 5 Lakh to 100 Lakh', () => {
    expect(SALARY_STEPS).toHaveLength(60);
    expect(SALARY_STEPS[0]).toEqual({ id: 100_000, value: '1 Lakh' });
    const i = SALARY_STEPS.findIndex((s) => s.id === 5_000_000);
    expect(SALARY_STEPS[i]).toEqual({ id: 5_000_000, value: '50 Lakh' });
    expect(SALARY_STEPS[i - 1]?.id).toBe(4_900_000);
    expect(SALARY_STEPS[i + 1]).toEqual({ id: 5_500_000, value: '55 Lakh' });
    expect(SALARY_STEPS.at(-1)).toEqual({ id: 10_000_000, value: '100 Lakh' });
    for (let k = 1; k < SALARY_STEPS.length; k++) {
      const step = SALARY_STEPS[k]!.id - SALARY_STEPS[k - 1]!.id;
      expect(step).toBe(SALARY_STEPS[k]!.id <= 5_000_000 ? 100_000 : 500_000);
    }
  });

  it('covers 0-100 percent with bands and no gaps', () => {
    expect(PERCENTAGE_BANDS).toHaveLength(13);
    expect(PERCENTAGE_BANDS[0]).toMatchObject({ id: 0, value: 'Less than 40%', min: 0, max: 40 });
    expect(PERCENTAGE_BANDS[1]).toMatchObject({ id: 40, value: '40-44.9%', min: 40, max: 45 });
    expect(PERCENTAGE_BANDS.at(-1)).toMatchObject({ id: 95, value: '95-100%', min: 95, max: 100 });
    for (let k = 1; k < PERCENTAGE_BANDS.length; k++) {
      expect(PERCENTAGE_BANDS[k]!.min).toBe(PERCENTAGE_BANDS[k - 1]!.max);
    }
    expect(percentageBandFor(0)?.id).toBe(0);
    expect(percentageBandFor(39.9)?.id).toBe(0);
    expect(percentageBandFor(40)?.id).toBe(40);
    expect(percentageBandFor(44.9)?.id).toBe(40);
    expect(percentageBandFor(45)?.id).toBe(45);
    expect(percentageBandFor(99.9)?.id).toBe(95);
    expect(percentageBandFor(100)?.id).toBe(95);
    expect(percentageBandFor(-1)).toBeUndefined();
    expect(percentageBandFor(100.1)).toBeUndefined();
    expect(percentageBandFor(Number.NaN)).toBeUndefined();
    for (let p = 0; p <= 100; p += 0.5) expect(percentageBandFor(p), String(p)).toBeDefined();
  });

  it('has about 54 job functions and 64 industries with unique ids and names', () => {
    expect(JOB_FUNCTIONS).toHaveLength(54);
    expect(INDUSTRIES).toHaveLength(64);
    for (const list of [JOB_FUNCTIONS, INDUSTRIES]) {
      expect(unique(ids(list))).toBe(true);
      expect(unique(list.map((i) => i.value))).toBe(true);
      expect(list.every((i) => Number.isInteger(i.id) && i.id > 0 && i.value.trim() !== '')).toBe(
        true,
      );
    }
  });

  it('has unique ids in every list', () => {
    for (const list of [
      NOTICE_PERIODS,
      EXPERIENCE_YEARS,
      EMPLOYMENT_EXPERIENCE,
      MONTHS,
      SALARY_STEPS,
      PERCENTAGE_BANDS,
    ]) {
      expect(unique(ids(list))).toBe(true);
    }
  });

  it('maps profile scores to SPEC §4 bands', () => {
    expect(profileScoreBand(0).label).toBe('Very Poor');
    expect(profileScoreBand(30).label).toBe('Very Poor');
    expect(profileScoreBand(31).label).toBe('Poor');
    expect(profileScoreBand(60).label).toBe('Poor');
    expect(profileScoreBand(61).label).toBe('Average');
    expect(profileScoreBand(71).label).toBe('Good');
    expect(profileScoreBand(90.5).label).toBe('Good');
    expect(profileScoreBand(91).label).toBe('Very Good');
    expect(profileScoreBand(99).label).toBe('Very Good');
    expect(profileScoreBand(100).label).toBe('Excellent');
    expect(profileScoreBand(150).label).toBe('Excellent');
    expect(profileScoreBand(-5).label).toBe('Very Poor');
  });

  it('has the SPEC §9 limits', () => {
    expect(MAX_INDUSTRIES).toBe(2);
    expect(MAX_PROFILES).toBe(5);
    expect(ONE_CLICK_APPLY_LIMIT).toEqual({ fresher: 5, experienced: 10 });
    expect(RESUME_MAX_BYTES).toBe(6_291_456);
  });
});
