/**
 * The server's fast path for cached pages (scripts/http/fast-pages.ts) on a real HTTP server:
 * it answers a fresh stored page in the request's encoding with the stored bytes and headers (or a
 * 304), sends a stale page stale while the pipeline renders it again (once), and leaves
 * everything else to the pipeline: other methods, other encodings it would have to transform,
 * pages past their stale time, pages purged by tag or path.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveCachedPage } from '../../scripts/http/fast-pages';
import {
  dropPages,
  negotiate,
  pageKey,
  pageStore,
  storePage,
  type Encoding,
} from '~/server/http/page-store';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (serveCachedPage(req, res)) return;
    res.writeHead(418, { 'x-answered-by': 'pipeline' });
    res.end('pipeline');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function put(
  path: string,
  encoding: Encoding,
  body: string,
  tags = ['job:7'],
  freshMs = 60_000,
  staleMs = freshMs + 60_000,
) {
  const headers: Record<string, string> = {
    'cache-control': 'public, max-age=0, must-revalidate, s-maxage=600',
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'self'",
    etag: 'W/"abc"',
    Vary: 'Accept-Encoding',
    'x-astro-cache': 'HIT',
    'content-length': String(Buffer.byteLength(body)),
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  };
  storePage(pageKey(new URL(`${base}${path}`), encoding), {
    headers,
    body: Buffer.from(body),
    etag: 'W/"abc"',
    notModifiedHeaders: { etag: 'W/"abc"', vary: 'Accept-Encoding', 'x-astro-cache': 'HIT' },
    freshUntil: Date.now() + freshMs,
    staleUntil: Date.now() + staleMs,
    tags,
    path,
  });
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeEach(() => {
  pageStore.pages.clear();
  pageStore.revalidating.clear();
});

describe('cached pages on the fast path', () => {
  it('answers a stored page in the negotiated encoding with its bytes and headers', async () => {
    put('/job/a-7', 'br', 'BROTLI-BYTES');
    put('/job/a-7', 'gzip', 'GZIP-BYTES');
    put('/job/a-7', 'identity', '<h1>Job</h1>');
    const br = await get('/job/a-7', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.body).toBe('BROTLI-BYTES');
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-security-policy': "default-src 'self'",
      etag: 'W/"abc"',
      vary: 'Accept-Encoding',
      'x-astro-cache': 'HIT',
      'content-length': '12',
    });
    expect(br.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get('/job/a-7', { 'accept-encoding': 'gzip' })).body).toBe('GZIP-BYTES');
    expect((await get('/job/a-7')).body).toBe('<h1>Job</h1>');
    // Tracking parameters do not make another page, as in the cache itself.
    expect((await get('/job/a-7?utm_source=x', { 'accept-encoding': 'br' })).body).toBe(
      'BROTLI-BYTES',
    );
  });

  it('answers 304 to a browser that has the copy', async () => {
    put('/job/a-7', 'br', 'BROTLI-BYTES');
    const answer = await get('/job/a-7', { 'accept-encoding': 'br', 'if-none-match': 'W/"abc"' });
    expect(answer.status).toBe(304);
    expect(answer.body).toBe('');
    expect(answer.headers).toMatchObject({ etag: 'W/"abc"', 'x-astro-cache': 'HIT' });
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('leaves to the pipeline what it cannot answer as the pipeline would', async () => {
    put('/job/a-7', 'identity', '<h1>Job</h1>');
    put('/job/old-8', 'br', 'OLD', ['job:8'], -2, -1);
    const pipeline = async (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      expect((await get(path, headers, method)).status, `${method} ${path}`).toBe(418);
    await pipeline('/job/a-7', {}, 'HEAD');
    await pipeline('/job/a-7', {}, 'POST');
    // The pipeline would deflate the stored identity copy for this client.
    await pipeline('/job/a-7', { 'accept-encoding': 'deflate' });
    await pipeline('/job/a-7?page=2');
    await pipeline('/job/old-8', { 'accept-encoding': 'br' });
    await pipeline('/job/old-8', { 'accept-encoding': 'br' });
    await pipeline('/job/b-9');
  });

  it('leaves a stale page to the pipeline once, then sends it stale until it is stored again', async () => {
    put('/job/a-7', 'br', 'OLD', ['job:7'], -1);
    const br = { 'accept-encoding': 'br' };
    // The first request after it went stale: the pipeline sends it stale and renders it again.
    expect((await get('/job/a-7', br)).status).toBe(418);
    for (let i = 0; i < 3; i++) {
      const stale = await get('/job/a-7', br);
      expect(stale.status).toBe(200);
      expect(stale.body).toBe('OLD');
      expect(stale.headers['x-astro-cache']).toBe('STALE');
    }
    const notModified = await get('/job/a-7', { ...br, 'if-none-match': 'W/"abc"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['x-astro-cache']).toBe('STALE');
    // The fresh render is stored: fresh again.
    put('/job/a-7', 'br', 'NEW');
    const fresh = await get('/job/a-7', br);
    expect(fresh.body).toBe('NEW');
    expect(fresh.headers['x-astro-cache']).toBe('HIT');
  });

  it('stops answering a page once its tag or path is dropped', async () => {
    put('/job/a-7', 'br', 'A', ['job:7', 'jobs']);
    put('/job/b-9', 'br', 'B', ['job:9', 'jobs']);
    put('/', 'br', 'HOME', ['jobs:rexmonster']);
    dropPages({ tags: ['job:7'] });
    expect((await get('/job/a-7', { 'accept-encoding': 'br' })).status).toBe(418);
    expect((await get('/job/b-9', { 'accept-encoding': 'br' })).body).toBe('B');
    dropPages({ path: '/' });
    expect((await get('/', { 'accept-encoding': 'br' })).status).toBe(418);
    expect((await get('/job/b-9', { 'accept-encoding': 'br' })).body).toBe('B');
  });

  it('negotiates the encoding as the page cache stores it', () => {
    expect(negotiate('gzip, deflate, br')).toBe('br');
    expect(negotiate('br;q=0, gzip')).toBe('gzip');
    expect(negotiate('deflate')).toBe('identity');
    expect(negotiate(undefined)).toBe('identity');
  });
});
