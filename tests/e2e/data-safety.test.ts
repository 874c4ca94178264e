/**
 * The embedded database beside a serving portal (decisions 0069, 0070): the scripts that would
 * open its data directory are refused, naming the server, while seekers register; a backup taken
 * through the server while they register restores into an empty folder as a working portal with
 * every registration acknowledged before it; a restore never overwrites.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  account,
  json,
  send,
  startPortal,
  stopAllPortals,
  stopPortal,
  type Portal,
} from './portal';

afterEach(stopAllPortals);

const LOGIN = '/api/rio/api/public/anonymous-users/v1/login';

interface Run {
  code: number | null;
  output: string;
}

/** An npm script's command, as `npm run NAME -- ARGS` runs it, with DATA_DIR set. */
function runScript(script: string, args: string[], dataDir: string): Promise<Run> {
  const entries: Record<string, string[]> = {
    seed: ['--import', 'tsx', 'scripts/seed.ts'],
    import: ['--import', 'tsx', 'scripts/import-jobs.ts'],
    backup: ['--import', 'tsx', 'scripts/backup.ts'],
    restore: ['--import', 'tsx', 'scripts/restore.ts'],
    worker: ['dist/worker.mjs'],
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entries[script]!, ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, npm_lifecycle_event: script },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Registers seekers one after another (each from an address of its own, through a trusted proxy,
 * so the per-address limit stays out of the way) until stopped or `most` of them;
 * `acked` holds those answered 303.
 */
function keepRegistering(portal: Portal, tag: string, most = 15) {
  const acked: ReturnType<typeof account>[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped && i < most; i++) {
      const seeker = account(`${tag}${i}`);
      seeker.email = seeker.email.replace('@', `.${i}@`);
      seeker.mobile = `9${String(Date.now() + i).slice(-9)}`;
      const answer = await send(portal, 'POST', '/seeker/registration', {
        body: new URLSearchParams({
          careerStage: 'fresher',
          name: seeker.name,
          email: seeker.email,
          password: seeker.password,
          isdCode: '91',
          mobile: seeker.mobile,
        }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
      });
      expect(answer.status, answer.body.slice(0, 300)).toBe(303);
      acked.push(seeker);
    }
  })();
  return {
    acked,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

async function expectLogsIn(portal: Portal, seekers: ReturnType<typeof account>[]) {
  for (const seeker of seekers) {
    const answer = await send(
      portal,
      'POST',
      LOGIN,
      json({ email: seeker.email, password: seeker.password }),
    );
    expect(answer.status, `${seeker.email}: ${answer.body.slice(0, 200)}`).toBe(200);
  }
}

describe('the embedded database beside a serving portal', { timeout: 240_000 }, () => {
  it('refuses the scripts, backs up under writes, restarts and restores with nothing lost', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-one-writer-'));
    const restored = mkdtempSync(path.join(tmpdir(), 'portal-restored-'));
    const work = mkdtempSync(path.join(tmpdir(), 'one-writer-files-'));
    const env = { DEMO_JOBS: '0', TRUST_PROXY: 'loopback' };
    try {
      const portal = await startPortal({ ...env, DATA_DIR: dataDir, DEMO_JOBS: '30' });
      const writes = keepRegistering(portal, 'w');
      while (writes.acked.length < 2) await new Promise((r) => setTimeout(r, 100));

      // Seekers keep registering while every script that would open the database runs.
      const jobs = path.join(work, 'jobs.jsonl');
      writeFileSync(jobs, `${JSON.stringify({ '@type': 'JobPosting', title: 'Tester' })}\n`);
      const before = writes.acked.length;
      const file = path.join(work, 'portal.tar.gz');
      const [seed, imported, worker, backup] = await Promise.all([
        runScript('seed', ['--jobs', '5'], dataDir),
        runScript('import', [jobs], dataDir),
        runScript('worker', ['--once'], dataDir),
        runScript('backup', [file], dataDir),
      ]);
      await writes.stop();
      for (const run of [seed, imported, worker]) {
        expect(run.code, run.output).toBe(1);
        expect(run.output).toContain(
          `is open in the running server (pid ${portal.child.pid}, port ${portal.port}`,
        );
        expect(run.output).toMatch(/Stop it first .*then run this again/);
      }
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/through the running server/);

      // Every registration acknowledged logs in after a restart.
      await stopPortal(portal);
      const again = await startPortal({ ...env, DATA_DIR: dataDir });
      await expectLogsIn(again, writes.acked);
      await stopPortal(again);

      // A restore into a folder that holds something is refused, and nothing in it is touched.
      writeFileSync(path.join(work, 'keep.txt'), 'mine');
      const refused = await runScript('restore', [file], work);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/is not empty \(.*keep\.txt.*\)\. A restore never overwrites/);

      rmSync(restored, { recursive: true });
      const restore = await runScript('restore', [file], restored);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Restored .* 30 jobs/);
      // A working portal with every registration acknowledged before the backup began.
      const copy = await startPortal({ ...env, DATA_DIR: restored });
      await expectLogsIn(copy, writes.acked.slice(0, before));
      expect((await send(copy, 'GET', '/')).status).toBe(200);
      expect((await send(copy, 'GET', '/search/results')).status).toBe(200);
    } finally {
      for (const dir of [dataDir, restored, work]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
