import { describe, expect, it } from 'vitest';
import { brands, siteByKey } from '../../sites';
import { localizedPath, siteOrigin, splitLangPrefix } from '~/lib/sites/links';
import { jobIdFromSlug, jobPath } from '~/lib/jobs/paths';

const gulf = siteByKey('gulf')!;

describe('language paths', () => {
  it('prefixes Hindi and Arabic, never English', () => {
    expect(localizedPath('en', '/search/results')).toBe('/search/results');
    expect(localizedPath('ar', '/search/results')).toBe('/ar/search/results');
    expect(localizedPath('hi', '/')).toBe('/hi/');
    expect(localizedPath('hi', 'aspire')).toBe('/hi/aspire');
  });

  it('splits a language prefix off a path', () => {
    expect(splitLangPrefix('/ar/search/results')).toEqual({
      prefix: 'ar',
      path: '/search/results',
    });
    expect(splitLangPrefix('/hi')).toEqual({ prefix: 'hi', path: '/' });
    expect(splitLangPrefix('/hi/')).toEqual({ prefix: 'hi', path: '/' });
    expect(splitLangPrefix('/search/results')).toEqual({ prefix: null, path: '/search/results' });
    expect(splitLangPrefix('/job/x-1')).toEqual({ prefix: null, path: '/job/x-1' });
    expect(splitLangPrefix('/aspire')).toEqual({ prefix: null, path: '/aspire' });
  });
});

describe('links between sites', () => {
  it('stays on local hosts locally, keeping the port and the brand', () => {
    const here = new URL('http://rexmonster.localhost:4321/search/results');
    expect(siteOrigin(gulf, brands.classic, here, 'workora')).toBe(
      'http://monstergulf.localhost:4321',
    );
    expect(siteOrigin(gulf, brands.dm, here, 'workora')).toBe(
      'http://monstergulf.workora.localhost:4321',
    );
  });

  it('uses the production domain of the brand elsewhere', () => {
    const here = new URL('https://www.jobharbor.com/');
    expect(siteOrigin(gulf, brands.classic, here, 'workora')).toBe(`https://${gulf.domain}`);
    expect(siteOrigin(gulf, brands.dm, here, 'workora')).toMatch(/^https:\/\/[^/]*workora/);
  });
});

describe('job paths', () => {
  it('round-trips the id through the slug', () => {
    expect(jobPath({ id: 42, slug: 'java-developer-acme' })).toBe('/job/java-developer-acme-42');
    expect(jobIdFromSlug('java-developer-acme-42')).toBe(42);
    expect(jobIdFromSlug('42')).toBe(42);
    expect(jobIdFromSlug('java-developer')).toBeNull();
    expect(jobIdFromSlug('x-0')).toBeNull();
    expect(jobIdFromSlug('x-99999999999999999999')).toBeNull();
  });
});
