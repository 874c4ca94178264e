/**
 * A tenth country's jobs are searched like any site's, on both databases: its site file and
 * places file (tests/fixtures/sites/) are added at test time as in tests/pages/tenth-country,
 * with no migration (its rows go to search_jobs_other), and a search by one of its cities, a
 * region of its places file or another name of a city finds its job.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

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

const { sql } = await import('drizzle-orm');
const { parseSearchState } = await import('~/lib/search/parse');
const { queryRows } = await import('~/server/db/client');
const { ensureCountries } = await import('~/server/db/countries');
const { companies, jobs } = await import('~/server/db/schema');
const { searchJobs } = await import('~/server/search/service');
const { backends, useFreshDb } = await import('./db');

const NOW = new Date('2026-03-01T12:00:00Z');
const SITE = 'monstersrilanka';

describe.each(backends)('a tenth country searched on %s', (backend) => {
  const t = useFreshDb(backend);

  beforeEach(async () => {
    await ensureCountries(t.db);
    const [company] = await t.db
      .insert(companies)
      .values({ name: 'Kelani Freight (Pvt) Ltd', slug: 'kelani', siteContext: SITE })
      .returning({ id: companies.id, name: companies.name });
    const job = (title: string, city: string, days: number) => ({
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      role: title,
      companyId: company!.id,
      companyName: company!.name,
      description: `We are hiring a ${title} in ${city}.`,
      skills: ['Customs Clearance'],
      locations: [city],
      siteContext: SITE,
      countryCode: 'LK',
      salaryMin: 120_000,
      salaryMax: 150_000,
      salaryCurrency: 'LKR',
      salaryPeriod: 'month' as const,
      postedAt: new Date(NOW.getTime() - days * 86_400_000),
      createdAt: new Date(NOW.getTime() - days * 86_400_000),
      status: 'active' as const,
    });
    await t.db
      .insert(jobs)
      .values([
        job('Logistics Coordinator', 'Colombo', 1),
        job('Logistics Coordinator', 'Kandy', 2),
      ]);
  });

  const found = async (q: string, location: string) => {
    const state = parseSearchState(new URLSearchParams({ q, location })).state;
    const result = await searchJobs(SITE, state, t.db, { now: NOW });
    return result.jobs.map((j) => `${j.title} @ ${j.locations.join('/')}`);
  };

  it('keeps its jobs in search_jobs_other, the partition of a site without its own', async () => {
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM search_jobs_other WHERE site_context = ${SITE}`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('finds its job by its city, a region of its places file and another name of a city', async () => {
    const colombo = ['Logistics Coordinator @ Colombo'];
    expect(await found('logistics coordinator', 'Colombo')).toEqual(colombo);
    expect(await found('logistics coordinator', 'Western Province')).toEqual(colombo);
    expect(await found('logistics coordinator', 'cmb')).toEqual(colombo);
    expect(await found('logistics coordinator', 'kandy city')).toEqual([
      'Logistics Coordinator @ Kandy',
    ]);
    expect(await found('logistics coordinator', '')).toHaveLength(2);
  });
});
