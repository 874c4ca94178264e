/**
 * The public pages' cache: Astro's route caching (`cache` in astro.config.mjs) with its in-memory
 * provider, wrapped so that a cached page is
 * - stored compressed, once per encoding (brotli, gzip, none), so a hit costs no compression;
 * - marked for browsers and CDNs (`Cache-Control` with `s-maxage` and `stale-while-revalidate`,
 *   a weak `ETag`) and answered `304` when the browser already has it;
 * - bounded by bytes as well as by entries (oldest pages dropped first), both copies of a page
 *   counted (the provider's and the server's fast path's): PAGE_CACHE_MB holds; an answer larger
 *   than a sixteenth of the budget (a big jobs sitemap) is never stored;
 * - dropped when the rows it shows change, in every server process: writers NOTIFY the tags
 *   (src/server/page-cache/announce.ts), each process LISTENs and invalidates them.
 * Pages opt in with `cachePublicPage(Astro, tags)`; nothing else is cached. A CDN in front only
 * needs a CDN provider instead of this one (docs/decisions/0033-page-cache.md).
 */
import { createHash } from 'node:crypto';
import type { CacheProvider, CacheProviderFactory, InvalidateOptions } from 'astro';
import memoryProvider from 'astro/cache/memory';
import { config as serverConfig } from '~/server/config';
import { listenForPageChanges } from '~/server/page-cache/listen';
import { requestIdFor } from '~/server/ops/http';
import { log } from '~/server/ops/logger';
import { observeRequest, registerCache } from '~/server/ops/metrics';
import { CONTENT_TAG, jobListTags, jobPageTags, publicTags } from '~/server/page-cache/tags';
import {
  NOT_MODIFIED_HEADERS,
  type Encoding,
  dropPage,
  dropPages,
  encodeForStore,
  matchesETag,
  negotiate,
  pageKey,
  pageStore,
  providerPath,
  storePage,
} from './page-store';

/** What a page or an endpoint hands to the cache helpers: `Astro`, or an endpoint's context. */
type Cacheable = {
  cache: { enabled: boolean; set: (options: object) => void };
  locals: App.Locals;
};

/** How long a public page is served from the cache without rendering (seconds). */
export const PAGE_MAX_AGE = 600;
/** How long after that a stale copy is served while a fresh one renders in the background. */
export const PAGE_STALE_WHILE_REVALIDATE = 3_600;

/**
 * Marks the page as the same for every visitor and cacheable with these tags. The page must not
 * render anything that depends on the visitor: such parts come from server islands
 * (`server:defer`), which read `locals.sharedPage` to know they are needed.
 */
export function cachePublicPage(
  astro: Cacheable,
  tags: readonly string[],
  maxAge: number = PAGE_MAX_AGE,
): void {
  astro.locals.sharedPage = true;
  // `cache` is missing when Astro renders its error route for another request's failure.
  if (!astro.cache?.enabled) return;
  astro.cache.set({
    maxAge: Math.max(1, Math.floor(maxAge)),
    swr: PAGE_STALE_WHILE_REVALIDATE,
    tags: [...tags],
  });
}

/** A job's page: cached until the job expires at the latest (an expired job shows as closed). */
export function cacheJobPage(
  astro: Cacheable,
  job: { id: number; siteContext: string; expiresAt: Date | null },
  now: number = Date.now(),
): void {
  const untilExpiry = job.expiresAt ? Math.ceil((job.expiresAt.getTime() - now) / 1000) : Infinity;
  cachePublicPage(
    astro,
    jobPageTags(job.id, job.siteContext),
    untilExpiry > 0 ? Math.min(PAGE_MAX_AGE, untilExpiry) : PAGE_MAX_AGE,
  );
}

/** A page listing the site's jobs (home, results, landing pages, walk-in jobs). */
export function cacheJobListPage(astro: Cacheable): void {
  cachePublicPage(astro, jobListTags(astro.locals.site.context));
}

