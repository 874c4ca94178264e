/**
 * Recent searches as the search box keeps them (SPEC: newest first, de-duplicated, at most
 * MAX_RECENT_SEARCHES): the list rules and the defensive reading of stored or API lists. Where
 * they are kept (localStorage, the recentSearch API) is src/lib/search-box/recent-store.ts;
 * logged-in seekers' lists on the server are src/server/search/recent.ts (same identity rule).
 */

export interface RecentSearch {
  keywords: string;
  location: string;
  experience: number | null;
}

/** The box shows at most this many. */
export const MAX_RECENT_SEARCHES = 10;

/** The identity of a search for de-duplication: case, spacing and comma spacing ignored. */
export function recentSearchKey(search: RecentSearch): string {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\s*,\s*/g, ',')
      .replace(/\s+/g, ' ')
      .trim();
  return `${norm(search.keywords)}|${norm(search.location)}|${search.experience ?? ''}`;
}

/** Puts `search` first, drops earlier copies of it and keeps at most MAX_RECENT_SEARCHES. */
export function withRecentSearch(
  list: readonly RecentSearch[],
  search: RecentSearch,
): RecentSearch[] {
  const key = recentSearchKey(search);
  return [search, ...list.filter((s) => recentSearchKey(s) !== key)].slice(0, MAX_RECENT_SEARCHES);
}

/** De-duplicates a list that is already newest first (keeps the first of each). */
export function dedupeRecentSearches(list: readonly RecentSearch[]): RecentSearch[] {
  const seen = new Set<string>();
  const out: RecentSearch[] = [];
  for (const s of list) {
    const key = recentSearchKey(s);
    if (s.keywords.trim() === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out.slice(0, MAX_RECENT_SEARCHES);
}

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

/** "keywords · location · 3 years", empty parts left out (`years`: the experience's label). */
export function recentLabel(search: RecentSearch, years: string | undefined): string {
  return [search.keywords, search.location, years].filter(Boolean).join(' · ');
}
