/** Pure parts of the search pages: request reading, recent searches, JSON-LD, sitemaps, robots. */
import { describe, expect, it } from 'vitest';
import { readResultsRequest, normaliseParams, boxFieldOf } from '~/lib/search/request';
import {
  dedupeRecentSearches,
  MAX_RECENT_SEARCHES,
  toRecentList,
  withRecentSearch,
  type RecentSearch,
} from '~/lib/search/recent';
import { descriptionHtml, jobPostingJsonLd } from '~/server/seo/job-posting';
import { sitemapIndexXml, urlSetXml, jobsPerSitemap, xmlEscape } from '~/server/seo/sitemap';
import { robotsTxt } from '~/pages/robots.txt';
import type { JobWithCompany } from '~/server/jobs/service';
import {
  SEARCH_INVALID_LOCATION,
  SEARCH_KEYWORDS_REQUIRED,
  SEARCH_ONLY_SPECIAL,
} from '~/lib/validation/search';

const q = (s: string) => new URLSearchParams(s);

describe('readResultsRequest', () => {
  it('browses every job when there is no keyword parameter', () => {
    const r = readResultsRequest(q(''));
    expect(r).toMatchObject({ errors: [], blocked: false, clean: true });
    expect(r.state.q).toBe('');
  });

  it('asks for keywords when the box was submitted empty', () => {
    const r = readResultsRequest(q('q=&location=&experience='));
    expect(r.errors.map((e) => e.message)).toEqual([SEARCH_KEYWORDS_REQUIRED]);
    expect(r.blocked).toBe(true);
    expect(r.clean).toBe(false);
    expect(readResultsRequest(q('q=%20%20')).errors[0]?.message).toBe(SEARCH_KEYWORDS_REQUIRED);
  });

  it('blocks on special characters only and on a bad location', () => {
    expect(readResultsRequest(q('q=%40%23%24')).errors[0]?.message).toBe(SEARCH_ONLY_SPECIAL);
    const loc = readResultsRequest(q('q=java&location=12345'));
    expect(loc.errors.map((e) => e.message)).toEqual([SEARCH_INVALID_LOCATION]);
    expect(loc.blocked).toBe(true);
  });

  it('does not block on the industry rule: the first two are kept', () => {
    const r = readResultsRequest(q('industries=1&industries=2&industries=3'));
    expect(r.blocked).toBe(false);
    expect(r.errors).toHaveLength(1);
    expect(r.state.filters.industries).toEqual(['1', '2']);
  });

  it('joins repeated keys and drops empty form fields', () => {
    expect(normaliseParams(q('a=1&a=2&b=&c=%20x')).toString()).toBe('a=1%2C2&c=x');
  });

  it('maps messages to the search box field they belong to', () => {
    expect(boxFieldOf(SEARCH_KEYWORDS_REQUIRED)).toBe('keywords');
    expect(boxFieldOf(SEARCH_ONLY_SPECIAL)).toBe('keywords');
    expect(boxFieldOf(SEARCH_INVALID_LOCATION)).toBe('location');
    expect(boxFieldOf('anything else')).toBeNull();
  });
});

describe('recent searches', () => {
  const s = (keywords: string, location = '', experience: number | null = null): RecentSearch => ({
    keywords,
    location,
    experience,
  });

  it('puts the newest first and drops an earlier copy, ignoring case and spacing', () => {
    const list = [s('java', 'Pune'), s('python')];
    expect(withRecentSearch(list, s('Java ', ' pune'))).toEqual([s('Java ', ' pune'), s('python')]);
    expect(withRecentSearch(list, s('java', 'Pune', 3))).toHaveLength(3);
  });

  it(`keeps at most ${MAX_RECENT_SEARCHES}`, () => {
    let list: RecentSearch[] = [];
    for (let i = 0; i < 15; i += 1) list = withRecentSearch(list, s(`k${i}`));
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]?.keywords).toBe('k14');
  });

  it('reads stored and API lists defensively', () => {
    expect(
      toRecentList({
        searches: [
          { keywords: 'java', location: 'Pune', experience: 2 },
          { q: 'JAVA', location: 'pune', experience: '2' },
          { keywords: '' },
          'junk',
          { keywords: 'sales', experience: 99 },
        ],
      }),
    ).toEqual([s('java', 'Pune', 2), s('sales')]);
    expect(toRecentList(null)).toEqual([]);
    expect(dedupeRecentSearches([s('a'), s('A')])).toEqual([s('a')]);
  });
});

const job = {
  id: 42,
  slug: 'java-developer-acme-pune',
  title: 'Java Developer',
  companyName: 'Acme <Tech>',
  description: 'Join us.\n\nWhat you will do:\n- Build APIs\n- Review code',
  skills: ['Java', 'Spring'],
  locations: ['Pune', 'Mumbai'],
  countryCode: 'IN',
  siteContext: 'rexmonster',
  experienceMin: 2,
  experienceMax: 5,
  salaryMin: 600000,
  salaryMax: 900000,
  salaryCurrency: 'INR',
  salaryPeriod: 'year',
  salaryHidden: false,
  industryId: 1,
  jobType: 'full_time',
  postedAt: new Date('2026-01-10T08:00:00Z'),
  expiresAt: new Date('2026-03-10T08:00:00Z'),
  status: 'active',
  company: { websiteUrl: 'https://acme.example', logoUrl: null },
} as unknown as JobWithCompany;

