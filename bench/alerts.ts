/**
 * Alert delivery benchmark: 100,000 demo jobs and 10,000 due alerts (searches of the search
 * benchmark's realistic mix, daily and weekly), one worker run (runDueAlerts: matching through the
 * search service, claiming, rendering and writing every mail to an outbox directory). Reports
 * alerts per second and mails written; the run must take under a minute.
 *
 *   npm run bench -- alerts [--jobs 100000] [--alerts 10000] [--backends postgres,pglite]
 *                           [--batch 500]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the
 * server; a database `bench_alerts` is created there and dropped afterwards. PGlite: a temporary
 * directory. Seeding is not timed.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { toQuery } from '~/lib/search/state';
import { writeOutbox } from '~/server/adapters/outbox';
import type { MailSender } from '~/server/adapters/mail';
import { runDueAlerts, type RunReport } from '~/server/alerts/delivery';
import { createDb, type DbHandle } from '~/server/db/client';
import { jobAlerts, type NewJobAlert } from '~/server/db/schema';
import { seedDemoData } from '~/server/demo/seed';
import type { Benchmark } from './run';
import { queryMix } from './search-queries';

const NOW = new Date('2026-03-01T12:00:00Z');
const SEED = 20_240_601;
const DAY = 86_400_000;
const TARGET_SECONDS = 60;

interface Figures {
  backend: 'postgres' | 'pglite';
  skipped?: string;
  seedSeconds?: number;
  runSeconds?: number;
  alertsPerSecond?: number;
  report?: RunReport;
  mailsWritten?: number;
  withinTarget?: boolean;
}

function alertRows(count: number): NewJobAlert[] {
  return queryMix(count, SEED + 7).map((q, i) => {
    const weekly = i % 4 === 0;
    return {
      siteContext: q.site,
      lang: i % 10 === 0 ? 'ar' : 'en',
      origin: `https://${q.site}.example`,
      email: `seeker${i}@example.com`,
      name: 'Bench Seeker',
      query: toQuery({ ...q.state, page: 1, sort: 'relevance' }).toString(),
      frequency: weekly ? 'weekly' : 'daily',
      status: 'active',
      confirmedAt: new Date(NOW.getTime() - 30 * DAY),
      lastRunAt: new Date(NOW.getTime() - (weekly ? 7 : 1) * DAY),
      nextRunAt: NOW,
    };
  });
}

async function runOn(
  handle: DbHandle,
  backend: Figures['backend'],
  jobs: number,
  alerts: number,
  batch: number,
): Promise<Figures> {
  let started = performance.now();
  await seedDemoData(handle.db, { jobs, now: NOW, seed: SEED, start: 0 });
  const rows = alertRows(alerts);
  for (let i = 0; i < rows.length; i += 1000) {
    await handle.db.insert(jobAlerts).values(rows.slice(i, i + 1000));
  }
  await handle.db.execute(sql`VACUUM ANALYZE`);
  const seedSeconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `  ${backend}: seeded ${jobs} jobs and ${alerts} alerts in ${seedSeconds.toFixed(0)} s\n`,
  );

  const outbox = mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-mail-'));
  const mail: MailSender = {
    name: 'outbox',
    send: async (message) => ({ id: await writeOutbox('mail', { ...message }, outbox) }),
  };
  try {
    started = performance.now();
    const report = await runDueAlerts(handle.db, { now: NOW, mail, batchSize: batch });
    const runSeconds = (performance.now() - started) / 1000;
    const mailsWritten = readdirSync(path.join(outbox, 'outbox', 'mail')).length;
    return {
      backend,
      seedSeconds: Math.round(seedSeconds),
      runSeconds: Number(runSeconds.toFixed(2)),
      alertsPerSecond: Math.round(report.alerts / runSeconds),
      report,
      mailsWritten,
      withinTarget: runSeconds < TARGET_SECONDS,
    };
  } finally {
    rmSync(outbox, { recursive: true, force: true });
  }
}

async function onPostgres(
  url: string,
  jobs: number,
  alerts: number,
  batch: number,
): Promise<Figures> {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    return { backend: 'postgres', skipped: `PostgreSQL not reachable: ${(err as Error).message}` };
  }
  const benchUrl = new URL(url);
  benchUrl.pathname = '/bench_alerts';
  let handle: DbHandle | undefined;
  try {
    await admin.query('DROP DATABASE IF EXISTS bench_alerts WITH (FORCE)');
    await admin.query('CREATE DATABASE bench_alerts');
    handle = await createDb({ url: benchUrl.toString(), poolSize: 4 });
    return await runOn(handle, 'postgres', jobs, alerts, batch);
  } finally {
    await handle?.close();
    await admin.query('DROP DATABASE IF EXISTS bench_alerts WITH (FORCE)').catch(() => {});
    await admin.end();
  }
}

async function onPglite(jobs: number, alerts: number, batch: number): Promise<Figures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'));
  const handle = await createDb({ dataDir: dir });
  try {
    return await runOn(handle, 'pglite', jobs, alerts, batch);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const alertsBenchmark: Benchmark = {
  name: 'alerts',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        jobs: { type: 'string', default: '100000' },
        alerts: { type: 'string', default: '10000' },
        backends: { type: 'string', default: 'postgres,pglite' },
        batch: { type: 'string', default: '500' },
      },
      allowPositionals: true,
    });
    const jobs = Number(values.jobs);
    const alerts = Number(values.alerts);
    const batch = Number(values.batch);
    const backends = String(values.backends).split(',');
    const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const figures: Figures[] = [];
    if (backends.includes('postgres')) figures.push(await onPostgres(url, jobs, alerts, batch));
    if (backends.includes('pglite')) figures.push(await onPglite(jobs, alerts, batch));
    for (const f of figures) {
      process.stdout.write(
        f.skipped
          ? `${f.backend}: skipped (${f.skipped})\n`
          : `${f.backend}: ${f.report?.alerts} alerts in ${f.runSeconds} s = ${f.alertsPerSecond} alerts/s, ${f.mailsWritten} mails written, ${f.report?.empty} without new jobs${f.withinTarget ? '' : ` — OVER the ${TARGET_SECONDS} s target`}\n`,
      );
    }
    return {
      benchmark: 'alerts',
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
      jobs,
      alerts,
      batch,
      targetSeconds: TARGET_SECONDS,
      backends: figures,
    };
  },
};
