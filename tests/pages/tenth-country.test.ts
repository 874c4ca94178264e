/**
 * A country is data: a tenth site, added at test time as one site file
 * (tests/fixtures/sites/srilanka.json) and its places, is resolved from its host, registers a
 * seeker with a local mobile, lists its sitemaps on its own domain, sells career services at the
 * prices of its price rule and shows in every footer, reads its places in the search box and a
 * resume's salary in its currency, with no line of src/ naming it.
 */
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';

vi.mock('../../sites/files', async (importOriginal) => {
  const { siteFiles } = await importOriginal<typeof import('../../sites/files')>();
  const { withFixtureSite } = await import('../fixtures/sites/tenth');
  return { siteFiles: withFixtureSite(siteFiles) };
});
vi.mock('~/server/reference/places/files', async (importOriginal) => {
  const { placeFiles } = await importOriginal<typeof import('~/server/reference/places/files')>();
  const { monstersrilanka } = await import('../fixtures/sites/srilanka-places');
  return { placeFiles: [...placeFiles, monstersrilanka] };
});
// `npm run phone:metadata` after adding a site: here, the same slice made for the ten sites.
vi.mock('~/lib/validation/phone-metadata.json', async () => {
  const { sitesMetadata } = await import('../../scripts/phone-metadata');
  return { default: sitesMetadata() };
});
// The sitemap index counts open jobs and articles: none yet on a new site.
vi.mock('~/server/seo/sitemap', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/server/seo/sitemap')>()),
  openJobStatsCached: async () => ({ total: 0, lastmod: null }),
}));
vi.mock('~/server/content/articles', () => ({
  articlesOfSite: async () => [],
  modifiedAt: () => new Date(0),
}));
vi.mock('~/server/http/page-cache', () => ({ cacheSitemap: () => {} }));

const { sites, resolveSite, siteByKey } = await import('../../sites');
const { registrationSchema } = await import('~/lib/validation/account-mobile');
const { sellable, allServiceViews, paymentModesOf } = await import('~/server/commerce/catalogue');
const { catalogue } = await import('../../catalogue');
const { siteCities } = await import('~/server/reference/places');
const { salaryScale, salaryFactor } = await import('~/server/search/facet-ranges');
const { siteContextForCountry, currencyFor } = await import('~/server/jobs/import-countries');
const { default: Footer } = await import('~/components/Footer.astro');
const { experimental_AstroContainer: AstroContainer } = await import('astro/container');
const sitemapIndex = await import('~/pages/sitemap.xml');
const { parseResumeText } = await import('~/server/resumes/parse');
const { resolveLocation, siteRegions } = await import('~/server/search/places');
const { ocrLangsFor } = await import('~/server/resumes/ocr');
const { SEARCH_PARTITION_SITES } = await import('~/server/db/schema-search');
const { localsFor, render, textOf } = await import('./render');

const lanka = () => siteByKey('srilanka')!;

