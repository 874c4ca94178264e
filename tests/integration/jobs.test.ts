import { asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs } from '~/server/db/schema';
import {
  demoJob,
  demoJobs,
  unknownReferenceNames,
  POSTED_WITHIN_DAYS,
} from '~/server/demo/generate';
import {
  COUNTRY_PLACES as DEMO_COUNTRIES,
  sitePlacesByContext as demoSiteByContext,
} from '~/server/reference/places';
import { seedDemoData } from '~/server/demo/seed';
import { countJobs, getJob, latestJobs } from '~/server/jobs/service';
import { searchJobs } from '~/server/search/service';
import { EMPTY_SEARCH } from '~/lib/search/state';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { sites, siteByKey } from '../../sites';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
const GULF = ['AE', 'SA', 'QA', 'OM', 'KW', 'BH'];

describe('demo generator', () => {
  const sample = [...demoJobs({ seed: 7, count: 5000, now: NOW })];

  it('is deterministic: the same seed, index and now give the same job', () => {
    expect([...demoJobs({ seed: 7, count: 50, now: NOW })]).toEqual(sample.slice(0, 50));
    expect(demoJob(7, 1234, NOW)).toEqual(sample[1234]);
    const other = [...demoJobs({ seed: 8, count: 50, now: NOW })];
    expect(other.map((j) => j.title)).not.toEqual(sample.slice(0, 50).map((j) => j.title));
  });

  it('uses only names from the reference lists', () => {
    expect(unknownReferenceNames()).toEqual([]);
    for (const job of sample) {
      expect(job.functionId).toBeGreaterThanOrEqual(1);
      expect(job.functionId).toBeLessThanOrEqual(JOB_FUNCTIONS.length);
      expect(job.industryId).toBeGreaterThanOrEqual(1);
      expect(job.industryId).toBeLessThanOrEqual(INDUSTRIES.length);
    }
  });

  it('places jobs in real cities of the site country, paid in its currency', () => {
    for (const job of sample) {
      const site = sites.find((s) => s.context === job.siteContext);
      expect(site, job.siteContext).toBeDefined();
      const country = DEMO_COUNTRIES.get(job.countryCode);
      expect(country, job.countryCode).toBeDefined();
      expect(demoSiteByContext.get(job.siteContext)?.countries).toContain(country);
      if (job.siteContext === 'monstergulf') expect(GULF).toContain(job.countryCode);
      else expect(job.countryCode).toBe(site?.country.isoCode);
      for (const city of job.locations ?? []) expect(country?.cities).toContain(city);
      expect(job.locations?.length).toBeGreaterThanOrEqual(1);
      // Currency: the site's, except on Gulf where each country pays in its own.
      if (job.siteContext !== 'monstergulf') expect(job.salaryCurrency).toBe(site?.currency.code);
      expect(job.salaryCurrency).toBe(country?.currency);
      expect(job.salaryPeriod).toBe(job.siteContext === 'rexmonster' ? 'year' : 'month');
      expect(job.salaryMin).toBeGreaterThan(0);
      expect(job.salaryMin as number).toBeLessThanOrEqual(job.salaryMax as number);
      expect(job.experienceMin as number).toBeLessThanOrEqual(job.experienceMax as number);
    }
    // India pays in rupees per year: 1 to 100 Lakh is the sane range.
    for (const job of sample.filter(
      (j) => j.siteContext === 'rexmonster' && j.jobType === 'full_time',
    )) {
      expect(job.salaryMin).toBeGreaterThanOrEqual(100_000);
      expect(job.salaryMax).toBeLessThanOrEqual(10_000_000);
    }
  });

  it('weights the sites: India largest, Gulf next, every site present', () => {
    const bySite = new Map<string, number>();
    for (const job of sample) bySite.set(job.siteContext, (bySite.get(job.siteContext) ?? 0) + 1);
    const ranked = [...bySite.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    expect(ranked[0]).toBe(siteByKey('india')?.context);
    expect(ranked[1]).toBe(siteByKey('gulf')?.context);
    expect(bySite.size).toBe(9);
  });

  it('makes about 10% walk-ins, each with dates, time and venue', () => {
    const walkins = sample.filter((j) => j.isWalkin);
    expect(walkins.length / sample.length).toBeGreaterThan(0.07);
    expect(walkins.length / sample.length).toBeLessThan(0.13);
    for (const job of walkins) {
      expect(job.walkinVenue).toMatch(/\S+, .+/);
      expect(job.walkinTime).toMatch(/AM|PM/);
      expect(job.walkinStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((job.walkinStartDate as string) <= (job.walkinEndDate as string)).toBe(true);
      expect(job.description).toContain('Walk-in interview');
    }
    for (const job of sample.filter((j) => !j.isWalkin)) expect(job.walkinVenue).toBeNull();
  });

  it('posts within the last 60 days with multi-paragraph descriptions', () => {
    for (const job of sample) {
      const posted = (job.postedAt as Date).getTime();
      expect(posted).toBeLessThanOrEqual(NOW.getTime());
      expect(posted).toBeGreaterThan(NOW.getTime() - POSTED_WITHIN_DAYS * DAY);
      expect(job.description.split('\n\n').length).toBeGreaterThanOrEqual(4);
      expect(job.skills?.length).toBeGreaterThanOrEqual(3);
      expect(job.status).toBe(
        (job.expiresAt as Date).getTime() > NOW.getTime() ? 'active' : 'expired',
      );
    }
  });
});

async function insertJob(db: Db, fields: Partial<typeof jobs.$inferInsert> & { title: string }) {
  await ensureCountries(db);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Test Co', slug: `test-co-${fields.title.length}`, siteContext: 'rexmonster' })
    .onConflictDoUpdate({
      target: [companies.siteContext, companies.slug],
      set: { name: 'Test Co' },
    })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({
      slug: 'test',
      companyId: company!.id,
      companyName: 'Test Co',
      description: 'A plain description.',
      siteContext: 'rexmonster',
      countryCode: 'IN',
      ...fields,
    })
    .returning({ id: jobs.id });
  return job!.id;
}

describe.each(backends)('jobs on %s', (backend) => {
  const t = useFreshDb(backend);

  it('seeding N jobs gives N rows, equal to the generator output; seeding again appends', async () => {
    const result = await seedDemoData(t.db, { jobs: 250, seed: 7, now: NOW, batchSize: 100 });
    expect(result.jobs).toBe(250);
    const [row] = await t.db.select({ n: count() }).from(jobs);
    expect(row?.n).toBe(250);

    const stored = await t.db.select().from(jobs).orderBy(asc(jobs.id)).limit(60);
    const expected = [...demoJobs({ seed: 7, count: 60, now: NOW })];
    stored.forEach((job, i) => {
      const { companySlug: _slug, ...want } = expected[i]!;
      expect(job).toMatchObject(want);
    });

    await seedDemoData(t.db, { jobs: 100, seed: 7, now: NOW });
    const [after] = await t.db.select({ n: count() }).from(jobs);
    expect(after?.n).toBe(350);
    // Appended jobs continue the sequence instead of repeating its start.
    const [job251] = await t.db.select().from(jobs).where(eq(jobs.id, 251));
    expect(job251?.title).toBe(demoJob(7, 250, NOW).title);
    expect(job251?.postedAt).toEqual(demoJob(7, 250, NOW).postedAt);
  });

  it('indexes a job for search by its title, skills, cities and description words', async () => {
    await seedDemoData(t.db, { jobs: 50, seed: 7, now: NOW });
    const id = await insertJob(t.db, {
      title: 'Underwater Basket Weaver',
      skills: ['Kelp Harvesting', 'Scuba'],
      locations: ['Kochi'],
      description: 'Weave baskets under the sea. Coral reefs.',
    });
    const matches = async (q: string) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`select job_id as id from search_jobs where doc @@ websearch_to_tsquery('english', ${q}) order by job_id`,
        )
      ).map((r) => Number(r.id));
    expect(await matches('basket')).toEqual([id]);
    expect(await matches('weavers')).toEqual([id]); // stemmed
    expect(await matches('kelp harvesting')).toEqual([id]);
    expect(await matches('Kochi scuba')).toEqual([id]);
    expect(await matches('coral reef')).toEqual([id]); // description words
    // A seeded job is found by one of its own skills.
    const [seeded] = await t.db.select().from(jobs).where(eq(jobs.id, 1));
    const skill = seeded!.skills[0]!;
    if (seeded!.status === 'active') expect(await matches(`"${skill}"`)).toContain(1);
    // Title words rank above description words.
    const inDescription = await insertJob(t.db, {
      title: 'Diver',
      description: 'Some basket work too.',
    });
    const result = await searchJobs('rexmonster', { ...EMPTY_SEARCH, q: 'basket' }, t.db, {
      now: NOW,
    });
    expect(result.jobs.map((j) => Number(j.id)).slice(0, 2)).toEqual([id, Number(inDescription)]);
  });

  it('jobs service: latest, detail with company, counts, hidden salaries', async () => {
    await seedDemoData(t.db, { jobs: 300, seed: 7, now: NOW });
    const india = siteByKey('india')!.context;
    const latest = await latestJobs(india, 10, t.db);
    expect(latest.length).toBe(10);
    for (const job of latest) {
      expect(job.siteContext).toBe(india);
      expect(job.status).toBe('active');
      expect(job).not.toHaveProperty('description');
    }
    const times = latest.map((j) => j.postedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const detail = await getJob(latest[0]!.id, t.db);
    expect(detail?.title).toBe(latest[0]!.title);
    expect(detail?.company.name).toBe(detail?.companyName);
    expect(detail?.description.length).toBeGreaterThan(100);
    expect(await getJob(999_999, t.db)).toBeNull();
    expect(await getJob(-1, t.db)).toBeNull();

    const [activeIndia] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where site_context = ${india} and status = 'active'`,
    );
    expect(await countJobs(india, t.db)).toBe(activeIndia?.n);
    const [activeAll] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where status = 'active'`,
    );
    expect(await countJobs(undefined, t.db)).toBe(activeAll?.n);
    expect(await countJobs('nosuchsite', t.db)).toBe(0);

    const hiddenId = await insertJob(t.db, {
      title: 'Secret Pay',
      salaryMin: 100,
      salaryMax: 200,
      salaryHidden: true,
    });
    const hidden = await getJob(hiddenId, t.db);
    expect(hidden).toMatchObject({ salaryHidden: true, salaryMin: null, salaryMax: null });
  });
});
