import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '~/server/db/client';
import { companies, jobs } from '~/server/db/schema';
import { htmlToText, importJobLines, importJobsFile, parseJobLine } from '~/server/jobs/import';
import { siteByKey } from '../../sites';
import { backends, useFreshDb, type Backend, type TestDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');
const GULF = siteByKey('gulf')!.context;
const INDIA = siteByKey('india')!.context;

const workDir = mkdtempSync(path.join(tmpdir(), 'jp-import-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type Posting = Record<string, unknown>;

function posting(id: string, overrides: Posting = {}): Posting {
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    identifier: { '@type': 'PropertyValue', name: 'feed', value: id },
    title: `Java Developer ${id}`,
    description:
      '<p>Build <b>payment</b> services.</p><ul><li>Java &amp; Spring</li><li>Reviews</li></ul>',
    datePosted: '2026-02-20',
    validThrough: '2026-04-30T00:00',
    employmentType: 'FULL_TIME',
    hiringOrganization: {
      '@type': 'Organization',
      name: 'Feedly Payments',
      sameAs: 'https://payments.example',
      logo: 'https://payments.example/logo.png',
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Pune',
        addressRegion: 'MH',
        addressCountry: 'IN',
      },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'INR',
      value: {
        '@type': 'QuantitativeValue',
        minValue: 900000,
        maxValue: 1400000,
        unitText: 'YEAR',
      },
    },
    skills: 'Java, Spring Boot; Kafka',
    industry: 'IT / Computers - Software',
    occupationalCategory: 'Software Development',
    experienceRequirements: {
      '@type': 'OccupationalExperienceRequirements',
      monthsOfExperience: 36,
    },
    ...overrides,
  };
}

const lines = (...items: (Posting | string)[]) =>
  items.map((i) => (typeof i === 'string' ? i : JSON.stringify(i)));
const address = (addressCountry: unknown, addressLocality = 'Somewhere') => ({
  jobLocation: [{ '@type': 'Place', address: { addressLocality, addressCountry } }],
});

describe('parseJobLine', () => {
  it('maps a JobPosting to a job and its company', () => {
    const parsed = parseJobLine(JSON.stringify(posting('a1')), NOW);
    expect(parsed).not.toHaveProperty('error');
    if ('error' in parsed) return;
    expect(parsed.company).toMatchObject({
      name: 'Feedly Payments',
      siteContext: INDIA,
      logoUrl: 'https://payments.example/logo.png',
    });
    expect(parsed.job).toMatchObject({
      externalId: 'a1',
      title: 'Java Developer a1',
      siteContext: INDIA,
      countryCode: 'IN',
      locations: ['Pune'],
      skills: ['Java', 'Spring Boot', 'Kafka'],
      salaryMin: 900000,
      salaryMax: 1400000,
      salaryCurrency: 'INR',
      salaryPeriod: 'year',
      experienceMin: 3,
      jobType: 'full_time',
      status: 'active',
      functionId: expect.any(Number),
      industryId: expect.any(Number),
    });
    expect(parsed.job.description).toBe('Build payment services.\n\n- Java & Spring\n- Reviews');
  });

  it('turns HTML into text and leaves plain text alone', () => {
    expect(htmlToText('Line one\n\nLine two')).toBe('Line one\n\nLine two');
    expect(htmlToText('<div>A&nbsp;&lt;b&gt;<br>B &#8364; &#x20AC;</div>')).toBe('A <b>\nB € €');
  });

  it('falls back to url, then to a stable hash, for the external id', () => {
    const byUrl = parseJobLine(
      JSON.stringify(posting('x', { identifier: undefined, url: 'https://jobs.example/1' })),
      NOW,
    );
    expect('job' in byUrl && byUrl.job.externalId).toBe('https://jobs.example/1');
    const a = parseJobLine(JSON.stringify(posting('x', { identifier: undefined })), NOW);
    const b = parseJobLine(JSON.stringify(posting('x', { identifier: undefined })), NOW);
    expect('job' in a && a.job.externalId).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect('job' in a && a.job.externalId).toBe('job' in b && b.job.externalId);
  });

  it.each([
    ['AE', 'AE'],
    ['SA', 'SA'],
    ['QA', 'QA'],
    ['OM', 'OM'],
    ['KW', 'KW'],
    ['BH', 'BH'],
    ['United Arab Emirates', 'AE'],
    [{ '@type': 'Country', name: 'Saudi Arabia' }, 'SA'],
    ['kwt', 'KW'],
  ])('puts a job in %j on the Gulf site', (country, code) => {
    const parsed = parseJobLine(
      JSON.stringify(posting('g', { ...address(country), baseSalary: { value: 5000 } })),
      NOW,
    );
    expect('job' in parsed && parsed.job).toMatchObject({ siteContext: GULF, countryCode: code });
    // No currency in the feed: the country's own.
    const currency = { AE: 'AED', SA: 'SAR', QA: 'QAR', OM: 'OMR', KW: 'KWD', BH: 'BHD' }[code];
    expect('job' in parsed && parsed.job.salaryCurrency).toBe(currency);
  });

  it.each([
    ['SG', 'monstersingapore'],
    ['Viet Nam', 'monstervietnam'],
    ['HK', 'monsterhongkong'],
    ['Philippines', 'monsterphilippines'],
    ['MY', 'monstermalaysia'],
    ['ID', 'monsterindonesia'],
    ['TH', 'monsterthailand'],
    ['India', 'rexmonster'],
  ])('puts a job in %s on %s', (country, context) => {
    const parsed = parseJobLine(JSON.stringify(posting('s', address(country))), NOW);
    expect('job' in parsed && parsed.job.siteContext).toBe(context);
  });

  it.each([
    ['bad JSON', '{not json', /invalid JSON/],
    ['an array', '[1,2]', /not a JSON object/],
    ['no title', JSON.stringify(posting('e', { title: undefined })), /title/],
    ['a blank title', JSON.stringify(posting('e', { title: '   ' })), /title/],
    ['no description', JSON.stringify(posting('e', { description: undefined })), /description/],
    ['no location', JSON.stringify(posting('e', { jobLocation: undefined })), /missing country/],
    ['no country', JSON.stringify(posting('e', address(null))), /missing country/],
    ['a foreign country', JSON.stringify(posting('e', address('FR'))), /unknown country "FR"/],
    ['a bad date', JSON.stringify(posting('e', { datePosted: 'yesterday' })), /datePosted/],
    ['another type', JSON.stringify(posting('e', { '@type': 'Organization' })), /JobPosting/],
  ])('rejects a line with %s', (_label, line, reason) => {
    const parsed = parseJobLine(line, NOW);
    expect(parsed).toHaveProperty('error');
    expect('error' in parsed && parsed.error).toMatch(reason);
  });
});

async function jobCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(jobs);
  return row?.n ?? 0;
}

