/**
 * Recent searches on this page, shared by the search box (its recent keywords and the list under
 * the hero box) and the seeker dashboard's widget: newest first, de-duplicated, at most
 * MAX_RECENT_SEARCHES (src/lib/search/recent.ts). Where they are kept and how they are loaded and
 * recorded (localStorage for guests, the recentSearch API for logged-in seekers) is
 * src/lib/search-box/recent-store.ts, which writes this store.
 */
import { atom } from 'nanostores';
import type { RecentSearch } from '~/lib/search/recent';

/** The list on this page; empty until loaded. */
export const $recentSearches = atom<RecentSearch[]>([]);
