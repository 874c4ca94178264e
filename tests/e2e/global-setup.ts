/**
 * Starts the built portal once for the e2e suite: a free port, a fresh embedded database with a
 * small set of demo jobs. Tests reach sites as <context>.localhost:<port>.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    /** The server's DATA_DIR: tests read the mail and SMS outbox (DATA_DIR/outbox) from it. */
    dataDir: string;
    /** The server's log (stdout and stderr), appended as it runs. */
    logFile: string;
  }
}

/** The employer system's token for api/internal/profile-events (profile views, application viewed). */
export const PROFILE_EVENTS_TOKEN = 'e2e-profile-events-token-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(
  port: number,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The portal exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The portal did not become healthy in time:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  let log = '';
  const child = spawn('npm', ['run', 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_JOBS: '400',
      DATABASE_URL: '',
      // As behind a TLS-terminating proxy: X-Forwarded-Proto and X-Forwarded-For count.
      TRUST_PROXY: 'true',
      PROFILE_EVENTS_TOKEN,
      // Tests fire requests at once on a busy machine: they wait their turn rather than being
      // shed (the admission queue's shedding is tests/unit/admission.test.ts's).
      ADMISSION_WAIT_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const logFile = join(tmpdir(), `${basename(dataDir)}.log`);
  const keep = (d: Buffer) => {
    log += d;
    appendFileSync(logFile, d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForHealth(port, child, () => log);
  project.provide('port', port);
  project.provide('dataDir', dataDir);
  project.provide('logFile', logFile);

  return async () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  };
}
