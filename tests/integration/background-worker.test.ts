/**
 * `npm run worker -- --once` as operators and cron run it (a process of its own), on both
 * databases: it runs the housekeeping jobs along with alert delivery, and a second run changes
 * nothing more; and the queue itself, as `npm start` runs it in the server process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backgroundJobs } from '~/server/background/jobs';
import { startBackgroundWorker } from '~/server/background/queue';
import { collectMetrics } from '~/server/ops/metrics';
import { createDb, type Db } from '~/server/db/client';
import { resumes } from '~/server/db/schema';
import { backends, dropTemplate, openTestDb, useFreshDb, type Backend } from './db';
import { expiredGuestDate, guestResumeRow } from './guest-resumes';

/** A database the worker process can open too: a PGlite directory (closed while it runs) or a URL. */
async function workerDb(backend: Backend, dataDir: string) {
  if (backend === 'postgres') {
    const handle = await openTestDb('postgres');
    return {
      env: { DATABASE_URL: handle.url as string, DATA_DIR: dataDir },
      open: async (): Promise<Db> => handle.db,
      pause: async () => {},
      close: () => handle.close(),
    };
  }
  let handle: Awaited<ReturnType<typeof createDb>> | undefined;
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: async (): Promise<Db> => {
      handle ??= await createDb({ dataDir });
      return handle.db;
    },
    // PGlite allows one process per data directory.
    pause: async () => {
      await handle?.close();
      handle = undefined;
    },
    close: async () => {
      await handle?.close();
      handle = undefined;
    },
  };
}

describe.each(backends)('the background worker process on %s', (backend) => {
  let dataDir: string;
  let target: Awaited<ReturnType<typeof workerDb>>;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'background-once-'));
    target = await workerDb(backend, dataDir);
  });
  afterEach(async () => {
    await target.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(dropTemplate);

  const runOnce = () =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts', '--once'], {
        env: { ...process.env, ...target.env, SMTP_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('purges an expired guest resume once and keeps the others', { timeout: 120_000 }, async () => {
    const db = await target.open();
    await db
      .insert(resumes)
      .values([guestResumeRow('expired', expiredGuestDate()), guestResumeRow('fresh', new Date())]);
    await target.pause();

    const first = await runOnce();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('[background] purge-guest-resumes: 1');

    const second = await runOnce();
    expect(second.code, second.output).toBe(0);
    expect(second.output).not.toContain('purge-guest-resumes');

    const left = await (await target.open()).select({ key: resumes.storageKey }).from(resumes);
    expect(left.map((r) => r.key)).toEqual(['resumes/fresh.txt']);
  });
});

describe.each(backends)('the in-process background worker on %s', (backend) => {
  const t = useFreshDb(backend);

  it('runs due housekeeping from the queue and reports every queue depth', async () => {
    await t.db.insert(resumes).values(guestResumeRow('expired', expiredGuestDate()));
    const jobs = backgroundJobs();
    const worker = await startBackgroundWorker(t.handle, jobs, { url: t.handle.url });
    try {
      // A start runs what is due at once (no waiting for the hourly schedule).
      await vi.waitFor(
        async () => expect(await t.db.select({ id: resumes.id }).from(resumes)).toHaveLength(0),
        { timeout: 20_000, interval: 200 },
      );
      const { text } = await collectMetrics();
      for (const job of jobs) expect(text).toContain(`queue_depth{queue="${job.name}"}`);
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
