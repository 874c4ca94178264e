/**
 * Request bodies read by the server before any page or endpoint runs (decision 0072): counted as
 * they arrive, chunked or not, against the route's limit (src/server/http/body-limits.ts; each
 * piece as at least 256 bytes), and given a deadline for the whole body. A body over its limit answers 413 as soon as the limit
 * is passed (or at once when its Content-Length says so) and nothing past the limit is kept; a
 * body still arriving at its deadline answers 408. Both close the connection.
 *
 * A page then gets the body whole (Astro takes `req.body` as it is): a slow sender holds nothing
 * but its own connection, never the database or a place in the admission queue, and a body's
 * bytes are kept in one buffer that grows to the limit at most, whatever the size of its chunks.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyDeadline, bodyLimit } from '~/server/http/body-limits';
import { refuse } from './early-refusals';

/** After a refusal, how long the client may take to read it before its connection is cut. */
const LINGER_MS = 2_000;
/**
 * Each piece of a body (a TCP read, a chunk of a chunked body) counts at least this much against
 * its limit: a piece costs the server about 5 µs whatever its size, and a body sent a byte per
 * chunk would otherwise keep the server's thread busy for its whole length (8 MB: 40 s).
 */
const MIN_PIECE_BYTES = 256;

/** Whether the request says a body follows. */
export function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** A buffer that grows by doubling, up to `limit` bytes. */
class Gathered {
  private bytes: Buffer;
  length = 0;
  constructor(
    expected: number,
    private readonly limit: number,
  ) {
    this.bytes = Buffer.allocUnsafe(Math.min(Math.max(expected, 16 * 1024), limit));
  }
  add(chunk: Buffer): void {
    if (this.length + chunk.length > this.bytes.length) {
      const size = Math.min(
        Math.max(this.bytes.length * 2, this.length + chunk.length),
        this.limit,
      );
      const grown = Buffer.allocUnsafe(size);
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    chunk.copy(this.bytes, this.length);
    this.length += chunk.length;
  }
  get body(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}

/** Answers a refusal, then ends the connection even if the client keeps sending. */
function refuseAndClose(
  req: IncomingMessage,
  res: ServerResponse,
  kind: 'tooLarge' | 'tooSlow',
  status: number,
) {
  req.pause();
  void refuse(res, kind, status, req.url ?? '/', { connection: 'close' }).finally(() => {
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  });
}

/**
 * Reads the request's body within its route's limit and deadline (or those given); resolves it
 * whole, or null when the request was answered here (413, 408) or the client went away.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  route: { limit?: number; deadlineMs?: number } = {},
): Promise<Buffer | null> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const type = req.headers['content-type'];
  const limit = route.limit ?? bodyLimit(path, type);
  const announced = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(announced) && announced > limit) {
    refuseAndClose(req, res, 'tooLarge', 413);
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const gathered = new Gathered(Number.isFinite(announced) ? announced : 0, limit);
    let charged = 0;
    const finish = (body: Buffer | null) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('aborted', onGone);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      charged += Math.max(chunk.length, MIN_PIECE_BYTES);
      if (charged > limit) {
        finish(null);
        refuseAndClose(req, res, 'tooLarge', 413);
        return;
      }
      gathered.add(chunk);
    };
    const onEnd = () => finish(gathered.body);
    const onGone = () => finish(null);
    const timer = setTimeout(
      () => {
        finish(null);
        refuseAndClose(req, res, 'tooSlow', 408);
      },
      route.deadlineMs ?? bodyDeadline(type),
    );
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('aborted', onGone);
  });
}
