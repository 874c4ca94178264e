/**
 * Spellings of one skill find the same jobs, on both databases: the portal writes Node.js, C#,
 * .NET and React one way, and people type "node js", "nodejs", "c sharp", "dot net",
 * "react js"; in Hindi and Arabic too. None of them is said to be a typo.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseSearchState } from '~/lib/search/parse';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, type NewJob } from '~/server/db/schema';
import { searchJobs } from '~/server/search/service';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

type SiteName = 'rexmonster' | 'monstergulf';

async function seed(db: Db) {
  await ensureCountries(db);
  const [india, gulf] = await db
    .insert(companies)
    .values([
      { name: 'Kaveri Infotech Pvt Ltd', slug: 'kaveri', siteContext: 'rexmonster' },
      { name: 'Al Noor Software LLC', slug: 'al-noor', siteContext: 'monstergulf' },
    ])
    .returning({ id: companies.id, name: companies.name });
  let day = 0;
  const job = (site: SiteName, title: string, city: string, skills: string[]) =>
    ({
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'job',
      role: title,
      companyId: site === 'rexmonster' ? india!.id : gulf!.id,
      companyName: site === 'rexmonster' ? india!.name : gulf!.name,
      description: `We are hiring a ${title}. You will work with ${skills.join(', ')}.`,
      skills,
      locations: [city],
      siteContext: site,
      countryCode: site === 'rexmonster' ? 'IN' : 'AE',
      postedAt: ago(++day),
      createdAt: ago(day),
      status: 'active',
    }) satisfies NewJob;
  await db
    .insert(jobs)
    .values([
      job('rexmonster', 'Node.js Developer', 'Bengaluru', ['Node.js', 'Express']),
      job('rexmonster', 'Full Stack Developer', 'Pune', ['React', 'Node.js', 'MongoDB']),
      job('rexmonster', 'Frontend Developer', 'Pune', ['React', 'JavaScript']),
      job('rexmonster', '.NET Developer', 'Hyderabad', ['C#', '.NET Core', 'ASP.NET MVC']),
      job('rexmonster', 'Backend Developer', 'Chennai', ['C#', 'SQL Server']),
      job('rexmonster', 'Java Developer', 'Chennai', ['Java', 'Spring Boot']),
      job('rexmonster', 'Network Engineer', 'Delhi', ['CCNA', 'Routing']),
      job('monstergulf', '.NET Developer', 'Dubai', ['C#', '.NET Core']),
      job('monstergulf', 'Node.js Developer', 'Dubai', ['Node.js', 'Redis']),
      job('monstergulf', 'Frontend Developer', 'Dubai', ['React', 'JavaScript']),
      job('monstergulf', 'Java Developer', 'Abu Dhabi', ['Java']),
    ]);
}

const state = (q: string) => parseSearchState(new URLSearchParams({ q })).state;

describe.each(backends)('spellings of one skill on %s', (backend) => {
  const t = useFreshDb(backend);
  const run = (site: SiteName, q: string) => searchJobs(site, state(q), t.db, { now: NOW });
  const found = async (site: SiteName, q: string) =>
    (await run(site, q)).jobs.map((j) => `${j.title} @ ${j.locations.join('/')}`);

  beforeEach(async () => {
    await seed(t.db);
  });

  /** Every spelling finds what the first finds, in the same order, and is not a "typo". */
  async function expectSame(site: SiteName, spellings: readonly string[], expected: string[]) {
    expect(await found(site, spellings[0]!), spellings[0]).toEqual(expected);
    for (const q of spellings) {
      const result = await run(site, q);
      expect(
        result.jobs.map((j) => `${j.title} @ ${j.locations.join('/')}`),
        q,
      ).toEqual(expected);
      expect(result.understood?.corrected, q).toBe(false);
    }
  }

  it('finds the same jobs for node js, nodejs and node.js, in three languages', async () => {
    await expectSame(
      'rexmonster',
      ['node.js', 'node js', 'nodejs', 'Node.JS', 'node-js'],
      ['Node.js Developer @ Bengaluru', 'Full Stack Developer @ Pune'],
    );
    await expectSame(
      'rexmonster',
      ['Node.js Developer', 'node js developer', 'nodejs developer', 'नोड जेएस डेवलपर'],
      ['Node.js Developer @ Bengaluru', 'Full Stack Developer @ Pune'],
    );
    await expectSame(
      'monstergulf',
      ['Node.js Developer', 'node js developer', 'مطور نود جي إس'],
      ['Node.js Developer @ Dubai'],
    );
  });

  it('finds the same jobs for c sharp and c#, dot net and .net, in three languages', async () => {
    await expectSame(
      'rexmonster',
      ['c#', 'C#', 'c sharp', 'csharp'],
      ['.NET Developer @ Hyderabad', 'Backend Developer @ Chennai'],
    );
    await expectSame(
      'rexmonster',
      ['.net', '.NET', 'dot net', 'dotnet'],
      ['.NET Developer @ Hyderabad'],
    );
    await expectSame(
      'rexmonster',
      ['.NET Developer', 'dot net developer', 'c sharp developer', 'डॉट नेट डेवलपर'],
      ['.NET Developer @ Hyderabad'],
    );
    await expectSame(
      'monstergulf',
      ['.NET Developer', 'dotnet developer', 'c# developer', 'مطور دوت نت'],
      ['.NET Developer @ Dubai'],
    );
  });

  it('finds the same jobs for react js, reactjs and react, in three languages', async () => {
    await expectSame(
      'rexmonster',
      ['react', 'react js', 'reactjs', 'React.js', 'रिएक्ट'],
      ['Full Stack Developer @ Pune', 'Frontend Developer @ Pune'],
    );
    await expectSame(
      'monstergulf',
      ['react', 'react js', 'reactjs', 'رياكت'],
      ['Frontend Developer @ Dubai'],
    );
  });
});
