/**
 * The search service on both databases, over jobs the test inserts (in a fixed order, so their
 * ids are known): relevance tiers, date order, every filter, facets that add up and are
 * disjunctive, the 2-industry rule, pages, beyond COUNT_CAP (estimated total, sampled facets,
 * relevance still exact), walk-ins, the index following jobs through the triggers, autosuggest,
 * popular cities, suggested keywords, recent searches and similar jobs.
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseSearchState } from '~/lib/search/parse';
import { EMPTY_SEARCH, type SearchState } from '~/lib/search/state';
import { queryRows, type Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { jsonInsert } from '~/server/db/bulk';
import * as schema from '~/server/db/schema';
import { companies, jobs, users, type NewJob } from '~/server/db/schema';
import { listRecentSearches, MAX_KEPT, saveRecentSearch } from '~/server/search/recent';
import {
  autoFill,
  COUNT_CAP,
  masterData,
  popularCities,
  searchJobs,
  similarJobs,
  suggestedKeywords,
  walkinJobs,
} from '~/server/search/service';
import { maintainSearchStats } from '~/server/search/stats';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const date = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString().slice(0, 10);

const state = (query: string): SearchState => parseSearchState(new URLSearchParams(query)).state;

/** The jobs of the fixture, inserted in this order (ids 1..n on a fresh database). */
function fixture(company: { india: number; indiaAgency: number; gulf: number }): NewJob[] {
  const india = (job: Partial<NewJob> & { title: string }): NewJob => ({
    slug: job.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    role: job.title,
    companyId: company.india,
    companyName: 'Kaveri Infotech Pvt Ltd',
    description: `We are hiring a ${job.title}.`,
    skills: [],
    locations: ['Pune'],
    siteContext: 'rexmonster',
    countryCode: 'IN',
    experienceMin: 2,
    experienceMax: 5,
    salaryMin: 600_000,
    salaryMax: 900_000,
    salaryCurrency: 'INR',
    salaryPeriod: 'year',
    functionId: 29,
    industryId: 38,
    employerType: 'company',
    jobType: 'full_time',
    postedAt: ago(5),
    status: 'active',
    ...job,
  });
  const nurse = (city: string, country: string, currency: string, salary: number): NewJob => ({
    ...india({ title: 'Staff Nurse' }),
    companyId: company.gulf,
    companyName: 'Al Noor Healthcare LLC',
    skills: ['Patient Care'],
    locations: [city],
    siteContext: 'monstergulf',
    countryCode: country,
    salaryMin: salary,
    salaryMax: salary,
    salaryCurrency: currency,
    salaryPeriod: 'month',
    functionId: 19,
    industryId: 31,
  });
  return [
    // 1: exact title, 5 days old
    india({ title: 'Java Developer', skills: ['Java', 'Spring Boot'] }),
    // 2: title words, newer
    india({
      title: 'Senior Java Developer',
      skills: ['Java', 'Microservices'],
      locations: ['Bengaluru'],
      experienceMin: 5,
      experienceMax: 8,
      salaryMin: 1_800_000,
      salaryMax: 2_400_000,
      postedAt: ago(1),
    }),
    // 3: every word in title and skills, not all in the title (tier 2)
    india({ title: 'Backend Engineer', skills: ['Java Development', 'Kotlin'], postedAt: ago(2) }),
    // 4: description only (tier 3)
    india({
      title: 'Data Analyst',
      skills: ['SQL', 'Excel'],
      description: 'Work with our java developer team on reports.',
      locations: ['Mumbai'],
      functionId: 4,
      industryId: 45,
      postedAt: ago(0.5),
    }),
    // 5: exact title, older, a consultancy in Mumbai
    india({
      title: 'Java Developer',
      skills: ['Java'],
      companyId: company.indiaAgency,
      companyName: 'Prayas Staffing Solutions',
      employerType: 'consultant',
      locations: ['Mumbai'],
      postedAt: ago(10),
    }),
    // 6: part-time sales, freshers
    india({
      title: 'Sales Executive',
      skills: ['Negotiation'],
      locations: ['Mumbai', 'Thane'],
      experienceMin: 0,
      experienceMax: 2,
      salaryMin: 300_000,
      salaryMax: 400_000,
      functionId: 26,
      industryId: 58,
      jobType: 'part_time',
      postedAt: ago(20),
    }),
    // 7: hidden salary, Chennai
    india({
      title: 'Accountant',
      skills: ['Tally', 'GST'],
      locations: ['Chennai'],
      experienceMin: 3,
      experienceMax: 6,
      salaryHidden: true,
      functionId: 1,
      industryId: 1,
      postedAt: ago(3),
    }),
    // 8: expired: never found
    india({ title: 'Java Developer', status: 'expired', postedAt: ago(0.1) }),
    // 9-11: walk-ins: upcoming, past, under way
    india({
      title: 'Customer Support Executive',
      isWalkin: true,
      walkinStartDate: date(2),
      walkinEndDate: date(3),
      locations: ['Hyderabad'],
      postedAt: ago(1),
    }),
    india({
      title: 'Customer Support Executive',
      isWalkin: true,
      walkinStartDate: date(-4),
      walkinEndDate: date(-3),
      locations: ['Hyderabad'],
      postedAt: ago(6),
    }),
    india({
      title: 'Customer Support Associate',
      isWalkin: true,
      walkinStartDate: date(-1),
      walkinEndDate: date(1),
      locations: ['Hyderabad'],
      postedAt: ago(4),
    }),
    // 12-14: Gulf nurses in three countries and currencies
    nurse('Dubai', 'AE', 'AED', 12_000),
    nurse('Riyadh', 'SA', 'SAR', 12_000),
    nurse('Kuwait City', 'KW', 'KWD', 900),
  ];
}

