/**
 * The search API endpoints, called as Astro calls them (a Request and locals, no server), over a
 * fresh database on both backends: the SPEC §7 raven search calls (auto-fill GET and POST,
 * suggested-keywords, master-data, popular-cities with siteContext), the results JSON (SPEC §5
 * messages for refused input, "no result" as a success with its message), recent searches
 * (401 for guests) and voice search.
 */
import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { SEARCH_MAX_INDUSTRIES } from '~/lib/search/parse';
import {
  SEARCH_INVALID_LOCATION,
  SEARCH_NO_RESULTS,
  SEARCH_ONLY_SPECIAL,
} from '~/lib/validation/search';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, users } from '~/server/db/schema';
import { RECENT_LOGIN_REQUIRED } from '~/server/search/recent';
import { SEMANTIC_TEXT_REQUIRED } from '~/server/search/semantic';
import * as autoFill from '~/pages/api/raven/api/public/search/v1/auto-fill';
import * as masterData from '~/pages/api/raven/api/public/search/v1/master-data';
import * as popularCities from '~/pages/api/raven/api/public/search/v1/popular-cities';
import * as search from '~/pages/api/raven/api/public/search/v1/search';
import * as suggestedKeywords from '~/pages/api/raven/api/public/search/v1/suggested-keywords';
import * as recentSearch from '~/pages/api/middleware/recentSearch';
import * as getSemantic from '~/pages/api/voice-search/api/v1/getSemantic';
import { backends, useFreshDb, type TestDb } from './db';

const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelope data varies by endpoint
type Body = { success: boolean; error: string; status: number; errors: any[]; data: any };

