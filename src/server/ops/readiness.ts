/**
 * Liveness and readiness for load balancers and orchestrators:
 * - alive (/healthz): the process answers and the database answers `select 1`;
 * - ready (/readyz): additionally every migration in drizzle/ is applied, and the process is not
 *   shutting down (a draining process says "not ready" so the balancer stops sending to it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDbHandle, queryRows, type DbDriver } from '~/server/db/client';

const QUERY_TIMEOUT_MS = 3_000;
const DRAINING = Symbol.for('jobportal.draining');
const globalRef = globalThis as typeof globalThis & { [DRAINING]?: boolean };

/** Marks the process as shutting down (scripts/start.ts on SIGTERM). */
export function markDraining(): void {
  globalRef[DRAINING] = true;
}

export function isDraining(): boolean {
  return globalRef[DRAINING] === true;
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The newest migration's timestamp in drizzle/meta/_journal.json (what "migrated" means). */
function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.resolve(process.cwd(), 'drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

export type Readiness =
  | { ready: true; database: DbDriver }
  | { ready: false; reason: 'draining' | 'database' | 'migrations' };

/** Whether this process should get traffic; reasons go to the caller's log, not the visitor. */
export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: 'draining' };
  let handle;
  try {
    handle = await getDbHandle();
    await withTimeout(handle.db.execute(sql`select 1`), 'select 1');
  } catch {
    return { ready: false, reason: 'database' };
  }
  try {
    const [row] = await withTimeout(
      queryRows<{ newest: string | number | null }>(
        handle.db,
        sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
      ),
      'migration check',
    );
    if (Number(row?.newest ?? 0) < newestMigration()) return { ready: false, reason: 'migrations' };
  } catch {
    return { ready: false, reason: 'migrations' };
  }
  return { ready: true, database: handle.driver };
}
