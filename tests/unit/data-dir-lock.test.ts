import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataDirInUseError,
  LOCK_DIR,
  OWNER_FILE,
  lockDataDir,
  processAlive,
} from '../../src/server/db/data-dir-lock';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A process killed whose parent never reaps it, as under an init that does not reap. */
async function zombie(): Promise<number> {
  // The shell becomes `sleep 30`, which never waits for the short sleep it started.
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  cleanups.push(() => parent.kill('SIGKILL'));
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
  );
  await new Promise((r) => setTimeout(r, 300));
  return pid;
}

/** A data directory whose lock a given process left behind. */
function leftLock(pid: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, LOCK_DIR));
  const owner = {
    pid,
    hostname: hostname(),
    command: 'npm run serve',
    role: 'server',
    startedAt: new Date().toISOString(),
  };
  writeFileSync(path.join(dir, OWNER_FILE), JSON.stringify(owner));
  return dir;
}

describe.runIf(process.platform === 'linux')('the embedded database lock', () => {
  it('counts a killed server that is still a zombie as gone', async () => {
    const pid = await zombie();
    expect(processAlive(pid)).toBe(false);
    expect(processAlive(process.pid)).toBe(true);
  });

  it('lets the next start take over a lock a killed server left', async () => {
    const dir = leftLock(await zombie());
    const lock = await lockDataDir(dir, { role: 'server' });
    await lock.release();
  });

  it('still refuses a second process while the holder runs', async () => {
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    cleanups.push(() => holder.kill('SIGKILL'));
    const dir = leftLock(holder.pid!);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
  });
});
