/**
 * The database connection: embedded PGlite in DATA_DIR by default, a PostgreSQL server (node-postgres
 * Pool) when DATABASE_URL is set. Both are the same Drizzle `Db` type and run the same queries.
 *
 *   const db = await getDb();          // the process-wide database, migrated on first open
 *   await closeDb();                   // at shutdown (PGlite keeps the process alive otherwise)
 *   const h = await createDb({ dataDir: 'memory' });  // a private one for tests and scripts
 */
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
  /** The PGlite instance (for dumpDataDir in tests), when driver is 'pglite'. */
  pglite?: PGlite;
  /** The pg Pool, when driver is 'postgres'. */
  pool?: pg.Pool;
  /** The read replica's pool, when DATABASE_REPLICA_URL is set (process-wide handle only). */
  replicaPool?: pg.Pool;
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
}

/** PGlite's default start parameters include -F (fsync off); drop it so commits are durable. */
function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!defaults) return ['--single', '-c', 'fsync=on'];
  return [...defaults.filter((p) => p !== '-F'), '-c', 'fsync=on'];
}

/** Key of pg_advisory_lock that serialises migrations between app servers sharing one database. */
const MIGRATION_LOCK = 7_245_031;

/** Opens a database and (by default) brings its schema up to date. */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve(process.cwd(), 'drizzle');
  const shouldMigrate = options.migrate ?? true;

  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (server restart) must not crash the process.
    pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
    const handle: DbHandle = {
      db: drizzleNodePg({ client: pool, schema }),
      driver: 'postgres',
      pool,
      close: () => pool.end(),
    };
    if (shouldMigrate) {
      try {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      } catch (err) {
        await pool.end().catch(() => {});
        throw err;
      }
    }
    return handle;
  }

  const inMemory = options.dataDir === 'memory';
  const dataDir = path.resolve(options.dataDir ?? config.DATA_DIR);
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : dataDir,
    extensions: { pg_trgm },
    startParams: durableStartParams(),
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
    pglite: client,
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
type GlobalWithDb = typeof globalThis & {
  [GLOBAL_KEY]?: Promise<DbHandle>;
  [OPEN_KEY]?: DbHandle;
};
const globalRef = globalThis as GlobalWithDb;

/** The process-wide database handle, opened (and migrated) on first call. */
export function getDbHandle(): Promise<DbHandle> {
  let pending = globalRef[GLOBAL_KEY];
  if (!pending) {
    pending = createDb(config.DATABASE_URL ? { url: config.DATABASE_URL } : {});
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
