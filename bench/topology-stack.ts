/**
 * The production topology on one machine, for `npm run bench -- topology`, from Debian's packages
 * and the built server:
 *
 *   load ─▶ Varnish (deploy/varnish.vcl, xkey) ─▶ haproxy (deploy/haproxy.cfg)
 *        ─▶ two app servers (dist/start.mjs, WORKERS processes each)
 *        ─▶ PgBouncer (transaction mode) ─▶ PostgreSQL primary + streaming replica (scripts/replica.sh)
 *   one background worker (dist/worker.mjs): the queue, and PURGEs to Varnish by the pages' tags.
 *
 * Everything runs under a scratch directory and on ports of its own; `stop()` removes it all.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PORTS = {
  primary: 5461,
  replica: 5462,
  pgbouncer: 6461,
  apps: [4461, 4462],
  haproxy: 8461,
  varnish: 8462,
} as const;

const DIR = path.join(tmpdir(), `jp-topology-${process.pid}`);
const PAIR_DIR = path.join(DIR, 'pg');
const REPLICA_SCRIPT = path.resolve('scripts/replica.sh');

const PACKAGES: Record<string, string> = {
  haproxy: 'haproxy',
  pgbouncer: 'pgbouncer',
  varnishd: 'varnish',
  '/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so': 'varnish-modules',
};

function has(command: string): boolean {
  if (command.startsWith('/')) return existsSync(command);
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Installs what is missing from Debian's packages (as root), or says what to install. */
export function ensurePackages(): void {
  const missing = [
    ...new Set(
      Object.entries(PACKAGES)
        .filter(([c]) => !has(c))
        .map(([, p]) => p),
    ),
  ];
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Install first: sudo apt-get install -y ${missing.join(' ')}`);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const pgUrl = (port: number, db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`;

export const URLS = {
  direct: pgUrl(PORTS.primary),
  pooledPrimary: pgUrl(PORTS.pgbouncer, 'primary'),
  pooledReplica: pgUrl(PORTS.pgbouncer, 'replica'),
  pgbouncerAdmin: pgUrl(PORTS.pgbouncer, 'pgbouncer'),
  varnish: `http://127.0.0.1:${PORTS.varnish}`,
};

function pair(command: string): void {
  execFileSync(REPLICA_SCRIPT, [command, PAIR_DIR, String(PORTS.primary)], { stdio: 'ignore' });
}

/** Runs a daemon in a process group of its own, so a kill takes every process it started. */
function daemon(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  child.unref();
  return child;
}

function killGroup(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function waitFor(what: string, ok: () => Promise<boolean>, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not get ready in ${seconds} s`);
}

const ready = (url: string) => async () => (await fetch(url)).ok;

export interface Stack {
  /** Environment of every app process (and the worker). */
  appEnv: Record<string, string>;
  killApp(index: number): void;
  startApp(index: number): Promise<void>;
  stopReplica(): void;
  startReplica(): void;
  stop(): void;
}

function pgbouncerConfig(): string {
  const conf = path.join(DIR, 'pgbouncer.ini');
  writeFileSync(
    conf,
    [
      '[databases]',
      `primary = host=127.0.0.1 port=${PORTS.primary} dbname=postgres`,
      `replica = host=127.0.0.1 port=${PORTS.replica} dbname=postgres`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${PORTS.pgbouncer}`,
      `unix_socket_dir =`,
      'auth_type = trust',
      `auth_file = ${path.join(DIR, 'users.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 20',
      // Server connections kept through idle time: a new one's first search costs 30-50 ms more.
      'min_pool_size = 4',
      // A replica that is down is found out fast, so reads fall back to the primary.
      'server_connect_timeout = 2',
      'server_login_retry = 1',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(DIR, 'pgbouncer.log')}`,
      `pidfile = ${path.join(DIR, 'pgbouncer.pid')}`,
    ].join('\n') + '\n',
  );
  writeFileSync(path.join(DIR, 'users.txt'), '"postgres" ""\n');
  return conf;
}

/** deploy/haproxy.cfg as shipped, with this machine's addresses in place of the example ones. */
function haproxyConfig(): string {
  const shipped = readFileSync('deploy/haproxy.cfg', 'utf8');
  const servers = PORTS.apps.map((port, i) => `    server app${i + 1} 127.0.0.1:${port}`);
  const cfg = shipped
    .replace(/^\s*bind :80\s*$/m, `    bind 127.0.0.1:${PORTS.haproxy}`)
    .replace(/^(\s*server app\d .*\n?)+/m, `${servers.join('\n')}\n`)
    .replace(/^\s*log stdout .*$/m, '    # log off in the benchmark')
    // 20,000 connections need 40,000 descriptors; this machine's limit is lower.
    .replace(/^(\s*)maxconn 20000$/m, '$1maxconn 4000');
  const file = path.join(DIR, 'haproxy.cfg');
  writeFileSync(file, cfg);
  return file;
}

