/**
 * Profile views and search appearances (SPEC §1 "profile views", §2 dashboard, "My Profile
 * Performance"): recorded by the employer system through an internal, token-protected endpoint
 * (recruiters only view profiles), read back by their seeker only, as totals and per-day series;
 * a recruiter opening an application rings the seeker's bell and marks it viewed on
 * /seeker/applications.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { getDb, queryRows, type Queryable } from '~/server/db/client';
import { profileEvents, type ProfileEventKind } from '~/server/db/schema-alerts';
import { findUserByEmail, getUser } from '~/server/accounts/users';
import { jobPath } from '~/lib/jobs/paths';
import { listApplications, markApplicationViewed } from '~/server/applications/service';
import { notify } from './notifications';

const DAY_MS = 86_400_000;

export interface RecordInput {
  /** The seeker, by id or (as employer systems know them) by email. */
  userId?: string;
  email?: string;
  kind: ProfileEventKind;
  viewer?: string | null;
  at?: Date;
}

/** The seeker's id, by id or by email (through the accounts service); null when there is none. */
async function findSeeker(
  who: { userId?: string; email?: string },
  q: Queryable,
): Promise<string | null> {
  const user = who.userId
    ? await getUser(who.userId, { db: q })
    : await findUserByEmail(who.email ?? '', { db: q });
  // A deleted account (in its grace period) is hidden from the employer side.
  return user && !user.closedAt ? user.id : null;
}

/** Records one event; false when no such seeker exists. */
export async function recordProfileEvent(input: RecordInput, db?: Queryable): Promise<boolean> {
  const q = db ?? (await getDb());
  const user = await findSeeker(input, q);
  if (!user) return false;
  await q.insert(profileEvents).values({
    userId: user,
    kind: input.kind,
    viewer: input.viewer ?? null,
    occurredAt: input.at ?? new Date(),
  });
  return true;
}

/**
 * A recruiter opened the seeker's application to a job: a bell notification leading to the job.
 * Only for a job the seeker applied to; false otherwise (or no such seeker).
 */
export async function recordApplicationViewed(
  who: { userId?: string; email?: string },
  jobId: number,
  db?: Queryable,
): Promise<boolean> {
  const q = db ?? (await getDb());
  const user = await findSeeker(who, q);
  if (!user) return false;
  const [applied] = await listApplications(user, { jobIds: [jobId], limit: 1 }, { db: q });
  if (!applied) return false;
  await markApplicationViewed(user, jobId, new Date(), { db: q });
  await notify(user, 'application_viewed', jobPath(applied), { title: applied.title }, q);
  return true;
}

export interface DayCount {
  /** yyyy-mm-dd (UTC). */
  day: string;
  count: number;
}

/** Per-day counts of the seeker's own events over the last `days` days, oldest first, gaps as 0. */
export async function dailyCounts(
  userId: string,
  kind: ProfileEventKind,
  days: number,
  options: { db?: Queryable; now?: Date } = {},
): Promise<DayCount[]> {
  const q = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS,
  );
  const rows = await queryRows<{ day: string; n: number }>(
    q,
    sql`SELECT to_char(date_trunc('day', occurred_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
        count(*)::int AS n
      FROM profile_events
      WHERE user_id = ${userId} AND kind = ${kind}
        AND occurred_at >= ${start.toISOString()}::timestamptz
      GROUP BY 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.n)]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

/** How many events of a kind the seeker had since `since` (all time without). */
export async function countEvents(
  userId: string,
  kind: ProfileEventKind,
  since?: Date,
  db?: Queryable,
): Promise<number> {
  const q = db ?? (await getDb());
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(profileEvents)
    .where(
      and(
        eq(profileEvents.userId, userId),
        eq(profileEvents.kind, kind),
        since ? gte(profileEvents.occurredAt, since) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}
