/**
 * The database connection: embedded PGlite in DATA_DIR by default, a PostgreSQL server (node-postgres
 * Pool) when DATABASE_URL is set. Both are the same Drizzle `Db` type and run the same queries.
 * PGlite runs in this thread, or (the built server, decision 0035) in a worker thread reached
 * through node-postgres like PostgreSQL, so a slow query does not hold up this thread.
 *
 *   const db = await getDb();          // the process-wide database, migrated on first open
 *   await closeDb();                   // at shutdown (PGlite keeps the process alive otherwise)
 *   const h = await createDb({ dataDir: 'memory' });  // a private one for tests and scripts
 *   runPgliteInWorker(new URL('./pglite-worker.mjs', import.meta.url));  // before getDb()
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { config } from '~/server/config';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema';

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction. */
export type Queryable = Db | Tx;

export type DbDriver = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  driver: DbDriver;
  /** Where PGlite runs, when driver is 'pglite': this thread, or a worker thread (decision 0035). */
  embedded?: 'this-thread' | 'worker-thread';
  /** The PGlite instance (for dumpDataDir in tests), when PGlite runs in this thread. */
  pglite?: PGlite;
  /**
   * The pg Pool: PostgreSQL's, or (PGlite in a worker thread) one connection to the worker.
   */
  pool?: pg.Pool;
  /** PGlite in a worker thread: a copy of the data directory as of a commit (backups). */
  snapshot?(target: string, skip: string[]): Promise<void>;
  /** PGlite (either thread): calls `onPayload` for each NOTIFY on `channel`. */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** The read replica's pool, when DATABASE_REPLICA_URL is set (process-wide handle only). */
  replicaPool?: pg.Pool;
  /** Reads that may lag: the replica, falling back to the primary (see ReplicaPool). */
  readDb?: Db;
  /** PGlite on disk: this process's lock on the data directory (data-dir-lock.ts). */
  dataDirLock?: DataDirLock;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres:// URL; when set, dataDir is ignored. */
  url?: string;
  /** PGlite data directory (created if missing), or 'memory' for a throw-away database. */
  dataDir?: string;
  /** PGlite: start from a dumpDataDir() tarball instead of an empty cluster (tests). */
  loadDataDir?: Blob | File;
  /** Apply pending migrations after opening (default true). */
  migrate?: boolean;
  /** Default: <cwd>/drizzle. */
  migrationsFolder?: string;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
  /** How long a connection beyond POOL_KEPT may sit idle before it closes (default 30 s). */
  poolIdleTimeoutMs?: number;
  /**
   * Where migrations run under their advisory lock, which needs a session of its own: a direct
   * address when `url` is a transaction-mode pooler. Default `url`.
   */
  migrationUrl?: string;
  /** A streaming replica of `url` for getReadDb(); ignored without `url`. */
  replicaUrl?: string;
  /**
   * PGlite: run it in a worker thread started from this module (the built server's
   * dist/pglite-worker.mjs, or src/server/db/pglite-worker.ts) instead of this thread.
   */
  pgliteWorker?: URL;
  /** PGlite's shared_buffers in MB (default PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number;
  /**
   * PGlite on disk: what to do if another process took the data directory's lock over (it judged
   * this one dead). Default: throw, which ends a script.
   */
  onLockLost?: (error: Error) => void;
}

/**
 * PGlite's start parameters: its defaults without -F (fsync off), so commits are durable, the
 * shared buffers asked for, and write-ahead log segments deleted when done with rather than
 * renamed for reuse with their old bytes (an erased seeker leaves no trace: decision 0071).
 */
export function durableStartParams(
  sharedBuffersMb: number = config.PGLITE_SHARED_BUFFERS_MB,
): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  const ours = [
    '-c',
    'fsync=on',
    '-c',
    'wal_recycle=off',
    '-c',
    `shared_buffers=${Math.round(sharedBuffersMb)}MB`,
  ];
  if (!defaults) return ['--single', ...ours];
  return [...defaults.filter((p) => p !== '-F'), ...ours];
}

/** Key of pg_advisory_lock that serialises migrations between app servers sharing one database. */
const MIGRATION_LOCK = 7_245_031;

/**
 * Connections a pool keeps however long they sit idle. A new PostgreSQL connection costs about
 * 20 ms to open, and its first search 30-50 ms more than the next one (the backend maps the
 * shared buffers it reads and fills its catalog caches): a site that rests for longer than the
 * idle timeout would otherwise pay that on the next visitor's search (decision 0065). Two
 * searches at once need four (each reads its facets' union beside its own candidates).
 */
export const POOL_KEPT = 4;

function openPool(
  url: string,
  { size = 10, connectTimeoutMs = 5_000, idleTimeoutMs = 30_000 } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    // Connections beyond these, opened for a burst, close after idleTimeoutMs.
    min: Math.min(POOL_KEPT, size),
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: idleTimeoutMs,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
  return pool;
}