describe('a tenth country added as a site file', () => {
  it('is a site like the others, after them in the country list, served on its hosts', async () => {
    const { siteFiles } =
      await vi.importActual<typeof import('../../sites/files')>('../../sites/files');
    expect(sites).toHaveLength(Object.keys(siteFiles).length + 1);
    expect(sites.at(-1)?.key).toBe('srilanka');
    expect(resolveSite('www.jobharbor.lk')).toBe(lanka());
    expect(resolveSite('monstersrilanka.localhost:4321')).toBe(lanka());
    expect(siteCities('monstersrilanka')).toContain('Colombo');
  });

  it('puts salaries in its own bands, other currencies converted by its rate', () => {
    expect(salaryScale('LKR')).toEqual({ period: 'month', bounds: lanka().salaryScale.bounds });
    // A Singapore dollar is worth 0.74 US dollars, a rupee 0.0033: so 0.74 / 0.0033 rupees.
    expect(salaryFactor('SGD', 'month', 'LKR', 'month')).toBeCloseTo(0.74 / 0.0033, 6);
  });

  it('registers a seeker with a Sri Lankan mobile, stored with +94, and refuses an Indian one', () => {
    const form = {
      careerStage: 'professional',
      name: 'Nimali Perera',
      email: 'nimali@example.com',
      password: 'Harbour#2026',
      isdCode: '',
      mobile: '077 123 4567',
    };
    const schema = registrationSchema(lanka().isdCodes);
    const ok = v.safeParse(schema, form);
    expect(ok.success).toBe(true);
    expect(ok.success && JSON.stringify(ok.output)).toContain('771234567');
    expect(ok.success && ok.output.isdCode).toBe('94');
    expect(v.safeParse(schema, { ...form, mobile: '98765 43210' }).success).toBe(false);
  });

  it('sells every career service at its price rule: Singapore’s price times 225, whole rupees', () => {
    const singapore = siteByKey('singapore')!;
    for (const service of catalogue.services)
      for (const plan of service.plans) {
        const sku = `${service.slug}/${plan.id}`;
        const sgd = sellable(sku, singapore)!.priceMinor;
        const lkr = sellable(sku, lanka())!.priceMinor;
        expect(lkr % 10_000).toBe(0);
        expect(Math.abs(lkr - sgd * 225)).toBeLessThanOrEqual(5_000);
      }
    expect(allServiceViews(lanka(), 'hi').every((s) => s.fromMinor > 0)).toBe(true);
    expect(paymentModesOf(lanka())).toEqual(['card']);
  });

  it('takes imported jobs written with its name, in its currency', () => {
    expect(siteContextForCountry('Sri Lanka')).toBe('monstersrilanka');
    expect(siteContextForCountry('LKA')).toBe('monstersrilanka');
    expect(currencyFor('LK', 'monstersrilanka')).toBe('LKR');
  });

  // The parser's first resume builds its word lists: seconds on a busy machine.
  it(
    'reads a resume’s salary in its currency: by its code, or as the currency of its city',
    { timeout: 60_000 },
    () => {
      // No city and no site default: the code alone names the currency.
      const coded = parseResumeText(
        ['Nimali Perera', 'nimali@example.com', 'Current Salary: LKR 150,000 per month'].join('\n'),
      );
      expect(coded.salary).toMatchObject({ amount: 150_000, currency: 'LKR', mode: 'monthly' });
      // Written without a currency under one of its cities: the city's.
      const local = parseResumeText('Nimali Perera\nKandy\nCurrent salary: 95,000 per month');
      expect(local.city?.city).toBe('Kandy');
      expect(local.salary).toMatchObject({ amount: 95_000, currency: 'LKR' });
      expect(ocrLangsFor('monstersrilanka')).toEqual(['eng']);
    },
  );

  it('reads its places in the search box: regions and other names from its places file', () => {
    expect(resolveLocation('monstersrilanka', 'Western Province').cityKeys.sort()).toEqual([
      'colombo',
      'negombo',
    ]);
    expect(resolveLocation('monstersrilanka', 'cmb').cityKeys).toEqual(['colombo']);
    // Its own country's name is anywhere on the site.
    expect(resolveLocation('monstersrilanka', 'Sri Lanka')).toEqual({
      cityKeys: [],
      countryCodes: [],
    });
    expect(siteRegions('monstersrilanka').map((r) => r.name)).toContain('Central Province');
    // No partition of its own without a migration: its jobs are searched in search_jobs_other.
    expect(SEARCH_PARTITION_SITES).not.toContain('monstersrilanka');
  });

  it('lists its sitemaps on its own domain', async () => {
    const container = await AstroContainer.create();
    const locals = localsFor('srilanka', 'en');
    const response = await container.renderToResponse(sitemapIndex as never, {
      routeType: 'endpoint',
      locals,
      request: new Request('https://www.jobharbor.lk/sitemap.xml'),
    });
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<loc>https://www.jobharbor.lk/sitemaps/jobs-1.xml</loc>');
    expect(xml).toContain('<loc>https://www.jobharbor.lk/sitemaps/seo.xml</loc>');
  });

  it.each(['en', 'hi', 'ar'] as const)('is in every footer, by its name in %s', async (lang) => {
    const names = { en: 'Sri Lanka', hi: 'श्रीलंका', ar: 'سريلانكا' };
    const onIndia = textOf(await render(Footer, { site: 'india', lang }));
    expect(onIndia).toContain(names[lang]);
    const own = await render(Footer, { site: 'srilanka', lang });
    expect(own).toMatch(/href="https:\/\/www\.jobharbor\.lk\/[^"]*" aria-current="true"/);
    expect(textOf(own)).toContain('+94 11 430 4500');
  });
});
