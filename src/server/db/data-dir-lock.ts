/**
 * One writer per embedded database (decision 0069). PGlite is a single-user PostgreSQL: two
 * processes opening one data directory each keep their own buffers and write-ahead log over the
 * same files, and the directory is damaged for good (the server then stops at start with
 * "Aborted()"). So whoever opens DATA_DIR (the server, `npm run seed`, `import`, `worker`, a
 * backup or a restore) first takes its lock, and a second process is refused with who holds it
 * and what to do.
 *
 * The lock is proper-lockfile's: a directory made atomically (DATA_DIR/writer.lock) whose mtime
 * the holder refreshes, so a lock left by a machine that died goes stale. Beside it,
 * DATA_DIR/writer.json says who holds it (pid, host, command, port). On the same host the owner's
 * pid decides instead of the mtime: a holder whose process is gone (killed, crashed) does not
 * delay the next start by the stale time, and one that is alive keeps its lock even if its event
 * loop stalled past the stale time (a script running a long statement in its own thread).
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Who holds a data directory's lock (DATA_DIR/writer.json). */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** What runs: `npm run seed`, `node dist/start.mjs`... */
  command: string;
  /** 'server' for the portal itself, else a script. */
  role: 'server' | 'script';
  startedAt: string;
  /** The server's port once it listens. */
  port?: number;
}

export const LOCK_DIR = 'writer.lock';
export const OWNER_FILE = 'writer.json';
/** A holder on another host that stopped refreshing for this long has died. */
const STALE_MS = 30_000;

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    super(inUseMessage(dataDir, owner));
  }
}

/** What a refused process prints: who has the database open and what to do about it. */
function inUseMessage(dataDir: string, owner: LockOwner | null): string {
  const who = !owner
    ? 'another process'
    : owner.role === 'server'
      ? `the running server (pid ${owner.pid}${owner.port ? `, port ${owner.port}` : ''}, ` +
        `${owner.command}, since ${owner.startedAt})`
      : `${owner.command} (pid ${owner.pid}, since ${owner.startedAt})`;
  const stop = owner
    ? `Stop it first (Ctrl-C in its terminal, or kill ${owner.pid}${owner.hostname !== hostname() ? ` on ${owner.hostname}` : ''})`
    : 'Stop it first';
  return (
    `The embedded database in ${dataDir} is open in ${who}. Only one process may open it at a ` +
    `time: a second one would damage its files. ${stop}, then run this again. ` +
    (owner?.role === 'server'
      ? 'While it serves, `npm run backup -- FILE` works through it; the server runs the ' +
        'background work itself (WORKER_IN_PROCESS). '
      : '') +
    'To work beside a running server, use PostgreSQL (DATABASE_URL).'
  );
}

function commandLine(): string {
  const script = process.env.npm_lifecycle_event;
  if (script && script !== 'npx') return `npm run ${script}`;
  return ['node', ...process.argv.slice(1).map((arg) => path.relative(process.cwd(), arg) || arg)]
    .join(' ')
    .slice(0, 200);
}

export function readLockOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path.join(dataDir, OWNER_FILE), 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Whether a process still runs. A killed process whose parent died too stays a zombie until
 * the container's init reaps it, and some inits never do: signal 0 still reaches a zombie, so
 * on Linux its state in /proc decides.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // /proc/PID/stat: "pid (command) STATE ..."; the command may itself hold ") ".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    // No /proc (macOS) or it vanished between the two looks: the signal's answer stands.
    return existsSync('/proc') ? existsSync(`/proc/${pid}`) : true;
  }
}

/**
 * Whether a lock found on disk is left over on this host: its process is gone, is this very
 * process (a container restarted with the same pid), or the lock predates the last boot.
 */
function leftOver(dataDir: string, owner: LockOwner | null): boolean {
  if (!owner || owner.hostname !== hostname()) return false;
  if (owner.pid === process.pid || !processAlive(owner.pid)) return true;
  try {
    const touched = statSync(path.join(dataDir, LOCK_DIR)).mtimeMs;
    return touched < Date.now() - uptime() * 1000;
  } catch {
    return false;
  }
}

export interface DataDirLock {
  /** Records the server's port in the owner file (named in refusals). */
  describe(extra: Partial<Pick<LockOwner, 'port' | 'role'>>): void;
  release(): Promise<void>;
}

/**
 * Takes DATA_DIR's lock for this process, or throws DataDirInUseError naming the holder.
 * `onLost` runs if another process took the lock over (it judged this one dead): the caller
 * must stop writing at once.
 */
export async function lockDataDir(
  dataDir: string,
  options: { role?: LockOwner['role']; onLost?: (error: Error) => void } = {},
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_DIR);
  const found = readLockOwner(dataDir);
  // Alive on this host: refused whatever the mtime says (a stalled event loop is not death).
  const heldHere =
    found && found.hostname === hostname() && !leftOver(dataDir, found) && statOk(lockPath);
  if (heldHere) throw new DataDirInUseError(dataDir, found);
  if (leftOver(dataDir, found)) rmSync(lockPath, { recursive: true, force: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      onCompromised: (error) => {
        const lost = new Error(
          `The lock on ${dataDir} was taken over by another process: ${error.message}`,
        );
        if (options.onLost) options.onLost(lost);
        else throw lost;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirInUseError(dataDir, readLockOwner(dataDir));
    }
    throw error;
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    command: commandLine(),
    role: options.role ?? 'script',
    startedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  const write = () => writeFileSync(path.join(dataDir, OWNER_FILE), `${JSON.stringify(owner)}\n`);
  write();
  let released = false;
  return {
    describe(extra) {
      Object.assign(owner, extra);
      if (!released) write();
    },
    async release() {
      if (released) return;
      released = true;
      rmSync(path.join(dataDir, OWNER_FILE), { force: true });
      await release().catch(() => {});
    },
  };
}

function statOk(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}
