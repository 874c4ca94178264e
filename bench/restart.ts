/**
 * `npm run bench -- restart`: how long `npm start` takes to its first page, on the embedded
 * database with the demo data, as a new user meets it: a cold start (an empty DATA_DIR, so the
 * demo data is seeded; the build already there) and then restarts with nothing changed, the same
 * data kept, in one run. Each start is `npm start` in the checkout, the home page asked every
 * 50 ms from the moment it is spawned; the time is to the first 200. The server's own log says
 * where the time went (loading, database open, preparing). Stopped with SIGTERM between starts.
 *
 *   npm run bench -- restart [--restarts 5] [--port 4417] [--app DIR]
 *
 * `--app` (or BENCH_APP_DIR) measures another built checkout (e.g. a clone of an earlier commit,
 * to compare side by side). `npm run build` first (npm start would build otherwise, and say so).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Benchmark } from './run';

interface Start {
  kind: 'cold' | 'restart';
  firstPageMs: number;
  /** From the server's "database ready" line: since its process started. */
  readyMs?: number;
  loadedMs?: number;
  openMs?: number;
  prepareMs?: number;
  built: boolean;
}

/** The home page's status, or 0 when nothing answers yet. */
function home(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/',
        headers: { host: `rexmonster.localhost:${port}`, 'accept-encoding': 'identity' },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function oneStart(app: string, port: number, dataDir: string, kind: Start['kind']) {
  if ((await home(port)) !== 0) throw new Error(`port ${port} is taken by another server`);
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: app,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  let firstPageMs = -1;
  const deadline = started + 600_000;
  while (performance.now() < deadline && child.exitCode === null) {
    // An answer that was held until the server was ready counts when it arrives.
    if ((await home(port)) === 200) {
      firstPageMs = Math.round(performance.now() - started);
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  await exited;
  // npm exits before the server has drained: wait for the whole process group to be gone.
  while (groupAlive(child.pid!)) await new Promise((r) => setTimeout(r, 50));
  if (firstPageMs < 0) throw new Error(`no first page:\n${out.slice(-2000)}`);
  const ready = out
    .split('\n')
    .filter((l) => l.includes('"database ready"'))
    .map((l) => JSON.parse(l) as Record<string, number>)[0];
  return {
    kind,
    firstPageMs,
    built: /building/.test(out),
    ...(ready
      ? {
          readyMs: ready.sinceStartMs,
          loadedMs: ready.loadedMs,
          openMs: ready.openMs,
          prepareMs: ready.prepareMs,
        }
      : {}),
  } satisfies Start;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

export const restartBenchmark: Benchmark = {
  name: 'restart',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        restarts: { type: 'string', default: '5' },
        port: { type: 'string', default: '4417' },
        app: { type: 'string', default: process.env.BENCH_APP_DIR || process.cwd() },
      },
      strict: false,
    });
    // Several checkouts (comma-separated) are measured in turns, so the machine's load falls on
    // each alike.
    const apps = String(values.app)
      .split(',')
      .map((a) => path.resolve(a));
    const port = Number(values.port);
    const loadBefore = loadavg()[0]!;
    const runs = apps.map((app) => ({
      app,
      dataDir: mkdtempSync(path.join(tmpdir(), 'jp-restart-')),
      starts: [] as Start[],
    }));
    try {
      for (const r of runs) r.starts.push(await oneStart(r.app, port, r.dataDir, 'cold'));
      for (let i = 0; i < Number(values.restarts); i++) {
        for (const r of runs) r.starts.push(await oneStart(r.app, port, r.dataDir, 'restart'));
      }
    } finally {
      for (const r of runs) rmSync(r.dataDir, { recursive: true, force: true });
    }
    const load = [loadBefore, loadavg()[0]!].map((l) => l.toFixed(1));
    const figures = runs.map(({ app, starts }) => {
      process.stdout.write(`${app}\n`);
      for (const s of starts) {
        process.stdout.write(
          `  ${s.kind.padEnd(8)} first page ${String(s.firstPageMs).padStart(6)} ms` +
            (s.readyMs !== undefined
              ? ` (database ready at ${s.readyMs} ms: script ${s.loadedMs}, open ${s.openMs}, prepare ${s.prepareMs})`
              : '') +
            (s.built ? ' [built first]' : '') +
            '\n',
        );
      }
      const coldMs = starts[0]!.firstPageMs;
      const restartMedianMs = median(starts.slice(1).map((s) => s.firstPageMs));
      process.stdout.write(
        `  cold start ${coldMs} ms; restart median ${restartMedianMs} ms ` +
          `(cold/restart x${(coldMs / restartMedianMs).toFixed(1)})\n`,
      );
      return { app, coldMs, restartMedianMs, starts };
    });
    if (figures.length > 1) {
      const [first, ...others] = figures;
      for (const other of others) {
        process.stdout.write(
          `restart median ${path.basename(other.app)} / ${path.basename(first!.app)}: ` +
            `x${(other.restartMedianMs / first!.restartMedianMs).toFixed(2)}\n`,
        );
      }
    }
    process.stdout.write(`load average ${load.join(' -> ')}\n`);
    return { loadAverage: load, apps: figures };
  },
};
