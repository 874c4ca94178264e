/**
 * Bodies read by the server before a page runs (scripts/http/bodies.ts, decision 0072), on a
 * real HTTP server: whole when within the limit, chunked or not; 413 at the limit (at once when
 * announced) with nothing kept past it, in the page's language or the API's envelope; a piece
 * counted as at least 256 bytes; 408 at the deadline; the connection closed after a refusal.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBody, readBody } from '../../scripts/http/bodies';

let server: Server;
let port: number;
/** What the handler got: the body's length, or null when readBody answered. */
const received: (number | null)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const deadlineMs = Number(req.headers['x-deadline'] ?? 5_000);
    if (!hasBody(req)) {
      received.push(0);
      res.end('no body');
      return;
    }
    void readBody(req, res, { limit: 64 * 1024, deadlineMs }).then((body) => {
      received.push(body ? body.length : null);
      if (body) res.end(`got ${body.length} ${body.subarray(0, 5).toString()}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** Sends a raw request, then `pieces` with `gapMs` between them; resolves what came back. */
function raw(head: string, pieces: string[] = [], gapMs = 0) {
  return new Promise<{ answer: string; closed: boolean }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let closed = false;
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      resolve({ answer, closed });
    });
    socket.write(head);
    void (async () => {
      for (const piece of pieces) {
        if (socket.destroyed) break;
        socket.write(piece);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    })();
    setTimeout(() => {
      resolve({ answer, closed });
      socket.destroy();
    }, 6_000);
  });
}

const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;
const head = (path: string, headers: string) =>
  `POST ${path} HTTP/1.1\r\nHost: rexmonster.localhost\r\n${headers}\r\n`;

describe('request bodies', () => {
  it('hands a chunked body within the limit to the page whole', async () => {
    const pieces = Array.from({ length: 40 }, (_, i) => chunk(`${i}`.padEnd(1000, 'x')));
    const { answer } = await raw(
      head('/rio/login', 'Transfer-Encoding: chunked\r\nConnection: close\r\n'),
      [...pieces, '0\r\n\r\n'],
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('got 40000 0xxxx');
  });

  it('refuses an announced body over the limit at once, without reading it', async () => {
    const { answer, closed } = await raw(
      head('/hi/rio/login', 'Content-Length: 100000000\r\nContent-Type: text/plain\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('lang="hi"');
    expect(answer).toContain('यह हमारी सीमा से अधिक था');
    expect(closed).toBe(true);
  });

  it('refuses a chunked body at the limit, in the envelope under /api, keeping nothing past it', async () => {
    const before = received.length;
    const big = chunk('y'.repeat(16 * 1024));
    const { answer, closed } = await raw(
      head('/api/rio/x', 'Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n'),
      Array.from({ length: 200 }, () => big),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"error":"The request body is too large."');
    expect(closed).toBe(true);
    expect(received.slice(before)).toEqual([null]);
  });

  it('counts a body sent a byte per chunk as 256 bytes a piece', async () => {
    // 64 KB / 256 = 256 pieces: refused long before its 2,000 bytes are in.
    const pieces = Array.from({ length: 2000 }, () => chunk('z'));
    const { answer } = await raw(head('/rio/login', 'Transfer-Encoding: chunked\r\n'), pieces);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('That was more than we accept');
  });

  it('answers 408 when the body does not arrive by its deadline', async () => {
    const { answer, closed } = await raw(
      head('/ar/rio/login', 'Content-Length: 100\r\nX-Deadline: 300\r\n'),
      ['a', 'b'],
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('dir="rtl"');
    expect(closed).toBe(true);
  });

  it('lets a request without a body through untouched', async () => {
    const { answer } = await raw(
      'GET / HTTP/1.1\r\nHost: rexmonster.localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('no body');
  });
});
