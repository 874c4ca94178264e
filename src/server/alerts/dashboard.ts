/**
 * What /seeker/dashboard shows of the seeker's data, read in one statement (decision 0074): the
 * profile (score, cards, dialogs), recent searches, job alerts, saved and applied counts with the
 * latest applications, and the latest notifications with the unread count; then the recommended
 * jobs from those (their searches), without reading any of it again.
 */
import { getDb, type Queryable } from '~/server/db/client';
import { readParts } from '~/server/db/json-rows';
import { recentSearchesPart } from '~/server/search/recent';
import { notificationsPart } from './notifications';
import { recommendationParts, recommendedJobs } from './recommend';

/** Recent searches the dashboard's card lists. */
export const DASHBOARD_RECENT = 5;
/** Notifications its panel lists. */
export const DASHBOARD_NOTIFICATIONS = 5;
/** Recommended jobs it shows. */
export const DASHBOARD_RECOMMENDED = 5;

export async function dashboardData(
  userId: string,
  siteContext: string,
  options: { db?: Queryable } = {},
) {
  const db = options.db ?? (await getDb());
  const read = await readParts(db, {
    ...recommendationParts(userId, siteContext),
    recent: recentSearchesPart(userId, siteContext, DASHBOARD_RECENT),
    notifications: notificationsPart(userId, DASHBOARD_NOTIFICATIONS),
  });
  const recommended = await recommendedJobs(userId, siteContext, {
    db,
    limit: DASHBOARD_RECOMMENDED,
    inputs: read,
  });
  return { ...read, recommended };
}