/** Runs scripts/import-jobs.ts in a child process; kills it with SIGKILL after `killAfter` commits. */
function runImportCli(env: Record<string, string>, file: string, killAfter?: number) {
  return new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/import-jobs.ts', file, '--batch', '20'],
      {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let commits = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      commits = (stderr.match(/^committed lines/gm) ?? []).length;
      if (killAfter !== undefined && commits >= killAfter && child.exitCode === null)
        child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe.each(backends)('import on %s', (backend: Backend) => {
  const t = useFreshDb(backend);

  it('keeps good lines, reports broken ones by line number, and upserts on re-import', async () => {
    const file = path.join(workDir, `mixed-${backend}.jsonl`);
    const content = lines(
      posting('j1'), // 1
      '{"title": "broken', // 2
      posting('j2', { title: undefined }), // 3
      posting('j3', address('AE', 'Dubai')), // 4
      '', // 5: blank, ignored
      posting('j4', { description: undefined }), // 6
      posting('j5', { jobLocation: undefined }), // 7
      posting('j6', address('Germany', 'Berlin')), // 8
      posting('j7', address({ name: 'Saudi Arabia' }, 'Riyadh')), // 9
      posting('j8', { identifier: undefined, url: 'https://jobs.example/j8' }), // 10
    );
    writeFileSync(file, content.join('\n') + '\n');
    const reported: { line: number; reason: string }[] = [];
    const summary = await importJobsFile(t.db, file, {
      now: NOW,
      batchSize: 3,
      onError: (e) => reported.push(e),
    });

    expect(summary).toMatchObject({ lines: 9, imported: 4, updated: 0, skipped: 5 });
    expect(summary.errors).toEqual(reported);
    expect(reported.map((e) => e.line)).toEqual([2, 3, 6, 7, 8]);
    expect(reported[0]?.reason).toMatch(/invalid JSON/);
    expect(reported[1]?.reason).toMatch(/title/);
    expect(reported[2]?.reason).toMatch(/description/);
    expect(reported[3]?.reason).toMatch(/missing country/);
    expect(reported[4]?.reason).toMatch(/unknown country "Germany"/);

    const rows = await t.db.select().from(jobs).orderBy(asc(jobs.externalId));
    expect(rows.map((r) => [r.externalId, r.siteContext, r.countryCode, r.locations])).toEqual([
      ['https://jobs.example/j8', INDIA, 'IN', ['Pune']],
      ['j1', INDIA, 'IN', ['Pune']],
      ['j3', GULF, 'AE', ['Dubai']],
      ['j7', GULF, 'SA', ['Riyadh']],
    ]);
    // One company per site and name, with the logo and website of the feed.
    const companyRows = await t.db.select().from(companies).orderBy(asc(companies.siteContext));
    expect(companyRows.map((c) => [c.siteContext, c.name, c.logoUrl])).toEqual([
      [GULF, 'Feedly Payments', 'https://payments.example/logo.png'],
      [INDIA, 'Feedly Payments', 'https://payments.example/logo.png'],
    ]);

    // Re-import with one changed title: everything is an update, nothing is duplicated.
    content[0] = JSON.stringify(posting('j1', { title: 'Senior Java Developer' }));
    writeFileSync(file, content.join('\n'));
    const again = await importJobsFile(t.db, file, { now: NOW, batchSize: 3 });
    expect(again).toMatchObject({ imported: 0, updated: 4, skipped: 5 });
    expect(await jobCount(t.db)).toBe(4);
    const [j1] = await t.db.select().from(jobs).where(eq(jobs.externalId, 'j1'));
    expect(j1?.title).toBe('Senior Java Developer');
    expect(j1?.updatedAt.getTime()).toBeGreaterThanOrEqual(j1!.createdAt.getTime());
    const [companyCount] = await t.db.select({ n: count() }).from(companies);
    expect(companyCount?.n).toBe(2);
  });

  it('a later line with the same external id wins within one batch', async () => {
    const summary = await importJobLines(
      t.db,
      lines(
        posting('dup', { title: 'First' }),
        posting('dup', { title: 'Second' }),
        posting('other'),
      ),
      { now: NOW },
    );
    expect(summary).toMatchObject({ imported: 2, updated: 1, skipped: 0 });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.externalId, 'dup'));
    expect(row?.title).toBe('Second');
  });

  it('an import that fails after two batches leaves whole batches, and a re-run completes it', async () => {
    const input = Array.from({ length: 25 }, (_, i) => JSON.stringify(posting(`k${i}`)));
    await expect(
      importJobLines(t.db, input, {
        now: NOW,
        batchSize: 5,
        onBatch: ({ batch }) => {
          if (batch === 2) throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    expect(await jobCount(t.db)).toBe(10);

    const rerun = await importJobLines(t.db, input, { now: NOW, batchSize: 5 });
    expect(rerun).toMatchObject({ imported: 15, updated: 10, skipped: 0 });
    expect(await jobCount(t.db)).toBe(25);
  });

  it('an import killed with SIGKILL mid-way leaves a consistent database; re-running completes it', async () => {
    const file = path.join(workDir, `big-${backend}.jsonl`);
    const total = 600;
    writeFileSync(
      file,
      Array.from({ length: total }, (_, i) => JSON.stringify(posting(`big${i}`))).join('\n'),
    );

    let env: Record<string, string>;
    let open: () => Promise<TestDb>;
    if (backend === 'pglite') {
      // A fresh data directory: the CLI migrates it itself.
      const dataDir = path.join(workDir, 'pglite-data');
      env = { DATA_DIR: dataDir };
      open = () => createDb({ dataDir });
    } else {
      env = { DATABASE_URL: t.handle.url as string };
      open = async () => t.handle;
    }

    const killed = await runImportCli(env, file, 1);
    expect(killed.signal).toBe('SIGKILL');
    let db = await open();
    try {
      const afterKill = await jobCount(db.db);
      expect(afterKill).toBeGreaterThan(0);
      expect(afterKill).toBeLessThan(total);
      expect(afterKill % 20).toBe(0); // whole batches only
    } finally {
      if (db !== t.handle) await db.close();
    }

    const completed = await runImportCli(env, file);
    expect(completed.code).toBe(0);
    expect(completed.stdout).toMatch(/Imported \d+, updated \d+, skipped 0 of 600 lines/);
    db = await open();
    try {
      expect(await jobCount(db.db)).toBe(total);
      const [distinct] = await db.db.selectDistinct({ n: count(jobs.externalId) }).from(jobs);
      expect(distinct?.n).toBe(total);
    } finally {
      if (db !== t.handle) await db.close();
    }
  }, 180_000); // two CLI runs that each start tsx and migrate a fresh database
});

describe('import CLI', () => {
  it('exits 0 when lines are skipped and 1 when the file is missing', async () => {
    const file = path.join(workDir, 'cli.jsonl');
    writeFileSync(file, lines(posting('c1'), 'nonsense', posting('c2', address('XX'))).join('\n'));
    const dataDir = path.join(workDir, 'cli-data');
    const ok = await runImportCli({ DATA_DIR: dataDir }, file);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Imported 1, updated 0, skipped 2 of 3 lines/);
    expect(ok.stderr).toMatch(/line 2: skipped: invalid JSON/);
    expect(ok.stderr).toMatch(/line 3: skipped: unknown country "XX"/);

    const missing = await runImportCli({ DATA_DIR: dataDir }, path.join(workDir, 'nope.jsonl'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Import failed: cannot read/);
    // Two CLI processes, each opening and migrating a fresh embedded database: slow on a busy machine.
  }, 180_000);
});
