/**
 * A logged-in seeker's own pages kept in this server process (decision 0096): a seeker who comes
 * back to the dashboard, or to another page that opts in with `cacheSeekerPage`, is answered from
 * memory, without the session lookup, the page's statements or its render.
 *
 * - Keyed by all the page can depend on besides the database: host, path and query, the Cookie
 *   header (the session, and the choices kept in cookies), the User-Agent, and the encoding.
 *   Only a browser that sends the same session cookie reaches the copy.
 * - Dropped when the seeker's rows change, whoever writes them: triggers on every table holding a
 *   seeker's rows NOTIFY `seeker:<user id>` (drizzle/sql/seeker_pages_notify.sql), and the page's
 *   other tags (the site's jobs) come with the public pages' notices. A write sent with the
 *   session cookie drops that session's copies in this process before and after it runs, so the
 *   page a form redirects to shows the change even before the notice arrives.
 * - Never stored: an answer that is not a 200 or sets a cookie, a page that showed something once
 *   (`showsOnce`: the engagement dialogs), a render during which a notice for one of its tags
 *   arrived (it may have read the rows before the write), or before this process listens.
 * - Bounded by entries and bytes (a quarter of PAGE_CACHE_MB), oldest first, and kept at most
 *   SEEKER_PAGE_MAX_AGE seconds, so that a page's dates and "last 30 days" stay right.
 */
import { createHash } from 'node:crypto';
import { config } from '~/server/config';
import { listenForPageChanges } from '~/server/page-cache/listen';
import { seekerTag } from '~/server/page-cache/tags';
import { registerCache } from '~/server/ops/metrics';
import { encodeForStore, negotiate, type Encoding } from './page-store';

/** Seconds a seeker's page is answered from memory at most. */
export const SEEKER_PAGE_MAX_AGE = 300;
const MAX_ENTRIES = 2_000;

/** What a page tells the cache about itself (kept on `Astro.locals`). */
export interface SeekerPageMark {
  tags: string[];
  /** Something in this render is shown once (it recorded that it was shown): never stored. */
  once?: boolean;
}

type Cacheable = { locals: App.Locals; request: Request };

/** Lets this page (a GET by a logged-in seeker) be kept, dropped by the seeker's and these tags. */
export function cacheSeekerPage(astro: Cacheable, tags: readonly string[] = []): void {
  const user = astro.locals.user;
  if (!user || astro.request.method !== 'GET') return;
  const mark = (astro.locals.seekerPage ??= { tags: [] });
  mark.tags.push(seekerTag(user.id), ...tags);
}

/** This render shows something once (and recorded it): the page is not kept. */
export function showsOnce(locals: App.Locals): void {
  locals.seekerPage = { tags: [], ...locals.seekerPage, once: true };
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  tags: string[];
  session: string;
  expiresAt: number;
}

const entries = new Map<string, Entry>();
const keysByTag = new Map<string, Set<string>>();
let totalBytes = 0;
/** Counts drops; a render that started before a drop of one of its tags is not stored. */
let dropCount = 0;
const droppedAt = new Map<string, number>();
/** When droppedAt was last emptied (bounded): renders older than this are not stored. */
let droppedFloor = 0;
let listening: 'no' | 'starting' | 'yes' = 'no';
let hits = 0;
let misses = 0;
// On /metrics as cache_lookups_total{cache="seeker-pages"}: kept pages answered, and pages that
// may be kept but were rendered.
registerCache('seeker-pages', () => ({ hits, misses, size: entries.size }));

const maxBytes = () => (config.PAGE_CACHE_MB * 1024 * 1024) / 4;

