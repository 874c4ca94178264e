/**
 * Facet counts against what ticking the facet finds, on both databases, over demo jobs: for a
 * keyword, a keyword and a location, a company page, searches read as people type them (a typo
 * and a place in the box, Hindi, Arabic on Gulf) and one with a filter and experience chosen,
 * every value of every facet shown is
 * ticked and the search's total compared with the count the sidebar showed. Counts the search
 * marks as exact must be equal; others must be marked as estimates (facetsExact false). Two
 * companies of one name stay apart: each is filtered by its id.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, type FilterKey, type SearchState } from '~/lib/search/state';
import { companies, jobs } from '~/server/db/schema';
import { seedDemoData } from '~/server/demo/seed';
import { searchJobs } from '~/server/search/service';
import type { FacetValue, SearchResult } from '~/server/search/types';
import { loadCompanyPage } from '~/server/seo/company-page';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');
const INDIA = 'rexmonster';
const GULF = 'monstergulf';

/** Every facet value of `result` ticked alone: its count shown, and the total then found. */
async function tickEach(
  result: SearchResult,
  search: (state: SearchState) => Promise<SearchResult>,
): Promise<{ key: FilterKey; label: string; shown: number; found: number }[]> {
  const out = [];
  for (const [key, values] of Object.entries(result.facets) as [FilterKey, FacetValue[]][]) {
    for (const value of values) {
      if (value.selected || value.count === 0) continue;
      const ticked = await search({
        ...result.state,
        page: 1,
        filters: { ...result.state.filters, [key]: [value.value] },
      });
      out.push({ key, label: value.label, shown: value.count, found: ticked.total });
    }
  }
  return out;
}

