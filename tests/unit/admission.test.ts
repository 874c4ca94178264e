/**
 * The admission queue (scripts/http/admission.ts, decision 0072) on a real HTTP server: requests
 * past the concurrency wait their turn in order; one that cannot start within the wait is
 * answered at once 503 with Retry-After, in the page's language or the API's envelope; probes
 * never wait; a client that left while waiting is never run.
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admission } from '../../scripts/http/admission';

let server: Server;
let port: number;
const started: string[] = [];
const queue = admission({ concurrency: 1, maxWaitMs: 250 });

beforeAll(async () => {
  server = createServer((req, res) => {
    queue.admit(req, res, () => {
      started.push(req.url ?? '');
      const holdMs = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('hold') ?? 0);
      setTimeout(() => res.end(`done ${req.url}`), holdMs);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

function ask(path: string) {
  return new Promise<{ status: number; retryAfter?: string; body: string; ms: number }>(
    (resolve, reject) => {
      const at = performance.now();
      const req = get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body,
            ms: performance.now() - at,
          }),
        );
      });
      req.on('error', reject);
    },
  );
}

describe('admission queue', () => {
  it('runs requests in turn, in the order they came', async () => {
    started.length = 0;
    const answers = await Promise.all([ask('/a?hold=60'), ask('/b?hold=60'), ask('/c?hold=60')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(started).toEqual(['/a?hold=60', '/b?hold=60', '/c?hold=60']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 503 with Retry-After when a turn would come too late, in the page language or the envelope', async () => {
    const slow = ask('/slow?hold=700');
    await new Promise((r) => setTimeout(r, 50));
    const [page, api] = await Promise.all([ask('/ar/search/results'), ask('/api/trex/x')]);
    expect(page.status).toBe(503);
    expect(page.retryAfter).toBe('1');
    expect(page.body).toContain('نحن مشغولون جدًا الآن');
    expect(page.ms).toBeLessThan(600);
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toMatchObject({ success: false });
    // A probe never waits, busy or not.
    const probe = await ask('/healthz');
    expect(probe.status).toBe(200);
    expect(probe.ms).toBeLessThan(200);
    expect((await slow).status).toBe(200);
  });
});
