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
  const { prepareDatabase } = await import('~/server/startup');
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

// Close the database on shutdown: PGlite must flush and release its data directory.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void import('~/server/db/client')
      .then(({ closeDb }) => closeDb())
      .finally(() => process.exit(0));
  });
}
