import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Queryable } from '~/server/db/client';
import { jsonInsert } from '~/server/db/bulk';
import { jobs } from '~/server/db/schema';
import { demoJob } from '~/server/demo/generate';
import { BULK_MIN, seedDemoData } from '~/server/demo/seed';
import { prepareDatabase } from '~/server/startup';
import { loadJobsInBulk } from '~/server/search/bulk-load';
import { searchJobs } from '~/server/search/service';
import { EMPTY_SEARCH } from '~/lib/search/state';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');

/** Every index of the search tables and jobs (partitions included), with whether it is usable. */
async function indexes(db: Queryable) {
  return queryRows<{ name: string; definition: string; valid: boolean }>(
    db,
    sql`SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, i.indisvalid AS valid
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = 'jobs' OR t.relname LIKE 'search\\_%'
      ORDER BY c.relname`,
  );
}

async function insertTriggerEnabled(db: Queryable): Promise<boolean> {
  const [row] = await queryRows<{ enabled: string }>(
    db,
    sql`SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'search_jobs_insert'`,
  );
  return row?.enabled === 'O';
}

/** The search index as text, in a stable order (key arrays sorted: their order means nothing). */
async function searchIndex(db: Queryable) {
  const rows = await queryRows<{ row: string }>(
    db,
    sql`SELECT (to_jsonb(s) - 'skill_keys' - 'city_keys')::text
        || ARRAY(SELECT k FROM unnest(s.skill_keys) k ORDER BY k)::text
        || ARRAY(SELECT k FROM unnest(s.city_keys) k ORDER BY k)::text AS row
      FROM search_jobs s ORDER BY job_id`,
  );
  const terms = await queryRows<{ row: string }>(
    db,
    sql`SELECT t::text AS row FROM search_terms t ORDER BY site_context, kind, value_key`,
  );
  return { rows: rows.map((r) => r.row), terms: terms.map((r) => r.row) };
}

describe.each(backends)('bulk job loads on %s', (backend) => {
  const t = useFreshDb(backend);

  it('index the loaded jobs as the triggers would, and restore indexes and trigger', async () => {
    await seedDemoData(t.db, { jobs: 120, seed: 7, now: NOW, bulk: false });
    const before = await indexes(t.db);

    const phases = new Set<string>();
    const result = await seedDemoData(t.db, {
      jobs: 400,
      seed: 7,
      now: NOW,
      bulk: true,
      batchSize: 150,
      onProgress: (_done, _total, phase) => phases.add(phase),
    });
    expect(result.jobs).toBe(400);
    expect([...phases]).toEqual(['jobs', 'index']);
    const [total] = await t.db.select({ n: count() }).from(jobs);
    expect(total?.n).toBe(520);

    // The same indexes as before, every one usable (partitions included), and the trigger on.
    expect(await indexes(t.db)).toEqual(before);
    expect(before.every((i) => i.valid)).toBe(true);
    expect(await insertTriggerEnabled(t.db)).toBe(true);

    // Every active job indexed once, with the term counts a rebuild from scratch gives.
    const loaded = await searchIndex(t.db);
    const [active] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'active'`,
    );
    expect(loaded.rows).toHaveLength(Number(active?.n));
    await t.db.execute(sql`TRUNCATE search_jobs, search_terms`);
    await t.db.execute(
      sql`SELECT search_index_jobs(ARRAY(SELECT id FROM jobs WHERE status = 'active'))`,
    );
    expect(await searchIndex(t.db)).toEqual(loaded);

    // Search finds a bulk-loaded job by its exact title.
    const [last] = await queryRows<{ title: string; site: string }>(
      t.db,
      sql`SELECT title, site_context AS site FROM jobs WHERE status = 'active' ORDER BY id DESC LIMIT 1`,
    );
    const found = await searchJobs(last!.site, { ...EMPTY_SEARCH, q: last!.title }, t.db, {
      now: NOW,
    });
    expect(found.jobs[0]?.title).toBe(last!.title);
  });

  it('leave the database as it was when the load fails', async () => {
    await seedDemoData(t.db, { jobs: 60, seed: 7, now: NOW, bulk: false });
    const before = await indexes(t.db);
    const indexedBefore = await searchIndex(t.db);

    const failing = loadJobsInBulk(t.db, async (tx) => {
      const { companySlug: _slug, ...job } = demoJob(7, 60, NOW);
      await tx.execute(jsonInsert(jobs, [{ ...job, companyId: 1 }]));
      throw new Error('feed broke off');
    });
    await expect(failing).rejects.toThrow('feed broke off');

    const [total] = await t.db.select({ n: count() }).from(jobs);
    expect(total?.n).toBe(60);
    expect(await indexes(t.db)).toEqual(before);
    expect(await insertTriggerEnabled(t.db)).toBe(true);
    expect(await searchIndex(t.db)).toEqual(indexedBefore);
  });

  it('index every demo job of a first start (a bulk load inside the start-up transaction)', async () => {
    const result = await prepareDatabase({ db: t.db, seedJobs: BULK_MIN, now: NOW });
    expect(result.seededJobs).toBe(BULK_MIN);
    const [row] = await queryRows<{ active: number; indexed: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM jobs WHERE status = 'active') AS active,
        (SELECT count(*)::int FROM search_jobs) AS indexed`,
    );
    expect(row!.indexed).toBe(row!.active);
    expect(row!.active).toBeGreaterThan(BULK_MIN / 2);
    expect(await insertTriggerEnabled(t.db)).toBe(true);
    expect((await indexes(t.db)).every((i) => i.valid)).toBe(true);
    // The planner has column statistics for every site's jobs at once (CREATE INDEX gives it
    // only row counts), so the first job pages don't run on guessed plans.
    const partitions = await queryRows<{ name: string; rows: number; analyzed: boolean }>(
      t.db,
      sql`SELECT c.relname AS name, c.reltuples::int AS rows,
          EXISTS (SELECT 1 FROM pg_stats s WHERE s.tablename = c.relname) AS analyzed
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'search_jobs'::regclass ORDER BY c.relname`,
    );
    const withJobs = partitions.filter((p) => p.rows > 0);
    expect(withJobs.length).toBeGreaterThan(5);
    expect(withJobs.filter((p) => !p.analyzed).map((p) => p.name)).toEqual([]);
  });
});
