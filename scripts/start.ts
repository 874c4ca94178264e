/**
 * `npm start` after the build: checks the site files, migrates the database (seeding demo jobs
 * into an empty one), then starts the built server on PORT (default 4321).
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

try {
  // Importing validates every site file: a broken one stops here with its file and field.
  await import('../sites/index');
  const { config } = await import('~/server/config');
  const { prepareDatabase } = await import('~/server/db/prepare');
  const { closeDb } = await import('~/server/db/client');
  const settings = config;
  await prepareDatabase({ seedJobs: settings.DEMO_JOBS });
  // The server opens its own connection; PGlite allows only one per data directory.
  await closeDb();
  process.env.PORT ??= String(settings.PORT);
  process.env.HOST ??= settings.HOST;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

await import(pathToFileURL(resolve('dist/server/entry.mjs')).href);

// The alert worker, in this process unless it runs apart (ALERTS_IN_PROCESS=false). It
// shares the server's database handle: PGlite allows one connection per data directory.
let stopWorker: (() => Promise<void>) | undefined;
try {
  const { config } = await import('~/server/config');
  if (config.ALERTS_IN_PROCESS) {
    const { getDbHandle } = await import('~/server/db/client');
    const { startAlertWorker } = await import('~/server/alerts/worker');
    const worker = await startAlertWorker(await getDbHandle());
    stopWorker = () => worker.stop();
  }
} catch (error) {
  console.error('[alerts] worker not started:', error instanceof Error ? error.message : error);
}

// Close the database on shutdown: PGlite must flush and release its data directory.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void (stopWorker?.() ?? Promise.resolve())
      .catch(() => {})
      .then(() => import('~/server/db/client'))
      .then(({ closeDb }) => closeDb())
      .finally(() => process.exit(0));
  });
}
