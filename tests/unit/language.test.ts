import { describe, expect, it } from 'vitest';
import { setLanguage } from '~/server/http/language';
import { brands, defaultSite, siteByContext } from '../../sites';

function localsFor(lang: 'en' | 'hi' | 'ar', site = defaultSite) {
  const locals = { site, brand: brands.classic } as App.Locals;
  setLanguage(locals, lang);
  return locals;
}

describe("a request's translate function", () => {
  it('gives each count its own plural form, the same text every time it is asked', () => {
    const { t } = localsFor('en');
    expect(t('search.experienceYears', { count: 1 })).toBe('1 year');
    expect(t('search.experienceYears', { count: 5 })).toBe('5 years');
    expect(t('search.experienceYears', { count: 1 })).toBe('1 year');
    expect(t('search.experienceYears', { count: 5 })).toBe('5 years');
  });

  it('tells a number from the same digits as text, and one option name from another', () => {
    const { t } = localsFor('en');
    expect(t('jobs.experienceRange', { min: 2, max: 5, count: 5 })).toBe('2-5 years');
    expect(t('jobs.experienceRange', { min: '2', max: '5', count: 5 })).toBe('2-5 years');
    expect(t('jobs.experienceRange', { min: 5, max: 2, count: 2 })).toBe('5-2 years');
    expect(t('jobs.experienceRange', { min: 0, max: 1, count: 1 })).toBe('0-1 year');
    expect(t('jobs.postedOn', { date: 'today' })).toBe('Posted today');
    expect(t('jobs.postedOn', { date: 'yesterday' })).toBe('Posted yesterday');
  });

  it('keeps languages and sites apart', () => {
    const en = localsFor('en').t;
    const hi = localsFor('hi').t;
    expect(hi('search.experienceYears', { count: 5 })).not.toBe(
      en('search.experienceYears', { count: 5 }),
    );
    const gulf = siteByContext('monstergulf');
    expect(gulf).toBeDefined();
    const arGulf = localsFor('ar', gulf).t;
    const arIndia = localsFor('ar').t;
    // The country is filled in for every key: the same key reads differently per site.
    expect(arGulf('pages:home.title')).not.toBe(arIndia('pages:home.title'));
  });

  it('stays right after more distinct texts than it keeps', () => {
    const { t } = localsFor('en');
    for (let i = 0; i < 10_000; i++)
      expect(t('jobs.postedOn', { date: `d${i}` })).toBe(`Posted d${i}`);
    expect(t('search.experienceYears', { count: 1 })).toBe('1 year');
  });

  it('still translates options that are not plain values', () => {
    const { t } = localsFor('en');
    const date = { toString: () => 'tomorrow' };
    expect(t('jobs.postedOn', { date })).toBe('Posted tomorrow');
  });
});
