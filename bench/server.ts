/**
 * The built server (dist/start.mjs) for a benchmark: started on a port of the benchmark's own
 * with extra environment (and from another built checkout: `cwd`, or BENCH_APP_DIR), ready when
 * /readyz answers, stopped with SIGTERM (as an operator would).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export async function startServer(
  port: number,
  env: Record<string, string>,
  // Another build (of an earlier commit, to compare): its directory, with its own dist/.
  cwd = process.env.BENCH_APP_DIR || process.cwd(),
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/start.mjs'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (ready?.ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not get ready');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Runs `fn` with the environment of a fresh, empty database of the backend: a PGlite data
 * directory, or a PostgreSQL database `<name>_<pid>` on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) with one server process. Removed afterwards.
 */
export async function withScratchBackend<T>(
  backend: 'pglite' | 'postgres',
  name: string,
  fn: (env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `jp-${name}-`));
  try {
    if (backend === 'pglite') return await fn({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const url = new URL(
      process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    );
    const database = `${name.replace(/\W/g, '_')}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${database}`);
      await admin.query(`create database ${database}`);
      url.pathname = `/${database}`;
      return await fn({ DATABASE_URL: url.href, DATA_DIR: dataDir, WORKERS: '1' });
    } finally {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
