/**
 * Search as people type it, on both databases: typos, a place in the keyword box, the portal's
 * other names of job words, hyphens and run-together words, plurals and location typos, in
 * English, Hindi and Arabic, each finding what the clean search finds; the correction is said;
 * a page that finds nothing offers close keywords; places are suggested in Hindi and Arabic.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseSearchState } from '~/lib/search/parse';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, type NewJob } from '~/server/db/schema';
import { newJobsMatching } from '~/server/search/matching';
import { autoFill, didYouMean, searchJobs } from '~/server/search/service';
import { searchOrOneWordFewer } from '~/server/search/wider';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

type SiteName = 'rexmonster' | 'monstergulf';

async function seed(db: Db) {
  await ensureCountries(db);
  const [india, gulf, works] = await db
    .insert(companies)
    .values([
      { name: 'Kaveri Infotech Pvt Ltd', slug: 'kaveri', siteContext: 'rexmonster' },
      { name: 'Al Noor Trading LLC', slug: 'al-noor', siteContext: 'monstergulf' },
      { name: 'Najd Engineering Works LLC', slug: 'najd', siteContext: 'monstergulf' },
    ])
    .returning({ id: companies.id, name: companies.name });
  let day = 0;
  const job = (site: SiteName, title: string, city: string, more: Partial<NewJob> = {}) =>
    ({
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'job',
      role: title,
      companyId: site === 'rexmonster' ? india!.id : gulf!.id,
      companyName: site === 'rexmonster' ? india!.name : gulf!.name,
      description: `We are hiring a ${title}.`,
      skills: [],
      locations: [city],
      siteContext: site,
      countryCode: site === 'rexmonster' ? 'IN' : 'AE',
      postedAt: ago(++day),
      createdAt: ago(day),
      status: 'active',
      ...more,
    }) satisfies NewJob;
  await db.insert(jobs).values([
    // Newest first: Key Account Manager is newer than every Accountant.
    job('rexmonster', 'Key Account Manager', 'Mumbai', { skills: ['Account Management'] }),
    job('rexmonster', 'Accountant', 'Mumbai', { skills: ['Tally'] }),
    job('rexmonster', 'Senior Accountant', 'Mumbai', { skills: ['Tally'] }),
    job('rexmonster', 'Accountant', 'Pune', { skills: ['GST'] }),
    job('rexmonster', 'Sales Executive', 'Bengaluru', { skills: ['Cold Calling'] }),
    job('rexmonster', 'Data Entry Operator', 'Hyderabad', { skills: ['MS Excel'] }),
    job('rexmonster', 'Staff Nurse', 'Chennai', { skills: ['Patient Care'] }),
    job('rexmonster', 'Nurse', 'Chennai', { skills: ['Patient Care'] }),
    job('rexmonster', 'Software Engineer', 'Bengaluru', { skills: ['Java'] }),
    job('rexmonster', 'HR Executive', 'Pune', { skills: ['Recruitment'] }),
    job('rexmonster', 'Delivery Associate', 'Delhi', { skills: ['Last Mile Delivery'] }),
    job('rexmonster', 'Inventory Controller', 'Pune', { skills: ['Cycle Counts'] }),
    job('rexmonster', 'Physiotherapist', 'Chennai', { skills: ['Exercise Therapy'] }),
    job('rexmonster', 'Network Engineer', 'Hyderabad', { skills: ['CCNA'] }),
    job('rexmonster', 'Mechanical Engineer', 'Pune', { skills: ['AutoCAD'] }),
    job('rexmonster', 'Tax Consultant', 'Delhi', { skills: ['GST'] }),
    job('monstergulf', 'Accountant', 'Dubai', { skills: ['VAT'] }),
    job('monstergulf', 'Civil Engineer', 'Abu Dhabi', { skills: ['AutoCAD'] }),
    job('monstergulf', 'Civil Engineer', 'Riyadh', { skills: ['AutoCAD'], countryCode: 'SA' }),
    job('monstergulf', 'Payroll Clerk', 'Riyadh', {
      countryCode: 'SA',
      companyId: works!.id,
      companyName: works!.name,
    }),
    job('monstergulf', 'Sales Executive', 'Dubai', { skills: ['Sales'] }),
    job('monstergulf', 'Nurse', 'Dubai', { skills: ['Patient Care'] }),
    job('monstergulf', 'Pharmacist', 'Sharjah', { skills: ['Dispensing'] }),
    job('monstergulf', 'Store Manager', 'Dubai', { skills: ['Retail Operations'] }),
    job('monstergulf', 'Quantity Surveyor', 'Abu Dhabi', { skills: ['BOQ'] }),
  ]);
}

const state = (q: string, location = '') =>
  parseSearchState(new URLSearchParams(location ? { q, location } : { q })).state;

describe.each(backends)('search as people type it on %s', (backend) => {
  const t = useFreshDb(backend);
  const run = (site: SiteName, q: string, location = '') =>
    searchJobs(site, state(q, location), t.db, { now: NOW });
  const found = async (site: SiteName, q: string, location = '') =>
    (await run(site, q, location)).jobs.map((j) => `${j.title} @ ${j.locations.join('/')}`);

  beforeEach(async () => {
    await seed(t.db);
  });

  /** Each variant finds what its clean search finds, in the same order. */
  async function expectSame(site: SiteName, pairs: readonly (readonly string[])[]) {
    for (const [variant, clean, variantLocation = '', cleanLocation = ''] of pairs) {
      const expected = await found(site, clean!, cleanLocation);
      expect(expected.length, clean).toBeGreaterThan(0);
      expect(await found(site, variant!, variantLocation), variant).toEqual(expected);
    }
  }

  it('corrects typos in English, Hindi and Arabic, and says so', async () => {
    await expectSame('rexmonster', [
      ['acountant', 'accountant'],
      ['acountent', 'accountant'],
      ['sofware enginer', 'software engineer'],
      ['एकाउंटेंट', 'अकाउंटेंट'],
      ['सॉफ्टवेर इंजिनियर', 'सॉफ्टवेयर इंजीनियर'],
    ]);
    await expectSame('monstergulf', [
      ['مهندسة مدنية', 'مهندس مدني'],
      ['pharmasist', 'pharmacist'],
    ]);
    const typo = await run('rexmonster', 'acountant');
    expect(typo.understood).toMatchObject({ q: 'accountant', corrected: true });
    expect((await run('rexmonster', 'accountant')).understood?.corrected).toBe(false);
    const asTyped = parseSearchState(new URLSearchParams({ q: 'acountant', typed: '1' })).state;
    expect((await searchJobs('rexmonster', asTyped, t.db, { now: NOW })).total).toBe(0);
  });

  it('reads a place and padding words in the keyword box as the location box does', async () => {
    await expectSame('rexmonster', [
      ['accountant jobs in mumbai', 'accountant', '', 'Mumbai'],
      ['accountant mumbai', 'accountant', '', 'Mumbai'],
      ['मुंबई में अकाउंटेंट की नौकरी', 'अकाउंटेंट', '', 'Mumbai'],
      ['sales executive bangalore', 'sales executive', '', 'Bengaluru'],
    ]);
    await expectSame('monstergulf', [
      ['وظائف محاسب في دبي', 'محاسب', '', 'Dubai'],
      ['civil engineer jobs in abu dhabi', 'civil engineer', '', 'Abu Dhabi'],
    ]);
    // "engineer jobs in riyadh": the engineers of Riyadh first, not a clerk of "... Engineering".
    expect((await found('monstergulf', 'engineer jobs in riyadh'))[0]).toBe(
      'Civil Engineer @ Riyadh',
    );
  });

  it('reads the portal’s other names of job words in three languages', async () => {
    await expectSame('rexmonster', [
      ['salesman', 'sales executive'],
      ['H.R. executive', 'hr executive'],
      ['sales person', 'sales executive'],
      ['सेल्समैन', 'sales executive'],
      ['नर्सिंग', 'nurse'],
      ['delivery boy', 'delivery associate'],
      ['stock controller', 'inventory controller'],
      ['storekeeper', 'inventory controller'],
      ['physical therapist', 'physiotherapist'],
      ['mech engineer', 'mechanical engineer'],
      ['network admin', 'network engineer'],
      ['tax advisor', 'tax consultant'],
      ['SDE-2', 'software engineer'],
      ['डिलीवरी मैन', 'delivery associate'],
      ['स्टोरकीपर', 'inventory controller'],
      ['फिजियो', 'physiotherapist'],
      ['munim', 'accountant'],
    ]);
    await expectSame('monstergulf', [
      ['تمريض', 'ممرض'],
      ['بائع', 'sales executive'],
      ['صيادلة', 'صيدلي'],
      ['مدير محل', 'store manager'],
      ['outlet manager', 'store manager'],
      ['QS', 'quantity surveyor'],
      ['مهندسو مدني', 'مهندس مدني'],
    ]);
  });

  it('splits hyphenated and run-together words in three languages', async () => {
    await expectSame('rexmonster', [
      ['sales-executive', 'sales executive'],
      ['salesexecutive', 'sales executive'],
      ['dataentry operator', 'data entry operator'],
      ['डेटा-एंट्री ऑपरेटर', 'डेटा एंट्री ऑपरेटर'],
      ['डेटाएंट्री ऑपरेटर', 'डेटा एंट्री ऑपरेटर'],
      ['सेल्सएग्जीक्यूटिव', 'सेल्स एग्जीक्यूटिव'],
    ]);
    await expectSame('monstergulf', [['مهندس-مدني', 'مهندس مدني']]);
  });

  it('reads plurals as the job they name: Accountant before Key Account Manager', async () => {
    await expectSame('rexmonster', [
      ['accountants', 'accountant'],
      ['नर्सों', 'नर्स'],
    ]);
    await expectSame('monstergulf', [['محاسبين', 'محاسب']]);
    expect((await found('rexmonster', 'accountants', 'Mumbai'))[0]).toBe('Accountant @ Mumbai');
  });

  it('corrects typos in the location box in three scripts', async () => {
    await expectSame('rexmonster', [
      ['nurse', 'nurse', 'Chenai', 'Chennai'],
      ['data entry operator', 'data entry operator', 'हैदरबाद', 'Hyderabad'],
      ['sales executive', 'sales executive', 'Banglore', 'Bengaluru'],
      // A joiner typed inside the name (दिल्‍ली as some keyboards write it).
      ['sales executive', 'sales executive', 'बेंगलु\u200Dरु', 'Bengaluru'],
    ]);
    await expectSame('monstergulf', [
      ['nurse', 'nurse', 'دبى', 'Dubai'],
      ['civil engineer', 'civil engineer', 'Abudhabi', 'Abu Dhabi'],
      ['civil engineer', 'civil engineer', 'Riyad', 'Riyadh'],
      // Without the article, or with a clitic before it.
      ['civil engineer', 'civil engineer', 'رياض', 'Riyadh'],
      ['civil engineer', 'civil engineer', 'بالرياض', 'Riyadh'],
    ]);
  });

  it('gives job alerts the understood search', async () => {
    const matches = await newJobsMatching(
      t.db,
      'rexmonster',
      [{ key: 'a', state: state('acountant jobs in pune'), since: ago(100) }],
      { until: NOW },
    );
    expect(matches.get('a')).toHaveLength(1);
  });

  it('searches all the words but one when every word finds nothing, and says so', async () => {
    const wider = async (site: SiteName, q: string, typed = false) => {
      const asked = parseSearchState(new URLSearchParams(typed ? { q, typed: '1' } : { q })).state;
      const first = await searchJobs(site, asked, t.db, { now: NOW });
      return searchOrOneWordFewer(site, asked, first, { now: NOW }, t.db);
    };
    // A word no job uses goes; of what is left, the narrowest search that finds jobs.
    const staff = await wider('rexmonster', 'registered staff nurse');
    expect(staff.jobs.map((j) => j.title)).toEqual(['Staff Nurse']);
    expect(staff.understood).toMatchObject({ q: 'staff nurse', corrected: true });
    // The page still holds the words as typed, for the box and "Search instead for".
    expect(staff.state.q).toBe('registered staff nurse');
    const hindi = await wider('rexmonster', 'अनुभवी सीनियर अकाउंटेंट');
    expect(hindi.jobs.map((j) => j.title)).toEqual(['Senior Accountant']);
    const arabic = await wider('monstergulf', 'مهندس مدني معتمد');
    expect(arabic.jobs.map((j) => j.title)).toEqual(['Civil Engineer', 'Civil Engineer']);
    expect(arabic.understood?.corrected).toBe(true);
    // Asked for as typed, or found as typed: left as it is.
    expect((await wider('rexmonster', 'registered staff nurse', true)).total).toBe(0);
    expect((await wider('rexmonster', 'staff nurse')).understood?.corrected).toBe(false);
    // One word, or no word that finds anything: nothing to widen.
    expect((await wider('rexmonster', 'zzzz qqqq')).total).toBe(0);
  });

  it('offers close keywords when nothing is found, and places in Hindi and Arabic', async () => {
    expect((await run('rexmonster', 'accountantxyzq')).total).toBe(0);
    expect(await didYouMean('rexmonster', 'accountantxyzq', t.db)).toContain('Accountant');
    expect(await didYouMean('rexmonster', 'zzzz qqqq', t.db)).toEqual([]);
    expect(await autoFill('rexmonster', 'मुं', t.db)).toContainEqual({
      value: 'मुंबई',
      kind: 'city',
    });
    const riyadh = await autoFill('monstergulf', 'الرياض', t.db);
    expect(riyadh[0]).toEqual({ value: 'الرياض', kind: 'city' });
    expect(await autoFill('monstergulf', 'دب', t.db)).toContainEqual({
      value: 'دبي',
      kind: 'city',
    });
  });
});
