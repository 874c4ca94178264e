/**
 * The server's on-the-fly compression (scripts/http/compress.ts) around a plain node:http handler:
 * what is compressed and what is passed through untouched.
 */
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../../scripts/http/compress';

const TEXT = '<p>Senior Java developer, Mumbai</p>\n'.repeat(200);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 'a')]);

const answers: Record<string, (res: ServerResponse) => void> = {
  '/page': (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(TEXT);
  },
  // As Astro streams a page: headers first, then one small write per component.
  '/pieces': (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const pieces = TEXT.match(/[^]{1,37}/g)!;
    const next = (i: number): void => {
      if (i === pieces.length) return void res.end();
      res.write(new TextEncoder().encode(pieces[i]));
      if (i % 50 === 0) setTimeout(() => next(i + 1), 1);
      else next(i + 1);
    };
    next(0);
  },
  '/pdf': (res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(PDF);
  },
  '/docx': (res) => {
    res.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    res.end(PDF);
  },
  '/tiny': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
    res.end('{"ok":true}');
  },
  '/encoded': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    res.end(Buffer.alloc(3000, 'x'));
  },
  '/not-modified': (res) => {
    res.writeHead(304, { 'content-type': 'text/html', etag: '"a"' });
    res.end();
  },
};

let server: Server;
let port = 0;

beforeAll(async () => {
  const compress = compressResponses();
  server = createServer((req, res) => compress(req, res, () => answers[req.url ?? '']!(res)));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function get(path: string, method = 'GET') {
  return new Promise<{ status: number; encoding?: string; vary?: string; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        { port, host: '127.0.0.1', path, method, headers: { 'accept-encoding': 'br, gzip' } },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              encoding: res.headers['content-encoding'],
              vary: res.headers.vary,
              body: Buffer.concat(parts),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('compressResponses', () => {
  it('compresses text in brotli and says so in Vary', async () => {
    const page = await get('/page');
    expect(page.encoding).toBe('br');
    expect(page.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.body).toString()).toBe(TEXT);
  });

  it('compresses a page written in hundreds of small pieces, over several turns, intact', async () => {
    const page = await get('/pieces');
    expect(page.encoding).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(TEXT);
  });

  it('leaves PDFs and Word files as they are', async () => {
    for (const path of ['/pdf', '/docx']) {
      const answer = await get(path);
      expect(answer.encoding).toBeUndefined();
      expect(answer.body.equals(PDF)).toBe(true);
    }
  });

  it('leaves a tiny body and an already encoded one alone', async () => {
    const tiny = await get('/tiny');
    expect(tiny.encoding).toBeUndefined();
    expect(tiny.body.toString()).toBe('{"ok":true}');
    const encoded = await get('/encoded');
    expect(encoded.encoding).toBe('gzip');
    expect(encoded.body.equals(Buffer.alloc(3000, 'x'))).toBe(true);
  });

  it('adds no encoding to a 304 or a HEAD answer', async () => {
    const notModified = await get('/not-modified');
    expect(notModified.status).toBe(304);
    expect(notModified.encoding).toBeUndefined();
    expect(notModified.body.length).toBe(0);
    const head = await get('/page', 'HEAD');
    expect(head.encoding).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});
