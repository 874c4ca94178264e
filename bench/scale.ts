/**
 * `npm run bench -- scale`: requests per second of a mixed read workload (home, results, a job
 * page, an SEO landing page, autosuggest) against the built server (`npm run build` first) on a
 * real PostgreSQL primary with a streaming replica (scripts/replica.sh), in four set-ups: 1 and 2
 * server processes, each without and with DATABASE_REPLICA_URL. autocannon is the load generator.
 *
 *   npm run bench -- scale [--jobs 20000] [--seconds 15] [--connections 16]
 *
 * The load generator runs on the same machine as the servers and the databases, so the figures
 * are for comparing set-ups with each other; docs/scaling.md turns them into capacity estimates.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Benchmark } from './run';
import { startServer, stopServer } from './server';

interface Setup {
  workers: number;
  replica: boolean;
}

export interface ScaleFigures {
  machine: { cores: number; node: string };
  jobs: number;
  seconds: number;
  connections: number;
  paths: string[];
  runs: {
    workers: number;
    replica: boolean;
    requestsPerSecond: number;
    latencyMs: { p50: number; p90: number; p99: number };
    requests: number;
    errors: number;
    non2xx: number;
  }[];
  /** Mean of the two rounds per set-up; errors counts failed and non-2xx answers. */
  summary?: (Setup & { requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number })[];
}

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const SETUPS: Setup[] = [
  { workers: 1, replica: false },
  { workers: 2, replica: false },
  { workers: 1, replica: true },
  { workers: 2, replica: true },
];

const SCRIPT = path.resolve('scripts/replica.sh');
const PAIR_DIR = path.join(tmpdir(), `jp-bench-replica-${process.pid}`);
const PRIMARY_PORT = 5471;
const PORT = 4591;

function pair(command: string): string {
  return execFileSync(SCRIPT, [command, PAIR_DIR, String(PRIMARY_PORT)], { encoding: 'utf8' });
}

/** A job page and an SEO landing page from the sitemaps (what crawlers and visitors reach). */
async function samplePaths(): Promise<string[]> {
  const firstLoc = async (sitemap: string) => {
    const xml = await (await fetch(`http://127.0.0.1:${PORT}${sitemap}`)).text();
    // The first page other than the home page (which the SEO sitemap lists first).
    const loc = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => new URL(m[1]!).pathname)
      .find((p) => p !== '/');
    if (!loc) throw new Error(`no page in ${sitemap}`);
    return loc;
  };
  return [
    '/',
    '/search/results?q=developer',
    '/search/results?q=sales&l=mumbai',
    await firstLoc('/sitemaps/jobs-1.xml'),
    await firstLoc('/sitemaps/seo.xml'),
    '/api/raven/api/public/search/v1/auto-fill?text=jav',
    '/api/raven/api/public/search/v1/auto-fill?text=mark',
  ];
}

async function load(paths: string[], seconds: number, connections: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export const scaleBenchmark: Benchmark = {
  name: 'scale',
  async run(args: string[]): Promise<ScaleFigures> {
    if (!existsSync('dist/start.mjs')) throw new Error('Build first: npm run build');
    const jobs = option(args, 'jobs', 20_000);
    const seconds = option(args, 'seconds', 15);
    const connections = option(args, 'connections', 16);
    const env = Object.fromEntries(
      pair('start')
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
    const figures: ScaleFigures = {
      machine: { cores: availableParallelism(), node: process.version },
      jobs,
      seconds,
      connections,
      paths: [],
      runs: [],
    };
    try {
      // First start: migrations and the demo jobs, on the primary.
      process.stdout.write(`loading ${jobs} demo jobs into the primary...\n`);
      const first = await startServer(PORT, {
        DATABASE_URL: env.DATABASE_URL!,
        DEMO_JOBS: String(jobs),
        WORKERS: '1',
      });
      figures.paths = await samplePaths();
      await stopServer(first);
      // Fresh statistics and visibility map after the bulk load, as autovacuum would make later.
      const admin = new pg.Client({ connectionString: env.DATABASE_URL });
      await admin.connect();
      await admin.query('vacuum analyze');
      await admin.end();
      // Two rounds in opposite order, so a machine getting busier or quieter favours no set-up.
      const rounds = [...SETUPS, ...[...SETUPS].reverse()];
      for (const setup of rounds) {
        const server = await startServer(PORT, {
          DATABASE_URL: env.DATABASE_URL!,
          ...(setup.replica ? { DATABASE_REPLICA_URL: env.DATABASE_REPLICA_URL! } : {}),
          WORKERS: String(setup.workers),
          DEMO_JOBS: '0',
        });
        try {
          await load(figures.paths, 3, connections); // warm caches and connection pools
          const run = await load(figures.paths, seconds, connections);
          figures.runs.push({ ...setup, ...run });
          process.stdout.write(
            `${setup.workers} process(es), ${setup.replica ? 'with' : 'without'} replica: ` +
              `${run.requestsPerSecond} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, ` +
              `${run.errors} errors, ${run.non2xx} non-2xx\n`,
          );
        } finally {
          await stopServer(server);
        }
      }
    } finally {
      pair('stop');
    }
    figures.summary = SETUPS.map((setup) => {
      const runs = figures.runs.filter(
        (r) => r.workers === setup.workers && r.replica === setup.replica,
      );
      const mean = (f: (r: (typeof runs)[number]) => number) =>
        Math.round(runs.reduce((sum, r) => sum + f(r), 0) / runs.length);
      return {
        ...setup,
        requestsPerSecond: mean((r) => r.requestsPerSecond),
        p50Ms: mean((r) => r.latencyMs.p50),
        p99Ms: mean((r) => r.latencyMs.p99),
        errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
      };
    });
    for (const row of figures.summary) {
      process.stdout.write(
        `mean: ${row.workers} process(es), ${row.replica ? 'with' : 'without'} replica: ` +
          `${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.errors} errors\n`,
      );
    }
    return figures;
  },
};
