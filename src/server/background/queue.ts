/**
 * Background work on a PostgreSQL-backed queue (pg-boss; docs/decisions/0010-alert-queue.md and
 * 0031-background-work.md). Each job (alert delivery, each housekeeping task) has a queue of its
 * own with a `singleton` policy (two workers never run the same task at once), retries with
 * exponential back-off, and a cron schedule that puts one job on it when it is due. On PGlite the
 * queue shares the server's one connection (pg-boss's PGlite adapter in this thread; the one pool
 * connection when PGlite runs in a worker thread); on PostgreSQL it has a small pool of its own.
 *
 *   const worker = await startBackgroundWorker(handle, backgroundJobs());  // npm start, npm run worker
 *   await worker.stop();
 *   await runAllOnce(handle.db, backgroundJobs());                         // npm run worker -- --once
 */
import type pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { sessionDatabaseUrl } from '~/server/config';
import { startSharedCachePurger } from '~/server/page-cache/cdn-purge';
import type { Db, DbHandle } from '~/server/db/client';
import { registerQueueDepth } from '~/server/ops/metrics';

/** One kind of background work: a queue, when it is due, and what a run does. */
export interface BackgroundJob {
  /** Queue name, also the `queue` label of queue_depth on /metrics. */
  name: string;
  /** Cron expression (UTC) that puts a job on the queue. */
  cron: string;
  /** Seconds a run may take before pg-boss gives it up and retries it. */
  expireInSeconds?: number;
  /** Does what is due; safe to run twice. Returns a summary for the log (0 / empty: silent). */
  run(db: Db): Promise<number | Record<string, number>>;
}

// The running queue, on globalThis: the server bundle and scripts/start.ts each load their own
// copy of this module, and pages must reach the worker start.ts started.
const RUNNING = Symbol.for('jobportal.background.boss');
type GlobalWithBoss = typeof globalThis & { [RUNNING]?: PgBoss };

/**
 * Asks the worker of this process (if any) to run a job now instead of at its next scheduled
 * time, e.g. an alert just confirmed (due at once). Never throws.
 */
export function wakeBackgroundJob(name: string): void {
  const boss = (globalThis as GlobalWithBoss)[RUNNING];
  boss?.send(name, {}).catch(() => {});
}

export interface BackgroundWorker {
  stop(): Promise<void>;
}

function logRun(name: string, result: number | Record<string, number>): void {
  const quiet =
    typeof result === 'number' ? result === 0 : Object.values(result).every((n) => n === 0);
  if (!quiet) console.info(`[background] ${name}:`, JSON.stringify(result));
}

/**
 * pg-boss on the pool of PGlite in a worker thread (one connection), as on PostgreSQL's pool: a
 * failed statement drops its connection (pg-pool), and the worker rolls back a transaction it
 * left open, so a failed multi-statement block never poisons the next statement.
 */
function fromPgliteWorkerPool(pool: pg.Pool) {
  return {
    executeSql: (text: string, values?: unknown[]) => pool.query(text, values),
  };
}

export async function startBackgroundWorker(
  handle: DbHandle,
  jobs: BackgroundJob[],
  options: { url?: string } = {},
): Promise<BackgroundWorker> {
  const boss =
    handle.driver === 'pglite' && handle.pglite
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite' })
      : handle.driver === 'pglite' && handle.pool
        ? new PgBoss({ db: fromPgliteWorkerPool(handle.pool), backend: 'pglite' })
        : new PgBoss({
            connectionString: options.url ?? (sessionDatabaseUrl() as string),
            max: 2,
            application_name: 'jobportal-background',
          });
  boss.on('error', (error: Error) => console.error('[background] queue error:', error.message));
  await boss.start();
  startSharedCachePurger();
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      // One run at a time is enough (each run is set-based); a second worker waits its turn.
      policy: 'singleton',
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
    });
    await boss.schedule(job.name, job.cron);
    await boss.work(job.name, { pollingIntervalSeconds: 5 }, async () => {
      const result = await job.run(handle.db);
      logRun(job.name, result);
      return result;
    });
    // What is due now (a start after downtime) needn't wait for cron.
    await boss.send(job.name, {});
    registerQueueDepth(job.name, async () => (await boss.getQueue(job.name))?.queuedCount ?? 0);
  }
  (globalThis as GlobalWithBoss)[RUNNING] = boss;
  return {
    async stop() {
      delete (globalThis as GlobalWithBoss)[RUNNING];
      await boss.stop({ graceful: true, timeout: 20_000 });
    },
  };
}

/**
 * Runs every job once, now, without the queue (npm run worker -- --once: cron, operators,
 * tests). Each job runs on its own: one failing is logged and the rest still run. Returns the
 * names of the jobs that failed.
 */
export async function runAllOnce(db: Db, jobs: BackgroundJob[]): Promise<string[]> {
  const failed: string[] = [];
  for (const job of jobs) {
    try {
      logRun(job.name, await job.run(db));
    } catch (error) {
      failed.push(job.name);
      console.error(
        `[background] ${job.name} failed:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  return failed;
}
