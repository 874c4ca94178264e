/**
 * What a paid order activates: one row per bought plan, from the payment until its duration ends
 * (a one-off service has no end). Featured Profile and Profile Highlighter (and Career Booster,
 * which has both) carry flags that the profile page and recruiters' views read.
 *
 * A timed plan whose service is already active, by itself or inside a bundle with all its flags
 * (Career Booster covers Featured Profile and Profile Highlighter), extends it instead of
 * overlapping: its row starts where that cover ends, so the service's end moves by the plan's
 * duration. The cart says so before the payment (coveredUntil).
 */
import { skuService } from '~/lib/commerce/sku';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { ownRows } from '~/server/db/owner';
import { subscriptions, type Order, type OrderItem } from '~/server/db/schema-commerce';
import type { ProfileFlag } from '~/lib/commerce/catalogue-schema';

const DAY_MS = 86_400_000;

export interface Cover {
  /** When the service's current cover ends (the plan would start then). */
  until: Date;
  /** The service whose subscription covers it (itself, or a bundle). */
  byService: string;
  byTitle: Record<string, string>;
}

/** Whether a timed plan of this service is already covered by the user's active subscriptions. */
export async function coveredUntil(
  db: Queryable,
  userId: string,
  siteContext: string,
  plan: { serviceSlug: string; flags: readonly string[] },
  now = new Date(),
): Promise<Cover | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(ownRows(subscriptions, userId, siteContext), gt(subscriptions.endsAt, now)));
  let cover: Cover | null = null;
  for (const row of rows) {
    const covers =
      row.serviceSlug === plan.serviceSlug ||
      (plan.flags.length > 0 && plan.flags.every((f) => row.flags.includes(f)));
    if (covers && row.endsAt && (!cover || row.endsAt > cover.until))
      cover = { until: row.endsAt, byService: row.serviceSlug, byTitle: row.title };
  }
  return cover;
}

/** Activates the plans of a paid order (once: unique per order and sku); see the module doc. */
export async function activateOrder(db: Queryable, order: Order, items: OrderItem[], paidAt: Date) {
  // An erased account's order (no user) has nobody to activate plans for.
  const userId = order.userId;
  if (!userId) return;
  // Bundles first, so a service bought with its bundle in one order runs after it.
  const plans = items
    .filter((i) => i.kind === 'plan')
    .sort((a, b) => b.flags.length - a.flags.length);
  for (const i of plans) {
    const serviceSlug = skuService(i.sku);
    const cover = i.durationDays
      ? await coveredUntil(db, userId, order.siteContext, { serviceSlug, flags: i.flags }, paidAt)
      : null;
    const startsAt = cover ? cover.until : paidAt;
    await db
      .insert(subscriptions)
      .values({
        userId,
        siteContext: order.siteContext,
        orderId: order.id,
        sku: i.sku,
        serviceSlug,
        title: i.title,
        flags: i.flags,
        startsAt,
        endsAt: i.durationDays ? new Date(startsAt.getTime() + i.durationDays * DAY_MS) : null,
      })
      .onConflictDoNothing();
  }
}

export async function listSubscriptions(db: Queryable, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startsAt));
}

/** The profile flags active now for a user (what a recruiter's view shows). */
export async function activeProfileFlags(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<{ featured: boolean; highlighted: boolean; until: Partial<Record<ProfileFlag, Date>> }> {
  const rows = await db
    .select({ flags: subscriptions.flags, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, now)),
      ),
    );
  const until: Partial<Record<ProfileFlag, Date>> = {};
  for (const row of rows) {
    for (const flag of row.flags as ProfileFlag[]) {
      if (!row.endsAt) continue;
      const current = until[flag];
      if (!current || current < row.endsAt) until[flag] = row.endsAt;
    }
  }
  return { featured: !!until.featured, highlighted: !!until.highlighted, until };
}

/** What a recruiter's view of a profile shows: featured / highlighted, and until when. */
export async function profileBoostFor(userId: string, now = new Date()) {
  return activeProfileFlags(await getDb(), userId, now);
}
