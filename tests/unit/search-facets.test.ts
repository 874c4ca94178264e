/** Pure parts of the search service: facet lines, salary bands, places, keywords, estimates. */
import { describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import {
  countFacets,
  FACET_FIELDS,
  facetJobOf,
  filterPredicate,
  forgetFacetNumbers,
  parseFacetLine,
  salaryBands,
  salaryFactor,
  scaleFacetCounts,
  type FacetContext,
  type FacetJob,
} from '~/server/search/facets';
import { regionCityKeys, regionOf, resolveLocation } from '~/server/search/places';
import { readKeywords } from '~/server/search/query';
import { shareSince } from '~/server/search/stats';
import {
  DAY_SECONDS,
  postingDayTag,
  spansOf,
  timeOfNewestShare,
  windowBorders,
} from '~/server/search/windows';

const india = siteByContext('rexmonster')!;
const gulf = siteByContext('monstergulf')!;
const NOW = Date.parse('2026-03-01T12:00:00Z') / 1000;

function job(partial: Partial<FacetJob>): FacetJob {
  return {
    employerType: 'company',
    jobType: 'full_time',
    functionId: '29',
    industryId: '38',
    countryCode: 'IN',
    experienceMin: 2,
    experienceMax: 5,
    salaryMin: 600_000,
    salaryMax: 900_000,
    salaryCurrency: 'INR',
    salaryPeriod: 'year',
    postedAt: NOW - 2 * 86_400,
    title: 'Java Developer',
    company: 'Acme',
    role: 'Java Developer',
    qualification: 'B.Tech',
    skills: ['Java', 'SQL'],
    cities: ['Pune'],
    companyId: '7',
    ...partial,
  };
}

const ctx = (site = india, selected: FacetContext['selected'] = {}): FacetContext => ({
  site,
  nowSeconds: NOW,
  selected,
  countryName: (code) => code,
});

describe('facet lines', () => {
  it('reads the fields in FACET_FIELDS order', () => {
    const line = [
      'consultant',
      'contract',
      '29',
      '',
      'AE',
      '1',
      '',
      '5000',
      '8000',
      'AED',
      'month',
      String(NOW),
      'Nurse',
      'Acme',
      '',
      'BSc',
      'ICU\x1eTriage',
      'Dubai\x1eSharjah',
      '12',
    ].join('\x1f');
    expect(line.split('\x1f')).toHaveLength(FACET_FIELDS.length);
    expect(parseFacetLine(line)).toEqual(
      job({
        employerType: 'consultant',
        jobType: 'contract',
        industryId: '',
        countryCode: 'AE',
        experienceMin: 1,
        experienceMax: null,
        salaryMin: 5000,
        salaryMax: 8000,
        salaryCurrency: 'AED',
        salaryPeriod: 'month',
        postedAt: NOW,
        title: 'Nurse',
        role: '',
        qualification: 'BSc',
        skills: ['ICU', 'Triage'],
        cities: ['Dubai', 'Sharjah'],
        companyId: '12',
      }),
    );
    expect(Object.keys(parseFacetLine(line))).toEqual(FACET_FIELDS);
  });

  it('leave out empty list items', () => {
    const fields = FACET_FIELDS.map(() => '');
    fields[FACET_FIELDS.indexOf('skills')] = 'SQL\x1e\x1eExcel\x1e';
    expect(parseFacetLine(fields.join('\x1f')).skills).toEqual(['SQL', 'Excel']);
    expect(parseFacetLine(fields.join('\x1f')).cities).toEqual([]);
  });

  it('are parsed once per job and again when its line changes', () => {
    const fields = FACET_FIELDS.map(() => '');
    fields[FACET_FIELDS.indexOf('title')] = 'Welder';
    const first = facetJobOf(7, fields.join('\x1f'));
    expect(facetJobOf(7, fields.join('\x1f'))).toBe(first);
    expect(facetJobOf(8, fields.join('\x1f'))).not.toBe(first);
    fields[FACET_FIELDS.indexOf('title')] = 'Senior Welder';
    const changed = facetJobOf(7, fields.join('\x1f'));
    expect(changed).not.toBe(first);
    expect(changed.title).toBe('Senior Welder');
    expect(facetJobOf(7, fields.join('\x1f'))).toBe(changed);
  });
});

describe('salary bands', () => {
  it('are yearly Lakh bands on the India site and monthly elsewhere', () => {
    expect(salaryBands('INR').map((b) => b.value)).toEqual([
      '0-300000',
      '300000-600000',
      '600000-1000000',
      '1000000-1500000',
      '1500000-2500000',
      '2500000-5000000',
      '5000000+',
    ]);
    expect(salaryBands('AED')[0]).toEqual({ value: '0-3000', min: 0, max: 3000 });
  });

  it('convert other currencies and periods into the site currency', () => {
    expect(salaryFactor('INR', 'year', 'INR', 'year')).toBe(1);
    expect(salaryFactor('INR', 'month', 'INR', 'year')).toBe(12);
    expect(salaryFactor('SAR', 'month', 'AED', 'month')).toBeCloseTo(0.979, 2);
    expect(salaryFactor('KWD', 'month', 'AED', 'month')).toBeCloseTo(11.94, 1);
    expect(salaryFactor('XYZ', 'month', 'AED', 'month')).toBeNull();
    expect(salaryFactor('AED', 'fortnight', 'AED', 'month')).toBeNull();
  });

  it('count a job in every band its range overlaps, with labels in the site currency', () => {
    const facets = countFacets([job({})], ['salaryRanges'], ctx());
    expect(facets.salaryRanges?.map((f) => [f.value, f.label, f.count])).toEqual([
      ['600000-1000000', '₹ 6 Lakh – ₹ 10 Lakh', 1],
    ]);
    const wide = countFacets(
      [job({ salaryMin: 200_000, salaryMax: 700_000 })],
      ['salaryRanges'],
      ctx(),
    );
    expect(wide.salaryRanges?.map((f) => f.value)).toEqual([
      '0-300000',
      '300000-600000',
      '600000-1000000',
    ]);
  });
});

describe('countFacets', () => {
  const jobs = [
    job({}),
    job({ employerType: 'consultant', cities: ['Pune', 'Mumbai'], skills: ['java', 'Kotlin'] }),
    job({ jobType: 'contract', postedAt: NOW - 20 * 86_400, experienceMin: 8, experienceMax: 12 }),
  ];

  it('counts every job once per value, case-insensitively', () => {
    const f = countFacets(jobs, ['skills', 'jobCities', 'employerTypes', 'jobStates'], ctx());
    expect(f.skills?.map((v) => [v.value, v.count])).toEqual([
      ['Java', 3],
      ['SQL', 2],
      ['Kotlin', 1],
    ]);
    expect(f.jobCities?.map((v) => [v.value, v.count])).toEqual([
      ['Pune', 3],
      ['Mumbai', 1],
    ]);
    // Pune and Mumbai are both in Maharashtra: the job in both counts once.
    expect(f.jobStates?.map((v) => [v.value, v.count])).toEqual([['Maharashtra', 3]]);
    expect(f.employerTypes?.map((v) => [v.value, v.count])).toEqual([
      ['company', 2],
      ['consultant', 1],
    ]);
  });

  it("counts a job's states as the site of the search places its cities", () => {
    const states = (site = india) =>
      countFacets(jobs, ['jobStates'], ctx(site)).jobStates?.map((v) => [v.value, v.count]);
    expect(states()).toEqual([['Maharashtra', 3]]);
    // Pune and Mumbai are in no region of the Gulf site: the same jobs have no states there.
    expect(states(gulf)).toBeUndefined();
    expect(states()).toEqual([['Maharashtra', 3]]);
  });

  it('counts the same when values are numbered anew between counts', () => {
    const keys = [
      'skills',
      'jobCities',
      'jobStates',
      'designations',
      'companies',
      'functions',
    ] as const;
    const before = countFacets(jobs, keys, ctx());
    forgetFacetNumbers();
    // Jobs numbered before, counted beside a job numbered after.
    const more = [...jobs, job({ skills: ['KOTLIN'], company: 'Tata Steel' })];
    const after = countFacets(more, keys, ctx());
    expect(after.skills?.map((v) => [v.value, v.count])).toEqual([
      ['Java', 3],
      ['Kotlin', 2],
      ['SQL', 2],
    ]);
    expect(countFacets(jobs, keys, ctx())).toEqual(before);
  });

  it('scales counts made unscaled as counting at that scale does, unticked zeros kept', () => {
    const keys = ['skills', 'jobCities', 'employerTypes', 'jobFreshness'] as const;
    // Cobol is ticked and no job has it: it shows with 0 at any scale.
    const selected = ctx(india, { skills: ['Cobol'] });
    const unscaled = countFacets(jobs, keys, selected);
    const scaled = countFacets(jobs, keys, selected, 2.6);
    expect(scaled.skills?.map((v) => [v.value, v.count])).toEqual([
      ['Java', 8],
      ['SQL', 5],
      ['Kotlin', 3],
      ['Cobol', 0],
    ]);
    for (const key of keys) expect(scaleFacetCounts(unscaled[key] ?? [], 2.6)).toEqual(scaled[key]);
    expect(scaleFacetCounts(unscaled.skills ?? [], 1)).toBe(unscaled.skills);
  });

  it('counts freshness cumulatively and experience ranges by overlap', () => {
    const f = countFacets(jobs, ['jobFreshness', 'experienceRanges'], ctx());
    expect(f.jobFreshness?.map((v) => [v.value, v.count])).toEqual([
      ['3', 2],
      ['7', 2],
      ['15', 2],
      ['30', 3],
    ]);
    expect(f.experienceRanges?.map((v) => [v.value, v.label, v.count])).toEqual([
      ['0-2', '0-2', 2],
      ['3-5', '3-5', 2],
      ['6-10', '6-10', 1],
      ['11-15', '11-15', 1],
    ]);
  });

  it('marks selected values and keeps a selected value no job has, at 0', () => {
    const f = countFacets(jobs, ['employerTypes', 'skills'], ctx(india, { skills: ['Rust'] }));
    expect(f.skills?.at(-1)).toEqual({ value: 'Rust', label: 'Rust', count: 0, selected: true });
  });

  it('scales counts of a sample', () => {
    const f = countFacets(jobs, ['employerTypes'], ctx(), 10);
    expect(f.employerTypes?.map((v) => v.count)).toEqual([20, 10]);
  });

  it('leaves out a country facet with a single country', () => {
    expect(countFacets(jobs, ['jobCountries'], ctx()).jobCountries).toBeUndefined();
    const gulfJobs = [job({ countryCode: 'AE' }), job({ countryCode: 'SA' })];
    expect(countFacets(gulfJobs, ['jobCountries'], ctx(gulf)).jobCountries).toHaveLength(2);
  });
});

describe('filterPredicate', () => {
  const test = (key: Parameters<typeof filterPredicate>[0], values: string[], j: FacetJob) =>
    filterPredicate(
      key,
      values,
      ctx(),
      (v) => resolveLocation('rexmonster', v.join(',')),
      (v) => regionCityKeys('rexmonster', v),
    )?.(j);

  it('matches like the SQL conditions', () => {
    expect(test('skills', ['JAVA'], job({}))).toBe(true);
    expect(test('skills', ['Rust'], job({}))).toBe(false);
    expect(test('jobCities', ['bangalore'], job({ cities: ['Bengaluru'] }))).toBe(true);
    expect(test('jobStates', ['Maharashtra'], job({}))).toBe(true);
    expect(test('experienceRanges', ['6-10'], job({}))).toBe(false);
    expect(test('experienceRanges', ['5-10'], job({}))).toBe(true);
    expect(test('salaryRanges', ['1000000-1500000'], job({}))).toBe(false);
    expect(test('jobFreshness', ['1'], job({}))).toBe(false);
    expect(test('jobFreshness', ['3'], job({}))).toBe(true);
    expect(test('industries', ['1', '2', '38'], job({}))).toBe(false); // only the first 2 count
  });
});

describe('places', () => {
  it('resolves other names, regions and Gulf countries', () => {
    expect(resolveLocation('rexmonster', 'Bangalore, Maharashtra').cityKeys).toEqual(
      expect.arrayContaining(['bengaluru', 'mumbai', 'pune', 'nagpur', 'thane', 'navi mumbai']),
    );
    expect(resolveLocation('rexmonster', 'India')).toEqual({ cityKeys: [], countryCodes: [] });
    expect(resolveLocation('monstergulf', 'UAE')).toEqual({ cityKeys: [], countryCodes: ['AE'] });
    expect(resolveLocation('rexmonster', 'Springfield').cityKeys).toEqual(['springfield']);
    expect(regionOf('monstergulf', 'Al Ain')).toBe('Abu Dhabi');
    expect(regionOf('rexmonster', 'Atlantis')).toBeNull();
  });
});

describe('readKeywords', () => {
  it('makes comma-separated keywords alternatives and spots stop words', () => {
    expect(readKeywords('java, Python Developer')).toMatchObject({
      text: 'java or Python Developer',
      titleKeys: ['java', 'python developer'],
      stopWordsOnly: false,
    });
    expect(readKeywords('IT')?.stopWordsOnly).toBe(true);
    expect(readKeywords(' , ')).toBeNull();
  });
});

describe('shareSince', () => {
  const bounds = [0, 10, 20, 30, 40]; // 4 buckets, 25% each

  it('reads an equi-depth histogram, interpolating within a bucket', () => {
    expect(shareSince(bounds, -5)).toBe(1);
    expect(shareSince(bounds, 20)).toBe(0.5);
    expect(shareSince(bounds, 35)).toBe(0.125);
    expect(shareSince(bounds, 40)).toBeNull();
    expect(shareSince([], 1)).toBeNull();
  });
});

describe('spans of posting time', () => {
  // 100 buckets of 1,000 rows each: a site of 100,000 rows posted at 0..100 (seconds).
  const bounds = Array.from({ length: 101 }, (_, i) => i);

  it('finds when the newest share of the rows begins (the inverse of shareSince)', () => {
    expect(timeOfNewestShare(bounds, 0.25)).toBe(75);
    expect(timeOfNewestShare(bounds, 0.015)).toBeCloseTo(98.5);
    expect(shareSince(bounds, timeOfNewestShare(bounds, 0.4)!)).toBeCloseTo(0.4);
    expect(timeOfNewestShare(bounds, 1)).toBeNull();
    expect(timeOfNewestShare([], 0.5)).toBeNull();
  });

  it('begins spans at the newest 2,000, 8,000, 32,000... rows, up to half the site', () => {
    expect(windowBorders({ rows: 100_000, postedBounds: bounds })).toEqual([98, 92, 68]);
    expect(windowBorders({ rows: 100_000, postedBounds: bounds }, 10_000)).toEqual([90, 60]);
    // Too small to split, or no statistics: one span.
    expect(windowBorders({ rows: 1500, postedBounds: bounds })).toEqual([]);
    expect(windowBorders({ rows: null, postedBounds: [] })).toEqual([]);
    expect(windowBorders(undefined)).toEqual([]);
  });

  it('splits only sites of at least 50 newest spans, at the start of a day (UTC)', () => {
    // The same site posted over 100 days, a bucket a day, from the middle of day 0.
    const DAY = DAY_SECONDS;
    const days = bounds.map((d) => d * DAY + DAY / 2);
    const now = 100.6 * DAY;
    const spans = spansOf({ rows: 100_000, postedBounds: days }, undefined, now);
    expect(spans?.borders).toEqual([98 * DAY, 92 * DAY, 68 * DAY]);
    expect(spans?.top).toBe(101 * DAY);
    // The newest span widened to the start of day 98: 2.5 buckets of 1,000 rows.
    expect(spans?.firstRows).toBe(2500);
    expect(spansOf({ rows: 99_999, postedBounds: days }, undefined, now)).toBeNull();
    const small = spansOf({ rows: 99_999, postedBounds: days }, 1000, now);
    expect(small?.borders).toEqual([99 * DAY, 96 * DAY, 84 * DAY]);
    // Borders falling on the same day, or after today, make one span.
    expect(spansOf({ rows: 100_000, postedBounds: bounds }, undefined, now)?.borders).toEqual([0]);
  });

  it('names a posting day as search_index_jobs tags it', () => {
    expect(postingDayTag(Date.UTC(2026, 2, 1) / 1000)).toBe('p:20260301');
    expect(postingDayTag(Date.UTC(2025, 11, 31) / 1000)).toBe('p:20251231');
  });
});
