/**
 * Prometheus metrics (src/server/ops/metrics.ts). With METRICS_TOKEN set, only a request with
 * `Authorization: Bearer <token>` gets them; without it, only clients on this machine: the client
 * address (clientIp: behind our own proxies, the address they forwarded, so a proxy on this
 * machine does not make every visitor local) must be a loopback one. Others get a plain 404.
 */
import type { APIRoute } from 'astro';
import { timingSafeEqual } from 'node:crypto';
import { config } from '~/server/config';
import { clientIp } from '~/server/http/request';
import { collectMetrics } from '~/server/ops/metrics';

export const prerender = false;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function allowed(request: Request, client: string): boolean {
  const token = config.METRICS_TOKEN;
  if (token) {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    return given !== undefined && sameText(given, token);
  }
  return LOOPBACK.test(client);
}

export const GET: APIRoute = async (context) => {
  if (!allowed(context.request, clientIp(context))) {
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  const { contentType, text } = await collectMetrics();
  return new Response(text, {
    status: 200,
    headers: { 'content-type': contentType, 'cache-control': 'no-store' },
  });
};