/** Errors that say the replica cannot answer now (down, restarting, recovery conflict). */
function replicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].includes(code))
      return true;
    if (code.startsWith('08') || code.startsWith('57P') || code === '40001') return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /connection terminated|timeout exceeded when trying to connect|connection refused/i.test(
    message,
  );
}

/** How long reads skip a replica that failed before it is tried again. */
const REPLICA_RETRY_MS = 5_000;

/**
 * What Drizzle sees as the replica's pool: queries go to the replica, and when it cannot answer,
 * to the primary (and keep going there for REPLICA_RETRY_MS), so a replica outage costs no error
 * page. Transactions (connect) always run on the primary.
 */
class ReplicaPool {
  private downUntil = 0;
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
  ) {}

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const run = (pool: pg.Pool) =>
      (pool.query as (c: unknown, v?: unknown) => Promise<unknown>).call(pool, config, values);
    if (Date.now() < this.downUntil) return run(this.primary);
    try {
      return await run(this.replica);
    } catch (error) {
      if (!replicaUnavailable(error)) throw error;
      if (Date.now() >= this.downUntil) {
        console.warn(
          '[db] read replica unavailable, reading from the primary:',
          (error as Error).message,
        );
      }
      this.downUntil = Date.now() + REPLICA_RETRY_MS;
      return run(this.primary);
    }
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }
}

/**
 * Applies pending migrations on one session holding the migration lock, so app servers starting
 * together migrate once. Given an address (past a pooler), a connection of its own is opened.
 */
async function migrateUnderLock(target: pg.Pool | string, migrationsFolder: string): Promise<void> {
  const own = typeof target === 'string' ? new pg.Client({ connectionString: target }) : null;
  if (own) await own.connect();
  const client = own ?? (await (target as pg.Pool).connect());
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    if (own) await own.end().catch(() => {});
    else (client as pg.PoolClient).release();
  }
}

/** Opens a database and (by default) brings its schema up to date. */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve(process.cwd(), 'drizzle');
  const shouldMigrate = options.migrate ?? true;

  if (options.url) {
    const sizing = { size: options.poolSize, idleTimeoutMs: options.poolIdleTimeoutMs };
    const pool = openPool(options.url, sizing);
    const replicaPool = options.replicaUrl
      ? openPool(options.replicaUrl, { ...sizing, connectTimeoutMs: 2_000 })
      : undefined;
    const handle: DbHandle = {
      db: drizzleNodePg({ client: pool, schema }),
      driver: 'postgres',
      pool,
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
    };
    if (replicaPool) {
      handle.replicaPool = replicaPool;
      handle.readDb = drizzleNodePg({
        client: new ReplicaPool(replicaPool, pool) as unknown as pg.Pool,
        schema,
      });
    }
    if (shouldMigrate) {
      try {
        await migrateUnderLock(
          options.migrationUrl && options.migrationUrl !== options.url
            ? options.migrationUrl
            : pool,
          migrationsFolder,
        );
      } catch (err) {
        await handle.close().catch(() => {});
        throw err;
      }
    }
    return handle;
  }

  const inMemory = options.dataDir === 'memory';
  const dataDir = path.resolve(options.dataDir ?? config.DATA_DIR);
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process per data directory: a second opener is refused before it touches a file.
  const dataDirLock = inMemory
    ? undefined
    : await lockDataDir(dataDir, options.onLockLost ? { onLost: options.onLockLost } : {});
  try {
    const handle = await openPglite(
      options,
      inMemory ? null : dataDir,
      shouldMigrate,
      migrationsFolder,
    );
    if (!dataDirLock) return handle;
    const close = handle.close;
    return {
      ...handle,
      dataDirLock,
      close: async () => {
        try {
          await close();
        } finally {
          await dataDirLock.release();
        }
      },
    };
  } catch (error) {
    await dataDirLock?.release();
    throw error;
  }
}

