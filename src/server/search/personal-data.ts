/** The search's part of a seeker's personal data (data export): their recent searches. */
import { eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { recentSearches } from '~/server/db/schema-search';

export async function exportSearchData(userId: string, db: Queryable) {
  return {
    recent_searches: await db
      .select()
      .from(recentSearches)
      .where(eq(recentSearches.userId, userId)),
  };
}
