/**
 * Employers' pages over real SQL, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the import
 * keeps hiringOrganization's logo and website; /companies counts each employer's open jobs as a
 * search by its name does; a company page lists that company's open jobs only, with its cities,
 * walk-ins and similar employers, and its Organization JSON-LD.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, jobs } from '~/server/db/schema';
import { EMPTY_SEARCH } from '~/lib/search/state';
import { searchJobs } from '~/server/search/service';
import { loadCompaniesPage, loadCompanyPage, organizationJsonLd } from '~/server/seo/company-page';
import { backends, useFreshDb } from './db';
import { importPostings } from './browse-helpers';

const INDIA = { context: 'rexmonster' };

describe.each(backends)('%s', (backend) => {
  const t = useFreshDb(backend);

  async function seed() {
    await importPostings(t.db, [
      ...['1', '2', '3'].map((id) => ({
        id: `acme-${id}`,
        company: 'Acme Software',
        logo: 'https://acme.example/logo.png',
        website: 'https://acme.example',
        city: id === '3' ? 'Mumbai' : 'Pune',
      })),
      { id: 'zen-1', company: 'Zen Payments', city: 'Pune' },
      { id: 'zen-2', company: 'Zen Payments', city: 'Pune' },
      {
        id: 'bolt-1',
        company: 'Bolt Hotels',
        industry: 'Hotels / Hospitality / Restaurants',
        category: 'Hotels / Restaurant Management',
      },
      { id: 'gone-1', company: 'Gone Corp' },
    ]);
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.externalId, 'gone-1'));
    await t.db
      .update(jobs)
      .set({ isWalkin: true, walkinStartDate: '2026-03-10', walkinVenue: 'Hinjewadi' })
      .where(eq(jobs.externalId, 'acme-2'));
  }

  it('lists employers with open jobs, busiest first and A-Z, counted as a search counts', async () => {
    await seed();
    const { top, all } = await loadCompaniesPage(INDIA.context, t.db);
    expect(top.map((e) => [e.name, e.openJobs])).toEqual([
      ['Acme Software', 3],
      ['Zen Payments', 2],
      ['Bolt Hotels', 1],
    ]);
    expect(all.map((e) => e.name)).toEqual(['Acme Software', 'Bolt Hotels', 'Zen Payments']);
    expect(top[0]?.logoUrl).toBe('https://acme.example/logo.png');
    for (const employer of all) {
      const search = await searchJobs(
        INDIA.context,
        { ...EMPTY_SEARCH, filters: { companies: [employer.name] } },
        t.db,
      );
      expect(search.total, employer.name).toBe(employer.openJobs);
    }
  });

  it("shows a company's open jobs, cities, walk-ins, similar employers and Organization data", async () => {
    await seed();
    const page = await loadCompanyPage(INDIA, 'en', 'acme-software', new URLSearchParams(), t.db);
    expect(page).not.toBeNull();
    expect(page!.company.name).toBe('Acme Software');
    expect(page!.openJobs).toBe(3);
    expect(page!.result?.jobs.map((j) => j.companyName)).toEqual([
      'Acme Software',
      'Acme Software',
      'Acme Software',
    ]);
    expect(page!.cities).toEqual([
      { name: 'Pune', count: 2 },
      { name: 'Mumbai', count: 1 },
    ]);
    expect(page!.walkins.map((j) => j.title)).toEqual(['Java Developer acme-2']);
    // Zen hires in the same industry and function; Bolt in neither.
    expect(page!.similar.map((e) => e.name)).toEqual(['Zen Payments']);
    // The search's own filters narrow the company's jobs further.
    const filtered = await loadCompanyPage(
      INDIA,
      'en',
      'acme-software',
      new URLSearchParams('jobCities=Mumbai'),
      t.db,
    );
    expect(filtered!.result?.jobs.map((j) => j.title)).toEqual(['Java Developer acme-3']);
    const url = 'https://rexmonster.example/company/acme-software';
    expect(organizationJsonLd(page!.company, url)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme Software',
      url,
      logo: 'https://acme.example/logo.png',
      sameAs: ['https://acme.example'],
    });
  });

  it('has no page for an unknown slug or a company of another site', async () => {
    await seed();
    expect(await loadCompanyPage(INDIA, 'en', 'nobody', new URLSearchParams(), t.db)).toBeNull();
    expect(
      await loadCompanyPage(
        { context: 'monstergulf' },
        'en',
        'acme-software',
        new URLSearchParams(),
        t.db,
      ),
    ).toBeNull();
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(eq(companies.slug, 'acme-software'));
    expect(row?.n).toBe(1);
  });
});