/** deploy/varnish.vcl as shipped, pointed at this haproxy. */
function varnishConfig(): string {
  const vcl = readFileSync('deploy/varnish.vcl', 'utf8').replace(
    /\.port = "8080";/,
    `.port = "${PORTS.haproxy}";`,
  );
  const file = path.join(DIR, 'varnish.vcl');
  writeFileSync(file, vcl);
  return file;
}

export async function startStack(workers: number): Promise<Stack> {
  const started: (ChildProcess | undefined)[] = [];
  try {
    return await startAll(workers, started);
  } catch (error) {
    stopAll(started);
    throw error;
  }
}

function stopAll(children: (ChildProcess | undefined)[]): void {
  for (const child of children) killGroup(child, 'SIGKILL');
  try {
    pair('stop');
  } catch {
    // already stopped
  }
  rmSync(DIR, { recursive: true, force: true });
}

async function startAll(workers: number, started: (ChildProcess | undefined)[]): Promise<Stack> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  chmodSync(DIR, 0o777);
  pair('start');
  const bouncer = daemon('runuser', ['-u', 'postgres', '--', 'pgbouncer', '-q', pgbouncerConfig()]);
  started.push(bouncer);
  await waitFor('PgBouncer', async () => {
    execFileSync('psql', [URLS.pooledPrimary, '-Atc', 'select 1'], { stdio: 'ignore' });
    return true;
  });

  const appEnv: Record<string, string> = {
    DATABASE_URL: URLS.pooledPrimary,
    DATABASE_REPLICA_URL: URLS.pooledReplica,
    DATABASE_DIRECT_URL: URLS.direct,
    WORKERS: String(workers),
    WORKER_IN_PROCESS: 'false',
    CDN_TAG_HEADER: 'xkey',
    TRUST_PROXY: 'loopback',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(DIR, 'data'),
  };
  const apps: (ChildProcess | undefined)[] = [];
  const startApp = async (i: number) => {
    const port = PORTS.apps[i]!;
    apps[i] = daemon(process.execPath, ['dist/start.mjs'], { ...appEnv, PORT: String(port) });
    started.push(apps[i]);
    await waitFor(`app server ${i + 1}`, ready(`http://127.0.0.1:${port}/readyz`));
  };
  // The first migrates (under its lock, on the direct connection); the second finds it done.
  await startApp(0);
  await startApp(1);
  const worker = daemon(process.execPath, ['dist/worker.mjs'], {
    ...appEnv,
    CDN_PURGE_URLS: `${URLS.varnish}/`,
  });
  started.push(worker);
  const haproxy = daemon('haproxy', ['-f', haproxyConfig()]);
  started.push(haproxy);
  await waitFor('haproxy', ready(`http://127.0.0.1:${PORTS.haproxy}/readyz`));
  const varnishDir = path.join(DIR, 'varnish');
  const varnish = daemon('varnishd', [
    '-F',
    '-n',
    varnishDir,
    '-a',
    `127.0.0.1:${PORTS.varnish}`,
    '-f',
    varnishConfig(),
    '-s',
    'malloc,256m',
  ]);
  started.push(varnish);
  await waitFor('Varnish', ready(`${URLS.varnish}/readyz`));

  return {
    appEnv,
    killApp: (i) => killGroup(apps[i], 'SIGKILL'),
    startApp,
    stopReplica: () => pair('stop-replica'),
    startReplica: () => pair('start-replica'),
    stop: () => stopAll(started),
  };
}

/** Varnish's own counters (varnishstat -j), by name without the MAIN. prefix. */
export function varnishCounters(): Record<string, number> {
  const json = execFileSync('varnishstat', ['-n', path.join(DIR, 'varnish'), '-j'], {
    encoding: 'utf8',
  });
  const parsed = JSON.parse(json) as { counters?: Record<string, { value: number }> };
  const counters = parsed.counters ?? (parsed as unknown as Record<string, { value: number }>);
  const out: Record<string, number> = {};
  for (const [name, c] of Object.entries(counters))
    if (name.startsWith('MAIN.') && typeof c?.value === 'number') out[name.slice(5)] = c.value;
  return out;
}

/** Queries PgBouncer served per database (SHOW STATS). */
export function pgbouncerQueries(): Record<string, number> {
  const rows = execFileSync('psql', [URLS.pgbouncerAdmin, '-Atc', 'SHOW STATS'], {
    encoding: 'utf8',
  });
  const out: Record<string, number> = {};
  for (const line of rows.trim().split('\n')) {
    // database | total_xact_count | total_query_count | …
    const [db, , totalQueries] = line.split('|');
    if (db) out[db] = Number(totalQueries);
  }
  return out;
}
