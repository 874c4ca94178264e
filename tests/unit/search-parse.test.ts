import { describe, expect, it } from 'vitest';
import {
  MAX_FILTER_VALUES,
  parseSearchState,
  SEARCH_EMPLOYER_TYPES,
  SEARCH_JOB_TYPES,
  SEARCH_MAX_INDUSTRIES,
} from '~/lib/search/parse';
import { EMPTY_SEARCH, MAX_PAGE, toQuery } from '~/lib/search/state';
import {
  SEARCH_INVALID_EXPERIENCE,
  SEARCH_INVALID_LOCATION,
  SEARCH_ONLY_SPECIAL,
} from '~/lib/validation/search';
import { EMPLOYER_TYPES, JOB_TYPES } from '~/server/db/schema';

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

describe('parseSearchState', () => {
  it('reads an empty query as a browse of every job', () => {
    expect(parse('')).toEqual({ state: EMPTY_SEARCH, errors: [] });
  });

  it('reads keywords from q, query or keywords, cleaned of special characters', () => {
    expect(parse('q=java@developer!!').state.q).toBe('java developer');
    expect(parse('query=c%2B%2B, c%23').state.q).toBe('c++, c#');
    expect(parse('keywords=  sales   (field) ').state.q).toBe('sales field');
    expect(parse('q=&query=python').state.q).toBe('python');
    expect(parse('q=a'.padEnd(600, 'b')).state.q.length).toBeLessThanOrEqual(200);
  });

  it('refuses keywords of special characters only with the SPEC message', () => {
    const { state, errors } = parse('q=%40%23%24%25');
    expect(state.q).toBe('');
    expect(errors).toEqual([{ field: 'q', message: SEARCH_ONLY_SPECIAL }]);
  });

  it('keeps a valid location and refuses a bad one with the SPEC message', () => {
    expect(parse('location=Navi  Mumbai').state.location).toBe('Navi Mumbai');
    expect(parse('location=دبي').state.location).toBe('دبي');
    // A joiner typed inside a Hindi name is dropped, not refused.
    expect(parse(`location=${encodeURIComponent('दिल्\u200Dली')}`).state.location).toBe('दिल्ली');
    const bad = parse('location=Pune123');
    expect(bad.state.location).toBe('');
    expect(bad.errors).toEqual([{ field: 'location', message: SEARCH_INVALID_LOCATION }]);
  });

  it('reads experience as whole years 0-50, fresher as 0', () => {
    expect(parse('experience=3').state.experience).toBe(3);
    expect(parse('experience=fresher').state.experience).toBe(0);
    expect(parse('experience=').state.experience).toBeNull();
    for (const bad of ['51', '-1', '2.5', 'ten']) {
      const { state, errors } = parse(`experience=${bad}`);
      expect(state.experience).toBeNull();
      expect(errors).toEqual([{ field: 'experience', message: SEARCH_INVALID_EXPERIENCE }]);
    }
  });

  it('falls back to relevance and clamps the page to 1..MAX_PAGE', () => {
    expect(parse('sort=date').state.sort).toBe('date');
    expect(parse('sort=DATE').state.sort).toBe('date');
    expect(parse('sort=salary').state.sort).toBe('relevance');
    expect(parse('page=3').state.page).toBe(3);
    expect(parse('page=0').state.page).toBe(1);
    expect(parse('page=9999').state.page).toBe(MAX_PAGE);
    expect(parse('page=two').state.page).toBe(1);
  });

  it('reads comma-joined and repeated filter values, trimmed and de-duplicated', () => {
    const { state } = parse('skills=Java, sql,JAVA&skills=Kotlin&jobCities=Pune,,Mumbai');
    expect(state.filters.skills).toEqual(['Java', 'sql', 'Kotlin']);
    expect(state.filters.jobCities).toEqual(['Pune', 'Mumbai']);
  });

  it('keeps at most 2 industries and says so (SPEC §5, §9)', () => {
    const { state, errors } = parse('industries=3,7,12');
    expect(state.filters.industries).toEqual(['3', '7']);
    expect(errors).toEqual([{ field: 'industries', message: SEARCH_MAX_INDUSTRIES }]);
    expect(SEARCH_MAX_INDUSTRIES).toBe(
      'At most 2 industries may be selected in the industry filter.',
    );
    expect(parse('industries=3,7').errors).toEqual([]);
  });

  it('drops values that cannot be right for their key', () => {
    const { state, errors } = parse(
      'functions=29,999,x&industries=0&employerTypes=Company,agency&jobTypes=Full Time,gig' +
        '&experienceRanges=0-2,5-3,3 - 5,1-200&salaryRanges=300000-600000,600000-300000,5000000%2B,abc' +
        '&jobFreshness=7,0,1000&jobCountries=ae,UAE&jobCities=Pune1',
    );
    expect(errors).toEqual([]);
    expect(state.filters).toEqual({
      functions: ['29'],
      employerTypes: ['company'],
      jobTypes: ['full_time'],
      experienceRanges: ['0-2', '3-5'],
      salaryRanges: ['300000-600000', '5000000+'],
      jobFreshness: ['7'],
      jobCountries: ['AE'],
    });
  });

  it('bounds how many values a filter takes', () => {
    const many = Array.from({ length: 50 }, (_, i) => `skill${i}`).join(',');
    expect(parse(`skills=${many}`).state.filters.skills).toHaveLength(MAX_FILTER_VALUES);
  });

  it('ignores unknown params and reads the search box location as state.location', () => {
    const { state } = parse('foo=bar&location=Pune&utm_source=x');
    expect(state.location).toBe('Pune');
    expect(state.filters).toEqual({});
  });

  it('round-trips with toQuery', () => {
    const query =
      'q=java developer&location=Pune&experience=3&skills=Java,SQL&industries=12&sort=date&page=2';
    const { state } = parse(query);
    expect(parse(toQuery(state).toString()).state).toEqual(state);
  });

  it('knows the employer and job types the database allows', () => {
    expect([...SEARCH_EMPLOYER_TYPES]).toEqual([...EMPLOYER_TYPES]);
    expect([...SEARCH_JOB_TYPES]).toEqual([...JOB_TYPES]);
  });
});
