/**
 * `npm run bench -- cpu [--jobs 20000] [--requests 150] [--only seeker] [--statements 10]
 * [--port 4491] [--pg-port 5491] [--write-doc]` (after `npm run build`): what one request of each
 * route family costs in CPU, in the app and in PostgreSQL, answered from the page cache and
 * rendered, with its statements and PostgreSQL transactions, and its app CPU as a multiple of a
 * cached job page's in the same run (the machine is shared: compare ratios, not bare times). The
 * seeker's families (dashboard, profile, recommended, saved jobs, applications, results) are a
 * registered seeker with saved jobs and an application. `--only` keeps the families whose name
 * contains one of its comma-separated words (and the cached job page, the yardstick);
 * `--statements N` prints each family's N most frequent statements; `--port` and `--pg-port`
 * move the two servers (port, port + 1) and the cluster (port, port + 1). `--before DIR` also
 * runs another build (a checkout of an earlier commit with its own dist/, on port + 2) without
 * the page cache on the same database, and measures the seeker's families on it in the same run:
 * a before/after table measured side by side. The capacity plan
 * (docs/scaling.md) is computed from this table; `--write-doc` puts the new table there.
 *
 * A PostgreSQL cluster of its own (scripts/replica.sh, pg_stat_statements loaded) holds `--jobs`
 * demo jobs; two built servers run side by side on it, one with the page cache and one without
 * (PAGE_CACHE_MB=0), one process each, background work elsewhere. For each family the bench sends
 * the same requests to each and reads the CPU time (user + system, /proc) of the server's process
 * tree and of every PostgreSQL process of the cluster, and pg_stat_statements' execution time.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Benchmark } from './run';
import { startServer, stopServer } from './server';

const PAIR_DIR = path.join(tmpdir(), `jp-bench-cpu-${process.pid}`);
let PRIMARY_PORT = 5491;
let DB_URL = `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/postgres`;
const PORTS = { cached: 4491, rendered: 4492 };
const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux
/** The yardstick every family's app CPU is divided by. */
const YARDSTICK = 'job page';

function pair(command: string): void {
  execFileSync('scripts/replica.sh', [command, PAIR_DIR, String(PRIMARY_PORT)], {
    stdio: 'ignore',
  });
}

/** CPU ticks (user + system) of `root` and each of its descendants, by process id. */
function treeTicks(root: number): Map<number, number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state ppid … utime (12th) stime (13th), counted from state = 0.
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  const out = new Map<number, number>();
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    out.set(pid, stats.get(pid)?.ticks ?? 0);
    for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
  }
  return out;
}

/**
 * Ticks spent between two readings: per process, so one that ended meanwhile (an idle
 * connection closed) takes nothing away; its last ticks are lost, a slight undercount.
 */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of after) total += Math.max(0, ticks - (before.get(pid) ?? 0));
  return total;
}

