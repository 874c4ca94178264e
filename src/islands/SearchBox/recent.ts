/**
 * Where recent searches live: the browser's localStorage for guests (per site), the
 * recentSearch API for logged-in seekers (SPEC §6: sent with credentials). Newest first,
 * de-duplicated, at most MAX_RECENT_SEARCHES.
 */
import type { ApiClient } from '~/lib/api-client';
import { dedupeRecentSearches, type RecentSearch } from '~/stores/search';

const storageKey = (siteContext: string) => `jobportal.recentSearches.${siteContext}`;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One stored or API entry as a RecentSearch, or null when it is not one. */
export function toRecentSearch(raw: unknown): RecentSearch | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const keywords = text(r.keywords ?? r.q ?? r.query).trim();
  if (!keywords) return null;
  const exp = r.experience;
  const years =
    typeof exp === 'number' ? exp : typeof exp === 'string' && exp !== '' ? Number(exp) : null;
  return {
    keywords,
    location: text(r.location).trim(),
    experience:
      years !== null && Number.isInteger(years) && years >= 0 && years <= 50 ? years : null,
  };
}

/** Reads a list from an API answer or storage: an array, or an object holding one. */
export function toRecentList(raw: unknown): RecentSearch[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null
      ? (Object.values(raw).find(Array.isArray) ?? [])
      : [];
  return dedupeRecentSearches(
    (list as unknown[]).map(toRecentSearch).filter((s): s is RecentSearch => s !== null),
  );
}

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
