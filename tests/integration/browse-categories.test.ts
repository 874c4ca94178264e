/**
 * Jobs by category over real SQL, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: /browse-jobs
 * lists every function, industry, role and city with open jobs, each count equal to what a search
 * filtered by it finds; a function's and an industry's page show its roles, cities, employers and
 * newest jobs; the locations hub groups cities by region.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { EMPTY_SEARCH, type FilterKey } from '~/lib/search/state';
import { jobs } from '~/server/db/schema';
import {
  categoryPaths,
  loadBrowsePage,
  loadCategoryPage,
  loadLocationsPage,
} from '~/server/seo/browse';
import { searchJobs } from '~/server/search/service';
import { backends, useFreshDb } from './db';
import { importPostings } from './browse-helpers';

const INDIA = 'rexmonster';
const SOFTWARE = 'Software Development';
const HOTELS = 'Hotels / Restaurant Management';
const IT = 'IT / Computers - Software';
const HOSPITALITY = 'Hotels / Hospitality / Restaurants';
const idOf = (list: readonly { id: number; value: string }[], value: string) =>
  list.find((i) => i.value === value)!.id;

describe.each(backends)('%s', (backend) => {
  const t = useFreshDb(backend);

  async function seed() {
    await importPostings(t.db, [
      { id: 's1', company: 'Acme Software', city: 'Pune' },
      { id: 's2', company: 'Acme Software', city: 'Mumbai' },
      { id: 's3', company: 'Zen Payments', city: 'Bengaluru' },
      { id: 's4', company: 'Zen Payments', city: 'Pune', title: 'Backend Engineer' },
      { id: 'h1', company: 'Bolt Hotels', city: 'Mumbai', industry: HOSPITALITY, category: HOTELS },
      { id: 'h2', company: 'Bolt Hotels', city: 'Kochi', industry: HOSPITALITY, category: HOTELS },
      { id: 'x1', company: 'Gone Corp', city: 'Pune' },
    ]);
    await t.db.update(jobs).set({ status: 'expired' }).where(eq(jobs.externalId, 'x1'));
  }

  const searchTotal = async (key: FilterKey, value: string) =>
    (await searchJobs(INDIA, { ...EMPTY_SEARCH, filters: { [key]: [value] } }, t.db)).total;

  it('lists every function, industry, role and city with the count a search for it finds', async () => {
    await seed();
    const page = await loadBrowsePage(INDIA, t.db);
    expect(page.functions.map((f) => [f.label, f.count])).toEqual([
      [SOFTWARE, 4],
      [HOTELS, 2],
    ]);
    expect(page.industries.map((f) => [f.label, f.count])).toEqual([
      [IT, 4],
      [HOSPITALITY, 2],
    ]);
    expect(page.functions[0]?.path).toBe('/browse-jobs/function/software-development');
    for (const f of page.functions)
      expect(await searchTotal('functions', String(idOf(JOB_FUNCTIONS, f.label)))).toBe(f.count);
    for (const i of page.industries)
      expect(await searchTotal('industries', String(idOf(INDUSTRIES, i.label)))).toBe(i.count);
    expect(page.roles.map((r) => [r.label, r.count])).toEqual([
      [SOFTWARE, 4],
      [HOTELS, 2],
    ]);
    for (const r of page.roles) expect(await searchTotal('roles', r.label)).toBe(r.count);
    expect(page.cities.map((c) => [c.label, c.count])).toEqual([
      ['Mumbai', 2],
      ['Pune', 2],
      ['Bengaluru', 1],
      ['Kochi', 1],
    ]);
    for (const c of page.cities) expect(await searchTotal('jobCities', c.label)).toBe(c.count);
    // A city with a landing page links to it.
    expect(page.cities[0]?.path).toBe('/jobs-in-mumbai');
    expect(await categoryPaths(INDIA, t.db)).toEqual([
      '/browse-jobs/function/software-development',
      '/browse-jobs/function/hotels-restaurant-management',
      '/browse-jobs/industry/it-computers-software',
      '/browse-jobs/industry/hotels-hospitality-restaurants',
    ]);
  });

  it("shows a function's roles, cities, employers and newest jobs", async () => {
    await seed();
    const page = await loadCategoryPage(INDIA, 'en', 'function', 'software-development', t.db);
    expect(page).not.toBeNull();
    expect(page!.count).toBe(4);
    expect(page!.covers.length).toBeGreaterThan(0);
    expect(page!.cities.map((c) => [c.label, c.count])).toEqual([
      ['Pune', 2],
      ['Bengaluru', 1],
      ['Mumbai', 1],
    ]);
    expect(page!.employers.map((e) => [e.label, e.count, e.path])).toEqual([
      ['Acme Software', 2, '/company/acme-software'],
      ['Zen Payments', 2, '/company/zen-payments'],
    ]);
    expect(page!.recent).toHaveLength(4);
    expect(page!.recent.every((j) => j.functionId === idOf(JOB_FUNCTIONS, SOFTWARE))).toBe(true);
    expect(page!.searchPath).toBe(`/search/results?functions=${idOf(JOB_FUNCTIONS, SOFTWARE)}`);

    const industry = await loadCategoryPage(
      INDIA,
      'en',
      'industry',
      'hotels-hospitality-restaurants',
      t.db,
    );
    expect(industry!.count).toBe(2);
    expect(industry!.covers).toEqual([HOTELS]);
    // Unknown slugs and categories without open jobs have no page.
    expect(await loadCategoryPage(INDIA, 'en', 'function', 'nothing-here', t.db)).toBeNull();
    expect(await loadCategoryPage(INDIA, 'en', 'function', 'legal-law', t.db)).toBeNull();
  });

  it('groups the cities of the site by region, each counted as a search by region finds', async () => {
    await seed();
    const page = await loadLocationsPage(INDIA, t.db);
    expect(page.regions.map((r) => [r.label, r.count, r.cities.map((c) => c.label)])).toEqual([
      ['Maharashtra', 4, ['Mumbai', 'Pune']],
      ['Karnataka', 1, ['Bengaluru']],
      ['Kerala', 1, ['Kochi']],
    ]);
    for (const r of page.regions) expect(await searchTotal('jobStates', r.label)).toBe(r.count);
  });
});