describe.each(backends)('%s', (backend) => {
  const t = useFreshDb(backend);

  it('shows, for every facet of several searches, the number of jobs ticking it finds', async () => {
    await seedDemoData(t.db, { jobs: 1500, seed: 7, now: NOW, bulk: true });
    const search = (state: SearchState) => searchJobs(INDIA, state, t.db, { now: NOW });
    const [top] = await t.db
      .select({ slug: companies.slug, n: sql<number>`count(*)::int` })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(eq(jobs.siteContext, INDIA))
      .groupBy(companies.slug)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const companyPage = await loadCompanyPage(
      { context: INDIA },
      'en',
      top!.slug,
      new URLSearchParams(),
      t.db,
    );
    const searches: [string, SearchResult][] = [
      ['keyword', await search({ ...EMPTY_SEARCH, q: 'manager' })],
      [
        'keyword and location',
        await search({ ...EMPTY_SEARCH, q: 'executive', location: 'Mumbai' }),
      ],
      ['company page', companyPage!.result!],
      ['every job', await search({ ...EMPTY_SEARCH, sort: 'date' })],
    ];
    // At least one search small enough for exact counts, and one past COUNT_CAP.
    expect(searches.map(([, r]) => r.facetsExact)).toContain(true);
    expect(searches.map(([, r]) => r.facetsExact)).toContain(false);
    for (const [name, result] of searches) {
      expect(result.total, name).toBeGreaterThan(0);
      expect(Object.keys(result.facets).length, name).toBeGreaterThan(3);
      // The company page is that company's jobs: no other company to tick there.
      if (name === 'company page') expect(result.facets.companies, name).toBeUndefined();
      const ticks = await tickEach(result, (state) =>
        name === 'company page'
          ? loadCompanyPage(
              { context: INDIA },
              'en',
              top!.slug,
              new URLSearchParams(
                Object.entries(state.filters).flatMap(([k, vs]) =>
                  k === 'companies' ? [] : (vs ?? []).map((v) => [k, v]),
                ),
              ),
              t.db,
            ).then((page) => page!.result!)
          : search(state),
      );
      expect(ticks.length, name).toBeGreaterThan(10);
      if (result.facetsExact) {
        const wrong = ticks.filter((x) => x.shown !== x.found);
        expect(wrong, name).toEqual([]);
      } else {
        // Estimates (more than COUNT_CAP jobs match): marked as such, and near.
        expect(result.totalExact, name).toBe(false);
      }
    }
  });

  it('shows the number ticking finds for searches read as people type them', async () => {
    await seedDemoData(t.db, { jobs: 800, seed: 7, now: NOW, bulk: true });
    const on = (site: string) => (state: SearchState) =>
      searchJobs(site, state, t.db, { now: NOW });
    const searches: [string, SearchResult, (state: SearchState) => Promise<SearchResult>][] = [
      // A typo and a place in the box, Hindi, Arabic on Gulf, a filter and experience chosen.
      [
        'typo and place',
        await on(INDIA)({ ...EMPTY_SEARCH, q: 'acountant jobs in mumbai' }),
        on(INDIA),
      ],
      ['hindi', await on(INDIA)({ ...EMPTY_SEARCH, q: 'सेल्स एग्जीक्यूटिव' }), on(INDIA)],
      ['arabic', await on(GULF)({ ...EMPTY_SEARCH, q: 'مهندس' }), on(GULF)],
      [
        'filter and experience',
        await on(INDIA)({
          ...EMPTY_SEARCH,
          q: 'developer',
          experience: 3,
          filters: { jobTypes: ['full_time'] },
        }),
        on(INDIA),
      ],
    ];
    for (const [name, result, search] of searches) {
      expect(result.total, name).toBeGreaterThan(0);
      expect(result.facetsExact, name).toBe(true);
      const ticks = await tickEach(result, search);
      expect(ticks.length, name).toBeGreaterThan(10);
      expect(
        ticks.filter((x) => x.shown !== x.found),
        name,
      ).toEqual([]);
    }
  }, 300_000);

  it('keeps two companies of the same name apart, on their pages and in the company facet', async () => {
    await seedDemoData(t.db, { jobs: 300, seed: 7, now: NOW });
    const [a, b] = await t.db
      .select({ id: companies.id, slug: companies.slug, name: companies.name })
      .from(companies)
      .where(
        sql`${companies.siteContext} = ${INDIA} AND exists (SELECT 1 FROM jobs j
          WHERE j.company_id = ${companies.id} AND j.status = 'active')`,
      )
      .orderBy(companies.id)
      .limit(2);
    // b takes a's name (a second employer called the same).
    await t.db.update(companies).set({ name: a!.name }).where(eq(companies.id, b!.id));
    await t.db.update(jobs).set({ companyName: a!.name }).where(eq(jobs.companyId, b!.id));
    const own = async (id: number) =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(sql`${jobs.companyId} = ${id} AND ${jobs.status} = 'active'`)
      )[0]!.n;
    for (const company of [a!, b!]) {
      const page = await loadCompanyPage(
        { context: INDIA },
        'en',
        company.slug,
        new URLSearchParams(),
        t.db,
      );
      expect(page!.result!.total, company.slug).toBe(await own(company.id));
      expect(page!.openJobs, company.slug).toBe(await own(company.id));
    }
    // A search finding both lists each with its own jobs, and ticking one finds those.
    const both = await searchJobs(INDIA, { ...EMPTY_SEARCH, q: a!.name }, t.db, { now: NOW });
    expect(both.facetsExact).toBe(true);
    for (const company of [a!, b!]) {
      const value = both.facets.companies?.find((v) => v.value === String(company.id));
      expect(value?.label).toBe(a!.name);
      expect(value?.count).toBe(await own(company.id));
      const ticked = await searchJobs(
        INDIA,
        { ...EMPTY_SEARCH, q: a!.name, filters: { companies: [value!.value] } },
        t.db,
        { now: NOW },
      );
      expect(ticked.total).toBe(await own(company.id));
    }
    // A company chosen by id with no job among the matches is still named, with 0.
    const none = await searchJobs(
      INDIA,
      { ...EMPTY_SEARCH, q: 'zzzqqq', filters: { companies: [String(a!.id)] } },
      t.db,
      { now: NOW },
    );
    expect(none.total).toBe(0);
    expect(none.facets.companies).toEqual([
      { value: String(a!.id), label: a!.name, count: 0, selected: true },
    ]);
    // A link made with the name still finds every employer of that name.
    const byName = await searchJobs(
      INDIA,
      { ...EMPTY_SEARCH, filters: { companies: [a!.name] } },
      t.db,
      { now: NOW },
    );
    expect(byName.total).toBe((await own(a!.id)) + (await own(b!.id)));
  });
});
