/**
 * What a paid order activates: one row per bought plan, from the payment until its duration ends
 * (a one-off service has no end). Featured Profile and Profile Highlighter (and Career Booster,
 * which has both) carry flags that the profile page and recruiters' views read.
 */
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { subscriptions, type Order, type OrderItem } from '~/server/db/schema-commerce';
import type { ProfileFlag } from '~/lib/commerce/catalogue-schema';

const DAY_MS = 86_400_000;

/** Activates the plans of a paid order (once: unique per order and sku). */
export async function activateOrder(db: Queryable, order: Order, items: OrderItem[], paidAt: Date) {
  const plans = items.filter((i) => i.kind === 'plan');
  // An erased account's order (no user) has nobody to activate plans for.
  const userId = order.userId;
  if (plans.length === 0 || !userId) return;
  await db
    .insert(subscriptions)
    .values(
      plans.map((i) => ({
        userId,
        siteContext: order.siteContext,
        orderId: order.id,
        sku: i.sku,
        serviceSlug: i.sku.split('/')[0]!,
        title: i.title,
        flags: i.flags,
        startsAt: paidAt,
        endsAt: i.durationDays ? new Date(paidAt.getTime() + i.durationDays * DAY_MS) : null,
      })),
    )
    .onConflictDoNothing();
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
