import { count, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { config } from '~/server/config';
import { createDb, queryRows, type Db, type Queryable } from '~/server/db/client';
import { prepareDatabase } from '~/server/startup';
import { companies, countries, jobs } from '~/server/db/schema';
import { sites } from '../../sites';
import { backends, useFreshDb, type TestDb } from './db';

const migrationsFolder = path.resolve(process.cwd(), 'drizzle');
const NOW = new Date('2026-03-01T12:00:00Z');

async function migrateAgain(handle: TestDb) {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}

async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return rows.map((r) => r.table_name);
}

describe.each(backends)('database on %s', (backend) => {
  const t = useFreshDb(backend);

  it('migrations create the core tables, extension and indexes', async () => {
    const tables = await tableNames(t.db);
    for (const name of ['companies', 'countries', 'jobs', 'sessions', 'users'])
      expect(tables).toContain(name);
    const ext = await queryRows<{ extname: string }>(
      t.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const indexes = await queryRows<{ indexname: string }>(
      t.db,
      sql`select indexname from pg_indexes where tablename in ('jobs', 'search_jobs', 'search_terms')`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'jobs_site_posted_idx',
        'search_jobs_doc_idx',
        'search_jobs_title_tsv_idx',
        'search_jobs_head_tsv_idx',
        'search_terms_trgm_idx',
      ]),
    );
  });

  it('running the migrations again changes nothing', async () => {
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await migrateAgain(t.handle);
    await migrateAgain(t.handle);
    const after = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
    expect(before[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it.runIf(backend === 'pglite')('PGlite runs with fsync on (durable commits)', async () => {
    const rows = await queryRows<{ fsync: string }>(t.db, sql`show fsync`);
    expect(rows[0]?.fsync).toBe('on');
  });

  it.runIf(backend === 'pglite')(
    'PGlite has the shared buffers asked for (default PGLITE_SHARED_BUFFERS_MB)',
    async () => {
      const shown = async (db: Queryable) =>
        (await queryRows<{ shared_buffers: string }>(db, sql`show shared_buffers`))[0]
          ?.shared_buffers;
      expect(await shown(t.db)).toBe(`${config.PGLITE_SHARED_BUFFERS_MB}MB`);
      const bigger = await createDb({
        dataDir: 'memory',
        migrate: false,
        pgliteSharedBuffersMb: 48,
      });
      try {
        expect(await shown(bigger.db)).toBe('48MB');
      } finally {
        await bigger.close();
      }
    },
  );

  it('prepareDatabase loads countries and demo jobs once, and is safe to call again', async () => {
    const first = await prepareDatabase({ db: t.db, seedJobs: 120, now: NOW });
    expect(first).toMatchObject({ countries: 9, seededJobs: 120 });
    const second = await prepareDatabase({ db: t.db, seedJobs: 120, now: NOW });
    expect(second.seededJobs).toBe(0);

    const [jobCount] = await t.db.select({ n: count() }).from(jobs);
    expect(jobCount?.n).toBe(120);
    const rows = await t.db.select().from(countries).orderBy(countries.id);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.map((r) => r.siteContext).sort()).toEqual(sites.map((s) => s.context).sort());
    const [companyCount] = await t.db.select({ n: count() }).from(companies);
    const companiesBefore = companyCount?.n;
    await prepareDatabase({ db: t.db, seedJobs: 120, now: NOW });
    const [companyCountAfter] = await t.db.select({ n: count() }).from(companies);
    expect(companyCountAfter?.n).toBe(companiesBefore);
  });

  it('prepareDatabase with seedJobs 0 loads countries only', async () => {
    const result = await prepareDatabase({ db: t.db, seedJobs: 0 });
    expect(result).toMatchObject({ countries: 9, seededJobs: 0 });
    const [jobCount] = await t.db.select({ n: count() }).from(jobs);
    expect(jobCount?.n).toBe(0);
  });

  it('rejects rows that break the check constraints', async () => {
    await prepareDatabase({ db: t.db, seedJobs: 1, now: NOW });
    await expect(t.db.execute(sql`update jobs set salary_min = salary_max + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`update jobs set status = 'deleted'`)).rejects.toThrow();
  });
});
