/**
 * Where recent searches live: the browser's localStorage for guests (per site), the
 * recentSearch API for logged-in seekers (SPEC §6: sent with credentials). Newest first,
 * de-duplicated, at most MAX_RECENT_SEARCHES (src/lib/search/recent.ts).
 */
import type { ApiClient } from '~/lib/api-client';
import { toRecentList, withRecentSearch, type RecentSearch } from '~/lib/search/recent';

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

export function clearGuestRecent(siteContext: string): void {
  try {
    globalThis.localStorage?.removeItem(storageKey(siteContext));
  } catch {
    // ignore
  }
}

export async function loadUserRecent(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<RecentSearch[]> {
  const res = await api.call<unknown>('recentSearch', { signal });
  return res.ok ? toRecentList(res.data) : [];
}

export async function saveUserRecent(api: ApiClient, search: RecentSearch): Promise<boolean> {
  const res = await api.call('saveRecentSearch', {
    body: {
      keywords: search.keywords,
      location: search.location,
      experience: search.experience,
    },
  });
  return res.ok;
}

/**
 * The recent searches to show, with this page's search (`record`, results pages) saved first:
 * through the API for a logged-in seeker, in localStorage for a guest.
 */
export async function loadRecent(
  api: ApiClient,
  siteContext: string,
  signedIn: boolean,
  record: RecentSearch | null | undefined,
): Promise<RecentSearch[]> {
  if (signedIn) {
    if (record) await saveUserRecent(api, record);
    return loadUserRecent(api);
  }
  const list = loadGuestRecent(siteContext);
  if (!record) return list;
  const next = withRecentSearch(list, record);
  saveGuestRecent(siteContext, next);
  return next;
}
