/**
 * All background work on its own (alert delivery and housekeeping; a multi-process deployment on
 * PostgreSQL can run it on machines of its own):
 *
 *   npm run worker              runs jobs from the queue as they fall due, until SIGTERM / SIGINT
 *   npm run worker -- --once    runs every job once now and exits (operators, cron, tests);
 *                               exit code 1 if one of them failed
 *
 * With the embedded database (no DATABASE_URL) only one process may open DATA_DIR: stop the
 * server first, or let `npm start` run the worker in-process (the default).
 */
import './production-mode';
import { config } from '~/server/config';
import { closeDb, getDbHandle } from '~/server/db/client';
import { backgroundJobs } from '~/server/background/jobs';
import { runAllOnce, startBackgroundWorker } from '~/server/background/queue';

const once = process.argv.includes('--once');

const jobs = backgroundJobs({
  alertBatchSize: Number(process.env.ALERTS_BATCH_SIZE) || undefined,
});

try {
  const handle = await getDbHandle();
  if (once) {
    const failed = await runAllOnce(handle.db, jobs);
    await closeDb();
    process.exit(failed.length > 0 ? 1 : 0);
  }
  if (!config.DATABASE_URL) {
    console.info('[background] worker on the embedded database in', config.DATA_DIR);
  }
  const worker = await startBackgroundWorker(handle, jobs);
  console.info('[background] worker running; stop with Ctrl-C');
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
