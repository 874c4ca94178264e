/**
 * Search box state shared by the SearchBox island's parts (fields, autosuggest, voice search,
 * recent searches). Imports only nanostores; persistence (localStorage or the recentSearch API)
 * lives in the island.
 */
import { atom, map } from 'nanostores';

export interface SearchFields {
  keywords: string;
  location: string;
  /** The <select> value: '' for any, else whole years as text. */
  experience: string;
}

export type SearchField = keyof SearchFields;

export const $searchFields = map<SearchFields>({ keywords: '', location: '', experience: '' });

/** Validation messages (already translated) per field; absent when the field is fine. */
export const $searchErrors = map<Partial<Record<SearchField, string>>>({});

export interface RecentSearch {
  keywords: string;
  location: string;
  experience: number | null;
}

/** SPEC: recent searches newest first, de-duplicated; the box shows at most this many. */
export const MAX_RECENT_SEARCHES = 10;

export const $recentSearches = atom<RecentSearch[]>([]);

export function setSearchField(field: SearchField, value: string): void {
  $searchFields.setKey(field, value);
  if ($searchErrors.get()[field]) $searchErrors.setKey(field, undefined);
}

export function fillSearchFields(fields: Partial<SearchFields>): void {
  for (const [field, value] of Object.entries(fields) as [SearchField, string | undefined][]) {
    if (value !== undefined) setSearchField(field, value);
  }
}

export function setSearchErrors(errors: Partial<Record<SearchField, string>>): void {
  $searchErrors.set(errors);
}

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

export function addRecentSearch(search: RecentSearch): RecentSearch[] {
  const next = withRecentSearch($recentSearches.get(), search);
  $recentSearches.set(next);
  return next;
}
