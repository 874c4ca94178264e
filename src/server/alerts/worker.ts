/**
 * The alert worker on a PostgreSQL-backed queue (pg-boss; docs/decisions/0010-alert-queue.md).
 * A cron schedule puts an `alerts-due` job on the queue every ALERTS_CHECK_SECONDS (rounded to
 * whole minutes); whichever worker takes it runs runDueAlerts. Failed runs are retried with
 * exponential back-off. On PGlite the worker shares the server's one connection (pg-boss's PGlite
 * adapter); on PostgreSQL it has a small pool of its own.
 *
 *   const worker = await startAlertWorker(handle);   // npm start (in-process), npm run worker
 *   await worker.stop();
 */
import { fromPglite, PgBoss } from 'pg-boss';
import { config } from '~/server/config';
import type { DbHandle } from '~/server/db/client';
import { runDueAlerts } from './delivery';
import { registerQueueDepth } from '~/server/ops/metrics';

export const ALERTS_QUEUE = 'alerts-due';

// The running worker's queue, on globalThis: the server bundle and scripts/start.ts each load
// their own copy of this module, and pages must reach the worker start.ts started.
const RUNNING = Symbol.for('jobportal.alerts.boss');
type GlobalWithBoss = typeof globalThis & { [RUNNING]?: PgBoss };

/**
 * Asks the worker of this process (if any) to run what is due now, e.g. an alert just confirmed
 * (due at once) instead of at the next scheduled check. Never throws.
 */
export function wakeAlertWorker(): void {
  const boss = (globalThis as GlobalWithBoss)[RUNNING];
  boss?.send(ALERTS_QUEUE, {}).catch(() => {});
}

export interface AlertWorker {
  stop(): Promise<void>;
}

export async function startAlertWorker(
  handle: DbHandle,
  options: { url?: string; batchSize?: number } = {},
): Promise<AlertWorker> {
  const boss =
    handle.driver === 'pglite' && handle.pglite
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite' })
      : new PgBoss({
          connectionString: options.url ?? (config.DATABASE_URL as string),
          max: 2,
          application_name: 'jobportal-alerts',
        });
  boss.on('error', (error: Error) => console.error('[alerts] queue error:', error.message));
  await boss.start();
  await boss.createQueue(ALERTS_QUEUE, {
    // One run at a time is enough (runs are set-based); a second worker waits its turn.
    policy: 'singleton',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });
  const minutes = Math.max(1, Math.round(config.ALERTS_CHECK_SECONDS / 60));
  await boss.schedule(ALERTS_QUEUE, minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`);
  await boss.work(ALERTS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const report = await runDueAlerts(handle.db, { batchSize: options.batchSize });
    if (report.alerts > 0 || report.failed > 0)
      console.info('[alerts] run:', JSON.stringify(report));
    return report;
  });
  // What is due now (a start after downtime, alerts confirmed meanwhile) needn't wait for cron.
  await boss.send(ALERTS_QUEUE, {});
  (globalThis as GlobalWithBoss)[RUNNING] = boss;
  // /metrics shows how many alert runs wait (queue_depth{queue="alerts-due"}).
  registerQueueDepth(
    ALERTS_QUEUE,
    async () => (await boss.getQueue(ALERTS_QUEUE))?.queuedCount ?? 0,
  );
  return {
    async stop() {
      delete (globalThis as GlobalWithBoss)[RUNNING];
      await boss.stop({ graceful: true, timeout: 20_000 });
    },
  };
}
