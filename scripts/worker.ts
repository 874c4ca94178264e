/**
 * The alert worker on its own (a multi-process deployment on PostgreSQL):
 *
 *   npm run worker              runs due alerts from the queue until SIGTERM / SIGINT
 *   npm run worker -- --once    runs what is due now and exits (operators, cron, tests)
 *
 * With the embedded database (no DATABASE_URL) only one process may open DATA_DIR: stop the
 * server first, or let `npm start` run the worker in-process (the default).
 */
import { config } from '~/server/config';
import { closeDb, getDbHandle } from '~/server/db/client';
import { runDueAlerts } from '~/server/alerts/delivery';
import { startAlertWorker } from '~/server/alerts/worker';

const once = process.argv.includes('--once');

const batch = Number(process.env.ALERTS_BATCH_SIZE) || undefined;

try {
  const handle = await getDbHandle();
  if (once) {
    const report = await runDueAlerts(handle.db, { batchSize: batch });
    console.info(`[alerts] ${JSON.stringify(report)}`);
    await closeDb();
    process.exit(0);
  }
  if (!config.DATABASE_URL) {
    console.info('[alerts] worker on the embedded database in', config.DATA_DIR);
  }
  const worker = await startAlertWorker(handle, { batchSize: batch });
  console.info('[alerts] worker running; stop with Ctrl-C');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void worker
        .stop()
        .catch(() => {})
        .then(() => closeDb())
        .finally(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await closeDb().catch(() => {});
  process.exit(1);
}
