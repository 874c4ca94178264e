/**
 * After an erasure on the embedded database: no file of DATA_DIR keeps what was deleted
 * (decision 0071). A DELETE only marks rows dead: their bytes stay in the table's pages (a plain
 * VACUUM frees the space without clearing it), in the indexes, in the planner's statistics
 * (pg_statistic keeps sample values of every column) and in the write-ahead log. So, on PGlite:
 * 1. VACUUM (FULL, ANALYZE) every table that can hold a person's data: each is rewritten into new
 *    files holding its live rows only (the old files are emptied at commit, removed at the next
 *    checkpoint) and its statistics are taken afresh;
 * 2. VACUUM FULL pg_statistic, which still holds the old statistics as dead rows;
 * 3. the write-ahead log moved past every segment that saw the rows (CHECKPOINT, then
 *    pg_switch_wal(), which zero-fills the rest of the segment it leaves) and a last CHECKPOINT,
 *    which deletes the older segments: PGlite starts with wal_recycle=off (durableStartParams),
 *    so they are removed, not renamed for reuse with their old bytes. Segments renamed for reuse
 *    before that setting (a data directory from an older release) are written through first.
 * On PostgreSQL nothing is done here: autovacuum, backups and WAL archives keep deleted rows for
 * as long as decision 0071 says.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/**
 * Tables of public content, never a person's: left alone (they are the big ones: rewriting them
 * would hold the embedded database for seconds). Partitions of search_jobs match by prefix.
 */
const PUBLIC_TABLES = new Set(['jobs', 'companies', 'search_jobs', 'search_terms', 'countries']);

/** Whether `db` is the embedded database (PGlite says so in version()). */
export async function isEmbedded(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ version: string }>(db, sql`select version() as version`);
  return /PGlite/.test(row?.version ?? '');
}

/** The tables a person's rows can be in: every table of ours and the queue's, but public content. */
async function personalTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select n.nspname as schema, c.relname as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind = 'r' and not c.relispartition and n.nspname in ('public', 'pgboss')
            or c.relkind = 'p' and n.nspname in ('public', 'pgboss')
         order by 1, 2`,
  );
  return rows
    .filter(({ schema, name }) => schema !== 'public' || !isPublic(name))
    .map(({ schema, name }) => `"${schema}"."${name}"`);
}

const isPublic = (name: string) => PUBLIC_TABLES.has(name) || name.startsWith('search_jobs_');

/** The WAL segments after the one being written: renamed for reuse, with old bytes in them. */
async function segmentsAhead(db: Db): Promise<number> {
  const [row] = await queryRows<{ ahead: number }>(
    db,
    sql`select count(*)::int as ahead from pg_ls_waldir()
         where name ~ '^[0-9A-F]{24}$' and name > pg_walfile_name(pg_current_wal_lsn())`,
  );
  return row?.ahead ?? 0;
}

/**
 * On PGlite: rewrites the tables a person's data can be in and drops the write-ahead log that
 * saw it, so no file of the data directory holds deleted rows. Returns the tables rewritten (0 on
 * PostgreSQL, where it does nothing). Each statement runs on its own: other requests take turns
 * with them.
 */
export async function scrubDeletedRows(db: Db): Promise<number> {
  if (!(await isEmbedded(db))) return 0;
  const tables = await personalTables(db);
  for (const table of tables) await db.execute(sql.raw(`vacuum (full, analyze) ${table}`));
  await db.execute(sql`vacuum full pg_catalog.pg_statistic`);
  // Through the segments ahead first (at most a handful), then past the current one.
  const ahead = await segmentsAhead(db);
  for (let i = 0; i <= ahead; i++) {
    await db.execute(sql`checkpoint`);
    await db.execute(sql`select pg_switch_wal()`);
  }
  await db.execute(sql`checkpoint`);
  return tables.length;
}
