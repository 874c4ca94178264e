/**
 * Local formats (decision 0039): INR words in Hindi and Arabic, dates through Intl in each
 * language, times in each site's own zone with the zone named, place names and list separators
 * in the page's language, and the sites' time zones and per-language addresses.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { loadSites, siteByKey, sites } from '../../sites/index';
import india from '../../sites/india.json' with { type: 'json' };
import {
  formatClockRange,
  formatDate,
  formatDateTime,
  formatDay,
  formatMonth,
  formatTime,
} from '~/lib/format/dates';
import { formatInr } from '~/lib/format/inr';
import { isolate, withoutBidiControls } from '~/lib/format/bidi';
import { joinList, joinListIn } from '~/lib/format/lists';
import { formatNumber, formatPercent } from '~/lib/format/numbers';
import { formatMoney } from '~/lib/format/money';
import { placeList, placeName } from '~/lib/format/places';
import { salaryText } from '~/lib/jobs/display';
import { getT, type Translate } from '~/lib/i18n';
import { filterValueLabel } from '~/lib/search/labels';
import { siteAddress } from '~/lib/sites/address';
import { SiteSchema, type Site } from '~/lib/sites/schema';
import { SITE_PLACES } from '~/server/reference/places';
import { regionOf } from '~/server/search/places';

/** Intl puts narrow and no-break spaces in times; compare with plain ones. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const site = (key: string): Site => {
  const found = siteByKey(key);
  if (!found) throw new Error(`no site ${key}`);
  return found;
};
const indiaSite = site('india');
const gulfSite = site('gulf');

describe('INR in Hindi words (SPEC §9 bands)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1 हज़ार'],
    [1_500, '1.5 हज़ार'],
    [99_999, '99.99 हज़ार'],
    [100_000, '1 लाख'],
    [600_000, '6 लाख'],
    [150_000, '1.5 लाख'],
    [9_999_999, '99.99 लाख'],
    [10_000_000, '100 लाख'],
    [10_000_001, '100+ लाख'],
    [50_000_000, '100+ लाख'],
  ])('%d → %s', (amount, text) => {
    expect(formatInr(amount, { lang: 'hi' })).toBe(text);
  });

  it('reads crores as करोड़ where asked, and keeps the sign', () => {
    expect(formatInr(10_000_000, { lang: 'hi', crore: true })).toBe('1 करोड़');
    expect(formatInr(25_000_000, { lang: 'hi', crore: true })).toBe('2.5 करोड़');
    expect(formatInr(-5_000, { lang: 'hi' })).toBe('-5 हज़ार');
  });

  it('puts the symbol first on Hindi pages, English words stay on English pages', () => {
    expect(formatMoney(600_000, 'INR', 'hi', indiaSite)).toBe('₹ 6 लाख');
    expect(formatMoney(20_000_000, 'INR', 'hi', indiaSite)).toBe('₹ 100+ लाख');
    expect(formatMoney(600_000, 'INR', 'en', indiaSite)).toBe('₹ 6 Lakh');
  });

  it('reads Arabic amounts in thousands and millions, truncated, capped above a crore', () => {
    expect(plain(formatInr(6_000, { lang: 'ar' }))).toBe('6 آلاف');
    expect(plain(formatInr(600_000, { lang: 'ar' }))).toBe('600 ألف');
    expect(plain(formatInr(1_500_000, { lang: 'ar' }))).toBe('1.5 مليون');
    expect(plain(formatInr(9_999_999, { lang: 'ar' }))).toBe('9.99 مليون');
    expect(formatInr(20_000_000, { lang: 'ar' })).toBe('أكثر من 10 ملايين');
  });

  it('gives a job card salary and a salary filter band in the page language', () => {
    const t = getT('hi') as unknown as Translate;
    const job = {
      salaryMin: 600_000,
      salaryMax: 900_000,
      salaryCurrency: 'INR',
      salaryPeriod: 'year',
      salaryHidden: false,
    };
    expect(salaryText(t, job, indiaSite, 'hi')).toBe('₹ 6 लाख – ₹ 9 लाख प्रति वर्ष');
    const page = { lang: 'hi' as const, site: indiaSite };
    expect(filterValueLabel(t, 'salaryRanges', '300000-600000', 'x', page)).toBe(
      '₹ 3 लाख – ₹ 6 लाख',
    );
    expect(filterValueLabel(t, 'salaryRanges', '5000000+', 'x', page)).toBe('₹ 50 लाख+');
    expect(filterValueLabel(t, 'salaryRanges', '0-300000', 'x', page)).toBe('< ₹ 3 लाख');
  });
});

describe('calendar days and months (profile entries, walk-ins)', () => {
  it.each([
    ['en', '1 Jun 2019', 'Jun 2019'],
    ['hi', '1 जून 2019', 'जून 2019'],
    ['ar', '1 يونيو 2019', 'يونيو 2019'],
  ] as const)('%s', (lang, day, month) => {
    expect(formatDay('2019-06-01', lang, indiaSite)).toBe(day);
    expect(formatMonth('2019-06-01', lang, indiaSite)).toBe(month);
  });

  it('spells Hindi months out (नवंबर, not the abbreviation नव॰)', () => {
    expect(formatDay('2026-11-26', 'hi', indiaSite)).toBe('26 नवंबर 2026');
    expect(formatDay('2026-11-26', 'en', indiaSite)).toBe('26 Nov 2026');
  });

  it('shows a day as written whatever the site zone (no shift to the day before)', () => {
    // Asia/Kolkata is ahead of UTC, a zone behind it would move midnight to the day before.
    const behind = { ...indiaSite, timeZone: 'America/Los_Angeles' };
    expect(formatDay('2019-06-01', 'en', behind)).toBe('1 Jun 2019');
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDay('someday', 'en', indiaSite)).toBe('someday');
    expect(formatDateTime('not a time', 'en', indiaSite)).toBe('not a time');
  });
});

describe("a walk-in's hours in the page's language", () => {
  it.each([
    ['en', '10:00 am – 4:00 pm'],
    ['hi', '10:00 am – 4:00 pm'],
    ['ar', '10:00 ص – 4:00 م'],
  ] as const)('%s', (lang, text) => {
    expect(plain(formatClockRange('10:00 AM - 4:00 PM', lang, indiaSite))).toBe(text);
  });

  it('reads 24-hour hours and noon, and leaves other text as written', () => {
    expect(plain(formatClockRange('14:00-18:30', 'en', gulfSite))).toBe('2:00 PM – 6:30 PM');
    expect(plain(formatClockRange('12:00 PM - 12:30 PM', 'en', indiaSite))).toBe(
      '12:00 pm – 12:30 pm',
    );
    expect(formatClockRange('after lunch', 'ar', gulfSite)).toBe('after lunch');
    expect(formatClockRange('13:00 PM - 2:00 PM', 'en', gulfSite)).toBe('13:00 PM - 2:00 PM');
  });
});

describe("instants in the site's own zone, the zone named", () => {
  // A payment made at 06:50 in India: 01:20 UTC.
  const paid = new Date('2026-03-02T01:20:00Z');

  it.each([
    ['india', 'Asia/Kolkata', '2 Mar 2026, 6:50 am IST'],
    ['gulf', 'Asia/Dubai', '2 Mar 2026, 5:20 AM GST'],
    ['singapore', 'Asia/Singapore', '2 Mar 2026, 9:20 am SGT'],
    ['philippines', 'Asia/Manila', 'Mar 2, 2026, 9:20 AM GMT+8'],
    ['thailand', 'Asia/Bangkok', 'Mar 2, 2026, 8:20 AM GMT+7'],
    ['vietnam', 'Asia/Ho_Chi_Minh', 'Mar 2, 2026, 8:20 AM GMT+7'],
    ['indonesia', 'Asia/Jakarta', '2 Mar 2026, 08.20 WIB'],
    ['malaysia', 'Asia/Kuala_Lumpur', '2 Mar 2026, 9:20 am MYT'],
    ['hongkong', 'Asia/Hong_Kong', '2 Mar 2026, 9:20 am HKT'],
  ])('%s (%s): %s', (key, zone, text) => {
    const s = site(key);
    expect(s.timeZone).toBe(zone);
    expect(plain(formatDateTime(paid, 'en', s))).toBe(text);
  });

  it('names the zone in Hindi and Arabic too', () => {
    expect(plain(formatDateTime(paid, 'hi', indiaSite))).toBe('2 मार्च 2026, 6:50 am IST');
    expect(plain(formatDateTime(paid, 'hi', gulfSite))).toBe('2 मार्च 2026, 5:20 am GMT+4');
    // The offset in a left-to-right isolate, so right-to-left text keeps its sign before it.
    expect(plain(formatDateTime(paid, 'ar', indiaSite))).toBe(
      '2 مارس 2026، 6:50 ص غرينتش\u2066+5:30\u2069',
    );
    expect(plain(formatTime(paid, 'ar', gulfSite))).toBe('5:20 ص غرينتش\u2066+4\u2069');
    expect(plain(formatTime(paid, 'en', gulfSite))).toBe('5:20 AM GST');
  });

  it("gives the day in the site's zone: late evening UTC is the next day in Dubai", () => {
    const late = '2026-03-01T22:30:00Z';
    expect(formatDate(late, 'en', gulfSite)).toBe('2 Mar 2026');
    expect(formatDate(late, 'en', { ...gulfSite, timeZone: 'UTC' })).toBe('1 Mar 2026');
  });
});

describe('places and lists in the page language', () => {
  it('names the places the portal knows in Hindi and Arabic, others as written', () => {
    expect(placeName('Pune', 'hi')).toBe('पुणे');
    expect(placeName('Dubai', 'ar')).toBe('دبي');
    expect(placeName('Jeddah', 'ar')).toBe('جدة');
    expect(placeName('Dubai', 'en')).toBe('Dubai');
    expect(placeName('Springfield', 'ar')).toBe('Springfield');
  });

  it.each(['rexmonster', 'monstergulf'])(
    'has a Hindi and an Arabic name for every city and region of %s',
    (c) => {
      const places = SITE_PLACES.filter((s) => s.context === c).flatMap((s) =>
        s.countries.flatMap((country) => country.cities),
      );
      const regions = places.map((city) => regionOf(c, city)).filter((r) => r !== null);
      expect(regions.length).toBeGreaterThan(10);
      for (const place of [...places, ...regions]) {
        expect(placeName(place, 'hi'), place).not.toBe(place);
        expect(placeName(place, 'ar'), place).not.toBe(place);
      }
    },
  );

  it('joins Arabic lists with the Arabic comma', () => {
    expect(joinList(['دبي', 'الشارقة'], 'ar')).toBe('دبي، الشارقة');
    expect(joinList(['Dubai', 'Sharjah'], 'en')).toBe('Dubai, Sharjah');
    expect(joinListIn(['a', 'b'], 'ar-AE')).toBe('a، b');
    expect(joinListIn(['a', 'b'], undefined)).toBe('a, b');
    expect(placeList(['Dubai', 'Sharjah', 'Ajman', 'Al Ain'], 'ar', 3)).toBe('دبي، الشارقة، عجمان');
    expect(placeList(['Pune', 'Mumbai'], 'hi')).toBe('पुणे, मुंबई');
  });
});

describe('site time zones and addresses', () => {
  it('gives every site an IANA zone and refuses a made-up one', () => {
    for (const s of sites)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: s.timeZone })).not.toThrow();
    const broken = v.safeParse(SiteSchema, { ...india, timeZone: 'Asia/Atlantis' });
    expect(broken.success).toBe(false);
    expect(() => loadSites({ 'india.json': { ...india, timeZone: 'Mars/Base' } })).toThrow(
      /timeZone must be an IANA time zone/,
    );
  });

  it('shows India and Gulf offices in Hindi and Arabic, others in English', () => {
    expect(siteAddress(indiaSite, 'hi')).toMatch(/^लेवल 9, .*मुंबई 400051/);
    expect(siteAddress(gulfSite, 'ar')).toMatch(/دبي، الإمارات العربية المتحدة$/);
    expect(siteAddress(indiaSite, 'en')).toMatch(/^Level 9, Harbour Point/);
    expect(siteAddress(site('singapore'), 'hi')).toBe('#12-01, 80 Robinson Road, Singapore 068898');
  });

  it('still reads an address written as one text', () => {
    const one = v.parse(SiteSchema, {
      ...india,
      contact: { ...india.contact, address: 'Somewhere 1' },
    });
    expect(siteAddress(one, 'ar')).toBe('Somewhere 1');
  });
});

describe('money as each site and language writes it (decision 0086)', () => {
  it("writes a Gulf figure in its country's currency, the Arabic sign after the number", () => {
    expect(formatMoney(7_833, 'SAR', 'ar', gulfSite, { style: 'rounded' })).toBe('7,800 ر.س.');
    expect(formatMoney(7_833, 'SAR', 'en', gulfSite, { style: 'rounded' })).toBe('SAR 7,800');
    expect(formatMoney(2_500, 'AED', 'ar', gulfSite)).toBe('2,500 د.إ.');
    expect(formatMoney(2_500, 'AED', 'en', gulfSite)).toBe('AED 2,500');
    expect(formatMoney(-440, 'AED', 'ar', gulfSite, { style: 'exact' })).toBe('-440.00 د.إ.');
    const t = getT('ar') as unknown as Translate;
    const riyadh = {
      salaryMin: 2_500,
      salaryMax: 4_000,
      salaryPeriod: 'month',
      salaryHidden: false,
    };
    expect(salaryText(t, { ...riyadh, salaryCurrency: 'SAR' }, gulfSite, 'ar')).toBe(
      '2,500 ر.س. – 4,000 ر.س. شهريًا',
    );
    const page = { lang: 'ar' as const, site: gulfSite };
    expect(filterValueLabel(t, 'salaryRanges', '0-3000', 'x', page)).toBe('< 3,000 د.إ.');
  });

  it('rounds a computed figure as people say it, in लाख on Hindi pages', () => {
    expect(formatMoney(975_432, 'INR', 'hi', indiaSite, { style: 'rounded' })).toBe('₹ 9.75 लाख');
    expect(formatMoney(631_750, 'INR', 'hi', indiaSite, { style: 'rounded' })).toBe('₹ 6.32 लाख');
    expect(formatMoney(12_345, 'SGD', 'en', siteByKey('singapore')!, { style: 'rounded' })).toBe(
      'S$ 12,000',
    );
    expect(
      formatMoney(12_345_678, 'INR', 'hi', indiaSite, { style: 'exact', fractionDigits: 0 }),
    ).toBe('₹ 1,23,45,678');
    expect(plain(formatMoney(600_000, 'INR', 'ar', indiaSite))).toBe('600 ألف ₹');
  });
});

describe('numbers and values inside sentences', () => {
  it('writes counts and percentages in the page locale', () => {
    expect(formatNumber(1_234_567, 'en', indiaSite)).toBe('12,34,567');
    expect(formatNumber(1_234_567, 'ar', gulfSite)).toBe('1,234,567');
    // CLDR's Arabic percent keeps the sign after the digits with marks of its own.
    expect(withoutBidiControls(formatPercent(45, 'ar'))).toBe('45%');
    expect(formatPercent(10, 'hi', indiaSite, true)).toBe('+10%');
  });

  it('isolates a value in an Arabic sentence only, and leaves it out of a drawing', () => {
    const notice = getT('ar')('account:login.otpSent', {
      destination: isolate('+966 55••••567', 'ar'),
    });
    expect(notice).toContain('\u2068+966 55••••567\u2069');
    expect(isolate('+91 98••••210', 'hi')).toBe('+91 98••••210');
    expect(withoutBidiControls(notice)).not.toMatch(/[\u2066-\u2069\u200e\u200f]/);
  });
});
