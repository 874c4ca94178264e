/**
 * Payment attempts as rows: an order has at most one open attempt (starting or pending), which
 * the partial unique index payment_attempts_open_unique enforces, so two tabs or two servers
 * asking to pay one order cannot both hand it to a gateway. An attempt is reserved (starting)
 * before its gateway is asked, then marked pending with the gateway's page; it leaves the open
 * states only when its gateway says so (paid, failed, cancelled) or confirms it closed
 * (superseded).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  OPEN_ATTEMPT,
  orders,
  paymentAttempts,
  type PaymentAttempt,
} from '~/server/db/schema-commerce';
import { assertPromoUsable, lockPromo } from './promo';

/** A reservation older than this never reached its gateway page (its server stopped). */
export const STALE_START_MS = 5 * 60_000;

export async function openAttemptOf(
  db: Queryable,
  orderId: string,
): Promise<PaymentAttempt | undefined> {
  const [open] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, [...OPEN_ATTEMPT])),
    );
  return open;
}

/**
 * Reserves the order's one open attempt, in a transaction that locks the order (still pending)
 * and its promo code, whose caps count orders with an open attempt. Answers the new attempt, or
 * undefined when another request holds the open one (or the order is no longer pending).
 */
export async function reserveAttempt(
  db: Queryable,
  input: { orderId: string; userId: string; gateway: string; attemptId: string; now: Date },
): Promise<PaymentAttempt | undefined> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order || order.status !== 'pending') return undefined;
    if (order.promoCodeId !== null) {
      const promo = await lockPromo(tx, order.promoCodeId);
      if (promo)
        await assertPromoUsable(tx, promo, {
          userId: order.userId,
          now: input.now,
          excludeOrderId: order.id,
        });
    }
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        id: input.attemptId,
        orderId: order.id,
        gateway: input.gateway,
        amountMinor: order.payableMinor,
        status: 'starting',
      })
      .onConflictDoNothing()
      .returning();
    return attempt;
  });
}

/** The gateway made the page: the attempt is open at it. */
export async function markStarted(
  db: Queryable,
  attemptId: string,
  started: { reference: string; redirectUrl: string },
): Promise<boolean> {
  const updated = await db
    .update(paymentAttempts)
    .set({ ...started, status: 'pending', updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'starting')))
    .returning({ id: paymentAttempts.id });
  return updated.length > 0;
}

/** A reservation whose gateway refused or never answered: nothing can be paid on it. */
export async function dropReservation(db: Queryable, attemptId: string, olderThan?: Date) {
  await db
    .update(paymentAttempts)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        eq(paymentAttempts.status, 'starting'),
        olderThan ? lt(paymentAttempts.createdAt, olderThan) : undefined,
      ),
    );
}

/** Closed by us after the gateway confirmed the page can no longer be paid. */
export async function markSuperseded(db: Queryable, attemptId: string) {
  await db
    .update(paymentAttempts)
    .set({ status: 'superseded', updatedAt: new Date() })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        inArray(paymentAttempts.status, ['pending', 'closing']),
      ),
    );
}

/** Open attempts of a cart's pending orders made from another version of it (to be replaced). */
export async function openAttemptsOfReplacedOrders(
  db: Queryable,
  cartId: string,
  cartVersion: number,
): Promise<PaymentAttempt[]> {
  return db
    .select({ attempt: paymentAttempts })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        eq(orders.cartId, cartId),
        eq(orders.status, 'pending'),
        sql`${orders.cartVersion} is distinct from ${cartVersion}`,
        inArray(paymentAttempts.status, [...OPEN_ATTEMPT]),
      ),
    )
    .then((rows) => rows.map((r) => r.attempt));
}