/** A sitemap: it lists the site's jobs, its articles, or both (the index). */
export function cacheSitemap(
  context: Cacheable,
  shows: { jobs: boolean; articles: boolean },
): void {
  const tags = [
    ...(shows.jobs ? jobListTags(context.locals.site.context) : []),
    ...(shows.articles ? [CONTENT_TAG] : []),
  ];
  cachePublicPage(context, tags);
}

/** Articles and their lists change only with a new build: no tags needed. */
export function cacheContentPage(astro: Cacheable): void {
  cachePublicPage(astro, [CONTENT_TAG]);
}

export interface PageCacheConfig {
  /** Entries at most (each page is up to three: one per encoding). */
  max?: number;
}

function browserCacheControl(cdnCacheControl: string): string {
  // Browsers revalidate every time (a 304 with the ETag); shared caches keep it as long as we do.
  const maxAge = /max-age=(\d+)/.exec(cdnCacheControl)?.[1] ?? '0';
  const swr = /stale-while-revalidate=(\d+)/.exec(cdnCacheControl)?.[1];
  return `public, max-age=0, must-revalidate, s-maxage=${maxAge}${swr ? `, stale-while-revalidate=${swr}` : ''}`;
}

/**
 * A freshly rendered cacheable page, prepared for storing: compressed in the request's encoding,
 * with its ETag and headers for browsers and shared caches, and the bytes stored. Anything else
 * passes untouched.
 */
async function prepareForCache(
  response: Response,
  encoding: Encoding,
  maxEntryBytes: number,
): Promise<{ response: Response; stored?: Buffer }> {
  const cdn = response.headers.get('cdn-cache-control');
  if (!cdn || response.status !== 200 || response.headers.has('content-encoding'))
    return { response };
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > maxEntryBytes) {
    // Too big to keep: sent as rendered (compressed on the way out), and not stored.
    const headers = new Headers(response.headers);
    headers.delete('cdn-cache-control');
    return { response: new Response(new Uint8Array(body), { status: 200, headers }) };
  }
  const headers = new Headers(response.headers);
  headers.set('etag', pageETag(body));
  headers.set('cache-control', browserCacheControl(cdn));
  const stored = await encodeForStore(body, encoding, headers);
  return { response: new Response(new Uint8Array(stored), { status: 200, headers }), stored };
}

/**
 * The page's ETag: a hash of its HTML without the server islands' per-render parts (encrypted
 * props and island ids change on every render), so every server process gives the same page the
 * same tag and a browser's copy stays valid across processes and re-renders.
 */
