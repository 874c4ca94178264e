import { getTableColumns, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/server/db/client';
import { jobs } from '~/server/db/schema';
import { seedDemoData } from '~/server/demo/seed';
import { jobsByIds } from '~/server/jobs/service';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-03-01T12:00:00Z');

// jobs_json (drizzle/sql/jobs_json.sql) spells out the summary's columns: a column added to jobs
// must be added there too, and this says so.
describe.each(backends)('jobs_json on %s', (backend) => {
  const t = useFreshDb(backend);

  it('holds every column of jobs but the description, under the summary keys', async () => {
    await seedDemoData(t.db, { jobs: 40, seed: 3, now: NOW, bulk: false });
    const [row] = await queryRows<{ json: string }>(
      t.db,
      sql`SELECT jobs_json(ARRAY(SELECT id FROM jobs ORDER BY id LIMIT 1)::int8[]) AS json`,
    );
    const [first] = JSON.parse(row?.json ?? '[]') as Record<string, unknown>[];
    const { description: _description, ...summary } = getTableColumns(jobs);
    expect(Object.keys(first ?? {}).sort()).toEqual(Object.keys(summary).sort());
  });

  it('gives the jobs of the ids in their order, skipping ids of no job, as the table has them', async () => {
    await seedDemoData(t.db, { jobs: 40, seed: 3, now: NOW, bulk: false });
    const { description: _description, ...summary } = getTableColumns(jobs);
    const stored = await t.db.select(summary).from(jobs).orderBy(jobs.id).limit(6);
    const ids = stored.map((j) => j.id).reverse();
    const got = await jobsByIds(t.db, [ids[0] as number, 999_999, ...ids.slice(1)]);
    expect(got.map((j) => j.id)).toEqual(ids);
    const byId = new Map(
      (await t.db.select(summary).from(jobs).where(inArray(jobs.id, ids))).map((j) => [j.id, j]),
    );
    for (const job of got) {
      const want = byId.get(job.id);
      expect(job).toEqual(
        want?.salaryHidden ? { ...want, salaryMin: null, salaryMax: null } : want,
      );
    }
  });
});