/** PGlite on `dataDir` (null: in memory), in this thread or a worker thread. */
async function openPglite(
  options: CreateDbOptions,
  dataDir: string | null,
  shouldMigrate: boolean,
  migrationsFolder: string,
): Promise<DbHandle> {
  if (options.pgliteWorker) {
    if (options.loadDataDir) throw new Error('loadDataDir needs PGlite in this thread');
    const thread = await openPgliteThread(
      options.pgliteWorker,
      dataDir,
      durableStartParams(options.pgliteSharedBuffersMb),
    );
    const db = drizzleNodePg({ client: thread.pool, schema });
    try {
      if (shouldMigrate) await migrateNodePg(db, { migrationsFolder });
    } catch (err) {
      await thread.close().catch(() => {});
      throw err;
    }
    return {
      db,
      driver: 'pglite',
      embedded: 'worker-thread',
      pool: thread.pool,
      listen: thread.listen,
      snapshot: thread.snapshot,
      close: thread.close,
    };
  }
  const client = await PGlite.create({
    dataDir: dataDir ?? undefined,
    extensions: { pg_trgm },
    startParams: durableStartParams(options.pgliteSharedBuffersMb),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  try {
    if (shouldMigrate) await migratePglite(db, { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
  return {
    db,
    driver: 'pglite',
    embedded: 'this-thread',
    pglite: client,
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

// The process-wide database. Kept on globalThis, not in a module variable, so that two bundled
// copies of this module (Astro's server bundle and a script importing src/ directly) share one
// PGlite: opening the same data directory twice corrupts it.
const GLOBAL_KEY = Symbol.for('jobportal.db');
const OPEN_KEY = Symbol.for('jobportal.db.open');
const WORKER_KEY = Symbol.for('jobportal.db.pgliteWorker');
type GlobalWithDb = typeof globalThis & {
  [GLOBAL_KEY]?: Promise<DbHandle>;
  [OPEN_KEY]?: DbHandle;
  [WORKER_KEY]?: URL;
};
const globalRef = globalThis as GlobalWithDb;

/**
 * The process-wide database, when it is PGlite (no DATABASE_URL), runs in a worker thread started
 * from `workerUrl` (the built server: decision 0035). Call before the first getDb().
 */
export function runPgliteInWorker(workerUrl: URL): void {
  globalRef[WORKER_KEY] = workerUrl;
}

/** The process-wide database handle, opened (and migrated) on first call. */
export function getDbHandle(): Promise<DbHandle> {
  let pending = globalRef[GLOBAL_KEY];
  if (!pending) {
    pending = createDb(
      config.DATABASE_URL
        ? {
            url: config.DATABASE_URL,
            poolSize: config.DATABASE_POOL_SIZE,
            ...(config.DATABASE_DIRECT_URL ? { migrationUrl: config.DATABASE_DIRECT_URL } : {}),
            ...(config.DATABASE_REPLICA_URL ? { replicaUrl: config.DATABASE_REPLICA_URL } : {}),
          }
        : {
            ...(globalRef[WORKER_KEY] ? { pgliteWorker: globalRef[WORKER_KEY] } : {}),
            // Another process writes to our files now: stop before damaging them further.
            onLockLost: (error) => {
              console.error(`[db] ${error.message}; stopping`);
              process.exit(1);
            },
          },
    );
    const opening = pending;
    pending.then(
      (handle) => {
        if (globalRef[GLOBAL_KEY] === opening) globalRef[OPEN_KEY] = handle;
      },
      () => {},
    );
    // A failed open (server down, bad URL) is not cached: the next call tries again.
    pending.catch(() => {
      if (globalRef[GLOBAL_KEY] === pending) delete globalRef[GLOBAL_KEY];
    });
    globalRef[GLOBAL_KEY] = pending;
  }
  return pending;
}

/** The process-wide handle if it is open now (metrics: never opens the database). */
export function peekDbHandle(): DbHandle | undefined {
  return globalRef[OPEN_KEY];
}

/** The process-wide Drizzle database. */
export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

// Whether this request's reads must see its own writes (set per request by the middleware).
const READ_PREFERENCE_KEY = Symbol.for('jobportal.db.readPreference');
const preference = ((globalThis as Record<symbol, unknown>)[READ_PREFERENCE_KEY] ??=
  new AsyncLocalStorage<'primary' | 'replica'>()) as AsyncLocalStorage<'primary' | 'replica'>;

/**
 * Runs `work` with its getReadDb() reads on the primary ('primary': the visitor has just changed
 * something and must see it) or on the replica when there is one ('replica').
 */
export function withReadPreference<T>(choice: 'primary' | 'replica', work: () => T): T {
  return preference.run(choice, work);
}

/**
 * The database for reads that may lag a write by a moment (search, SEO pages, sitemaps, job
 * pages, autosuggest): the read replica when DATABASE_REPLICA_URL is set and the request has not
 * just written (withReadPreference), the primary otherwise. Never for a read before a write.
 */
export async function getReadDb(): Promise<Db> {
  const handle = await getDbHandle();
  if (!handle.readDb || preference.getStore() === 'primary') return handle.db;
  return handle.readDb;
}

/** Closes the process-wide database (if open); the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const pending = globalRef[GLOBAL_KEY];
  if (!pending) return;
  delete globalRef[GLOBAL_KEY];
  delete globalRef[OPEN_KEY];
  const handle = await pending.catch(() => undefined);
  await handle?.close();
}

/** Which driver the process-wide database uses, without opening it. */
export function configuredDriver(): DbDriver {
  return config.DATABASE_URL ? 'postgres' : 'pglite';
}

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function queryRows<T extends Record<string, unknown>>(
  db: Queryable,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
