/**
 * PGlite in a worker thread (decision 0035), as the built server opens it: this thread keeps
 * answering while a slow query runs; migrations, pg_trgm, transactions, notices, the queue's
 * connection rules, the background queue and durable data across a close work as with PGlite in
 * this thread.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backgroundJobs } from '~/server/background/jobs';
import { startBackgroundWorker } from '~/server/background/queue';
import { createDb, durableStartParams, queryRows, type DbHandle } from '~/server/db/client';
import { openPgliteThread } from '~/server/db/pglite-thread';
import { resumes } from '~/server/db/schema';
import { announcePageChanges, PAGE_CACHE_CHANNEL } from '~/server/page-cache/announce';
import { expiredGuestDate, guestResumeRow } from './guest-resumes';

const WORKER = new URL('../../src/server/db/pglite-worker.ts', import.meta.url);

/** A server answering a fixed body at once (what a static file is to the portal). */
async function staticServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => res.end('static'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

/** Starts a 2 s query, then fetches the static answer; says which finished first. */
async function raceSlowQuery(handle: DbHandle, url: string): Promise<string[]> {
  const order: string[] = [];
  const slow = handle.db.execute(sql`select pg_sleep(2)`).then(() => order.push('slow query'));
  // Let the query reach the database first.
  await new Promise((done) => setTimeout(done, 200));
  const answered = fetch(url)
    .then((res) => res.text())
    .then(() => order.push('static answer'));
  await Promise.all([slow, answered]);
  return order;
}

describe('PGlite in a worker thread', () => {
  let dataDir: string;
  let handle: DbHandle;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'jp-pglite-worker-'));
    // A data directory PGlite in this thread made and migrated (a server started before the
    // worker thread existed) opens in the worker with nothing left to migrate.
    const before = await createDb({ dataDir });
    await before.close();
    handle = await createDb({ dataDir, pgliteWorker: WORKER, pgliteSharedBuffersMb: 64 });
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is honest about where it runs, and migrated on open with pg_trgm', async () => {
    expect(handle.driver).toBe('pglite');
    expect(handle.embedded).toBe('worker-thread');
    expect(handle.pglite).toBeUndefined();
    const ext = await queryRows<{ extname: string }>(
      handle.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const [fsync] = await queryRows<{ fsync: string }>(handle.db, sql`show fsync`);
    expect(fsync?.fsync).toBe('on');
    const [buffers] = await queryRows<{ shared_buffers: string }>(
      handle.db,
      sql`show shared_buffers`,
    );
    expect(buffers?.shared_buffers).toBe('64MB');
  });

  it('this thread answers while a slow query runs', async () => {
    const { server, url } = await staticServer();
    try {
      expect(await raceSlowQuery(handle, url)).toEqual(['static answer', 'slow query']);
    } finally {
      server.close();
    }
  });

  it('commits and rolls back transactions; other queries wait for the transaction', async () => {
    await handle.db.execute(sql`create table if not exists t_worker (n int primary key)`);
    const order: string[] = [];
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_worker values (1)`);
      // Issued outside the transaction while it is open: runs after it, sees its row.
      void queryRows<{ c: number }>(handle.db, sql`select count(*)::int as c from t_worker`).then(
        (rows) => order.push(`outside saw ${rows[0]?.c}`),
      );
      await new Promise((done) => setTimeout(done, 100));
      await tx.execute(sql`insert into t_worker values (2)`);
      order.push('committed');
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t_worker values (3)`);
        await tx.execute(sql`insert into t_worker values (1)`); // duplicate key
      }),
    ).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(handle.db, sql`select n from t_worker order by n`);
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
    expect(order).toEqual(['committed', 'outside saw 2']);
  });

  it('a connection dropped inside a transaction is rolled back', async () => {
    const client = await handle.pool!.connect();
    await client.query('begin');
    await client.query('insert into t_worker values (10)');
    client.release(new Error('dropped'));
    const rows = await queryRows<{ n: number }>(
      handle.db,
      sql`select n from t_worker where n = 10`,
    );
    expect(rows).toEqual([]);
    // A failed multi-statement block (what the queue sends) leaves nothing open either.
    await expect(
      handle.pool!.query('begin; insert into t_worker values (11); select 1/0; commit'),
    ).rejects.toThrow();
    const [status] = await queryRows<{ c: number }>(
      handle.db,
      sql`select count(*)::int as c from t_worker where n = 11`,
    );
    expect(status?.c).toBe(0);
  });

  it("a connection's named statements go with it: the next connection prepares its own", async () => {
    // Every connection is the one PGlite session: what a dropped connection prepared must not
    // be there for the next (node-postgres would prepare the name again and fail).
    const prepared = { name: 'count_worker_rows', text: 'select count(*)::int as c from t_worker' };
    const first = await handle.pool!.connect();
    await first.query(prepared);
    first.release(new Error('dropped'));
    const second = await handle.pool!.connect();
    try {
      const { rows } = await second.query<{ c: number }>(prepared);
      expect(rows[0]?.c).toBeGreaterThanOrEqual(0);
    } finally {
      second.release();
    }
  });

  it('delivers page-change notices on commit, not for a rolled-back write', async () => {
    const received: string[] = [];
    await handle.listen!(PAGE_CACHE_CHANNEL, (payload) => received.push(payload));
    await handle.db.transaction(async (tx) => {
      await announcePageChanges(tx, ['job:1']);
    });
    await handle.db
      .transaction(async (tx) => {
        await announcePageChanges(tx, ['job:2']);
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((done) => setTimeout(done, 100));
    expect(received).toEqual([JSON.stringify(['job:1'])]);
  });

  it('runs the background queue on its pool', async () => {
    await handle.db.insert(resumes).values(guestResumeRow('expired', expiredGuestDate()));
    const worker = await startBackgroundWorker(handle, backgroundJobs());
    try {
      await vi.waitFor(
        async () =>
          expect(await handle.db.select({ id: resumes.id }).from(resumes)).toHaveLength(0),
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await worker.stop();
    }
  });

  it('keeps committed data across a close and a new open', async () => {
    await handle.close();
    handle = await createDb({ dataDir, pgliteWorker: WORKER });
    const rows = await queryRows<{ n: number }>(handle.db, sql`select n from t_worker order by n`);
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });
});

describe('PGlite in this thread (tests and scripts)', () => {
  it('holds up this thread while a slow query runs (what the worker avoids)', async () => {
    const handle = await createDb({ dataDir: 'memory', migrate: false });
    const { server, url } = await staticServer();
    try {
      expect(handle.embedded).toBe('this-thread');
      expect(await raceSlowQuery(handle, url)).toEqual(['slow query', 'static answer']);
    } finally {
      server.close();
      await handle.close();
    }
  });
});

describe('a PGlite worker thread that dies', () => {
  it('is replaced: running queries fail, later ones and notices work, committed data is kept', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jp-pglite-restart-'));
    const thread = await openPgliteThread(WORKER, dir, durableStartParams());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await thread.pool.query('create table t_restart (n int primary key)');
      await thread.pool.query('insert into t_restart values (1)');
      const notices: string[] = [];
      await thread.listen('restart_test', (payload) => notices.push(payload));

      const first = thread.worker();
      const running = thread.pool.query('select pg_sleep(10)').then(
        () => 'finished',
        (error: Error) => error.message,
      );
      await new Promise((done) => setTimeout(done, 200));
      await first.terminate();
      expect(await running).toBe('Connection terminated unexpectedly');
      await thread.restarted();
      expect(thread.worker()).not.toBe(first);

      const { rows } = await thread.pool.query<{ n: number }>('select n from t_restart');
      expect(rows.map((r) => r.n)).toEqual([1]);
      await thread.pool.query("select pg_notify('restart_test', 'after the restart')");
      await vi.waitFor(() => expect(notices).toEqual(['after the restart']), { timeout: 5_000 });

      // One that keeps dying is left down after three restarts in a minute: queries fail at once.
      for (let i = 0; i < 3; i++) {
        await thread.worker().terminate();
        await thread.restarted();
      }
      await expect(thread.pool.query('select 1')).rejects.toThrow('the embedded database is down');
      expect(errors.mock.calls.flat().join('\n')).toContain('not restarting it');
    } finally {
      errors.mockRestore();
      await thread.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
