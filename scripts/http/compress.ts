/**
 * On-the-fly compression of rendered answers (pages, API JSON, sitemaps, RSS, robots.txt):
 * brotli when the client accepts it, else gzip, streamed chunk by chunk (a 38 MB sitemap is never
 * held whole). The `compression` package does the negotiation, `Vary: Accept-Encoding`, the
 * compressible-type check (images, PDFs, DOCX and fonts are left alone), Cache-Control
 * no-transform and answers that already carry a Content-Encoding. See
 * docs/decisions/0030-compression-and-static-assets.md for the quality chosen.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import { MIN_COMPRESS_BYTES } from './precompress';

/** Brotli 4: most of brotli's gain over gzip at about gzip's speed (bench: `pages`). */
export const DYNAMIC_BROTLI_QUALITY = 4;
/**
 * A 256 KB window instead of brotli's default 4 MB: pages are far smaller, and with 50 answers in
 * flight the large window's memory made each cost 1.9 ms instead of 0.5 ms.
 */
const DYNAMIC_BROTLI_WINDOW_BITS = 18;
/** gzip 6 (zlib's default) for clients without brotli. */
const GZIP_LEVEL = 6;

/** Answers that have no body, or must not change, are never compressed. */
function wantsCompression(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'HEAD') return false;
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 304) return false;
  return compression.filter(req as never, res as never);
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Pieces are gathered up to this size before they reach the compressor or the socket. */
const COALESCE_BYTES = 16 * 1024;
/** ...or for at most this long, so a page that renders slowly still streams. */
const COALESCE_MS = 10;

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

/**
 * Astro writes a page as many small pieces (one per component); each write to a zlib stream is a
 * trip to the thread pool, which made a 77 KB page cost ~7 ms to brotli instead of ~0.2 ms, and
 * each write to the socket is a system call (14% of an uncached job page's CPU when pieces went
 * out at every turn of the event loop). Pieces are gathered until 16 KB, the end, or 10 ms after
 * the first of them, then passed on as one.
 */
function coalesceWrites(res: ServerResponse): void {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  let pending: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const take = (): Buffer | undefined => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (size === 0) return undefined;
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    return joined;
  };
  const flush = () => {
    const chunk = take();
    if (chunk) write(chunk);
  };
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : Buffer.from(chunk as Uint8Array);
  (res as { write: Write }).write = (chunk, encoding, callback) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    if (chunk != null) {
      const buffer = toBuffer(chunk, encoding);
      pending.push(buffer);
      size += buffer.length;
    }
    if (size >= COALESCE_BYTES || typeof done === 'function') {
      const joined = take();
      return joined ? write(joined, done) : true;
    }
    timer ??= setTimeout(flush, COALESCE_MS);
    return true;
  };
  (res as { end: End }).end = (chunk, encoding, callback) => {
    const done =
      typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
    if (chunk != null && typeof chunk !== 'function') {
      const buffer = toBuffer(chunk, encoding);
      pending.push(buffer);
      size += buffer.length;
    }
    const joined = take();
    return joined ? end(joined, done) : end(done);
  };
}

export function compressResponses(): Middleware {
  const compress = compression({
    threshold: MIN_COMPRESS_BYTES,
    level: GZIP_LEVEL,
    brotli: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: DYNAMIC_BROTLI_WINDOW_BITS,
      },
    },
    filter: wantsCompression as never,
  }) as unknown as Middleware;
  return (req, res, next) =>
    compress(req, res, () => {
      coalesceWrites(res);
      next();
    });
}
