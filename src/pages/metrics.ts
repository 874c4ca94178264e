/**
 * Prometheus metrics (src/server/ops/metrics.ts). With METRICS_TOKEN set, only a request with
 * `Authorization: Bearer <token>` gets them; without it, only clients on this machine (the
 * socket's loopback address; X-Forwarded-For does not count). Others get a plain 404.
 */
import type { APIRoute } from 'astro';
import { timingSafeEqual } from 'node:crypto';
import { config } from '~/server/config';
import { collectMetrics } from '~/server/ops/metrics';

export const prerender = false;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function allowed(request: Request, clientAddress: () => string): boolean {
  const token = config.METRICS_TOKEN;
  if (token) {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    return given !== undefined && sameText(given, token);
  }
  try {
    return LOOPBACK.test(clientAddress());
  } catch {
    return false;
  }
}

export const GET: APIRoute = async (context) => {
  if (!allowed(context.request, () => context.clientAddress)) {
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  const { contentType, text } = await collectMetrics();
  return new Response(text, {
    status: 200,
    headers: { 'content-type': contentType, 'cache-control': 'no-store' },
  });
};
