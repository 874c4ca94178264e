import { describe, expect, it } from 'vitest';
import { isSeoPath, parseSeoSegment, seoPath, seoPathFromSlugs, seoSlug } from '~/lib/search/seo';

describe('seoSlug', () => {
  it.each([
    ['Java', 'java'],
    ['Bengaluru', 'bengaluru'],
    ['Ho Chi Minh City', 'ho-chi-minh-city'],
    ['Node.js', 'node-js'],
    ['C++', 'c-plus-plus'],
    ['C#', 'c-sharp'],
    ['R&D', 'r-and-d'],
    ['.NET', 'net'],
    ['  Sales -- Marketing  ', 'sales-marketing'],
    ['São Paulo', 'sao-paulo'],
    ['Zürich', 'zurich'],
    ['Quản lý', 'quan-ly'],
  ])('%s → %s', (name, slug) => {
    expect(seoSlug(name)).toBe(slug);
  });

  it('gives nothing for names without Latin letters or digits', () => {
    expect(seoSlug('दिल्ली')).toBe('');
    expect(seoSlug('دبي')).toBe('');
    expect(seoSlug('!!!')).toBe('');
    expect(seoSlug('')).toBe('');
  });

  it('refuses overlong names', () => {
    expect(seoSlug('a'.repeat(81))).toBe('');
    expect(seoSlug('a'.repeat(80))).toBe('a'.repeat(80));
  });
});

describe('parseSeoSegment', () => {
  it('reads the three landing shapes', () => {
    expect(parseSeoSegment('jobs-in-pune')).toEqual({ skill: null, city: 'pune' });
    expect(parseSeoSegment('java-jobs')).toEqual({ skill: 'java', city: null });
    expect(parseSeoSegment('java-jobs-in-pune')).toEqual({ skill: 'java', city: 'pune' });
    expect(parseSeoSegment('c-plus-plus-jobs-in-new-delhi')).toEqual({
      skill: 'c-plus-plus',
      city: 'new-delhi',
    });
    expect(parseSeoSegment('jobs-in-ho-chi-minh-city')).toEqual({
      skill: null,
      city: 'ho-chi-minh-city',
    });
  });

  it('splits at the first -jobs-in-', () => {
    expect(parseSeoSegment('sales-jobs-in-jobs-in-x')).toEqual({
      skill: 'sales',
      city: 'jobs-in-x',
    });
  });

  it('keeps a skill that itself ends in -jobs', () => {
    expect(parseSeoSegment('odd-jobs-jobs')).toEqual({ skill: 'odd-jobs', city: null });
  });

  it.each([
    '',
    'jobs',
    'jobs-in',
    'jobs-in-',
    '-jobs',
    'java-jobs-in-',
    'Java-jobs',
    'java-jobs-',
    'java--jobs',
    'java_jobs',
    'java-jobs.html',
    'java jobs',
    'unknown',
    'aspire',
    'career-services',
    'healthz',
    'sitemap.xml',
    'robots.txt',
    '404',
    `${'a'.repeat(81)}-jobs`,
  ])('%s is not a landing page', (segment) => {
    expect(parseSeoSegment(segment)).toBeNull();
  });
});

describe('seoPath', () => {
  it('builds landing paths from names', () => {
    expect(seoPath({ skill: 'Java', city: 'Pune' })).toBe('/java-jobs-in-pune');
    expect(seoPath({ city: 'Kuala Lumpur' })).toBe('/jobs-in-kuala-lumpur');
    expect(seoPath({ skill: 'C++' })).toBe('/c-plus-plus-jobs');
    expect(seoPath({})).toBeNull();
  });

  it('has no landing page for names without a slug', () => {
    expect(seoPath({ skill: 'दिल्ली' })).toBeNull();
    expect(seoPath({ skill: 'Java', city: 'دبي' })).toBeNull();
  });

  it('reads back as the same slugs', () => {
    for (const [skill, city] of [
      ['Java', 'Pune'],
      ['Project Management', 'Ho Chi Minh City'],
      ['C#', 'Abu Dhabi'],
      ['Node.js', null],
      [null, 'Dubai'],
    ] as const) {
      const path = seoPath({ skill, city });
      expect(path).not.toBeNull();
      expect(parseSeoSegment((path as string).slice(1))).toEqual({
        skill: skill ? seoSlug(skill) : null,
        city: city ? seoSlug(city) : null,
      });
    }
  });

  it('refuses a skill whose path would read differently', () => {
    // "Jobs in X" as a skill would read back as a city page.
    expect(seoPath({ skill: 'Jobs in Pune' })).toBeNull();
  });

  it('builds paths from slugs', () => {
    expect(seoPathFromSlugs({ skill: 'java', city: 'pune' })).toBe('/java-jobs-in-pune');
    expect(seoPathFromSlugs({ city: 'pune' })).toBe('/jobs-in-pune');
    expect(seoPathFromSlugs({ skill: 'java', city: '' })).toBe('/java-jobs');
    expect(seoPathFromSlugs({})).toBeNull();
  });
});

describe('isSeoPath', () => {
  it('accepts one landing segment only', () => {
    expect(isSeoPath('/java-jobs')).toBe(true);
    expect(isSeoPath('/jobs-in-dubai/')).toBe(true);
    expect(isSeoPath('/search/java-jobs')).toBe(false);
    expect(isSeoPath('/')).toBe(false);
    expect(isSeoPath('/aspire')).toBe(false);
  });
});
