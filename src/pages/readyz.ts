/**
 * Readiness for load balancers (deploy/haproxy.cfg checks it): 200 `{status:'ready', database}`
 * when the database answers and is migrated, 503 `{status:'unavailable'}` otherwise, and while
 * the process drains on SIGTERM. /healthz says only whether the process is alive.
 */
import type { APIRoute } from 'astro';
import { checkReadiness } from '~/server/ops/readiness';
import { log } from '~/server/ops/logger';

export const prerender = false;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const GET: APIRoute = async () => {
  const state = await checkReadiness();
  if (state.ready) return json(200, { status: 'ready', database: state.database });
  if (state.reason !== 'draining') log.warn({ reason: state.reason }, 'not ready');
  return json(503, { status: 'unavailable' });
};
