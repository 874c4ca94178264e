/**
 * `npm run bench -- stall`: does one slow request hold up every other one? PGlite runs SQL on the
 * server's own thread (WebAssembly), PostgreSQL in a process of its own. A probe (a small static
 * file, which needs neither the database nor a render) is timed alone, then while slow requests
 * run beside it (the jobs sitemap of a large site; an uncached keyword search), on both backends,
 * same server, one run. The probe's p99 and maximum during the slow load, as a multiple of its
 * own figures alone, tell how long the server's thread was blocked.
 *
 *   npm run bench -- stall [--jobs 20000] [--seconds 5] [--backends pglite,postgres] [--port 4594]
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Benchmark } from './run';
import { startServer, stopServer, withScratchBackend } from './server';

let PORT = 4594;
let BASE = `http://127.0.0.1:${PORT}`;
const PROBE = '/brand/workora.svg';
const SLOW = { sitemap: '/sitemaps/jobs-1.xml', search: '/search/results?q=developer' };
/** Connections: the probe stands for ordinary visitors, the slow load for a crawler or two. */
const PROBE_CONNECTIONS = 4;
const SLOW_CONNECTIONS = 2;

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
}

function run(pathname: string, connections: number, seconds: number): Promise<Figures> {
  return autocannon({
    url: `${BASE}${pathname}`,
    connections,
    duration: seconds,
    // No page cache (PAGE_CACHE_MB=0), and no compression: the slow work is the query and render.
    headers: { 'accept-encoding': 'identity' },
  }).then((r) => ({
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: (r.latency as unknown as { max: number }).max,
    errors: r.errors + r.timeouts + r.non2xx,
  }));
}

async function measure(backend: string, seconds: number) {
  for (const pathname of [PROBE, ...Object.values(SLOW)]) await run(pathname, 1, 1); // warm-up
  const alone = await run(PROBE, PROBE_CONNECTIONS, seconds);
  const rows = [];
  for (const [slow, pathname] of Object.entries(SLOW)) {
    const [probe, slowLoad] = await Promise.all([
      run(PROBE, PROBE_CONNECTIONS, seconds),
      run(pathname, SLOW_CONNECTIONS, seconds),
    ]);
    rows.push({
      backend,
      slow,
      path: pathname,
      probeAlone: alone,
      probeDuringSlow: probe,
      slowLoad,
      p99Multiple: Math.round((probe.p99Ms / Math.max(alone.p99Ms, 1)) * 10) / 10,
    });
  }
  return rows;
}

const fmt = (f: Figures) => `p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, max ${f.maxMs} ms`;

export const stallBenchmark: Benchmark = {
  name: 'stall',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        jobs: { type: 'string', default: '20000' },
        seconds: { type: 'string', default: '5' },
        backends: { type: 'string', default: 'pglite,postgres' },
        port: { type: 'string', default: String(PORT) },
      },
      allowPositionals: true,
    });
    PORT = Number(values.port);
    BASE = `http://127.0.0.1:${PORT}`;
    const jobs = Number(values.jobs);
    const seconds = Number(values.seconds);
    const rows = [];
    for (const backend of ['pglite', 'postgres'] as const) {
      if (!String(values.backends).split(',').includes(backend)) continue;
      process.stdout.write(`${backend}: loading ${jobs} demo jobs...\n`);
      rows.push(
        ...(await withScratchBackend(backend, 'bench_stall', async (env) => {
          const server = await startServer(PORT, {
            ...env,
            DEMO_JOBS: String(jobs),
            PAGE_CACHE_MB: '0',
          });
          try {
            return await measure(backend, seconds);
          } finally {
            await stopServer(server);
          }
        })),
      );
    }
    for (const row of rows)
      process.stdout.write(
        `${row.backend} ${row.slow} (${row.slowLoad.requestsPerSecond} req/s, ${fmt(row.slowLoad)}):\n` +
          `  probe alone ${fmt(row.probeAlone)}\n` +
          `  probe beside it ${fmt(row.probeDuringSlow)}: p99 x${row.p99Multiple}\n`,
      );
    return {
      benchmark: 'stall',
      date: new Date().toISOString(),
      machine: { cores: availableParallelism(), node: process.version },
      jobs,
      seconds,
      rows,
    };
  },
};
