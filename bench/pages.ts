/**
 * `npm run bench -- pages`: each public page family (job detail, home, SEO landing, results,
 * career-advice article) next to the same bytes served as a static file by the same server
 * process, uncompressed and with brotli, on PGlite and on PostgreSQL, rendered for every request
 * (PAGE_CACHE_MB=0) and from the page cache (`--caches pipeline` adds the page cache answered by
 * the Astro pipeline, PAGE_FAST_PATH=false, as before decision 0051). autocannon is the load
 * generator; the server is the built one (`npm run build` first).
 *
 *   npm run bench -- pages [--seconds 5] [--connections 100] [--jobs 2000]
 *                          [--backends pglite,postgres] [--caches uncached,cached] [--port 4593]
 *                          [--pages job,home,seo,results,article] [--encodings identity,brotli]
 *                          [--workers <cores>] [--nginx-workers 1]
 *
 * `--workers N` runs N server processes on PostgreSQL; by default one per core, as `npm start`
 * does there. PGlite always has one.
 *
 * The static copies go to dist/client/bench-static/ (with their .br/.gz copies, as the build
 * makes them) for the run and are removed afterwards. PostgreSQL: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) names the server; a database `bench_pages_<pid>` is
 * created there and dropped afterwards (bench/server.ts). The load generator shares the machine with the server:
 * compare the ratios, not the absolute figures. Also measures brotli qualities on a page and a
 * sitemap (the choice of scripts/http/compress.ts).
 *
 * Each row also has the reference: Debian's nginx serving the bytes the app just answered with
 * (bench/nginx.ts; skipped with a message when nginx is missing), the page's req/s as a share of
 * it, answers over 1 s ("timeouts"), and the app's event-loop delay during the run.
 * BENCH_APP_DIR runs the server built in another directory (a build of an earlier commit).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { precompressFile } from '../scripts/http/precompress';
import type { Benchmark } from './run';
import { startNginx, type Nginx } from './nginx';
import { startServer, stopServer, withScratchBackend } from './server';

let PORT = 4593;
let BASE = `http://127.0.0.1:${PORT}`;
const STATIC_DIR = path.resolve(process.env.BENCH_APP_DIR || '.', 'dist/client/bench-static');
const ENCODINGS = { identity: 'identity', brotli: 'br, gzip' } as const;
type Encoding = keyof typeof ENCODINGS;
/** Rendered every time; cached but answered by the Astro pipeline; cached on the fast path. */
const CACHES = {
  uncached: { PAGE_CACHE_MB: '0' },
  // Rendered every time without the admission queue (ADMISSION_CONCURRENCY=0), as before it.
  unqueued: { PAGE_CACHE_MB: '0', ADMISSION_CONCURRENCY: '0' },
  pipeline: { PAGE_CACHE_MB: '64', PAGE_FAST_PATH: 'false' },
  cached: { PAGE_CACHE_MB: '64', PAGE_FAST_PATH: 'true' },
} as const;
type Cache = keyof typeof CACHES;

interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that took more than a second (or never came). */
  timeouts: number;
  errors: number;
  /** Answers 503 (shed by the admission queue, with Retry-After). */
  shed: number;
  /** p99 of the answers served (2xx/3xx), shed ones left out. */
  servedP99Ms: number;
  /** The server's event-loop delay during the run (perf_hooks.monitorEventLoopDelay, ms). */
  loopDelay?: { p99Ms: number; maxMs: number };
}

/** What counts as a timeout for the goal "none over 1 s". */
const TIMEOUT_MS = 1_000;
let NGINX_PORT = PORT + 1;
let nginx: Nginx | undefined;

interface Row {
  backend: string;
  cache: Cache;
  page: string;
  path: string;
  encoding: Encoding;
  bytes: number;
  rendered: Load;
  staticFile: Load;
  /** Rendered req/s as a share of the static file's (null when the static run got nothing). */
  ratio: number | null;
  /** The same bytes from nginx (null without nginx) and the page's req/s as a share of it. */
  nginx: Load | null;
  nginxRatio: number | null;
}

