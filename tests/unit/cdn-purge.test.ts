/**
 * Purges of the shared caches in front (Varnish xkey): one PURGE per cache address naming the
 * changed pages' tags, split so no header grows without bound; a cache that is down costs a log
 * line, never an error.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeSharedCaches } from '~/server/page-cache/cdn-purge';

describe('shared cache purges', () => {
  const received: { method: string; tags: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    received.push({ method: req.method ?? '', tags: String(req.headers['xkey-purge'] ?? '') });
    res.end('Purged');
  });
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('sends the tags to every cache, space-separated, at most 200 a request', async () => {
    received.length = 0;
    await purgeSharedCaches(['job:7', 'jobs:rexmonster', 'jobs'], [url, url]);
    expect(received).toEqual([
      { method: 'PURGE', tags: 'job:7 jobs:rexmonster jobs' },
      { method: 'PURGE', tags: 'job:7 jobs:rexmonster jobs' },
    ]);

    received.length = 0;
    const many = Array.from({ length: 450 }, (_, i) => `job:${i}`);
    await purgeSharedCaches(many, [url]);
    expect(received.map((r) => r.tags.split(' ').length)).toEqual([200, 200, 50]);
    expect(received.flatMap((r) => r.tags.split(' '))).toEqual(many);
  });

  it('goes on when a cache cannot be reached', async () => {
    received.length = 0;
    await expect(
      purgeSharedCaches(['jobs'], ['http://127.0.0.1:9/', url]),
    ).resolves.toBeUndefined();
    expect(received).toEqual([{ method: 'PURGE', tags: 'jobs' }]);
  });
});
