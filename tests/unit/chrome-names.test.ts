/**
 * Places of India and the Gulf, job functions and industries read in Hindi and Arabic
 * (they come from the data in English), and the chrome pages have their own page names.
 */
import { describe, expect, it } from 'vitest';
import { getT, type Translate } from '~/lib/i18n';
import { localName } from '~/lib/chrome/names';
import { filterValueLabel } from '~/lib/search/labels';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { pageNameFromPath } from '~/lib/page-name';
import { SITE_PLACES } from '~/server/reference/places';

const translate = (lang: 'en' | 'hi' | 'ar'): Translate => {
  const t = getT(lang);
  return (key, options) => String(t(key, options ?? {}));
};
const hi = translate('hi');
const ar = translate('ar');
const en = translate('en');

const placesOf = (context: string) =>
  SITE_PLACES.filter((s) => s.context === context).flatMap((s) =>
    s.countries.flatMap((c) => [c.name, ...c.cities]),
  );

describe('localised names', () => {
  it.each(['rexmonster', 'monstergulf'])('translates every city and country of %s', (context) => {
    for (const place of placesOf(context)) {
      expect(localName(en, place)).toBe(place);
      expect(localName(hi, place), place).not.toBe(place);
      expect(localName(ar, place), place).not.toBe(place);
      expect(localName(ar, place), place).not.toMatch(/[A-Za-z]{3}/);
    }
  });

  it('translates every job function and industry', () => {
    for (const { value } of [...JOB_FUNCTIONS, ...INDUSTRIES]) {
      expect(localName(en, value)).toBe(value);
      expect(localName(hi, value), value).not.toBe(value);
      expect(localName(ar, value), value).not.toBe(value);
    }
  });

  it('labels place and industry filters in the language, other values as they are', () => {
    expect(filterValueLabel(ar, 'jobCities', 'Dubai')).toBe('دبي');
    expect(filterValueLabel(hi, 'locations', 'Pune', 'Pune')).toBe('पुणे');
    expect(filterValueLabel(ar, 'industries', '30', 'Insurance')).toBe('التأمين');
    expect(filterValueLabel(ar, 'skills', 'Retail')).toBe('Retail');
    expect(filterValueLabel(ar, 'jobCities', 'Atlantis')).toBe('Atlantis');
    expect(ar('search:seo.heading.city', { city: localName(ar, 'Dubai') })).toContain('دبي');
  });

  it('names the chrome pages for tracking', () => {
    expect(pageNameFromPath('/feedback')).toBe('feedback');
    expect(pageNameFromPath('/ar/connect-with-us')).toBe('connect-with-us');
    expect(pageNameFromPath('/hi/seeker/assessment')).toBe('assessment');
    expect(pageNameFromPath('/seeker/auto-apply')).toBe('auto-apply');
    expect(pageNameFromPath('/feedback/x')).toBe('not-found');
  });
});

describe('dialling codes', () => {
  it('labels the Gulf codes with their countries from isd.json', async () => {
    const { isdLabel } = await import('~/lib/chrome/isd-client');
    const { default: list } = await import('../../public/seeker/images/isd.json', {
      with: { type: 'json' },
    });
    // The code first (a narrow select still shows it), isolated left-to-right for Arabic pages.
    expect(isdLabel('971', list)).toBe('\u2066+971\u2069 United Arab Emirates');
    expect(isdLabel('965', list)).toBe('\u2066+965\u2069 Kuwait');
    expect(isdLabel('91', list)).toBe('\u2066+91\u2069 India');
    expect(isdLabel('999', list)).toBe('+999');
    expect(isdLabel('971', list, 'ar')).toBe('\u2066+971\u2069 الإمارات العربية المتحدة');
    expect(isdLabel('91', list, 'hi')).toBe('\u2066+91\u2069 भारत');
  });
});