async function text(pathname: string): Promise<string> {
  const res = await fetch(`${BASE}${pathname}`);
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  return res.text();
}

async function firstLoc(sitemap: string): Promise<string> {
  const loc = [...(await text(sitemap)).matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .find((p) => p !== '/');
  if (!loc) throw new Error(`no page in ${sitemap}`);
  return loc;
}

async function samplePages(): Promise<Record<string, string>> {
  return {
    job: await firstLoc('/sitemaps/jobs-1.xml'),
    home: '/',
    seo: await firstLoc('/sitemaps/seo.xml'),
    results: '/search/results?q=developer',
    article: await firstLoc('/sitemaps/career-advice.xml'),
  };
}

/** Waits until requests queued by the previous load are answered, so runs do not overlap. */
async function settle(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const start = performance.now();
    await fetch(`${BASE}/readyz`).catch(() => null);
    if (performance.now() - start < 20) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The app's event-loop delay gauges (prom-client's default metrics; reset by each scrape). */
async function loopDelay(): Promise<{ p99Ms: number; maxMs: number } | undefined> {
  const text = await fetch(`${BASE}/metrics`)
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  const gauge = (name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
    return match ? Math.round(Number(match[1]) * 1000 * 10) / 10 : undefined;
  };
  const p99Ms = gauge('nodejs_eventloop_lag_p99_seconds');
  const maxMs = gauge('nodejs_eventloop_lag_max_seconds');
  return p99Ms === undefined || maxMs === undefined ? undefined : { p99Ms, maxMs };
}

async function load(
  pathname: string,
  encoding: Encoding,
  seconds: number,
  connections: number,
  base = BASE,
): Promise<Load> {
  await settle();
  const app = base === BASE;
  if (app) await loopDelay();
  let slow = 0;
  let shed = 0;
  const served: number[] = [];
  const instance = autocannon({
    url: `${base}${pathname}`,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { 'accept-encoding': ENCODINGS[encoding] },
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (ms > TIMEOUT_MS) slow++;
    if (status === 503) shed++;
    else served.push(ms);
  });
  const result = await instance;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    timeouts: slow + result.timeouts,
    // Failures: no answer, or an error answer other than a shed request's 503.
    errors: result.errors + result.timeouts + result.non2xx - shed,
    shed,
    servedP99Ms: percentile(served, 0.99),
    ...(app ? { loopDelay: await loopDelay() } : {}),
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
}

/** One answer's bytes as they came on the wire (fetch would decode them). */
function rawBody(pathname: string, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${BASE}${pathname}`,
      { headers: { 'accept-encoding': ENCODINGS[encoding] } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Milliseconds and bytes per brotli quality (and gzip 6) for one body, mean of `rounds`. */
function qualities(body: string, rounds = 5) {
  const source = Buffer.from(body);
  const time = (compress: () => Buffer) => {
    let bytes = 0;
    const start = performance.now();
    for (let i = 0; i < rounds; i++) bytes = compress().length;
    return { ms: Math.round(((performance.now() - start) / rounds) * 100) / 100, bytes };
  };
  const rows: Record<string, { ms: number; bytes: number }> = {
    identity: { ms: 0, bytes: source.length },
  };
  rows['gzip-6'] = time(() => gzipSync(source, { level: 6 }));
  for (const q of [1, 3, 4, 5, 6, 9, 11]) {
    rows[`br-${q}`] = time(() =>
      brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }),
    );
  }
  return rows;
}

async function onBackend(
  backend: string,
  env: Record<string, string>,
  jobs: number,
  seconds: number,
  connections: number,
  caches: Cache[],
  selection: Selection,
) {
  process.stdout.write(`${backend}: loading ${jobs} demo jobs...\n`);
  let server = await startServer(PORT, { ...env, DEMO_JOBS: String(jobs) });
  let pages: Record<string, string>;
  const bodies: Record<string, string> = {};
  try {
    pages = await samplePages();
    mkdirSync(STATIC_DIR, { recursive: true });
    for (const [name, pathname] of Object.entries(pages)) {
      bodies[name] = await text(pathname);
      const file = path.join(STATIC_DIR, `${backend}-${name}.html`);
      writeFileSync(file, bodies[name]);
      precompressFile(file);
    }
    bodies.sitemap = await text('/sitemaps/jobs-1.xml');
  } finally {
    await stopServer(server);
  }
  const rows: Row[] = [];
  for (const cache of caches) {
    // Started again so that it lists the static copies among its client files.
    server = await startServer(PORT, {
      ...env,
      DEMO_JOBS: '0',
      ...CACHES[cache],
      ...(backend === 'postgres' ? { WORKERS: String(selection.workers) } : {}),
    });
    try {
      rows.push(...(await measure(backend, cache, pages, seconds, connections, selection)));
    } finally {
      await stopServer(server);
    }
  }
  return { rows, bodies };
}

/** Which pages and encodings a run measures, and how many server processes PostgreSQL gets. */
interface Selection {
  pages: string[];
  encodings: Encoding[];
  workers: number;
}

async function measure(
  backend: string,
  cache: Cache,
  pages: Record<string, string>,
  seconds: number,
  connections: number,
  selection: Selection,
): Promise<Row[]> {
  const rows: Row[] = [];
  {
    // Warm-up: each page once in each encoding (with the cache on, as a visited page would be).
    for (const pathname of Object.values(pages))
      for (const encoding of Object.keys(ENCODINGS) as Encoding[])
        await load(pathname, encoding, 1, connections);
    for (const [name, pathname] of Object.entries(pages)) {
      if (!selection.pages.includes(name)) continue;
      for (const encoding of selection.encodings) {
        const rendered = await load(pathname, encoding, seconds, connections);
        const staticFile = await load(
          `/bench-static/${backend}-${name}.html`,
          encoding,
          seconds,
          connections,
        );
        const body = await rawBody(pathname, encoding);
        const bytes = body.length;
        // nginx sends the very bytes the app just sent (brotli: the page cache's stored copy).
        let reference: Load | null = null;
        if (nginx) {
          const file = `${backend}-${cache}-${name}.html${encoding === 'brotli' ? '.br' : ''}`;
          writeFileSync(path.join(STATIC_DIR, 'nginx', file), body);
          reference = await load(`/${file}`, encoding, seconds, connections, nginx.base);
        }
        const row: Row = {
          backend,
          cache,
          page: name,
          path: pathname,
          encoding,
          bytes,
          rendered,
          staticFile,
          ratio:
            Math.round((rendered.requestsPerSecond / staticFile.requestsPerSecond) * 1000) / 1000,
          nginx: reference,
          nginxRatio: reference
            ? Math.round((rendered.requestsPerSecond / reference.requestsPerSecond) * 1000) / 1000
            : null,
        };
        rows.push(row);
        process.stdout.write(`  ${formatRow(row)}\n`);
      }
    }
  }
  return rows;
}

function formatRow(r: Row): string {
  const cell = (l: Load) =>
    `${String(l.requestsPerSecond).padStart(6)} req/s p50 ${String(l.p50Ms).padStart(4)} p99 ${String(l.p99Ms).padStart(5)} served p99 ${String(l.servedP99Ms).padStart(5)} >1s ${l.timeouts} 503 ${l.shed} err ${l.errors}`;
  const share = (ratio: number | null) => (ratio === null ? '-' : `${(ratio * 100).toFixed(1)}%`);
  const loop = r.rendered.loopDelay
    ? ` | loop delay p99 ${r.rendered.loopDelay.p99Ms} max ${r.rendered.loopDelay.maxMs} ms`
    : '';
  return (
    `${r.backend.padEnd(8)} ${r.cache.padEnd(8)} ${r.page.padEnd(8)} ${r.encoding.padEnd(8)} ${String(r.bytes).padStart(7)} B | ` +
    `page ${cell(r.rendered)}${loop} | static ${cell(r.staticFile)} | ratio ${share(r.ratio)}` +
    (r.nginx ? ` | nginx ${cell(r.nginx)} | of nginx ${share(r.nginxRatio)}` : '')
  );
}

export const pagesBenchmark: Benchmark = {
  name: 'pages',
  async run(args: string[]) {
    if (!existsSync('dist/start.mjs')) throw new Error('Build first: npm run build');
    const { values } = parseArgs({
      args,
      options: {
        seconds: { type: 'string', default: '5' },
        connections: { type: 'string', default: '100' },
        jobs: { type: 'string', default: '2000' },
        backends: { type: 'string', default: 'pglite,postgres' },
        port: { type: 'string', default: String(PORT) },
        caches: { type: 'string', default: 'uncached,cached' },
        pages: { type: 'string', default: 'job,home,seo,results,article' },
        encodings: { type: 'string', default: 'identity,brotli' },
        workers: { type: 'string', default: String(availableParallelism()) },
        'nginx-workers': { type: 'string', default: '1' },
      },
      allowPositionals: true,
    });
    PORT = Number(values.port);
    BASE = `http://127.0.0.1:${PORT}`;
    NGINX_PORT = PORT + 1;
    const seconds = Number(values.seconds);
    const connections = Number(values.connections);
    const jobs = Number(values.jobs);
    const backends = String(values.backends).split(',');
    const caches = String(values.caches)
      .split(',')
      .filter((c): c is Cache => c in CACHES);
    const selection: Selection = {
      pages: String(values.pages).split(','),
      encodings: String(values.encodings)
        .split(',')
        .filter((e): e is Encoding => e in ENCODINGS),
      workers: Math.max(1, Number(values.workers) || 1),
    };
    const rows: Row[] = [];
    let bodies: Record<string, string> = {};
    mkdirSync(path.join(STATIC_DIR, 'nginx'), { recursive: true });
    const started = await startNginx(
      path.join(STATIC_DIR, 'nginx'),
      NGINX_PORT,
      String(values['nginx-workers']),
    );
    if (typeof started === 'string') process.stdout.write(`${started}\n`);
    else nginx = started;
    try {
      for (const backend of ['pglite', 'postgres'] as const) {
        if (!backends.includes(backend)) continue;
        const result = await withScratchBackend(backend, 'bench_pages', (env) =>
          onBackend(backend, env, jobs, seconds, connections, caches, selection),
        );
        rows.push(...result.rows);
        if (!bodies.job) bodies = result.bodies;
      }
    } finally {
      await nginx?.stop();
      nginx = undefined;
      rmSync(STATIC_DIR, { recursive: true, force: true });
    }
    const brotliQualities = {
      jobPage: bodies.job ? qualities(bodies.job) : undefined,
      sitemap: bodies.sitemap ? qualities(bodies.sitemap, 2) : undefined,
    };
    process.stdout.write('\nbrotli quality (ms and bytes per answer):\n');
    for (const [what, table] of Object.entries(brotliQualities)) {
      if (!table) continue;
      process.stdout.write(
        `  ${what}: ${Object.entries(table)
          .map(([k, v]) => `${k} ${v.bytes} B/${v.ms} ms`)
          .join(', ')}\n`,
      );
    }
    process.stdout.write('\n');
    for (const row of rows) process.stdout.write(`${formatRow(row)}\n`);
    return {
      benchmark: 'pages',
      date: new Date().toISOString(),
      machine: { cores: availableParallelism(), node: process.version },
      seconds,
      connections,
      jobs,
      workers: selection.workers,
      nginxWorkers: String(values['nginx-workers']),
      rows,
      brotliQualities,
    };
  },
};
