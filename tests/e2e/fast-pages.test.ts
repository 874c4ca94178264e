/**
 * Cached pages answered by the server before the Astro pipeline (scripts/http/fast-pages.ts),
 * against the built server, with the fast path on and off (PAGE_FAST_PATH): either way a cached
 * page is the very bytes and headers of the page as first rendered (security headers, CSP, Vary,
 * Cache-Control, Content-Encoding per Accept-Encoding, ETag), a 304 is the pipeline's 304, the
 * answer is logged and counted; and a page first rendered for a logged-in seeker carries nothing
 * of theirs to the next visitors. The drop on a job's change is in page-cache.test.ts.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST, account, register, send, startPortal, stopAllPortals, type Portal } from './portal';

afterEach(stopAllPortals);

interface RawAnswer {
  status: number;
  bytes: Buffer;
  /** Every header as sent (name in its case, value), in order. */
  raw: [string, string][];
  get: (name: string) => string;
}

/** One request, and the answer's bytes as they came on the wire (not decoded). */
function fetchRaw(portal: Portal, path: string, headers: Record<string, string>) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: portal.port,
        path,
        agent: false,
        headers: { host: `${HOST}:${portal.port}`, connection: 'close', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            raw.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          resolve({
            status: res.statusCode!,
            bytes: Buffer.concat(chunks),
            raw,
            get: (name) => String(res.headers[name] ?? ''),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The headers that must match: all but the date, the request id and the cache's state. */
const comparable = (answer: RawAnswer) =>
  answer.raw
    .filter(([name]) => !/^(date|x-request-id|x-astro-cache)$/i.test(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort();

async function jobPaths(portal: Portal): Promise<string[]> {
  const results = await send(portal, 'GET', '/search/results');
  const paths = [
    ...new Set([...results.body.matchAll(/href="(\/job\/[^"]+)"/g)].map((m) => m[1]!)),
  ];
  expect(paths.length, 'jobs on the results page').toBeGreaterThan(2);
  return paths;
}

const ENCODINGS = [
  { accept: 'gzip, deflate, br', sent: 'br' },
  { accept: 'gzip', sent: 'gzip' },
  { accept: '', sent: '' },
];

describe.each([
  ['fast path', 'true'],
  ['pipeline', 'false'],
])('a cached page answered by the %s', { timeout: 180_000 }, (_name, fastPath) => {
  it('is the page as rendered, byte for byte and header for header, and 304s alike', async () => {
    const portal = await startPortal({ PAGE_FAST_PATH: fastPath });
    const [jobPath] = await jobPaths(portal);
    for (const page of [jobPath!, '/', '/ar/']) {
      for (const { accept, sent } of ENCODINGS) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        const rendered = await fetchRaw(portal, page, headers);
        expect(rendered.status, page).toBe(200);
        expect(rendered.get('x-astro-cache'), `${page} ${accept}`).toBe('MISS');
        const cached = await fetchRaw(portal, page, headers);
        expect(cached.get('x-astro-cache'), `${page} ${accept}`).toBe('HIT');
        expect(cached.bytes.equals(rendered.bytes), `${page} ${accept}`).toBe(true);
        expect(comparable(cached), `${page} ${accept}`).toEqual(comparable(rendered));
        expect(cached.get('content-encoding')).toBe(sent);
        expect(cached.get('content-security-policy')).toMatch(
          /script-src .*frame-ancestors 'none'/,
        );
        expect(cached.get('x-frame-options')).toBe('DENY');
        expect(cached.get('vary')).toMatch(/Accept-Encoding/);
        expect(cached.get('x-request-id')).not.toBe(rendered.get('x-request-id'));
      }
    }
    // A 304 for a copy the cache already holds is the 304 of one it has just rendered.
    const page = '/search/results?q=developer';
    const first = await fetchRaw(portal, page, { 'accept-encoding': 'br' });
    const etag = first.get('etag');
    const renderedNotModified = await fetchRaw(portal, page, {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(renderedNotModified.get('x-astro-cache')).toBe('MISS');
    const cachedNotModified = await fetchRaw(portal, page, {
      'accept-encoding': 'br',
      'if-none-match': `"other", ${etag}`,
    });
    for (const answer of [renderedNotModified, cachedNotModified]) {
      expect(answer.status).toBe(304);
      expect(answer.bytes.length).toBe(0);
    }
    expect(cachedNotModified.get('x-astro-cache')).toBe('HIT');
    expect(comparable(cachedNotModified)).toEqual(comparable(renderedNotModified));
    const stale = await fetchRaw(portal, page, {
      'accept-encoding': 'br',
      'if-none-match': 'W/"x"',
    });
    expect(stale.status).toBe(200);
    expect(stale.bytes.equals(first.bytes)).toBe(true);

    // Logged and counted as before: the page cache's route, its hits, the 304. The log comes
    // through the server's stdout, which may arrive after the response.
    const logged = () => portal.output();
    await expect
      .poll(logged, { timeout: 5000 })
      .toMatch(/"method":"GET","route":"\(page cache\)","status":200,"ms":\d+,"cache":"HIT"/);
    await expect
      .poll(logged, { timeout: 5000 })
      .toMatch(/"method":"GET","route":"\(page cache\)","status":304,"ms":\d+,"cache":"HIT"/);
    const metrics = (await send(portal, 'GET', '/metrics')).body;
    expect(
      Number(/cache_lookups_total\{cache="pages",result="hit"\} (\d+)/.exec(metrics)?.[1]),
    ).toBe(11);
    expect(metrics).toMatch(
      /http_requests_total\{method="GET",route="\(page cache\)",status="200"\} 10\n/,
    );
    expect(metrics).toMatch(
      /http_requests_total\{method="GET",route="\(page cache\)",status="304"\} 1\n/,
    );
  });

  it('never hands on what a logged-in seeker’s render of a page would know about them', async () => {
    const portal = await startPortal({ PAGE_FAST_PATH: fastPath });
    const [, jobPath] = await jobPaths(portal);
    const asha = { ...account('asha'), name: 'Asha Fastpath' };
    const bilal = { ...account('bilal'), name: 'Bilal Fastpath' };
    const ashaCookie = await register(portal, asha);
    const bilalCookie = await register(portal, bilal);
    // Asha is the first to ask for these pages: they are rendered for her, then stored.
    for (const page of [jobPath!, '/']) {
      const hers = await send(portal, 'GET', page, { headers: { cookie: ashaCookie } });
      expect(hers.status).toBe(200);
      expect(String(hers.headers['x-astro-cache'])).toBe('MISS');
      const visitors: Record<string, string>[] = [
        { cookie: bilalCookie },
        {},
        { cookie: ashaCookie },
      ];
      for (const visitor of visitors) {
        const answer = await send(portal, 'GET', page, { headers: visitor });
        expect(answer.status).toBe(200);
        expect(String(answer.headers['x-astro-cache'])).toBe('HIT');
        expect(answer.headers['set-cookie']).toBeUndefined();
        expect(answer.body).toBe(hers.body);
        for (const known of [asha.name, asha.email, bilal.name, bilal.email])
          expect(answer.body, page).not.toContain(known);
        // The page offers login; who the visitor is comes from the header's server island.
        expect(answer.body).toContain('/rio/login');
      }
    }
  });
});
