/**
 * Bell notifications (SPEC §3, §7 "bell notifications and their redirect"): new alert matches,
 * an application viewed, profile reminders. Every read and change names the seeker: nobody can
 * read or mark another seeker's notifications.
 */
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { countPart, manyPart, type Part } from '~/server/db/json-rows';
import { getDb, type Queryable } from '~/server/db/client';
import { notifications, type Notification, type NotificationKind } from '~/server/db/schema-alerts';

/** Only paths of this site are targets (never another host). */
const safeTarget = (target: string) =>
  target.startsWith('/') && !target.startsWith('//') ? target : '/seeker/dashboard';

export async function notify(
  userId: string,
  kind: NotificationKind,
  target: string,
  params: Record<string, string | number> = {},
  db?: Queryable,
): Promise<void> {
  const q = db ?? (await getDb());
  await q.insert(notifications).values({ userId, kind, params, target: safeTarget(target) });
}

/** Many at once (the alert worker, one per mailed alert of a seeker). */
export async function notifyMany(
  rows: {
    userId: string;
    kind: NotificationKind;
    target: string;
    params: Record<string, string | number>;
  }[],
  db?: Queryable,
): Promise<void> {
  if (rows.length === 0) return;
  const q = db ?? (await getDb());
  await q.insert(notifications).values(rows.map((r) => ({ ...r, target: safeTarget(r.target) })));
}

export async function listNotifications(
  userId: string,
  limit = 50,
  db?: Queryable,
): Promise<Notification[]> {
  const q = db ?? (await getDb());
  return q
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(Math.max(1, Math.min(200, limit)));
}

/**
 * The latest notifications and how many are unread, as a value of a statement that reads more
 * beside it (the dashboard: decision 0074).
 */
export function notificationsPart(
  userId: string,
  limit: number,
): Part<{ items: Notification[]; unread: number }> {
  const items = manyPart(
    getTableColumns(notifications),
    sql`${notifications} where ${eq(notifications.userId, userId)}`,
    [desc(notifications.createdAt), desc(notifications.id)],
    Math.max(1, Math.min(200, limit)),
  );
  const unread = countPart(
    sql`${notifications} where ${and(eq(notifications.userId, userId), isNull(notifications.readAt))}`,
  );
  return {
    sql: sql`json_build_object('items', ${items.sql}, 'unread', ${unread.sql})`,
    decode: (value) => {
      const o = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
      return { items: items.decode(o.items), unread: unread.decode(o.unread) };
    },
  };
}

export async function unreadCount(userId: string, db?: Queryable): Promise<number> {
  const q = db ?? (await getDb());
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * Marks one of the seeker's notifications read and answers where it leads; null when it is not
 * theirs (or gone).
 */
export async function openNotification(
  userId: string,
  id: number,
  db?: Queryable,
): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const q = db ?? (await getDb());
  const [row] = await q
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ target: notifications.target });
  return row?.target ?? null;
}

export async function markAllRead(userId: string, db?: Queryable): Promise<number> {
  const q = db ?? (await getDb());
  const rows = await q
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks one of the seeker's notifications read; false when it is not theirs (or gone). */
export async function markNotificationRead(
  userId: string,
  id: number,
  db?: Queryable,
): Promise<boolean> {
  return (await openNotification(userId, id, db)) !== null;
}

/** Removes one of the seeker's notifications from their list; false when not theirs (or gone). */
export async function dismissNotification(
  userId: string,
  id: number,
  db?: Queryable,
): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const q = db ?? (await getDb());
  const rows = await q
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
