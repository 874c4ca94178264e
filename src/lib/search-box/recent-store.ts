/**
 * Where recent searches live and how the shared store (src/stores/recent-searches.ts) is filled:
 * the browser's localStorage for guests (per site), the recentSearch API for logged-in seekers
 * (SPEC §6: sent with credentials). Newest first, de-duplicated, at most MAX_RECENT_SEARCHES (the
 * list rules are src/lib/search/recent.ts). A results page records its search at once
 * (RecordSearch.astro), whether or not the box is used; one load per page serves every island.
 */
import type { ApiClient } from '~/lib/api-client';
import { toRecentList, withRecentSearch, type RecentSearch } from '~/lib/search/recent';
import { $recentSearches } from '~/stores/recent-searches';
import { $loggedIn } from '~/stores/session';

export { $recentSearches };

export interface RecentContext {
  /** Only needed for a logged-in seeker (the API); a guest's list is in this browser. */
  api?: ApiClient;
  siteContext: string;
  signedIn: boolean;
}

export const storageKey = (siteContext: string) => `jobportal.recentSearches.${siteContext}`;

export function loadGuestRecent(siteContext: string): RecentSearch[] {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey(siteContext));
    return stored ? toRecentList(JSON.parse(stored)) : [];
  } catch {
    return []; // storage blocked or a broken value: start over
  }
}

export function saveGuestRecent(siteContext: string, list: RecentSearch[]): void {
  try {
    globalThis.localStorage?.setItem(storageKey(siteContext), JSON.stringify(list));
  } catch {
    // storage full or blocked: recent searches are a convenience
  }
}

async function loadUserRecent(api: ApiClient): Promise<RecentSearch[]> {
  const res = await api.call<unknown>('recentSearch');
  return res.ok ? toRecentList(res.data) : [];
}

async function saveUserRecent(api: ApiClient, search: RecentSearch): Promise<void> {
  await api.call('saveRecentSearch', {
    body: { keywords: search.keywords, location: search.location, experience: search.experience },
  });
}

const loadKey = (ctx: RecentContext) => `${ctx.signedIn ? 'user' : 'guest'}:${ctx.siteContext}`;

/** The latest record in flight: a load waits for it, so the list includes this page's search. */
let recording: Promise<void> = Promise.resolve();
/** One load per page and site; the islands that read the list share it. */
const loads = new Map<string, Promise<RecentSearch[]>>();

/** Makes `search` the newest recent search (a results page's valid search). */
export function recordRecentSearch(ctx: RecentContext, search: RecentSearch): Promise<void> {
  if (!ctx.signedIn) {
    const next = withRecentSearch(loadGuestRecent(ctx.siteContext), search);
    saveGuestRecent(ctx.siteContext, next);
    loads.set(loadKey(ctx), Promise.resolve(next));
    $recentSearches.set(next);
    return Promise.resolve();
  }
  const api = ctx.api;
  recording = api ? saveUserRecent(api, search).catch(() => undefined) : Promise.resolve();
  loads.clear();
  return recording;
}

/** Loads the list into the store (once per page), after any record in flight. */
export function loadRecentSearches(ctx: RecentContext): Promise<RecentSearch[]> {
  const key = loadKey(ctx);
  let load = loads.get(key);
  if (!load) {
    load = recording
      .then(() =>
        ctx.signedIn
          ? ctx.api
            ? loadUserRecent(ctx.api)
            : Promise.resolve($recentSearches.get())
          : loadGuestRecent(ctx.siteContext),
      )
      .catch(() => [] as RecentSearch[])
      .then((list) => {
        $recentSearches.set(list);
        return list;
      });
    loads.set(key, load);
  }
  return load;
}

/** A list the server already has (the dashboard renders it): shown without asking again. */
export function seedRecentSearches(ctx: RecentContext, list: RecentSearch[]): void {
  $recentSearches.set(list);
  loads.set(loadKey(ctx), Promise.resolve(list));
}

/** Asks again (the list may have changed in another tab), keeping what is shown meanwhile. */
export function refreshRecentSearches(ctx: RecentContext): Promise<RecentSearch[]> {
  loads.delete(loadKey(ctx));
  return loadRecentSearches(ctx);
}

/** A guest empties their list (a logged-in seeker's list is on the server). */
export function clearRecentSearches(siteContext: string): void {
  try {
    globalThis.localStorage?.removeItem(storageKey(siteContext));
  } catch {
    // ignore
  }
  loads.set(loadKey({ siteContext, signedIn: false }), Promise.resolve([]));
  $recentSearches.set([]);
}

// Logging out: a seeker's list must not stay on screen for whoever uses the browser next.
$loggedIn.listen((loggedIn) => {
  if (!loggedIn) {
    loads.clear();
    $recentSearches.set([]);
  }
});
