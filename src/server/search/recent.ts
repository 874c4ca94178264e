/**
 * Recent searches of logged-in seekers (SPEC §1 "recent searches", §7 middleware/recentSearch),
 * per user and site, newest first. Guests keep theirs in the browser (the search box's script).
 *
 * - Saving the same search again (same keywords, location and experience, ignoring case, extra
 *   spaces and spaces around commas) moves it to the top instead of adding a copy; its spelling
 *   becomes the latest one.
 * - At most MAX_KEPT are kept per user and site: saving drops the oldest beyond that.
 */
import { and, desc, notInArray, sql } from 'drizzle-orm';
import { cleanSearchText } from '~/lib/validation/search';
import { getDb, type Queryable } from '~/server/db/client';
import { ownRows } from '~/server/db/owner';
import { manyPart, type Part } from '~/server/db/json-rows';
import { recentSearches } from '~/server/db/schema-search';

/** What the API answers guests (with 401): their recent searches live in their browser. */
export const RECENT_LOGIN_REQUIRED = 'Please log in to keep your recent searches.';

/** Searches kept per user and site. */
export const MAX_KEPT = 20;

export interface RecentSearch {
  keywords: string;
  location: string;
  experience: number | null;
  searchedAt: Date;
}

export interface RecentSearchInput {
  keywords: string;
  location?: string | null;
  experience?: number | null;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\s*,\s*/g, ',')
    .replace(/\s+/g, ' ')
    .trim();

/** The identity of a search (the same as src/lib/search/recent.ts's recentSearchKey). */
export function recentSearchKey(search: {
  keywords: string;
  location: string;
  experience: number | null;
}): string {
  return `${norm(search.keywords)}|${norm(search.location)}|${search.experience ?? ''}`;
}

/** The user's recent searches on a site, newest first. */
const RECENT = {
  keywords: recentSearches.keywords,
  location: recentSearches.location,
  experience: recentSearches.experience,
  searchedAt: recentSearches.searchedAt,
};
const NEWEST_FIRST = [desc(recentSearches.searchedAt), desc(recentSearches.id)];

/** listRecentSearches as a value of a statement that reads more beside it (decision 0074). */
export const recentSearchesPart = (
  userId: string,
  siteContext: string,
  limit: number,
): Part<RecentSearch[]> =>
  manyPart(
    RECENT,
    sql`${recentSearches} where ${ownRows(recentSearches, userId, siteContext)}`,
    NEWEST_FIRST,
    Math.max(1, Math.min(MAX_KEPT, Math.floor(limit) || 10)),
  );

export async function listRecentSearches(
  userId: string,
  siteContext: string,
  limit = 10,
  db?: Queryable,
): Promise<RecentSearch[]> {
  const q = db ?? (await getDb());
  const safeLimit = Math.max(1, Math.min(MAX_KEPT, Math.floor(limit) || 10));
  const rows = await q
    .select(RECENT)
    .from(recentSearches)
    .where(ownRows(recentSearches, userId, siteContext))
    .orderBy(...NEWEST_FIRST)
    .limit(safeLimit);
  return rows;
}

/**
 * Saves a search as the user's newest on the site (or moves its earlier copy to the top) and
 * keeps at most MAX_KEPT. A search with neither keywords nor a location is not saved. Returns
 * the list as listRecentSearches gives it.
 */
export async function saveRecentSearch(
  userId: string,
  siteContext: string,
  input: RecentSearchInput,
  db?: Queryable,
): Promise<RecentSearch[]> {
  const q = db ?? (await getDb());
  const keywords = cleanSearchText(input.keywords ?? '').slice(0, 200);
  const location = (input.location ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
  const experience =
    typeof input.experience === 'number' &&
    Number.isInteger(input.experience) &&
    input.experience >= 0 &&
    input.experience <= 50
      ? input.experience
      : null;
  if (keywords === '' && location === '') return listRecentSearches(userId, siteContext, 10, q);

  const dedupeKey = recentSearchKey({ keywords, location, experience });
  await q.transaction(async (tx) => {
    await tx
      .insert(recentSearches)
      .values({ userId, siteContext, keywords, location, experience, dedupeKey })
      .onConflictDoUpdate({
        target: [recentSearches.userId, recentSearches.siteContext, recentSearches.dedupeKey],
        // clock_timestamp, not now(): two saves in one transaction still get distinct times.
        set: { keywords, location, experience, searchedAt: sql`clock_timestamp()` },
      });
    const keep = tx
      .select({ id: recentSearches.id })
      .from(recentSearches)
      .where(ownRows(recentSearches, userId, siteContext))
      .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
      .limit(MAX_KEPT);
    await tx
      .delete(recentSearches)
      .where(
        and(ownRows(recentSearches, userId, siteContext), notInArray(recentSearches.id, keep)),
      );
  });
  return listRecentSearches(userId, siteContext, 10, q);
}
