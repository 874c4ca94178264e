/**
 * The cached pages as they go on the wire, for the server's fast path (scripts/http/fast-pages.ts):
 * the page cache (page-cache.ts) puts here each page it stores (compressed bytes, the headers a
 * cache hit carries, how long it stays fresh, its tags) and drops it whenever it drops its own
 * copy, so a request that would be a cache hit is answered before the Astro pipeline with the
 * same bytes and headers. The server script and the built pages are two bundles: they meet
 * through one object on globalThis (docs/decisions/0051-cached-pages-fast-path.md).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page compressed for storing in the request's encoding (brotli 6 or gzip 6: compressed once,
 * sent many times), with `headers` made to say so (Content-Encoding, Content-Length, Vary).
 */
export async function encodeForStore(
  body: Buffer,
  encoding: Encoding,
  headers: Headers,
): Promise<Buffer> {
  const vary = headers.get('vary');
  if (!vary || !/accept-encoding/i.test(vary))
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const stored =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 6,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : encoding === 'gzip'
        ? await gzipAsync(body, { level: 6 })
        : body;
  if (encoding !== 'identity') headers.set('content-encoding', encoding);
  headers.set('content-length', String(stored.length));
  return stored;
}

/** One stored page in one encoding. */
export interface StoredPage {
  /** The headers of a cache hit, lower-case, without the request id (each answer has its own). */
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  /** The headers of the 304 answer to a browser that has this copy. */
  notModifiedHeaders: Record<string, string>;
  /** Epoch ms until which it is fresh (the provider's copy is stored just after: it outlives it). */
  freshUntil: number;
  /** Epoch ms until which a stale copy may be sent while a fresh one renders. */
  staleUntil: number;
  tags: readonly string[];
  path: string;
}

export interface PageStore {
  pages: Map<string, StoredPage>;
  /** Stale pages whose re-render the pipeline was asked for, and when. */
  revalidating: Map<string, number>;
  /** Answers given by the fast path (the page cache adds them to its hit count). */
  hits: number;
  max: number;
}

const KEY = Symbol.for('jobportal.pageStore');
const globalRef = globalThis as typeof globalThis & { [KEY]?: PageStore };
export const pageStore: PageStore = (globalRef[KEY] ??= {
  pages: new Map(),
  revalidating: new Map(),
  hits: 0,
  max: 3_000,
});

/** The encoding a page is stored and sent in: brotli when accepted, else gzip, else none. */
export function negotiate(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Query parameters that never change a page (Astro's memory provider leaves them out). */
const TRACKING_PARAM =
  /^(utm_.*|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|_ke|oly_anon_id|oly_enc_id|rb_clickid|s_cid|vero_id|wickedid|yclid|__s|ref)$/i;

/** The path as the memory provider's `invalidate({ path })` matches it. */
export function providerPath(url: URL): string {
  if (!url.search) return url.pathname;
  const params = new URLSearchParams(url.searchParams);
  for (const key of [...params.keys()]) if (TRACKING_PARAM.test(key)) params.delete(key);
  params.sort();
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** The key of a page in one encoding: origin, path and kept query, encoding. */
export function pageKey(url: URL, encoding: Encoding): string {
  return `${url.origin}${providerPath(url)}\0${encoding}`;
}

/** RFC 9110 If-None-Match (weak comparison): does the browser's copy match this one? */
export function matchesETag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return (
    ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => opaque(t) === opaque(etag))
  );
}

/** Headers a 304 keeps from the page's. */
export const NOT_MODIFIED_HEADERS = [
  'etag',
  'cache-control',
  'vary',
  'x-astro-cache',
  'content-location',
] as const;

export function storePage(key: string, page: StoredPage): void {
  const { pages } = pageStore;
  pages.delete(key);
  pageStore.revalidating.delete(key);
  while (pages.size >= pageStore.max) pages.delete(pages.keys().next().value!);
  pages.set(key, page);
}

export function dropPage(key: string): void {
  pageStore.pages.delete(key);
  pageStore.revalidating.delete(key);
}

/** Drops the pages with any of these tags, or at this path (every origin and encoding). */
export function dropPages(options: { tags?: string | string[]; path?: string }): void {
  const tags = options.tags === undefined ? [] : [options.tags].flat();
  for (const [key, page] of pageStore.pages) {
    if (
      (options.path !== undefined && page.path === options.path) ||
      page.tags.some((tag) => tags.includes(tag))
    )
      dropPage(key);
  }
}

/** How long a re-render asked of the pipeline may take before another request asks again. */
export const REVALIDATION_MS = 30_000;

/**
 * The page to send for this key: fresh ("HIT"), or stale ("STALE") while the pipeline renders a
 * fresh one. The first request for a stale page is left to the pipeline (undefined), which sends
 * it stale and renders it again in the background; the requests after it get the stale copy
 * here, so 100 connections on a page that just went stale start one render, not 100.
 */
export function cachedPage(
  key: string,
  now: number = Date.now(),
): { page: StoredPage; state: 'HIT' | 'STALE' } | undefined {
  const page = pageStore.pages.get(key);
  if (!page) return undefined;
  if (page.freshUntil > now) return { page, state: 'HIT' };
  if (page.staleUntil <= now) return undefined;
  const asked = pageStore.revalidating.get(key);
  if (asked !== undefined && now - asked < REVALIDATION_MS) return { page, state: 'STALE' };
  pageStore.revalidating.set(key, now);
  return undefined;
}
