/**
 * The filter of the per-user, per-site tables (recent searches, saved jobs, applications, leads,
 * subscriptions): a user's rows on one site, which is all a user may read or change of them.
 */
import { and, eq, type Column, type SQL } from 'drizzle-orm';

export const ownRows = (
  table: { userId: Column; siteContext: Column },
  userId: string,
  siteContext: string,
): SQL => and(eq(table.userId, userId), eq(table.siteContext, siteContext))!;
