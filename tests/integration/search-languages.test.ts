/**
 * Search in Hindi and Arabic on both databases, over English jobs (and one written in Arabic):
 * a Hindi or Arabic keyword finds the jobs its English term finds (results, job alerts,
 * suggested keywords), with or without the Arabic article and diacritics; Arabic words no name
 * translates meet Arabic job text through PostgreSQL's Arabic stemming; autosuggest answers
 * Hindi and Arabic prefixes with names that search for the English term; the SPEC §5 messages
 * still refuse punctuation alone, Devanagari and Arabic punctuation included.
 */
import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { parseSearchState } from '~/lib/search/parse';
import { SEARCH_ONLY_SPECIAL } from '~/lib/validation/search';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, type NewJob } from '~/server/db/schema';
import { newJobsMatching } from '~/server/search/matching';
import { autoFill, searchJobs, suggestedKeywords } from '~/server/search/service';
import * as searchApi from '~/pages/api/raven/api/public/search/v1/search';
import { backends, useFreshDb, type TestDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function seed(db: Db) {
  await ensureCountries(db);
  const [india, gulf] = await db
    .insert(companies)
    .values([
      { name: 'Kaveri Infotech Pvt Ltd', slug: 'kaveri', siteContext: 'rexmonster' },
      { name: 'Al Noor Trading LLC', slug: 'al-noor', siteContext: 'monstergulf' },
    ])
    .returning({ id: companies.id });
  let day = 0;
  const job = (site: 'rexmonster' | 'monstergulf', title: string, more: Partial<NewJob> = {}) =>
    ({
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'job',
      role: title,
      companyId: site === 'rexmonster' ? india!.id : gulf!.id,
      companyName: site === 'rexmonster' ? 'Kaveri Infotech Pvt Ltd' : 'Al Noor Trading LLC',
      description: `We are hiring a ${title}.`,
      skills: [],
      locations: [site === 'rexmonster' ? 'Pune' : 'Dubai'],
      siteContext: site,
      countryCode: site === 'rexmonster' ? 'IN' : 'AE',
      postedAt: ago(++day),
      // Received when posted: job alerts run on when the portal received a job.
      createdAt: ago(day),
      status: 'active',
      ...more,
    }) satisfies NewJob;
  await db.insert(jobs).values([
    job('rexmonster', 'Accountant', { skills: ['Tally', 'GST'] }),
    job('rexmonster', 'Senior Accountant', { skills: ['Tally', 'Bookkeeping'] }),
    job('rexmonster', 'Software Engineer', { skills: ['Java'] }),
    job('rexmonster', 'Sales Executive', { skills: ['Sales', 'Cold Calling'] }),
    job('rexmonster', 'Retail Sales Associate', { skills: ['Customer Service'] }),
    job('rexmonster', 'Graphic Designer', { skills: ['Photoshop'] }),
    job('monstergulf', 'Accountant', { skills: ['VAT'] }),
    job('monstergulf', 'Civil Engineer', { skills: ['AutoCAD'] }),
    job('monstergulf', 'Network Engineer', { skills: ['Networking'] }),
    job('monstergulf', 'Sales Executive', { skills: ['Sales'] }),
    job('monstergulf', 'Receptionist', { skills: ['Front Desk'] }),
    job('monstergulf', 'Internal Auditor', {
      description: 'نبحث عن مراجعين داخليين ذوي خبرة في الشركات التجارية.',
    }),
  ]);
}

const state = (q: string) => parseSearchState(new URLSearchParams({ q })).state;

describe.each(backends)('search in Hindi and Arabic on %s', (backend) => {
  const t = useFreshDb(backend);
  const titles = async (site: string, q: string) =>
    (await searchJobs(site, state(q), t.db, { now: NOW })).jobs.map((j) => j.title).sort();

  beforeEach(async () => {
    await seed(t.db);
  });

  it('finds with a Hindi keyword the jobs its English term finds', async () => {
    for (const [hindi, english] of [
      ['लेखाकार', 'accountant'],
      ['अकाउंटेंट', 'accountant'],
      ['सॉफ्टवेयर इंजीनियर', 'software engineer'],
      ['सॉफ़्टवेयर इन्जीनियर', 'software engineer'],
      ['बिक्री', 'sales'],
      ['बिक्री की नौकरी', 'sales'],
    ] as const) {
      const found = await titles('rexmonster', english);
      expect(found.length, english).toBeGreaterThan(0);
      expect(await titles('rexmonster', hindi), hindi).toEqual(found);
    }
    expect(await titles('rexmonster', 'लेखाकार')).toEqual(['Accountant', 'Senior Accountant']);
  });

  it('finds with an Arabic keyword, with or without the article and diacritics', async () => {
    for (const [arabic, english] of [
      ['محاسب', 'accountant'],
      ['المحاسب', 'accountant'],
      ['مُحَاسِب', 'accountant'],
      ['وظائف محاسب في دبي', 'accountant'],
      ['مهندس', 'engineer'],
      ['المهندس', 'engineer'],
      ['مبيعات', 'sales'],
      ['المبيعات', 'sales'],
    ] as const) {
      const found = await titles('monstergulf', english);
      expect(found.length, english).toBeGreaterThan(0);
      expect(await titles('monstergulf', arabic), arabic).toEqual(found);
    }
    expect(await titles('monstergulf', 'مهندس')).toEqual(['Civil Engineer', 'Network Engineer']);
  });

  it('puts the exact title first for a translated title, and takes comma alternatives', async () => {
    const result = await searchJobs('rexmonster', state('लेखाकार'), t.db, { now: NOW });
    expect(result.jobs[0]?.title).toBe('Accountant');
    expect(await titles('rexmonster', 'लेखाकार, ग्राफिक डिज़ाइनर')).toEqual([
      'Accountant',
      'Graphic Designer',
      'Senior Accountant',
    ]);
    expect(await titles('monstergulf', 'محاسب، موظف استقبال')).toEqual([
      'Accountant',
      'Receptionist',
    ]);
  });

  it('matches Arabic words no name translates through Arabic stems of the job text', async () => {
    // "مراجع" (auditor) is not a name; the job says "مراجعين" (auditors).
    expect(await titles('monstergulf', 'مراجع')).toEqual(['Internal Auditor']);
    expect(await titles('monstergulf', 'المراجعون')).toEqual(['Internal Auditor']);
    expect(await titles('monstergulf', 'رائد فضاء')).toEqual([]);
  });

  it('gives job alerts saved in Hindi or Arabic the jobs of the English term', async () => {
    const matches = await newJobsMatching(
      t.db,
      'monstergulf',
      [
        { key: 'ar', state: state('المحاسب'), since: ago(100) },
        { key: 'en', state: state('accountant'), since: ago(100) },
      ],
      { until: NOW },
    );
    expect(matches.get('ar')).toEqual(matches.get('en'));
    expect(matches.get('ar')?.length).toBe(1);
  });

  it('suggests keywords next to a Hindi or Arabic search, in its language', async () => {
    const hindi = await suggestedKeywords('rexmonster', 'लेखाकार', t.db);
    expect(hindi.map((s) => s.value)).toEqual(expect.arrayContaining(['टैली', 'जीएसटी']));
    const arabic = await suggestedKeywords('monstergulf', 'محاسب', t.db);
    expect(arabic.map((s) => s.value)).toContain('ضريبة القيمة المضافة');
    // Each finds the jobs that have it.
    for (const s of hindi) {
      const result = await searchJobs('rexmonster', state(s.value), t.db, { now: NOW });
      expect(result.total, s.value).toBeGreaterThan(0);
    }
  });

  it('autosuggests Hindi and Arabic names of titles and skills the site has jobs for', async () => {
    const hindi = await autoFill('rexmonster', 'लेखा', t.db);
    expect(hindi).toContainEqual({ value: 'लेखाकार', kind: 'title' });
    expect(await autoFill('rexmonster', 'बिक्', t.db)).toContainEqual({
      value: 'बिक्री',
      kind: 'skill',
    });
    for (const typed of ['محا', 'مُحَا', 'المحا']) {
      expect(await autoFill('monstergulf', typed, t.db), typed).toContainEqual({
        value: 'محاسب',
        kind: 'title',
      });
    }
    // A word inside a name: "شبكات" in مهندس شبكات.
    expect(await autoFill('monstergulf', 'شبك', t.db)).toContainEqual({
      value: 'مهندس شبكات',
      kind: 'title',
    });
    // Names of terms without jobs on the site are not offered (no Java developer jobs here).
    expect(await autoFill('rexmonster', 'जावा डे', t.db)).toEqual([]);
    expect(await autoFill('monstergulf', 'محاضر', t.db)).toEqual([]);
    // Without a name, the site's own values written so.
    const [gulfCompany] = await t.db
      .insert(companies)
      .values({ name: 'مجموعة النور', slug: 'majmuat-alnoor', siteContext: 'monstergulf' })
      .returning({ id: companies.id });
    await t.db.insert(jobs).values({
      title: 'Storekeeper',
      slug: 'storekeeper',
      companyId: gulfCompany!.id,
      companyName: 'مجموعة النور',
      description: 'Storekeeper.',
      skills: [],
      locations: ['Dubai'],
      siteContext: 'monstergulf',
      countryCode: 'AE',
      postedAt: ago(1),
      status: 'active',
    });
    expect(await autoFill('monstergulf', 'مجموعة', t.db)).toContainEqual({
      value: 'مجموعة النور',
      kind: 'company',
    });
  });

  it('runs a search that finds the jobs when a suggestion is chosen', async () => {
    for (const [site, typed] of [
      ['rexmonster', 'लेखा'],
      ['rexmonster', 'सेल्स'],
      ['monstergulf', 'مندوب'],
      ['monstergulf', 'مهندس م'],
    ] as const) {
      const suggestions = await autoFill(site, typed, t.db);
      expect(suggestions.length, typed).toBeGreaterThan(0);
      for (const s of suggestions) {
        const result = await searchJobs(site, state(s.value), t.db, { now: NOW });
        expect(result.total, `${typed} → ${s.value}`).toBeGreaterThan(0);
      }
    }
  });
});

describe.each(backends)('search API in Hindi and Arabic on %s', (backend) => {
  const t = useFreshDb(backend);
  const DB_KEY = Symbol.for('jobportal.db');
  type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };
  let previous: Promise<TestDb> | undefined;

  beforeEach(async () => {
    previous = (globalThis as G)[DB_KEY];
    (globalThis as G)[DB_KEY] = Promise.resolve(t.handle);
    await seed(t.db);
  });
  afterEach(() => {
    (globalThis as G)[DB_KEY] = previous;
  });

  async function search(site: string, q: string) {
    const request = new Request(
      `http://${site}.localhost/api/raven/api/public/search/v1/search?q=${encodeURIComponent(q)}`,
    );
    const locals = { site: siteByContext(site), lang: 'en', user: null };
    const context = { request, url: new URL(request.url), params: {}, locals };
    const response = await searchApi.GET(context as unknown as APIContext);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope's data varies
    return { status: response.status, body: (await response.json()) as any };
  }

  it('refuses punctuation alone with the SPEC §5 message, Devanagari and Arabic included', async () => {
    for (const q of ['@#$', '।॥', '؟،؛', 'ـــ َُ']) {
      const answer = await search('monstergulf', q);
      expect(answer.status, q).toBe(400);
      expect(answer.body.errors, q).toEqual([{ field: 'q', message: SEARCH_ONLY_SPECIAL }]);
    }
  });

  it('takes Hindi and Arabic words with their marks as keywords', async () => {
    const hindi = await search('rexmonster', 'लेखाकार!!');
    expect(hindi.status).toBe(200);
    expect(hindi.body.data.total).toBe(2);
    const arabic = await search('monstergulf', 'مُحَاسِب؟');
    expect(arabic.status).toBe(200);
    expect(arabic.body.data.total).toBe(1);
  });
});