export function pageETag(body: Buffer): string {
  const stable = body
    .toString('utf8')
    .replace(/(\/_server-islands\/[\w-]+\?)[^"'\s]*/g, '$1')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '');
  return `W/"${createHash('sha1').update(stable).digest('base64url')}"`;
}

/** RFC 9110 If-None-Match (weak comparison): does the browser's copy match this one? */
function notModified(request: Request, response: Response): boolean {
  const etag = response.headers.get('etag');
  if (!etag || response.status !== 200) return false;
  return matchesETag(request.headers.get('if-none-match'), etag);
}

function notModifiedResponse(response: Response): Response {
  const headers = new Headers();
  for (const name of NOT_MODIFIED_HEADERS)
    if (response.headers.has(name)) headers.set(name, response.headers.get(name)!);
  return new Response(null, { status: 304, headers });
}

/** Headers of a stored answer that a cache hit does not send (Astro's cache handler drops them). */
const NOT_SENT_ON_HIT = new Set(['cdn-cache-control', 'cache-tag', 'set-cookie', 'x-request-id']);

/**
 * The page as a cache hit will send it, for the server's fast path (page-store.ts), when the
 * memory provider stores it: a 200 with a max age, no cookie, no `Vary: Cookie` or `*`. It is
 * fresh until `now + max age`: the provider's own copy, stored just after, outlives it.
 */
function storeForFastPath(key: string, path: string, response: Response, body: Buffer): void {
  const cdn = response.headers.get('cdn-cache-control') ?? '';
  const maxAge = Number(/max-age=(\d+)/.exec(cdn)?.[1]);
  const swr = Number(/stale-while-revalidate=(\d+)/.exec(cdn)?.[1] ?? 0);
  const vary = response.headers.get('vary') ?? '';
  if (
    !(maxAge > 0) ||
    response.headers.has('set-cookie') ||
    /(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)
  )
    return;
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers)
    if (!NOT_SENT_ON_HIT.has(name)) headers[name] = value;
  headers['x-astro-cache'] = 'HIT';
  const notModifiedHeaders: Record<string, string> = {};
  for (const name of NOT_MODIFIED_HEADERS)
    if (headers[name] !== undefined) notModifiedHeaders[name] = headers[name];
  // On a 200 the pipeline's compression step rewrites Vary (and its name's case) on the way out.
  if (headers.vary !== undefined) {
    headers.Vary = headers.vary;
    delete headers.vary;
  }
  const tags = (response.headers.get('cache-tag') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  // A shared cache in front (Varnish xkey) learns the page's tags, as from the pipeline.
  const cdnTagHeader = serverConfig.CDN_TAG_HEADER;
  if (cdnTagHeader && tags.length > 0) headers[cdnTagHeader.toLowerCase()] = tags.join(' ');
  storePage(key, {
    headers,
    body,
    etag: headers.etag!,
    notModifiedHeaders,
    freshUntil: Date.now() + maxAge * 1000,
    staleUntil: Date.now() + (maxAge + swr) * 1000,
    tags,
    path,
  });
}

/** The route label of answers from the cache in logs and metrics (they skip the router). */
const CACHED_ROUTE = '(page cache)';

/** How many cacheable page addresses are remembered for collapsing concurrent renders. */
const MAX_KNOWN_PAGES = 100_000;

/** This process's provider (Astro creates one per process); the notices invalidate through it. */
let current: CacheProvider | undefined;

/** Drops cached pages by tag or path in this process (the notices call it). */
export async function invalidatePages(options: InvalidateOptions): Promise<void> {
  await current?.invalidate(options);
}

const pageCacheProvider: CacheProviderFactory<PageCacheConfig> = (config) => {
  const memory = memoryProvider({ max: config?.max ?? 3_000 });
  // Read when the server starts (not at build time): PAGE_CACHE_MB=0 renders every request.
  const maxBytes = serverConfig.PAGE_CACHE_MB * 1024 * 1024;
  const maxEntryBytes = maxBytes / 16;
  // With the fast path, each page is held twice: the memory provider's copy and the fast path's
  // (page-store.ts). Both count against PAGE_CACHE_MB.
  const fastPath = serverConfig.PAGE_FAST_PATH;
  const copies = fastPath ? 2 : 1;
  const cdnTagHeader = serverConfig.CDN_TAG_HEADER;
  // Stored size of each entry (origin, path, encoding), oldest first, to keep the total bounded.
  const sizes = new Map<string, { path: string; bytes: number }>();
  let total = 0;
  const forget = (key: string, alsoStored = true) => {
    const entry = sizes.get(key);
    if (!entry) return;
    total -= entry.bytes;
    sizes.delete(key);
    if (alsoStored) dropPage(key);
  };
  const entryKey = pageKey;
  pageStore.max = config?.max ?? 3_000;
  const record = async (url: URL, encoding: Encoding, bytes: number) => {
    const path = providerPath(url);
    const key = entryKey(url, encoding);
    forget(key, false); // just stored again: counted anew, the fast path's copy stays
    sizes.set(key, { path, bytes: bytes * copies });
    total += bytes * copies;
    while (total > maxBytes && sizes.size > 1) {
      const [, oldest] = sizes.entries().next().value!;
      // Every variant of that path goes (other sites and encodings): invalidate drops them all.
      for (const [key, entry] of [...sizes]) if (entry.path === oldest.path) forget(key);
      dropPages({ path: oldest.path });
      await memory.invalidate({ path: oldest.path });
    }
  };

  let hits = 0;
  let misses = 0;
  // Hits answered by the server's fast path count as hits too.
  registerCache('pages', () => ({ hits: hits + pageStore.hits, misses, size: sizes.size }));
  // Pages that were stored before, and the renders of such pages under way.
  const cacheableKeys = new Set<string>();
  const renders = new Map<string, Promise<void>>();

  const provider: CacheProvider = {
    name: 'pages',
    async onRequest(context, next) {
      const method = context.request.method;
      if (method !== 'GET' || !memory.onRequest || maxBytes === 0) return next();
      const started = performance.now();
      const encoding = negotiate(context.request.headers.get('accept-encoding'));
      // The memory provider keys by the URL and the Vary headers' values: one entry per encoding.
      const keyed = new Request(context.request.url, {
        headers: { 'accept-encoding': encoding },
      });
      // A page known to be cacheable is rendered once when it is missing (after it expired or its
      // jobs changed): requests arriving meanwhile wait for that render instead of each rendering.
      const key = entryKey(context.url, encoding);
      const rendering = renders.get(key);
      if (rendering) await rendering;
      let rendered = () => {};
      const leads = !rendering && cacheableKeys.has(key);
      if (leads) renders.set(key, new Promise<void>((done) => (rendered = done)));
      let response: Response;
      try {
        // Also called by the provider to revalidate a stale page in the background.
        response = await memory.onRequest({ ...context, request: keyed }, async () => {
          const prepared = await prepareForCache(await next(), encoding, maxEntryBytes);
          if (prepared.stored && fastPath)
            storeForFastPath(key, providerPath(context.url), prepared.response, prepared.stored);
          return prepared.response;
        });
      } finally {
        if (leads) {
          renders.delete(key);
          rendered();
        }
      }
      const state = response.headers.get('x-astro-cache');
      // Still fresh here (the fast path's copy expires a moment earlier): it may ask again.
      if (state === 'HIT') pageStore.revalidating.delete(key);
      if (state === 'MISS') {
        misses++;
        if (cacheableKeys.size >= MAX_KNOWN_PAGES) cacheableKeys.clear();
        cacheableKeys.add(key);
        await record(context.url, encoding, Number(response.headers.get('content-length') ?? 0));
      }
      const answer = notModified(context.request, response)
        ? notModifiedResponse(response)
        : response;
      // A shared cache in front (Varnish xkey) learns the page's tags; Astro drops Cache-Tag.
      const tags = cdnTagHeader && response.headers.get('cache-tag');
      if (tags) answer.headers.set(cdnTagHeader, tags.split(/\s*,\s*/).join(' '));
      if (state === 'HIT' || state === 'STALE') {
        hits++;
        // Served without the middleware: its log line, metrics and request id are given here.
        const reqId = requestIdFor(context);
        answer.headers.set('x-request-id', reqId);
        const seconds = (performance.now() - started) / 1000;
        observeRequest(method, CACHED_ROUTE, answer.status, seconds);
        log.info(
          {
            reqId,
            method,
            route: CACHED_ROUTE,
            status: answer.status,
            ms: Math.round(seconds * 1000),
            cache: state,
          },
          'request',
        );
      }
      return answer;
    },
    async invalidate(options) {
      dropPages(options);
      await memory.invalidate(options);
      // Sizes of dropped entries are not known here; they are forgotten as newer ones arrive.
    },
  };
  current = provider;
  void listenForPageChanges((tags) => {
    const shown = publicTags(tags);
    if (shown.length > 0) void invalidatePages({ tags: shown });
  });
  return provider;
};

export default pageCacheProvider;