async function seed(db: Db) {
  await ensureCountries(db);
  const [india, indiaAgency, gulf] = await db
    .insert(companies)
    .values([
      { name: 'Kaveri Infotech Pvt Ltd', slug: 'kaveri-infotech', siteContext: 'rexmonster' },
      {
        name: 'Prayas Staffing Solutions',
        slug: 'prayas-staffing',
        siteContext: 'rexmonster',
        employerType: 'consultant',
      },
      { name: 'Al Noor Healthcare LLC', slug: 'al-noor', siteContext: 'monstergulf' },
    ])
    .returning({ id: companies.id });
  const ids = { india: india!.id, indiaAgency: indiaAgency!.id, gulf: gulf!.id };
  const rows = await db.insert(jobs).values(fixture(ids)).returning({ id: jobs.id });
  return { companies: ids, jobIds: rows.map((r) => r.id) };
}

const titles = (result: { jobs: { title: string }[] }) => result.jobs.map((j) => j.title);

describe.each(backends)('search on %s', (backend) => {
  const t = useFreshDb(backend);
  let ids: number[] = [];
  let companyIds: { india: number; indiaAgency: number; gulf: number };
  const search = (query: string, site = 'rexmonster') =>
    searchJobs(site, state(query), t.db, { now: NOW });

  beforeEach(async () => {
    const seeded = await seed(t.db);
    ids = seeded.jobIds;
    companyIds = seeded.companies;
  });

  it('puts exact title matches first, then title words, skills, description; newest first', async () => {
    const result = await search('q=java developer');
    expect(result.jobs.map((j) => j.id)).toEqual([ids[0], ids[4], ids[1], ids[2], ids[3]]);
    expect(result).toMatchObject({ total: 5, totalExact: true, facetsExact: true, page: 1 });
    // Case and spacing of the keywords don't matter; comma-separated keywords are alternatives.
    expect((await search('q=  JAVA   developer ')).jobs[0]?.id).toBe(ids[0]);
    expect(titles(await search('q=kotlin, accountant'))).toEqual([
      'Accountant',
      'Backend Engineer',
    ]);
  });

  it('sorts by date when asked', async () => {
    const result = await search('q=java developer&sort=date');
    expect(result.jobs.map((j) => j.id)).toEqual([ids[3], ids[1], ids[2], ids[0], ids[4]]);
  });

  it('browses every active job of the site with empty keywords; never expired ones', async () => {
    const browse = await search('');
    expect(browse.total).toBe(10);
    expect(browse.jobs.every((j) => j.siteContext === 'rexmonster' && j.status === 'active')).toBe(
      true,
    );
    expect(browse.jobs.map((j) => j.id)).not.toContain(ids[7]);
    expect((await search('', 'monstergulf')).total).toBe(3);
    expect((await search('', 'monsterthailand')).total).toBe(0);
  });

  it('hides a salary the employer hid, yet filters on it', async () => {
    const accountant = (await search('q=accountant')).jobs[0];
    expect(accountant).toMatchObject({ salaryHidden: true, salaryMin: null, salaryMax: null });
    expect(titles(await search('q=accountant&salaryRanges=600000-1000000'))).toEqual([
      'Accountant',
    ]);
  });

  it('applies every filter key', async () => {
    const only = async (query: string) => (await search(query)).jobs.map((j) => j.id).sort();
    const sorted = (...n: number[]) => n.map((i) => ids[i]).sort();
    expect(await only('location=Pune')).toEqual(sorted(0, 2));
    expect(await only('location=Bombay')).toEqual(sorted(3, 4, 5));
    expect(await only('location=Maharashtra')).toEqual(sorted(0, 2, 3, 4, 5));
    expect(await only('jobCities=Thane')).toEqual(sorted(5));
    expect(await only('locations=chennai')).toEqual(sorted(6));
    expect(await only('jobStates=Telangana')).toEqual(sorted(8, 9, 10));
    expect(await only('skills=kotlin,TALLY')).toEqual(sorted(2, 6));
    expect(await only('designations=java developer')).toEqual(sorted(0, 4));
    expect(await only('companies=Prayas Staffing Solutions')).toEqual(sorted(4));
    expect(await only('roles=Accountant')).toEqual(sorted(6));
    expect(await only('functions=26')).toEqual(sorted(5));
    expect(await only('industries=45,58')).toEqual(sorted(3, 5));
    expect(await only('employerTypes=consultant')).toEqual(sorted(4));
    expect(await only('jobTypes=part_time')).toEqual(sorted(5));
    expect(await only('jobFreshness=1')).toEqual(sorted(1, 3, 8));
    expect(await only('experienceRanges=0-2')).toEqual(
      sorted(0, 2, 3, 4, 5, 8, 9, 10), // 2-5 and 0-2 overlap 0-2
    );
    expect(await only('experienceRanges=6-10')).toEqual(sorted(1, 6));
    expect(await only('experience=6')).toEqual(sorted(1, 6));
    expect(await only('experience=0')).toEqual(sorted(5));
    expect(await only('salaryRanges=1500000-2500000')).toEqual(sorted(1));
    // Bands include their lower bound only: 6-9 Lakh is not in 3-6 Lakh.
    expect(await only('salaryRanges=0-300000,300000-600000')).toEqual(sorted(5));
    expect(await only('q=java&location=Pune&experienceRanges=0-2')).toEqual(sorted(0, 2));
  });

  it.skipIf(backend !== 'postgres')(
    'gives a filtered search the same page on a pool as one statement at a time',
    async () => {
      // On a pool the search is read beside its facets' union, and its page taken from there
      // when the union holds every match; one connection reads them one after the other.
      const client = new pg.Client({ connectionString: t.handle.url });
      await client.connect();
      try {
        const single = drizzle({ client, schema }) as unknown as Db;
        for (const query of [
          'q=java&experienceRanges=0-2',
          'q=java&experienceRanges=0-2&sort=date',
          'q=developer&employerTypes=company,consultant',
          'location=Maharashtra&functions=29,26',
          'q=java&location=Pune&experienceRanges=0-2&page=2',
        ]) {
          const pooled = await search(query);
          const alone = await searchJobs('rexmonster', state(query), single, { now: NOW });
          expect(
            pooled.jobs.map((j) => j.id),
            query,
          ).toEqual(alone.jobs.map((j) => j.id));
          expect(pooled.total, query).toBe(alone.total);
          expect(pooled.facets, query).toEqual(alone.facets);
        }
      } finally {
        await client.end();
      }
    },
  );

  it('keeps relevance order in a filtered search', async () => {
    // Exact titles first (newest first), then skills, then the description.
    expect((await search('q=java developer&experienceRanges=0-2')).jobs.map((j) => j.id)).toEqual(
      [0, 4, 2, 3].map((i) => ids[i]),
    );
    expect((await search('q=java developer&location=Maharashtra')).jobs.map((j) => j.id)).toEqual(
      [0, 4, 2, 3].map((i) => ids[i]),
    );
  });

  it('reads Gulf countries, regions and pay in other currencies', async () => {
    const gulf = async (query: string) =>
      (await search(query, 'monstergulf')).jobs.map((j) => j.locations[0]).sort();
    expect(await gulf('jobCountries=SA,KW')).toEqual(['Kuwait City', 'Riyadh']);
    expect(await gulf('location=UAE')).toEqual(['Dubai']);
    expect(await gulf('jobStates=Riyadh Province')).toEqual(['Riyadh']);
    // 12,000 AED, 12,000 SAR (about 11,750 AED) and 900 KWD (about 10,700 AED) a month.
    expect(await gulf('salaryRanges=10000-20000')).toEqual(['Dubai', 'Kuwait City', 'Riyadh']);
    expect(await gulf('salaryRanges=11000-20000')).toEqual(['Dubai', 'Riyadh']);
    const facets = (await search('', 'monstergulf')).facets;
    expect(facets.jobCountries?.map((f) => [f.value, f.label, f.count])).toEqual([
      ['KW', 'Kuwait', 1],
      ['SA', 'Saudi Arabia', 1],
      ['AE', 'United Arab Emirates', 1],
    ]);
    expect(facets.salaryRanges?.map((f) => [f.label, f.count])).toEqual([
      ['AED 10,000 – AED 20,000', 3],
    ]);
  });

  it('counts facets that add up and stay disjunctive', async () => {
    const result = await search('q=java');
    const sum = (key: 'employerTypes' | 'jobTypes') =>
      (result.facets[key] ?? []).reduce((s, f) => s + f.count, 0);
    expect(sum('employerTypes')).toBe(result.total);
    expect(sum('jobTypes')).toBe(result.total);
    // Busiest first; ties in code-point order.
    expect(result.facets.jobCities?.map((f) => [f.value, f.count])).toEqual([
      ['Mumbai', 2],
      ['Pune', 2],
      ['Bengaluru', 1],
    ]);

    // A filter in use keeps its alternatives, counted as if it weren't.
    const filtered = await search('q=java&employerTypes=company&jobCities=Pune');
    expect(filtered.total).toBe(2);
    expect(filtered.facets.employerTypes).toEqual([
      { value: 'company', label: 'company', count: 2, selected: true },
    ]);
    expect(filtered.facets.jobCities?.map((f) => [f.value, f.count, f.selected])).toEqual([
      ['Pune', 2, true],
      ['Bengaluru', 1, false],
      ['Mumbai', 1, false],
    ]);
  });

  it('gives facet counts equal to the totals of their own filters', async () => {
    for (const query of ['q=java', '', 'location=Mumbai', 'q=developer&jobTypes=full_time']) {
      const result = await search(query);
      for (const [key, values] of Object.entries(result.facets)) {
        for (const value of values ?? []) {
          const params = new URLSearchParams(query);
          params.set(key, value.value);
          const own = await searchJobs('rexmonster', parseSearchState(params).state, t.db, {
            now: NOW,
          });
          expect(own.total, `${query} ${key}=${value.value}`).toBe(value.count);
        }
      }
    }
  });

  it('takes at most 2 industries, in the service too', async () => {
    const parsed = parseSearchState(new URLSearchParams('industries=45,58,1'));
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.state.filters.industries).toEqual(['45', '58']);
    const forced = await searchJobs(
      'rexmonster',
      { ...EMPTY_SEARCH, filters: { industries: ['45', '58', '1'] } },
      t.db,
      { now: NOW },
    );
    expect(forced.jobs.map((j) => j.title).sort()).toEqual(['Data Analyst', 'Sales Executive']);
  });

  it('treats stop-word keywords as title words', async () => {
    // "IT" is an English stop word: the full-text index has nothing for it.
    await t.db.insert(jobs).values({
      ...fixture(companyIds)[0]!,
      title: 'IT Support Engineer',
      slug: 'it-support',
    });
    expect(titles(await search('q=IT'))).toEqual(['IT Support Engineer']);
  });

  it('reads a dash between words as part of a title, and "-word" as leaving the word out', async () => {
    await t.db.insert(jobs).values([
      { ...fixture(companyIds)[0]!, title: 'Project Manager - Construction', slug: 'pm-c' },
      { ...fixture(companyIds)[0]!, title: 'Construction Project Manager', slug: 'c-pm' },
      { ...fixture(companyIds)[0]!, title: 'Project Manager', slug: 'pm' },
    ]);
    const typedAsWritten = titles(await search('q=Project Manager - Construction'));
    expect(typedAsWritten[0]).toBe('Project Manager - Construction');
    expect(typedAsWritten).toContain('Construction Project Manager');
    expect(typedAsWritten).not.toContain('Project Manager');
    const leftOut = titles(await search('q=Project Manager -Construction'));
    expect(leftOut).toContain('Project Manager');
    expect(leftOut).not.toContain('Construction Project Manager');
  });

  it('pages through the results', async () => {
    const base = fixture(companyIds)[0]!;
    await t.db.insert(jobs).values(
      Array.from({ length: 23 }, (_, i) => ({
        ...base,
        title: 'Support Engineer',
        slug: `support-${i}`,
        postedAt: ago(i / 24),
      })),
    );
    const first = await search('q=support engineer');
    expect(first).toMatchObject({ total: 23, totalPages: 2, pageSize: 20 });
    expect(first.jobs).toHaveLength(20);
    const second = await search('q=support engineer&page=2');
    expect(second.jobs).toHaveLength(3);
    expect(new Set([...first.jobs, ...second.jobs].map((j) => j.id)).size).toBe(23);
    expect((await search('q=support engineer&page=3')).jobs).toEqual([]);
  });

  it('stays exact in order beyond COUNT_CAP, with an estimated total and sampled facets', async () => {
    const base = fixture(companyIds)[0]!;
    const many = COUNT_CAP + 40;
    // Newest: many "Support Engineer" jobs; oldest: three jobs titled exactly "Support".
    const rows: NewJob[] = Array.from({ length: many }, (_, i) => ({
      ...base,
      title: 'Support Engineer',
      slug: `support-engineer-${i}`,
      employerType: i % 4 === 0 ? 'consultant' : 'company',
      companyId: i % 4 === 0 ? companyIds.indiaAgency : companyIds.india,
      postedAt: ago(1 + i / 100),
    }));
    for (let i = 0; i < 3; i++)
      rows.push({ ...base, title: 'Support', slug: `support-${i}`, postedAt: ago(30 + i) });
    await t.db.execute(jsonInsert(jobs, rows));
    await maintainSearchStats(t.db, true);

    const result = await search('q=support');
    expect(result.totalExact).toBe(false);
    expect(result.facetsExact).toBe(false);
    expect(result.total).toBeGreaterThan(COUNT_CAP);
    expect(result.total).toBeGreaterThan(many * 0.5);
    expect(result.total).toBeLessThan(many * 2);
    expect(titles(result).slice(0, 4)).toEqual([
      'Support',
      'Support',
      'Support',
      'Support Engineer',
    ]);
    expect(result.jobs.slice(0, 3).map((j) => j.slug)).toEqual([
      'support-0',
      'support-1',
      'support-2',
    ]);
    // Sampled facets still offer the values, with counts scaled to the estimate.
    const employer = result.facets.employerTypes ?? [];
    expect(employer.map((f) => f.value)).toEqual(['company', 'consultant']);
    const sum = employer.reduce((s, f) => s + f.count, 0);
    expect(Math.abs(sum - result.total)).toBeLessThanOrEqual(2);
    // Pages beyond the candidates, in relevance and date order.
    const page3 = await search('q=support&page=3');
    expect(page3.jobs).toHaveLength(20);
    expect(titles(page3).every((title) => title === 'Support Engineer')).toBe(true);
    const dated = await search('q=support&sort=date&page=12');
    expect(dated.jobs.length).toBeGreaterThan(0);
  });

  it('orders skill and description matches beyond COUNT_CAP after every title match', async () => {
    const base = fixture(companyIds)[0]!;
    const rows: NewJob[] = [
      // Newest: a mention in the description only (tier 3).
      ...Array.from({ length: 5 }, (_, i) => ({
        ...base,
        title: 'Backend Developer',
        slug: `backend-${i}`,
        description: 'You will also touch Kafka now and then.',
        postedAt: ago(0.5 + i / 100),
      })),
      // Then many jobs with Kafka as a skill (tier 2), more than the candidates hold.
      ...Array.from({ length: COUNT_CAP + 30 }, (_, i) => ({
        ...base,
        title: 'Data Engineer',
        slug: `data-engineer-${i}`,
        skills: ['Kafka', 'Spark'],
        postedAt: ago(1 + i / 100),
      })),
      // Oldest: two Kafka titles (tier 1), older than every candidate.
      { ...base, title: 'Kafka Developer', slug: 'kafka-developer-0', postedAt: ago(40) },
      { ...base, title: 'Kafka Admin', slug: 'kafka-admin-0', postedAt: ago(41) },
      // The only Spark title, among the newest matches.
      { ...base, title: 'Spark Developer', slug: 'spark-developer-0', postedAt: ago(0.8) },
    ];
    await t.db.execute(jsonInsert(jobs, rows));
    await maintainSearchStats(t.db, true);

    const first = await search('q=kafka');
    expect(first.totalExact).toBe(false);
    expect(first.jobs.map((j) => j.slug)).toEqual([
      'kafka-developer-0',
      'kafka-admin-0',
      ...Array.from({ length: 18 }, (_, i) => `data-engineer-${i}`),
    ]);
    const third = await search('q=kafka&page=3');
    expect(third.jobs.map((j) => j.slug)).toEqual(
      Array.from({ length: 20 }, (_, i) => `data-engineer-${i + 38}`),
    );
    // Every Spark title is among the candidates: the pages are read from them.
    const spark = await search('q=spark');
    expect(spark.totalExact).toBe(false);
    expect(spark.jobs.map((j) => j.slug)).toEqual([
      'spark-developer-0',
      ...Array.from({ length: 19 }, (_, i) => `data-engineer-${i}`),
    ]);
    expect((await search('q=spark&page=2')).jobs.map((j) => j.slug)).toEqual(
      Array.from({ length: 20 }, (_, i) => `data-engineer-${i + 19}`),
    );
    // The last skill matches, then the description matches.
    expect(first.total).toBeGreaterThan(220);
    const last = await search('q=kafka&page=12');
    expect(last.jobs.map((j) => j.slug)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `data-engineer-${i + 218}`),
      ...Array.from({ length: 5 }, (_, i) => `backend-${i}`),
    ]);
  });

  it('reads matches span by span of posting time with the same pages, totals and facets', async () => {
    const base = fixture(companyIds)[0]!;
    const rows: NewJob[] = Array.from({ length: COUNT_CAP + 60 }, (_, i) => ({
      ...base,
      title: i % 3 === 0 ? 'Support Engineer' : 'Support Analyst',
      slug: `support-${i}`,
      skills: i % 2 === 0 ? ['Linux'] : ['Windows'],
      employerType: i % 4 === 0 ? 'consultant' : 'company',
      companyId: i % 4 === 0 ? companyIds.indiaAgency : companyIds.india,
      postedAt: ago(i / 5),
    }));
    await t.db.execute(jsonInsert(jobs, rows));
    await maintainSearchStats(t.db, true);
    // Spans of 4, 16 and 64 rows, then the rest; against one statement over every match.
    const spans = (query: string) =>
      searchJobs('rexmonster', state(query), t.db, { now: NOW, windowRows: 4 });
    const whole = (query: string) =>
      searchJobs('rexmonster', state(query), t.db, { now: NOW, windowRows: 1e9 });
    const seen = (r: Awaited<ReturnType<typeof whole>>) => ({
      ids: r.jobs.map((j) => j.id),
      total: r.total,
      totalExact: r.totalExact,
      facets: r.facets,
    });
    for (const query of [
      'q=support',
      'q=support&page=3',
      'q=support engineer',
      'q=linux&sort=date&page=2',
      'q=support&employerTypes=consultant',
      'q=windows&skills=linux',
      'q=java',
      'employerTypes=consultant',
      // Browses with filter tags are read span by span too (their facets' union is not).
      'skills=linux',
      'skills=linux&page=2',
      'skills=windows&employerTypes=consultant',
    ])
      expect(seen(await spans(query)), query).toEqual(seen(await whole(query)));

    // A new job shows up first, an expired one disappears, with spans as without.
    const [added] = await t.db
      .insert(jobs)
      .values({ ...base, title: 'Support Engineer', slug: 'support-new', postedAt: NOW })
      .returning({ id: jobs.id });
    expect((await spans('q=support engineer&sort=date')).jobs[0]?.id).toBe(added?.id);
    await t.db.update(jobs).set({ status: 'expired' }).where(eq(jobs.id, added!.id));
    const after = await spans('q=support engineer&sort=date');
    expect(after.jobs.map((j) => j.id)).not.toContain(added?.id);
    expect(seen(after)).toEqual(seen(await whole('q=support engineer&sort=date')));
  });

  it('lists walk-ins under way and upcoming first, soonest first, then past ones', async () => {
    const result = await walkinJobs('rexmonster', EMPTY_SEARCH, t.db, { now: NOW });
    expect(result.jobs.map((j) => j.id)).toEqual([ids[10], ids[8], ids[9]]);
    const filtered = await walkinJobs('rexmonster', state('q=executive'), t.db, { now: NOW });
    expect(filtered.jobs.map((j) => j.id)).toEqual([ids[8], ids[9]]);
  });

  it('follows jobs through the triggers: edits, expiry, deletion, truncation', async () => {
    const id = ids[0] as number;
    await t.db.update(jobs).set({ title: 'Golang Developer' }).where(eq(jobs.id, id));
    expect(titles(await search('q=golang'))).toEqual(['Golang Developer']);
    expect((await search('designations=java developer')).total).toBe(1);

    await t.db.update(jobs).set({ status: 'expired' }).where(eq(jobs.id, id));
    expect((await search('q=golang')).total).toBe(0);
    expect(await autoFill('rexmonster', 'golang', t.db)).toEqual([]);

    await t.db.delete(jobs).where(eq(jobs.id, ids[2] as number));
    expect((await search('q=kotlin')).total).toBe(0);

    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM search_jobs`,
    );
    expect(count?.n).toBe(11); // 14 inserted - 1 expired from the start - 1 expired - 1 deleted
    await t.db.execute(sql`TRUNCATE jobs CASCADE`);
    expect((await search('')).total).toBe(0);
    expect(await popularCities('rexmonster', 12, t.db)).toEqual([]);
  });

  it('suggests titles, skills, companies and cities by prefix and by close spelling', async () => {
    const jav = await autoFill('rexmonster', 'jav', t.db);
    expect(jav.slice(0, 2)).toEqual([
      { value: 'Java', kind: 'skill' },
      { value: 'Java Developer', kind: 'title' },
    ]);
    expect(jav).toContainEqual({ value: 'Senior Java Developer', kind: 'title' });
    expect(await autoFill('rexmonster', 'Devloper', t.db)).toContainEqual({
      value: 'Java Developer',
      kind: 'title',
    });
    expect(await autoFill('rexmonster', 'pu', t.db)).toEqual([{ value: 'Pune', kind: 'city' }]);
    expect(await autoFill('rexmonster', 'kaveri', t.db)).toEqual([
      { value: 'Kaveri Infotech Pvt Ltd', kind: 'company' },
    ]);
    expect(await autoFill('rexmonster', '%_', t.db)).toEqual([]);
    expect(await autoFill('rexmonster', '  ', t.db)).toEqual([]);
    expect(await autoFill('monstergulf', 'jav', t.db)).toEqual([]);
  });

  it('knows the popular cities of a site', async () => {
    expect(await popularCities('rexmonster', 3, t.db)).toEqual([
      { city: 'Hyderabad', count: 3 },
      { city: 'Mumbai', count: 3 },
      { city: 'Pune', count: 2 },
    ]);
    expect(await popularCities('monstergulf', 12, t.db)).toHaveLength(3);
  });

  it('suggests keywords that go with a search', async () => {
    const java = await suggestedKeywords('rexmonster', 'java', t.db);
    expect(java.map((k) => k.value)).toContain('Spring Boot');
    expect(java.map((k) => k.value.toLowerCase())).not.toContain('java');
    const busiest = await suggestedKeywords('rexmonster', '', t.db, 3);
    expect(busiest).toHaveLength(3);
  });

  it('keeps recent searches per user and site: newest first, de-duplicated, bounded', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ email: 'recent@example.com', siteContext: 'rexmonster' })
      .returning({ id: users.id });
    const userId = user!.id;
    await saveRecentSearch(userId, 'rexmonster', { keywords: 'java', location: 'Pune' }, t.db);
    await saveRecentSearch(userId, 'rexmonster', { keywords: 'sales', experience: 2 }, t.db);
    const list = await saveRecentSearch(
      userId,
      'rexmonster',
      { keywords: ' JAVA ', location: 'pune' },
      t.db,
    );
    expect(list.map((s) => [s.keywords, s.location, s.experience])).toEqual([
      ['JAVA', 'pune', null],
      ['sales', '', 2],
    ]);
    expect(await listRecentSearches(userId, 'monstergulf', 10, t.db)).toEqual([]);
    for (let i = 0; i < MAX_KEPT + 5; i++)
      await saveRecentSearch(userId, 'rexmonster', { keywords: `skill ${i}` }, t.db);
    const all = await listRecentSearches(userId, 'rexmonster', MAX_KEPT, t.db);
    expect(all).toHaveLength(MAX_KEPT);
    expect(all[0]?.keywords).toBe(`skill ${MAX_KEPT + 4}`);
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM recent_searches`,
    );
    expect(stored?.n).toBe(MAX_KEPT);
    // Nothing to save: no keywords and no location.
    expect(await saveRecentSearch(userId, 'rexmonster', { keywords: '  ' }, t.db)).toHaveLength(10);
  });

  it('finds similar jobs: same kind of title first, never the job itself', async () => {
    const similar = await similarJobs(
      {
        id: ids[0] as number,
        siteContext: 'rexmonster',
        title: 'Java Developer',
        skills: ['Java', 'Spring Boot'],
        functionId: 29,
        locations: ['Pune'],
      },
      3,
      t.db,
    );
    expect(similar.map((j) => j.id)).toEqual([ids[4], ids[1], ids[2]]);
  });

  it('answers the reference lists with the site salary bands', () => {
    const data = masterData('rexmonster');
    expect(data.functions).toHaveLength(54);
    expect(data.industries.length).toBeGreaterThan(60);
    expect(data.salaryRanges[0]).toEqual({ value: '0-300000', label: '< ₹ 3 Lakh' });
    expect(masterData('monstergulf').salaryRanges.at(-1)).toEqual({
      value: '35000+',
      label: 'AED 35,000+',
    });
  });
});