function hash(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

function remove(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  totalBytes -= entry.body.length;
  for (const tag of [...entry.tags, entry.session]) {
    const keys = keysByTag.get(tag);
    keys?.delete(key);
    if (keys?.size === 0) keysByTag.delete(tag);
  }
}

/** Drops every kept page with one of these tags (a seeker, a site's jobs, a session). */
export function dropSeekerPages(tags: readonly string[]): void {
  dropCount++;
  if (droppedAt.size > 100_000) {
    droppedAt.clear();
    droppedFloor = dropCount;
  }
  for (const tag of tags) {
    droppedAt.set(tag, dropCount);
    for (const key of keysByTag.get(tag) ?? []) remove(key);
  }
}

function listen(): void {
  if (listening !== 'no') return;
  listening = 'starting';
  void listenForPageChanges(dropSeekerPages).then(() => {
    listening = 'yes';
  });
}

/** What identifies a request's copy, and the session it belongs to. */
export interface SeekerRequest {
  key: string;
  session: string;
  encoding: Encoding;
  /** dropCount when the request arrived. */
  since: number;
}

/**
 * The request as this cache sees it, when it has a session cookie (any method: a write drops the
 * session's copies); null otherwise, and when PAGE_CACHE_MB=0 turns the caches off.
 */
export function seekerRequest(
  request: Request,
  url: URL,
  sessionToken: string | undefined,
): SeekerRequest | null {
  if (!sessionToken || config.PAGE_CACHE_MB === 0) return null;
  const headers = request.headers;
  const encoding = negotiate(headers.get('accept-encoding'));
  const key = hash(
    [url.host, url.pathname, url.search, headers.get('cookie'), headers.get('user-agent')].join(
      '\n',
    ),
  );
  return {
    key: `${key}:${encoding}`,
    session: `session:${hash(sessionToken)}`,
    encoding,
    since: dropCount,
  };
}

/** The kept copy for this request, as a fresh Response; undefined when there is none. */
export function keptSeekerPage(request: SeekerRequest): Response | undefined {
  const entry = entries.get(request.key);
  if (!entry || entry.expiresAt <= Date.now()) {
    if (entry) remove(request.key);
    return undefined;
  }
  hits++;
  // Newest last: the oldest entry is the first to go when the budget is spent.
  entries.delete(request.key);
  entries.set(request.key, entry);
  const answer = new Response(new Uint8Array(entry.body), {
    status: entry.status,
    headers: entry.headers,
  });
  // As the public page cache says HIT in x-astro-cache: for operators and tests.
  answer.headers.set('x-seeker-cache', 'HIT');
  return answer;
}

/** A write with this session cookie: its pages in this process go now (and after the write). */
export function forgetSession(request: SeekerRequest): void {
  dropSeekerPages([request.session]);
}

/**
 * Keeps a page that asked to be kept (`cacheSeekerPage`) and may be, and answers with the same
 * bytes, compressed once here; any other answer passes untouched.
 */
export async function keepSeekerPage(
  request: SeekerRequest,
  mark: SeekerPageMark | undefined,
  response: Response,
  setsCookies: boolean,
): Promise<Response> {
  if (!mark || mark.tags.length === 0) return response;
  misses++;
  if (mark.once) return response;
  if (response.status !== 200 || setsCookies || response.headers.has('set-cookie')) return response;
  if (response.headers.has('content-encoding') || !response.body) return response;
  listen();
  const body = Buffer.from(await response.arrayBuffer());
  // Read after the whole page rendered: a component may have said it shows something once.
  if (mark.once) return new Response(new Uint8Array(body), response);
  const headers = new Headers(response.headers);
  const stored = await encodeForStore(body, request.encoding, headers);
  const answer = new Response(new Uint8Array(stored), { status: 200, headers });
  const tags = [...new Set(mark.tags)];
  const staleAlready = [...tags, request.session].some(
    (tag) => (droppedAt.get(tag) ?? droppedFloor) > request.since,
  );
  if (listening !== 'yes' || staleAlready || stored.length > maxBytes() / 16) return answer;
  remove(request.key);
  const kept: [string, string][] = [];
  for (const [name, value] of headers) if (name !== 'x-request-id') kept.push([name, value]);
  entries.set(request.key, {
    status: 200,
    headers: kept,
    body: stored,
    tags,
    session: request.session,
    expiresAt: Date.now() + SEEKER_PAGE_MAX_AGE * 1000,
  });
  totalBytes += stored.length;
  for (const tag of [...tags, request.session]) {
    let keys = keysByTag.get(tag);
    if (!keys) keysByTag.set(tag, (keys = new Set()));
    keys.add(request.key);
  }
  while ((totalBytes > maxBytes() || entries.size > MAX_ENTRIES) && entries.size > 0)
    remove(entries.keys().next().value!);
  return answer;
}