function postmasterPid(): number {
  return Number(
    readFileSync(path.join(PAIR_DIR, 'primary', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
}

/** Restarts the primary with pg_stat_statements loaded. */
function loadStatements(): void {
  execFileSync('psql', [
    DB_URL,
    '-qc',
    "alter system set shared_preload_libraries = 'pg_stat_statements'",
  ]);
  const bin = readdirSync('/usr/lib/postgresql').sort().at(-1);
  const ctl = `/usr/lib/postgresql/${bin}/bin/pg_ctl`;
  const args = [
    '-D',
    path.join(PAIR_DIR, 'primary'),
    '-w',
    '-m',
    'fast',
    'restart',
    '-l',
    path.join(PAIR_DIR, 'primary.log'),
  ];
  if (process.getuid?.() === 0)
    execFileSync('runuser', ['-u', 'postgres', '--', ctl, ...args], { stdio: 'ignore' });
  else execFileSync(ctl, args, { stdio: 'ignore' });
  execFileSync('psql', [DB_URL, '-qc', 'create extension if not exists pg_stat_statements']);
}

interface Family {
  name: string;
  /** Paths to cycle through. */
  paths: string[];
  loggedIn?: boolean;
}

async function get(
  port: number,
  url: string,
  cookie?: string,
  retried = false,
): Promise<{ status: number; hit: boolean }> {
  try {
    // An unknown host (127.0.0.1) is served the India site.
    const answer = await fetch(`http://127.0.0.1:${port}${url}`, {
      headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
      redirect: 'manual',
    });
    await answer.arrayBuffer();
    return {
      status: answer.status,
      hit:
        /HIT|STALE/.test(answer.headers.get('x-astro-cache') ?? '') ||
        answer.headers.get('x-seeker-cache') === 'HIT',
    };
  } catch (error) {
    // A kept-alive connection the server closed just as it was reused: once more on a new one.
    if (!retried) return get(port, url, cookie, true);
    process.stderr.write(`${url}: ${(error as Error).message}\n`);
    return { status: 0, hit: false };
  }
}

async function families(port: number, cookie: string): Promise<Family[]> {
  // The visitor's parts of a shared page (account menu, cart, bell): one request each per view.
  const home = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie } })).text();
  const islands = [
    ...new Set(
      [...home.matchAll(/\/_server-islands\/[^"'\s<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&')),
    ),
  ];
  const locs = async (sitemap: string) => {
    const xml = await (await fetch(`http://127.0.0.1:${port}${sitemap}`)).text();
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => new URL(m[1]!).pathname)
      .filter((p) => p !== '/');
  };
  const words = [
    'developer',
    'sales',
    'accountant',
    'nurse',
    'teacher',
    'driver',
    'engineer',
    'manager',
    'designer',
    'analyst',
  ];
  const cities = ['', 'mumbai', 'delhi', 'bangalore', 'pune'];
  return [
    { name: 'home', paths: ['/', '/hi/'] },
    {
      name: 'results',
      paths: words.flatMap((q) => cities.map((l) => `/search/results?q=${q}${l ? `&l=${l}` : ''}`)),
    },
    { name: 'job page', paths: (await locs('/sitemaps/jobs-1.xml')).slice(0, 50) },
    { name: 'SEO landing', paths: (await locs('/sitemaps/seo.xml')).slice(0, 50) },
    {
      name: 'autosuggest',
      paths: ['jav', 'mar', 'sal', 'acc', 'des', 'eng', 'nur', 'tea'].map(
        (t) => `/api/raven/api/public/search/v1/auto-fill?text=${t}`,
      ),
    },
    {
      name: 'career advice',
      paths: (await locs('/sitemaps/career-advice.xml').catch(() => []))
        .slice(0, 10)
        .concat(['/career-advice']),
    },
    { name: 'login page', paths: ['/rio/login'] },
    // What a logged-in seeker sees most (issue 50): each page alone, as the seeker asks it.
    { name: 'dashboard (seeker)', paths: ['/seeker/dashboard'], loggedIn: true },
    { name: 'profile (seeker)', paths: ['/seeker/profile'], loggedIn: true },
    { name: 'recommended jobs (seeker)', paths: ['/seeker/recommended-jobs'], loggedIn: true },
    { name: 'saved jobs (seeker)', paths: ['/seeker/saved-jobs'], loggedIn: true },
    { name: 'applications (seeker)', paths: ['/seeker/applications'], loggedIn: true },
    {
      name: 'results (seeker)',
      paths: words.flatMap((q) =>
        cities.slice(0, 2).map((l) => `/search/results?q=${q}${l ? `&l=${l}` : ''}`),
      ),
      loggedIn: true,
    },
    { name: 'server islands (seeker)', paths: islands, loggedIn: true },
  ];
}

/** A form POST as the seeker's browser sends it (same origin, the session cookie). */
async function post(port: number, url: string, cookie: string, form: Record<string, string>) {
  const answer = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: `http://127.0.0.1:${port}`,
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
    },
    body: new URLSearchParams(form),
  });
  await answer.arrayBuffer();
  if (answer.status >= 400) throw new Error(`${url}: ${answer.status}`);
}

/** Three saved jobs and one application, so the seeker's lists have something to show. */
async function fillSeeker(port: number, cookie: string): Promise<void> {
  const xml = await (await fetch(`http://127.0.0.1:${port}/sitemaps/jobs-1.xml`)).text();
  const ids = [...xml.matchAll(/-(\d+)<\/loc>/g)].slice(0, 3).map((m) => m[1]!);
  for (const jobId of ids)
    await post(port, '/seeker/saved-jobs', cookie, {
      jobId,
      intent: 'save',
      returnUrl: '/seeker/saved-jobs',
    });
  if (ids[0])
    await post(port, '/seeker/apply', cookie, { jobIds: ids[0], returnUrl: '/seeker/dashboard' });
}