/** Calls an endpoint handler as Astro would, on a site, as a user (null: a guest). */
async function call(
  route: Record<string, unknown>,
  method: 'GET' | 'POST',
  path: string,
  options: { site?: string; userId?: string | null; body?: unknown } = {},
): Promise<{ status: number; body: Body }> {
  const handler = route[method] as (c: APIContext) => Promise<Response>;
  const site = siteByContext(options.site ?? 'rexmonster')!;
  const request = new Request(`http://${site.context}.localhost${path}`, {
    method,
    ...(options.body !== undefined
      ? { body: JSON.stringify(options.body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  const context = {
    request,
    url: new URL(request.url),
    params: {},
    locals: {
      site,
      lang: 'en',
      user: options.userId ? { id: options.userId, name: 'Seeker' } : null,
    },
  } as unknown as APIContext;
  const response = await handler(context);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Body };
}

const API = '/api/raven/api/public/search/v1';

describe.each(backends)('search API on %s', (backend) => {
  const t = useFreshDb(backend);
  let previous: Promise<TestDb> | undefined;

  beforeEach(async () => {
    // The endpoints use the process-wide database: point it at this test's one.
    previous = (globalThis as G)[DB_KEY];
    (globalThis as G)[DB_KEY] = Promise.resolve(t.handle);
    await ensureCountries(t.db);
    const [company] = await t.db
      .insert(companies)
      .values({ name: 'Kaveri Infotech Pvt Ltd', slug: 'kaveri', siteContext: 'rexmonster' })
      .returning({ id: companies.id });
    const base = {
      companyId: company!.id,
      companyName: 'Kaveri Infotech Pvt Ltd',
      description: 'A job.',
      siteContext: 'rexmonster',
      countryCode: 'IN',
      postedAt: new Date(Date.now() - 86_400_000),
      industryId: 38,
    };
    await t.db.insert(jobs).values([
      {
        ...base,
        title: 'Java Developer',
        slug: 'java-developer',
        skills: ['Java', 'Spring Boot'],
        locations: ['Pune'],
      },
      {
        ...base,
        title: 'Accountant',
        slug: 'accountant',
        skills: ['Tally'],
        locations: ['Chennai'],
        isWalkin: true,
        walkinStartDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        walkinEndDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      },
    ]);
  });

  afterEach(() => {
    (globalThis as G)[DB_KEY] = previous;
  });

  it('auto-fill answers GET and POST', async () => {
    const get = await call(autoFill, 'GET', `${API}/auto-fill?text=jav&appName=seeker`);
    expect(get.status).toBe(200);
    expect(get.body).toMatchObject({ success: true, error: '', status: 0 });
    expect(get.body.data).toEqual([
      { value: 'Java', kind: 'skill' },
      { value: 'Java Developer', kind: 'title' },
    ]);
    const byQuery = await call(autoFill, 'GET', `${API}/auto-fill?query=pun`);
    expect(byQuery.body.data).toEqual([{ value: 'Pune', kind: 'city' }]);
    const post = await call(autoFill, 'POST', `${API}/auto-fill`, {
      body: { text: 'acc', appName: 'seeker' },
    });
    expect(post.body.data).toEqual([{ value: 'Accountant', kind: 'title' }]);
    expect((await call(autoFill, 'GET', `${API}/auto-fill`)).body.data).toEqual([]);
    const long = await call(autoFill, 'GET', `${API}/auto-fill?text=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.success).toBe(false);
  });

  it('suggested-keywords, master-data and popular-cities', async () => {
    const keywords = await call(suggestedKeywords, 'GET', `${API}/suggested-keywords?q=java`);
    expect(keywords.body.data.map((k: { value: string }) => k.value)).toContain('Spring Boot');
    const data = await call(masterData, 'GET', `${API}/master-data`);
    expect(data.body.data.noticePeriods[0]).toEqual({ id: 0, value: 'Serving Notice Period' });
    expect(data.body.data.salaryRanges[0].label).toBe('< ₹ 3 Lakh');
    const cities = await call(popularCities, 'GET', `${API}/popular-cities`);
    expect(cities.body.data).toEqual([
      { city: 'Chennai', count: 1 },
      { city: 'Pune', count: 1 },
    ]);
    const gulf = await call(popularCities, 'GET', `${API}/popular-cities?siteContext=monstergulf`);
    expect(gulf.body.data).toEqual([]);
    const unknown = await call(popularCities, 'GET', `${API}/popular-cities?siteContext=nowhere`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown site context.');
  });

  it('answers the results page with job paths, and no result as a success', async () => {
    const found = await call(search, 'GET', `${API}/search?q=java developer&location=Pune`);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ total: 1, totalExact: true, message: '' });
    expect(found.body.data.jobs[0]).toMatchObject({
      title: 'Java Developer',
      path: expect.stringMatching(/^\/job\/java-developer-\d+$/),
    });
    expect(found.body.data.facets.skills.map((f: { value: string }) => f.value)).toEqual([
      'Java',
      'Spring Boot',
    ]);
    const none = await call(search, 'GET', `${API}/search?q=astronaut`);
    expect(none.status).toBe(200);
    expect(none.body.success).toBe(true);
    expect(none.body.data).toMatchObject({ total: 0, jobs: [], message: SEARCH_NO_RESULTS });
    const walkins = await call(search, 'GET', `${API}/search?walkin=1`);
    expect(walkins.body.data.jobs.map((j: { title: string }) => j.title)).toEqual(['Accountant']);
  });

  it('refuses what the search box would, with the SPEC §5 messages', async () => {
    const special = await call(search, 'GET', `${API}/search?q=${encodeURIComponent('@#$')}`);
    expect(special.status).toBe(400);
    expect(special.body).toMatchObject({
      success: false,
      error: SEARCH_ONLY_SPECIAL,
      status: 1,
      errors: [{ field: 'q', message: SEARCH_ONLY_SPECIAL }],
    });
    const location = await call(search, 'GET', `${API}/search?q=java&location=Pune%2012`);
    expect(location.body.error).toBe(SEARCH_INVALID_LOCATION);
    const industries = await call(search, 'GET', `${API}/search?industries=1,2,3`);
    expect(industries.status).toBe(400);
    expect(industries.body.errors).toEqual([
      { field: 'industries', message: SEARCH_MAX_INDUSTRIES },
    ]);
  });

  it('keeps recent searches for logged-in seekers only', async () => {
    const guest = await call(recentSearch, 'GET', '/api/middleware/recentSearch');
    expect(guest.status).toBe(401);
    expect(guest.body.error).toBe(RECENT_LOGIN_REQUIRED);
    const guestSave = await call(recentSearch, 'POST', '/api/middleware/recentSearch', {
      body: { keywords: 'java' },
    });
    expect(guestSave.status).toBe(401);

    const [user] = await t.db
      .insert(users)
      .values({ email: 'api-recent@example.com', siteContext: 'rexmonster' })
      .returning({ id: users.id });
    const as = { userId: user!.id };
    const saved = await call(recentSearch, 'POST', '/api/middleware/recentSearch', {
      ...as,
      body: { keywords: 'java developer', location: 'Pune', experience: '3' },
    });
    expect(saved.status).toBe(200);
    await call(recentSearch, 'POST', '/api/middleware/recentSearch', {
      ...as,
      body: { keywords: 'accountant' },
    });
    const list = await call(recentSearch, 'GET', '/api/middleware/recentSearch', as);
    expect(
      list.body.data.map((s: { keywords: string; location: string; experience: number | null }) => [
        s.keywords,
        s.location,
        s.experience,
      ]),
    ).toEqual([
      ['accountant', '', null],
      ['java developer', 'Pune', 3],
    ]);
    const bad = await call(recentSearch, 'POST', '/api/middleware/recentSearch', {
      ...as,
      body: { keywords: '%%%', location: 'Pune1', experience: 60 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'keywords',
      'location',
      'experience',
    ]);
  });

  it('reads a voice search', async () => {
    const voice = await call(getSemantic, 'POST', '/api/voice-search/api/v1/getSemantic', {
      body: { text: 'java developer jobs in Pune with 3 years experience', lang: ['en'] },
    });
    expect(voice.body.data).toEqual({
      keywords: 'java developer',
      location: 'Pune',
      experience: 3,
    });
    const gulf = await call(getSemantic, 'POST', '/api/voice-search/api/v1/getSemantic', {
      site: 'monstergulf',
      body: { text: 'وظائف محاسب في دبي' },
    });
    expect(gulf.body.data).toEqual({ keywords: 'محاسب', location: 'Dubai', experience: null });
    const empty = await call(getSemantic, 'POST', '/api/voice-search/api/v1/getSemantic', {
      body: { text: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toBe(SEMANTIC_TEXT_REQUIRED);
  });
});
