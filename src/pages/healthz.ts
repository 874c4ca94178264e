/**
 * Health check for load balancers and uptime monitors: 200 `{status:'ok', database}` when the
 * database answers `select 1`, 503 `{status:'unavailable'}` otherwise. Never exposes an error
 * message or stack trace (the reason goes to the server log).
 *
 * The first call may open the database (PGlite start-up and migrations take a few seconds, a
 * PostgreSQL connection attempt gives up after 5 s); after that the query must answer in 3 s.
 */
import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { getDbHandle } from '~/server/db/client';

const QUERY_TIMEOUT_MS = 3_000;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const GET: APIRoute = async () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const handle = await getDbHandle();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('select 1 timed out')), QUERY_TIMEOUT_MS);
    });
    await Promise.race([handle.db.execute(sql`select 1`), timeout]);
    return json(200, { status: 'ok', database: handle.driver });
  } catch (err) {
    console.error('[healthz] database unavailable:', err instanceof Error ? err.message : err);
    return json(503, { status: 'unavailable' });
  } finally {
    clearTimeout(timer);
  }
};