async function registerSeeker(port: number): Promise<string> {
  const stamp = `${Date.now()}`.slice(-7);
  const answer = await fetch(`http://127.0.0.1:${port}/seeker/registration`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: `http://127.0.0.1:${port}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      careerStage: 'fresher',
      name: 'Capacity Planner',
      email: `cpu.${stamp}@example.com`,
      password: `Pw${stamp}secret`,
      isdCode: '91',
      mobile: `96${stamp}0`.slice(0, 10),
    }),
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (answer.status !== 303) throw new Error(`registration failed: ${answer.status}`);
  return cookie;
}

interface Row {
  family: string;
  mode: 'cached' | 'rendered' | 'before';
  appCpuMs: number;
  pgCpuMs: number;
  pgExecMs: number;
  queries: number;
  /** PostgreSQL transactions (commits and rollbacks) per request. */
  transactions: number;
  /** App CPU as a multiple of a cached job page's in the same run. */
  vsCachedJobPage?: number;
  /** Share of the answers that came from the page cache. */
  cacheHitPercent: number;
  errors: number;
}

/** Transactions the app's database has counted; a backend reports its own within 10 s idle. */
async function transactions(db: pg.Client): Promise<number> {
  await new Promise((r) => setTimeout(r, 11_000));
  const { rows } = await db.query<{ n: string }>(
    "select xact_commit + xact_rollback as n from pg_stat_database where datname = 'postgres'",
  );
  return Number(rows[0]!.n);
}

async function measure(
  db: pg.Client,
  server: ChildProcess,
  port: number,
  family: Family,
  requests: number,
  cookie: string,
  top: number,
): Promise<Omit<Row, 'family' | 'mode'>> {
  const send = (i: number) =>
    get(port, family.paths[i % family.paths.length]!, family.loggedIn ? cookie : undefined);
  // Warm: every path once (fills the page cache where there is one); a seeker's twice, as the
  // first view of a session shows the profile dialogs, and a page that does is never kept.
  const warm = family.loggedIn ? 2 : 1;
  for (let i = 0; i < family.paths.length * warm; i++) await send(i);
  const xacts0 = await transactions(db);
  await db.query('select pg_stat_statements_reset()');
  const app0 = treeTicks(server.pid!);
  const pg0 = treeTicks(postmasterPid());
  let errors = 0;
  let hits = 0;
  const CONCURRENCY = 4;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        const { status, hit } = await send(next++);
        if (status >= 400 || status === 0) errors++;
        if (hit) hits++;
      }
    }),
  );
  const app1 = treeTicks(server.pid!);
  const pg1 = treeTicks(postmasterPid());
  const app = " where dbid = (select oid from pg_database where datname = 'postgres')";
  const { rows } = await db.query<{ ms: number; calls: string }>(
    `select coalesce(sum(total_exec_time), 0)::float8 as ms, coalesce(sum(calls), 0) as calls from pg_stat_statements${app}`,
  );
  const per = (v: number) => Math.round((v / requests) * 100) / 100;
  if (top > 0) {
    const { rows: frequent } = await db.query<{ calls: string; query: string }>(
      `select calls, query from pg_stat_statements${app} order by calls desc limit ${top}`,
    );
    for (const f of frequent)
      process.stdout.write(
        `  ${per(Number(f.calls))}/req  ${f.query.replace(/\s+/g, ' ').slice(0, 160)}\n`,
      );
  }
  const xacts = (await transactions(db)) - xacts0;
  return {
    appCpuMs: per(ticksBetween(app0, app1) / TICKS_PER_MS),
    pgCpuMs: per(ticksBetween(pg0, pg1) / TICKS_PER_MS),
    pgExecMs: per(rows[0]!.ms),
    queries: per(Number(rows[0]!.calls)),
    transactions: per(xacts),
    cacheHitPercent: Math.round((hits / requests) * 100),
    errors,
  };
}

function table(rows: Row[]): string {
  const lines = [
    '| route family | server | from the page cache | app CPU ms | × cached job page | PostgreSQL CPU ms | PostgreSQL exec ms | statements | transactions |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.family} | ${r.mode === 'cached' ? 'page cache on' : r.mode === 'before' ? 'before: PAGE_CACHE_MB=0' : 'PAGE_CACHE_MB=0'} | ${r.cacheHitPercent} % | ${r.appCpuMs} | ${r.vsCachedJobPage ?? ''} | ${r.pgCpuMs} | ${r.pgExecMs} | ${r.queries} | ${r.transactions} |`,
    );
  return lines.join('\n');
}

