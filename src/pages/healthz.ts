/**
 * Health check for load balancers and uptime monitors: 200 `{status:'ok', database}` when the
 * database answers `select 1`, 503 `{status:'unavailable'}` otherwise. Never exposes an error
 * message or stack trace (the reason goes to the server log).
 *
 * The first call may open the database (PGlite start-up and migrations take a few seconds, a
 * PostgreSQL connection attempt gives up after 5 s); after that the query must answer in 3 s.
 */
import type { APIRoute } from 'astro';
import { databaseHealth } from '~/server/health';

const QUERY_TIMEOUT_MS = 3_000;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const GET: APIRoute = async () => {
  try {
    return json(200, { status: 'ok', database: await databaseHealth(QUERY_TIMEOUT_MS) });
  } catch (err) {
    console.error('[healthz] database unavailable:', err instanceof Error ? err.message : err);
    return json(503, { status: 'unavailable' });
  }
};
