/**
 * Adds demo jobs to the database (PGlite in DATA_DIR, or DATABASE_URL).
 *
 *   npm run seed -- --jobs 100000            append 100,000 demo jobs
 *   npm run seed -- --jobs 5000 --reset      empty the jobs table first
 *   npm run seed -- --jobs 0 --views 20      recruiter activity for every seeker already there
 *   options: --seed N (default 20240601), --batch N (rows per INSERT, default 1000),
 *            --views N (profile views per seeker over 90 days, with 3N search appearances; default 0)
 */
import { parseArgs } from 'node:util';
import { closeDb, getDbHandle } from '~/server/db/client';
import { DEFAULT_DEMO_SEED } from '~/server/demo/generate';
import { seedProfileViews } from '~/server/demo/profile-views';
import { resetJobs, seedDemoData } from '~/server/demo/seed';
import { maintainSearchStats } from '~/server/search/stats';

function usage(message: string): never {
  process.stderr.write(
    `${message}\nUsage: npm run seed -- --jobs N [--reset] [--seed N] [--batch N] [--views N]\n`,
  );
  process.exit(2);
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) usage(`--${name} must be a whole number, got "${value}"`);
  return Number(value);
}

/**
 * A progress bar on stderr: one line redrawn in place on a terminal, a plain line every 10%
 * otherwise (CI logs).
 */
function progressBar(label: string) {
  let started = 0; // the first call: each phase times itself
  let lastDraw = 0;
  let lastTenth = -1;
  return (done: number, total: number) => {
    const now = Date.now();
    if (started === 0) started = now;
    const ratio = total === 0 ? 1 : done / total;
    const tenth = Math.floor(ratio * 10);
    if (process.stderr.isTTY ? done < total && now - lastDraw < 100 : tenth === lastTenth) return;
    lastDraw = now;
    lastTenth = tenth;
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = (now - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    const line = `${label} [${bar}] ${done}/${total} ${(ratio * 100).toFixed(0)}% ${seconds.toFixed(1)}s ${rate}/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        jobs: { type: 'string' },
        reset: { type: 'boolean', default: false },
        seed: { type: 'string' },
        batch: { type: 'string' },
        views: { type: 'string' },
      },
    }).values;
  } catch (err) {
    usage((err as Error).message);
  }
  const total = positiveInt('jobs', args.jobs, 1000);
  const seed = positiveInt('seed', args.seed, DEFAULT_DEMO_SEED);
  const batchSize = positiveInt('batch', args.batch, 1000);
  const views = positiveInt('views', args.views, 0);
  if (batchSize < 1) usage('--batch must be at least 1');

  const started = Date.now();
  const handle = await getDbHandle();
  process.stderr.write(`Database: ${handle.driver} (migrated in ${Date.now() - started} ms)\n`);
  if (args.reset) {
    await resetJobs(handle.db);
    process.stderr.write('Emptied the jobs table\n');
  }
  const bars = { jobs: progressBar('Seeding'), index: progressBar('Indexing') };
  const result = await seedDemoData(handle.db, {
    jobs: total,
    seed,
    batchSize,
    onProgress: (done, totalSteps, phase) => bars[phase](done, totalSteps),
  });
  // Planner statistics for the new rows now, not on the first search (PGlite has no autovacuum).
  await maintainSearchStats(handle.db, true);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Seeded ${result.jobs} jobs (${result.companies} demo companies) in ${seconds}s\n`,
  );
  if (views > 0) {
    const activity = await seedProfileViews(handle.db, { perSeeker: views, seed });
    process.stdout.write(
      `Recorded ${activity.events} profile views and search appearances for ${activity.seekers} seekers\n`,
    );
  }
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`\nSeeding failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