const option = (args: string[], name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};

export const cpuBenchmark: Benchmark = {
  name: 'cpu',
  async run(args) {
    if (!existsSync('dist/start.mjs')) throw new Error('Build first: npm run build');
    const jobs = option(args, 'jobs', 20_000);
    const requests = option(args, 'requests', 150);
    const top = args.includes('--statements') ? option(args, 'statements', 10) : 0;
    const only = args.includes('--only')
      ? (args[args.indexOf('--only') + 1] ?? '').split(',').filter(Boolean)
      : null;
    PORTS.cached = option(args, 'port', PORTS.cached);
    PORTS.rendered = PORTS.cached + 1;
    PRIMARY_PORT = option(args, 'pg-port', PRIMARY_PORT);
    DB_URL = `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/postgres`;
    pair('start');
    const servers: ChildProcess[] = [];
    const db = new pg.Client({ connectionString: DB_URL.replace(/\/postgres$/, '/bench_stats') });
    try {
      loadStatements();
      const env = {
        DATABASE_URL: DB_URL,
        WORKERS: '1',
        WORKER_IN_PROCESS: 'false',
        DATA_DIR: PAIR_DIR,
      };
      const cached = await startServer(PORTS.cached, env);
      servers.push(cached);
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/seed.ts', '--jobs', String(jobs)],
        { env: { ...process.env, ...env }, stdio: 'ignore' },
      );
      execFileSync('psql', [DB_URL, '-qc', 'vacuum analyze']);
      const rendered = await startServer(PORTS.rendered, { ...env, PAGE_CACHE_MB: '0' });
      servers.push(rendered);
      const beforeDir = args.includes('--before') ? args[args.indexOf('--before') + 1] : undefined;
      const before = beforeDir
        ? await startServer(PORTS.rendered + 1, { ...env, PAGE_CACHE_MB: '0' }, beforeDir)
        : undefined;
      if (before) servers.push(before);
      // The bench's own statements and transactions in a database of their own, not counted.
      execFileSync('psql', [DB_URL, '-qc', 'create database bench_stats']);
      await db.connect();
      await db.query('create extension if not exists pg_stat_statements');
      const cookie = await registerSeeker(PORTS.cached);
      await fillSeeker(PORTS.cached, cookie);
      const rows: Row[] = [];
      for (const family of await families(PORTS.cached, cookie)) {
        if (family.paths.length === 0) continue;
        if (only && family.name !== YARDSTICK && !only.some((w) => family.name.includes(w)))
          continue;
        const modes: (readonly ['cached' | 'rendered' | 'before', ChildProcess, number])[] = [
          ['cached', cached, PORTS.cached],
          ['rendered', rendered, PORTS.rendered],
        ];
        if (before && family.loggedIn) modes.push(['before', before, PORTS.rendered + 1]);
        for (const [mode, server, port] of modes) {
          process.stdout.write(`${family.name} (${mode}):\n`);
          const figures = await measure(db, server, port, family, requests, cookie, top);
          rows.push({ family: family.name, mode, ...figures });
          process.stdout.write(`  ${JSON.stringify(figures)}\n`);
        }
      }
      const yardstick = rows.find((r) => r.family === YARDSTICK && r.mode === 'cached');
      if (yardstick && yardstick.appCpuMs > 0)
        for (const r of rows)
          r.vsCachedJobPage = Math.round((r.appCpuMs / yardstick.appCpuMs) * 10) / 10;
      const markdown = table(rows);
      process.stdout.write(`\n${markdown}\n`);
      if (args.includes('--write-doc')) {
        const doc = 'docs/scaling.md';
        const text = readFileSync(doc, 'utf8');
        const updated = text.replace(
          /(<!-- cpu-table -->)[\s\S]*?(<!-- \/cpu-table -->)/,
          `$1\n${markdown}\n$2`,
        );
        if (updated === text && !text.includes(markdown))
          throw new Error(`${doc} has no <!-- cpu-table --> markers`);
        writeFileSync(doc, updated);
      }
      return { jobs, requests, rows };
    } finally {
      await db.end().catch(() => {});
      for (const s of servers) await stopServer(s);
      pair('stop');
    }
  },
};
