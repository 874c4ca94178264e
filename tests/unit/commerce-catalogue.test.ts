/**
 * The career services catalogue and promo code files as an editor keeps them: the shipped files
 * are valid, and a broken one is refused with its file and field named. Money shows in minor
 * units converted exactly, INR in Thousand / Lakh words on catalogue prices.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, loadCatalogue, loadPromoCodes, promoCodeConfigs } from '../../catalogue';
import data from '../../catalogue/career-services.json' with { type: 'json' };
import { cartDigits, formatExact, formatPrice, percentOf, toMajor } from '~/lib/commerce/money';
import { sellable, suggestedAddOns } from '~/server/commerce/catalogue';
import { siteByKey, sites } from '../../sites';

const india = siteByKey('india')!;
const gulf = siteByKey('gulf')!;
const vietnam = siteByKey('vietnam')!;
const clone = () => JSON.parse(JSON.stringify(data));

describe('catalogue/career-services.json', () => {
  it('sells the four services with their tags, and prices every plan on every site', () => {
    expect(catalogue.services.map((s) => [s.slug, s.tag])).toEqual([
      ['featured-profile', null],
      ['resume-writing', null],
      ['career-booster', 'RECOMMENDED'],
      ['profile-highlighter', 'BEST SELLER'],
    ]);
    for (const site of sites) {
      for (const s of catalogue.services)
        for (const p of s.plans)
          expect(sellable(`${s.slug}/${p.id}`, site)!.priceMinor).toBeGreaterThan(0);
    }
  });

  it('names the file and the field of a mistake', () => {
    const broken = clone();
    broken.services[2].plans[0].prices.gulf = 17.5;
    expect(() => loadCatalogue(broken)).toThrow(
      /catalogue\/career-services\.json:\n {2}- services\.2\.plans\.0\.prices\.gulf: prices must be whole numbers of minor units/,
    );
    // A site with neither a price nor a price rule, and a price for no site.
    const unpriced = clone();
    delete unpriced.addOns[0].prices.gulf;
    expect(() => loadCatalogue(unpriced)).toThrow(
      /addOns\.0\.prices\.gulf: missing: give a price, or a priceRule in the site file/,
    );
    const stray = clone();
    stray.addOns[0].prices.atlantis = 500;
    expect(() => loadCatalogue(stray)).toThrow(
      /addOns\.0\.prices\.atlantis: "atlantis" is not a site/,
    );
    const noArabic = clone();
    delete noArabic.services[0].title.ar;
    expect(() => loadCatalogue(noArabic)).toThrow(/services\.0\.title\.ar/);
    const badAddOn = clone();
    badAddOn.services[1].addOns.push('free-lunch');
    expect(() => loadCatalogue(badAddOn)).toThrow(
      /services\.1\.addOns\.2: "free-lunch" is not in addOns/,
    );
    const missingSite = clone();
    delete missingSite.addOns[0].prices.vietnam;
    expect(() => loadCatalogue(missingSite)).toThrow(/addOns\.0\.prices\.vietnam/);
  });

  it('suggests the add-ons of the services in the cart that are not in it yet', () => {
    const india = siteByKey('india')!;
    expect(suggestedAddOns(['profile-highlighter/1-month'], india).map((a) => a.sku)).toEqual([
      'addon/cover-letter',
    ]);
    expect(suggestedAddOns(['profile-highlighter/1-month', 'addon/cover-letter'], india)).toEqual(
      [],
    );
    expect(sellable('career-booster/3-months/x', india)).toBeUndefined();
    expect(sellable('addon/nothing', india)).toBeUndefined();
  });
});

describe('catalogue/promo-codes.json', () => {
  it('loads the shipped codes and refuses a code with two discounts or dates the wrong way round', () => {
    expect(promoCodeConfigs.map((c) => c.code)).toContain('WELCOME20');
    const both = {
      codes: [
        {
          code: 'BOTH',
          site: 'india',
          percentOff: 5,
          amountOffMinor: 100,
          validFrom: '2026-01-01T00:00:00Z',
          validUntil: '2026-02-01T00:00:00Z',
        },
      ],
    };
    expect(() => loadPromoCodes(both)).toThrow(
      /promo-codes\.json:\n {2}- codes\.0: give exactly one of percentOff and amountOffMinor/,
    );
    const backwards = {
      codes: [
        {
          code: 'BACK',
          site: 'india',
          percentOff: 5,
          validFrom: '2026-03-01T00:00:00Z',
          validUntil: '2026-02-01T00:00:00Z',
        },
      ],
    };
    expect(() => loadPromoCodes(backwards)).toThrow(/validUntil must be after validFrom/);
  });
});

describe('money', () => {
  it('keeps minor units whole and converts them exactly', () => {
    expect(toMajor(320_000, 'INR')).toBe(3200);
    expect(toMajor(1_320_000, 'VND')).toBe(1_320_000);
    expect(percentOf(470_000, 20)).toBe(94_000);
    expect(percentOf(999, 15)).toBe(149); // rounded down: a discount never overshoots
  });

  it('shows INR catalogue prices in Thousand / Lakh words and exact amounts with digits', () => {
    expect(formatPrice(400_000, 'INR', 'en', india)).toBe('₹ 4 Thousand');
    expect(formatPrice(15_000_000, 'INR', 'en', india)).toBe('₹ 1.5 Lakh');
    expect(formatPrice(80_000, 'INR', 'en', india)).toBe('₹ 800');
    expect(formatPrice(150_000, 'INR', 'hi', india)).toBe('₹ 1.5 हज़ार');
    expect(formatExact(320_050, 'INR', 'en', india)).toBe('₹ 3,200.50');
    expect(formatExact(12_345_600, 'INR', 'en', india)).toBe('₹ 1,23,456.00');
    expect(formatExact(12_345_600, 'INR', 'hi', india)).toBe('₹ 1,23,456.00');
  });

  it("shows other currencies in their site's locale, the Arabic sign on Arabic pages", () => {
    expect(formatPrice(17_600, 'AED', 'en', gulf)).toBe('AED 176');
    expect(formatExact(15_700, 'AED', 'en', gulf)).toBe('AED 157.00');
    expect(formatExact(15_700, 'AED', 'ar', gulf)).toBe('157.00 د.إ.');
    expect(formatExact(1_320_000, 'VND', 'en', vietnam)).toBe('₫ 1,320,000');
  });

  it('shows a cart in one format: decimals for every amount or for none', () => {
    expect(cartDigits([150_000, 70_000, 176_000], 'INR')).toBe(0);
    expect(cartDigits([150_000, 70_000, 176_050], 'INR')).toBe(2);
    const digits = cartDigits([150_000, 70_000], 'INR');
    expect([150_000, 70_000].map((m) => formatExact(m, 'INR', 'en', india, digits))).toEqual([
      '₹ 1,500',
      '₹ 700',
    ]);
    expect(formatExact(6_600, 'AED', 'ar', gulf, cartDigits([6_600, 6_650], 'AED'))).toBe(
      '66.00 د.إ.',
    );
  });
});
