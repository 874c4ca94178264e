/**
 * Salary insights over real SQL, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a role's
 * median and 25th-75th percentiles are those of the jobs inserted with known salaries (each at the
 * middle of its range, monthly pay turned yearly on India), hidden salaries are left out, a city
 * page counts that city's jobs only, the figures follow jobs as they close, and too few salaries
 * give no page.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { percentile } from '~/lib/salaries/stats';
import { formatMoney } from '~/lib/format/money';
import { jobs } from '~/server/db/schema';
import { loadSalaryIndex, loadSalaryPage, salaryPaths } from '~/server/seo/salaries';
import { siteByKey } from '../../sites';
import { backends, useFreshDb } from './db';
import { importPostings, type PostingSpec } from './browse-helpers';

const INDIA = siteByKey('india')!;
const GULF = siteByKey('gulf')!;
const ROLE = 'Software Development';

const job = (id: string, min: number, max: number, extra: Partial<PostingSpec> = {}) => ({
  id,
  company: 'Acme Software',
  category: ROLE,
  salary: { min, max },
  ...extra,
});

describe.each(backends)('%s', (backend) => {
  const t = useFreshDb(backend);

  async function seed() {
    await importPostings(t.db, [
      job('a', 400_000, 600_000, { months: 12 }), // 5 Lakh
      job('b', 600_000, 800_000, { months: 24 }), // 7 Lakh
      job('c', 800_000, 1_000_000, { months: 48 }), // 9 Lakh
      job('d', 1_000_000, 1_200_000, { months: 48 }), // 11 Lakh
      job('e', 1_200_000, 1_600_000, { months: 96, city: 'Mumbai' }), // 14 Lakh
      // 50,000 a month: 6 Lakh a year.
      job('f', 50_000, 50_000, { months: 60, salary: { min: 50_000, max: 50_000, unit: 'MONTH' } }),
      job('hidden', 9_000_000, 9_000_000),
      job('other', 300_000, 300_000, { category: 'Legal / Law' }),
    ]);
    await t.db.update(jobs).set({ salaryHidden: true }).where(eq(jobs.externalId, 'hidden'));
  }

  it("computes a role's median and percentiles from its jobs' salaries", async () => {
    await seed();
    const page = await loadSalaryPage(INDIA, 'software-development', t.db);
    expect(page).not.toBeNull();
    const yearly = [500_000, 600_000, 700_000, 900_000, 1_100_000, 1_400_000];
    expect(page!.period).toBe('year');
    expect(page!.insights.overall).toMatchObject({
      count: 6,
      median: 800_000,
      p25: percentile(yearly, 0.25),
      p75: percentile(yearly, 0.75),
      min: 500_000,
      max: 1_400_000,
    });
    expect(page!.insights.overall.p25).toBe(625_000);
    expect(page!.insights.overall.p75).toBe(1_050_000);
    expect(page!.currency).toBe('INR');
    expect(formatMoney(page!.insights.overall.median, page!.currency, 'hi', INDIA)).toBe('₹ 8 लाख');
    // Bands by the years asked for; a band with fewer than three salaries is not shown.
    expect(page!.insights.bands.map((b) => [b.id, b.summary.count, b.summary.median])).toEqual([
      ['3-5', 3, 900_000],
    ]);
  });

  it('has a page for a city with enough salaries of its own, and none for too few', async () => {
    await seed();
    const index = await loadSalaryIndex(INDIA.context, t.db);
    expect(index.roles.map((r) => [r.slug, r.count, r.cities.map((c) => c.slug)])).toEqual([
      ['software-development', 6, ['pune']],
    ]);
    const pune = await loadSalaryPage(INDIA, 'software-development-in-pune', t.db);
    expect(pune!.city?.label).toBe('Pune');
    expect(pune!.insights.overall.count).toBe(5);
    expect(pune!.insights.overall.median).toBe(700_000);
    expect(await loadSalaryPage(INDIA, 'software-development-in-mumbai', t.db)).toBeNull();
    expect(await loadSalaryPage(INDIA, 'legal-law', t.db)).toBeNull();
    expect(await loadSalaryPage(GULF, 'software-development', t.db)).toBeNull();
    expect(await salaryPaths(INDIA.context, t.db)).toEqual([
      '/salaries',
      '/salaries/software-development',
      '/salaries/software-development-in-pune',
    ]);
  });

  it("gives a Gulf city's salaries in its country's currency, rounded as people say them", async () => {
    const gulfJob = (id: string, min: number, city: string, country: string, currency: string) =>
      job(id, min, min + 1_000, {
        city,
        country,
        salary: { min, max: min + 1_000, currency, unit: 'MONTH' },
      });
    await importPostings(t.db, [
      ...['r1', 'r2', 'r3', 'r4', 'r5'].map((id, i) =>
        gulfJob(id, 7_000 + i * 333, 'Riyadh', 'SA', 'SAR'),
      ),
      ...['d1', 'd2', 'd3', 'd4', 'd5'].map((id, i) =>
        gulfJob(id, 9_000 + i * 500, 'Dubai', 'AE', 'AED'),
      ),
    ]);
    const riyadh = await loadSalaryPage(GULF, 'software-development-in-riyadh', t.db);
    // SAR as the jobs pay it, not converted: the middle of 7,666 and 8,666 is 8,166.
    expect(riyadh).toMatchObject({ currency: 'SAR', period: 'month' });
    expect(riyadh!.insights.overall.median).toBe(8_166);
    expect(
      formatMoney(riyadh!.insights.overall.median, 'SAR', 'ar', GULF, { style: 'rounded' }),
    ).toBe('8,200 ر.س.');
    const dubai = await loadSalaryPage(GULF, 'software-development-in-dubai', t.db);
    expect(dubai).toMatchObject({ currency: 'AED' });
    // Across the Gulf the site's own currency, Riyadh's jobs converted into it.
    const gulf = await loadSalaryPage(GULF, 'software-development', t.db);
    expect(gulf!.currency).toBe('AED');
    expect(gulf!.insights.overall.count).toBe(10);
    expect(
      formatMoney(gulf!.insights.overall.median, 'AED', 'en', GULF, { style: 'rounded' }),
    ).toMatch(/^AED \d{1,2},\d00$/);
  });

  it('follows the jobs: a closed job leaves the figures, too few leave no page', async () => {
    await seed();
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.externalId, 'f'));
    const page = await loadSalaryPage(INDIA, 'software-development', t.db);
    expect(page!.insights.overall).toMatchObject({ count: 5, median: 900_000 });
    await t.db
      .update(jobs)
      .set({ status: 'expired' })
      .where(inArray(jobs.externalId, ['a', 'b']));
    expect(await loadSalaryPage(INDIA, 'software-development', t.db)).toBeNull();
  });
});
