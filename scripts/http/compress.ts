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

export function compressResponses(): Middleware {
  return compression({
    threshold: MIN_COMPRESS_BYTES,
    level: GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    filter: wantsCompression as never,
  }) as unknown as Middleware;
}
