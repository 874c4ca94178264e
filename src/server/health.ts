/**
 * Whether the database answers: `select 1` within a time limit. The first call may open the
 * database (PGlite start-up and migrations take a few seconds, a PostgreSQL connection attempt
 * gives up after 5 s); after that the query must answer in `timeoutMs`.
 */
import { sql } from 'drizzle-orm';
import { getDbHandle, type DbDriver } from '~/server/db/client';

export async function databaseHealth(timeoutMs: number): Promise<DbDriver> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const handle = await getDbHandle();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('select 1 timed out')), timeoutMs);
    });
    await Promise.race([handle.db.execute(sql`select 1`), timeout]);
    return handle.driver;
  } finally {
    clearTimeout(timer);
  }
}
