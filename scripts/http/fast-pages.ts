/**
 * Cached public pages answered before the Astro pipeline: a GET whose page the page cache holds
 * fresh (src/server/http/page-store.ts) gets the stored compressed bytes and the very headers a
 * cache hit gets from the pipeline, a 304 when the browser has that copy, and the same log line,
 * metrics and request id. A page that has just gone stale is left to the pipeline once (it sends
 * it stale and renders it again in the background), then sent stale from here until the fresh one
 * is stored: one re-render, not one per request. Anything else (a miss, HEAD, an unusual
 * Accept-Encoding) goes on to the pipeline, which answers it as before. Keys are built as the adapter builds the
 * request's URL (http://<Host><path>), so a request reaches the same page either way.
 * Like the cache itself, it does not look at cookies: a stored page holds nothing about any
 * visitor (docs/decisions/0033-page-cache.md, 0051-cached-pages-fast-path.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cachedPage, matchesETag, negotiate, pageKey, pageStore } from '~/server/http/page-store';
import { requestIdFrom } from '~/server/ops/http';
import { log } from '~/server/ops/logger';
import { observeRequest } from '~/server/ops/metrics';

/** The route label of answers from the cache in logs and metrics (as in page-cache.ts). */
const CACHED_ROUTE = '(page cache)';

/**
 * The encoding the page is stored in for this request, or undefined when the pipeline's
 * on-the-fly compression would send the stored bytes otherwise (an identity copy to a client
 * that asked for deflate only): those go the slow way.
 */
function storedEncoding(acceptEncoding: string | undefined) {
  const encoding = negotiate(acceptEncoding);
  if (encoding !== 'identity') return encoding;
  const asked = acceptEncoding?.trim().toLowerCase();
  return !asked || asked === 'identity' ? encoding : undefined;
}

/** Answers the request from the page store and returns true, or returns false to go on. */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || pageStore.pages.size === 0) return false;
  const host = req.headers.host;
  if (!host || !req.url) return false;
  const started = performance.now();
  const encoding = storedEncoding(req.headers['accept-encoding']);
  if (!encoding) return false;
  let url: URL;
  try {
    url = new URL(`http://${host}${req.url}`);
  } catch {
    return false;
  }
  const found = cachedPage(pageKey(url, encoding));
  if (!found) return false;
  const { page, state } = found;

  pageStore.hits++;
  const given = req.headers['x-request-id'];
  const reqId = requestIdFrom(typeof given === 'string' ? given : null, req.socket.remoteAddress);
  res.setHeader('x-request-id', reqId);
  let status = 200;
  const stale = state === 'STALE' ? { 'x-astro-cache': state } : undefined;
  if (matchesETag(req.headers['if-none-match'], page.etag)) {
    status = 304;
    res.writeHead(304, stale ? { ...page.notModifiedHeaders, ...stale } : page.notModifiedHeaders);
    res.end();
  } else {
    res.writeHead(200, stale ? { ...page.headers, ...stale } : page.headers);
    res.end(page.body);
  }
  const seconds = (performance.now() - started) / 1000;
  observeRequest('GET', CACHED_ROUTE, status, seconds);
  log.info(
    {
      reqId,
      method: 'GET',
      route: CACHED_ROUTE,
      status,
      ms: Math.round(seconds * 1000),
      cache: 'HIT',
    },
    'request',
  );
  return true;
}