describe('JobPosting JSON-LD', () => {
  it('has the fields Google requires and recommends', () => {
    const ld = jobPostingJsonLd(job, { url: 'https://x.test/job/j-42', brandName: 'Brand' });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Java Developer',
      datePosted: '2026-01-10T08:00:00.000Z',
      validThrough: '2026-03-10T08:00:00.000Z',
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Acme <Tech>',
        sameAs: 'https://acme.example',
      },
      identifier: { '@type': 'PropertyValue', name: 'Brand', value: '42' },
      directApply: true,
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 600000,
          maxValue: 900000,
          unitText: 'YEAR',
        },
      },
      experienceRequirements: { monthsOfExperience: 24 },
    });
    expect((ld as { jobLocation: unknown[] }).jobLocation).toEqual([
      {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'IN' },
      },
      {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Mumbai', addressCountry: 'IN' },
      },
    ]);
  });

  it('leaves out a hidden salary and keeps the country without a city', () => {
    const ld = jobPostingJsonLd(
      { ...job, salaryHidden: true, locations: [], expiresAt: null } as JobWithCompany,
      { url: 'u', brandName: 'B' },
    ) as Record<string, unknown>;
    expect(ld.baseSalary).toBeUndefined();
    expect(ld.validThrough).toBeUndefined();
    expect(ld.jobLocation).toEqual([
      { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'IN' } },
    ]);
  });

  it('turns the description into escaped HTML paragraphs and lists', () => {
    expect(descriptionHtml('A <b> & c.\n\nLead:\n- one\n- two')).toBe(
      '<p>A &#60;b&#62; &#38; c.</p><p>Lead:</p><ul><li>one</li><li>two</li></ul>',
    );
  });
});

describe('sitemaps', () => {
  it('lists each page in each language with hreflang alternates', () => {
    const xml = urlSetXml(
      'http://s.localhost:1',
      ['en', 'ar'],
      [{ path: '/job/a-1', lastmod: new Date('2026-02-01T10:00:00Z') }],
    );
    expect(xml).toContain('<loc>http://s.localhost:1/job/a-1</loc><lastmod>2026-02-01</lastmod>');
    expect(xml).toContain('<loc>http://s.localhost:1/ar/job/a-1</loc>');
    expect(xml.match(/hreflang="ar"/g)).toHaveLength(2);
    expect(xml).toContain('hreflang="x-default" href="http://s.localhost:1/job/a-1"');
  });

  it('lists a page that exists in one language without alternates', () => {
    const xml = urlSetXml(
      'https://x.test',
      ['en', 'hi', 'ar'],
      [{ path: '/career-advice/a.html', langs: ['hi'] }],
    );
    expect(xml).toContain('<loc>https://x.test/hi/career-advice/a.html</loc>');
    expect(xml).not.toContain('xhtml:link rel');
  });

  it('escapes and sizes', () => {
    expect(xmlEscape(`a&b<'">`)).toBe('a&amp;b&lt;&apos;&quot;&gt;');
    expect(sitemapIndexXml([{ loc: 'https://x.test/sitemaps/jobs-1.xml' }])).toContain(
      '<sitemap><loc>https://x.test/sitemaps/jobs-1.xml</loc></sitemap>',
    );
    expect(jobsPerSitemap(3) * 3).toBeLessThanOrEqual(50_000);
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the API, seeker pages and filtered results, and names the sitemap', () => {
    const txt = robotsTxt('http://monstergulf.localhost:4321', ['en', 'hi', 'ar']);
    expect(txt).toMatch(/^Disallow: \/api\/$/m);
    expect(txt).toMatch(/^Disallow: \/ar\/seeker\/$/m);
    expect(txt).toMatch(/^Disallow: \/hi\/srp\/\*\?\*industries=$/m);
    expect(txt).toContain('Sitemap: http://monstergulf.localhost:4321/sitemap.xml');
    expect(robotsTxt('https://x.test', ['en'])).not.toContain('/ar/');
  });
});

describe('page data cache', () => {
  it('serves a stale value while one refresh runs, and forgets failures', async () => {
    const { cached, clearCache } = await import('~/server/seo/cache');
    clearCache();
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    expect(await cached('k', 0, load)).toBe(1);
    // Stale (ttl 0): the old value at once, a refresh behind it.
    expect(await cached('k', 0, load)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached('k', 60_000, load)).toBe(2);
    expect(calls).toBe(2);
    await expect(cached('bad', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cached('bad', 60_000, () => Promise.resolve('up'))).toBe('up');
  });
});
