/**
 * settlePayment applies what a gateway says (a callback, a webhook, reconciliation), in one
 * transaction:
 * - every event is stored under '<gateway>:<event id>' first; a second delivery stops there;
 * - "paid" moves the order pending -> paid with a conditional update under the order's row lock,
 *   so the order becomes paid once and its services are activated once; paid is final;
 * - a capture that differs from its order in amount or currency is not honoured either: its
 *   attempt fails, the order stays pending (the buyer pays again), and what was collected is
 *   refunded, staff alerted;
 * - a capture for an order another attempt already paid, or whose promo code is no longer
 *   allowed (its caps counted again here, on paid orders), is not honoured: a payment_refunds row
 *   is written in the same transaction and refunded through the gateway right after the commit
 *   (reconciliation retries it if the server stops in between);
 * - "failed" / "cancelled" only close the attempt: the order and the cart stay for a retry.
 * closeAttempt closes an open attempt at its gateway before anything replaces it.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  ecashEntries,
  orderItems,
  orders,
  paymentAttempts,
  paymentEvents,
  paymentRefunds,
  type Order,
  type PaymentAttempt,
  type RefundReason,
} from '~/server/db/schema-commerce';
import { gatewayByName, type GatewayEvent } from '~/server/adapters/payments';
import type { GatewayName } from '~/server/adapters/payments/types';
import { log } from '~/server/ops/logger';
import { dropReservation, markSuperseded, STALE_START_MS } from './attempts';
import { clearOrdered } from './cart';
import { orderEntry } from './ecash';
import { cancelOrder } from './orders';
import { lockPromo, promoAllowedAtSettlement } from './promo';
import { mailReceipt } from './receipt';
import { runRefund } from './refunds';
import { alertStaff } from './staff-alerts';
import { activateOrder } from './subscriptions';

export type SettleEffect =
  | 'paid'
  | 'already-paid'
  | 'duplicate'
  | 'recorded'
  | 'unknown-payment'
  | 'amount-mismatch'
  | 'refund'
  | 'promo-limit';

export interface SettleResult {
  effect: SettleEffect;
  orderId: string | null;
  outcome: GatewayEvent['outcome'];
  /** This event's capture is (being) given back: the buyer is told "refunded". */
  refunded: boolean;
}

interface Settled extends SettleResult {
  refundId?: string;
}

/** Applies a gateway's word about a payment (see the module doc). */
export async function settlePayment(
  db: Queryable,
  event: GatewayEvent,
  internal?: { order: Order },
): Promise<SettleResult> {
  const { refundId, ...result } = await db.transaction((tx) => settleIn(tx, event, internal));
  // After the commit: the receipt once (a replay finds it claimed), or the refund.
  if (result.effect === 'paid' && result.orderId) {
    try {
      await mailReceipt(db, result.orderId);
    } catch (error) {
      log.error({ err: error, order: result.orderId }, 'receipt not sent; reconciliation retries');
    }
  }
  if (refundId) {
    try {
      await runRefund(db, refundId);
    } catch (error) {
      log.error({ err: error, refund: refundId }, 'refund not started; reconciliation retries it');
    }
  } else if (result.effect === 'amount-mismatch') {
    // Nothing was collected to give back: staff hear of it all the same (once: a repeat of the
    // event stops at 'duplicate').
    await alertStaff({
      kind: 'amount-mismatch',
      orderNumber: result.orderId ?? '',
      gateway: event.gateway,
      reference: event.reference,
      amount: `${event.amountMinor ?? 0} ${event.currency ?? ''} (minor units)`.trim(),
      outcome: 'nothing collected to refund; the order stays open for the buyer to pay',
    });
  }
  return result;
}

async function attemptByReference(db: Queryable, event: GatewayEvent, lock: boolean) {
  const query = db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.gateway, event.gateway),
        eq(paymentAttempts.reference, event.reference),
      ),
    );
  const [attempt] = lock ? await query.for('update') : await query;
  return attempt;
}

async function settleIn(
  tx: Queryable,
  event: GatewayEvent,
  internal?: { order: Order },
): Promise<Settled> {
  const outcome = event.outcome;
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({
      id: `${event.gateway}:${event.eventId}`,
      outcome,
      effect: 'received',
      payload: event.payload,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!fresh) {
    const attempt = internal ? undefined : await attemptByReference(tx, event, false);
    const refunded = attempt
      ? (
          await tx
            .select({ id: paymentRefunds.id })
            .from(paymentRefunds)
            .where(eq(paymentRefunds.attemptId, attempt.id))
        ).length > 0
      : false;
    return {
      effect: 'duplicate',
      orderId: attempt?.orderId ?? internal?.order.id ?? null,
      outcome,
      refunded,
    };
  }
  const done = async (
    effect: SettleEffect,
    attemptId: string | null,
    extra: Partial<Settled> = {},
  ) => {
    await tx.update(paymentEvents).set({ effect, attemptId }).where(eq(paymentEvents.id, fresh.id));
    return { effect, orderId, outcome, refunded: false, ...extra };
  };

  let orderId = internal?.order.id ?? null;
  let attempt: PaymentAttempt | undefined;
  if (!internal) {
    attempt = await attemptByReference(tx, event, true);
    if (!attempt) return done('unknown-payment', null);
    orderId = attempt.orderId;
    if (outcome === 'paid') {
      const mismatch = await captureMismatch(tx, attempt, event);
      if (mismatch) {
        log.error(
          {
            gateway: event.gateway,
            reference: event.reference,
            collected: event.amountMinor,
            collectedCurrency: event.currency,
            expected: attempt.amountMinor,
            expectedCurrency: mismatch.currency,
          },
          'payment does not match its order: refunded, the order stays open',
        );
        // This attempt is over; the order stays pending, to be paid again.
        await tx
          .update(paymentAttempts)
          .set({ status: 'failed', updatedAt: new Date() })
          .where(
            and(
              eq(paymentAttempts.id, attempt.id),
              inArray(paymentAttempts.status, ['starting', 'pending', 'closing']),
            ),
          );
        if ((event.amountMinor ?? attempt.amountMinor) <= 0)
          return done('amount-mismatch', attempt.id);
        const refundId = await refundDue(tx, attempt, mismatch, event, 'amount-mismatch');
        return done('amount-mismatch', attempt.id, { refunded: true, refundId });
      }
    }
    if (outcome !== 'pending') {
      // A closed attempt stays closed, except that a late "paid" wins over everything else.
      await tx
        .update(paymentAttempts)
        .set({ status: outcome, updatedAt: new Date() })
        .where(
          and(
            eq(paymentAttempts.id, attempt.id),
            outcome === 'paid'
              ? sql`${paymentAttempts.status} <> 'paid'`
              : inArray(paymentAttempts.status, ['starting', 'pending', 'closing']),
          ),
        );
    }
  }
  const attemptId = attempt?.id ?? null;
  if (outcome !== 'paid' || !orderId) return done('recorded', attemptId);

  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return done('unknown-payment', attemptId);
  if (order.status === 'paid') {
    // The same attempt said paid before (its return, then its webhook): nothing more to do.
    if (!attempt || attempt.status === 'paid') return done('already-paid', attemptId);
    const refundId = await refundDue(tx, attempt, order, event, 'already-paid');
    return done('refund', attemptId, { refunded: true, refundId });
  }
  if (order.promoCodeId !== null) {
    const promo = await lockPromo(tx, order.promoCodeId);
    if (promo && !(await promoAllowedAtSettlement(tx, promo, order))) {
      // Another paid order took the code's last use first: this payment goes back, and the
      // order with it (its cart stays, where the code now shows why it no longer applies).
      await cancelOrder(tx, order);
      if (!attempt) return done('promo-limit', null);
      const refundId = await refundDue(tx, attempt, order, event, 'promo-limit');
      return done('promo-limit', attemptId, { refunded: true, refundId });
    }
  }

  const paidAt = new Date();
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt })
    .where(and(eq(orders.id, order.id), sql`${orders.status} <> 'paid'`))
    .returning();
  if (!paid) return done('already-paid', attemptId);
  await settleEcashOfLateOrder(tx, paid);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, paid.id));
  await activateOrder(tx, paid, items, paidAt);
  if (paid.cartId)
    await clearOrdered(
      tx,
      paid.cartId,
      items.map((i) => i.sku),
    );
  return done('paid', attemptId);
}

/**
 * The attempt's order when a capture differs from it in amount or in currency (a gateway that
 * misbehaves: ₹1 on a ₹1,500 order, USD on an INR one), else null.
 */
async function captureMismatch(
  tx: Queryable,
  attempt: PaymentAttempt,
  event: GatewayEvent,
): Promise<Order | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
  if (!order) return null;
  const wrongAmount = event.amountMinor !== undefined && event.amountMinor !== attempt.amountMinor;
  const wrongCurrency = event.currency !== undefined && event.currency !== order.currency;
  return wrongAmount || wrongCurrency ? order : null;
}

/** The refund row of a capture that is not honoured (one per attempt), in what it was paid in. */
async function refundDue(
  tx: Queryable,
  attempt: PaymentAttempt,
  order: Order,
  event: GatewayEvent,
  reason: RefundReason,
): Promise<string> {
  await tx
    .insert(paymentRefunds)
    .values({
      attemptId: attempt.id,
      orderId: order.id,
      gateway: attempt.gateway,
      reference: event.reference,
      amountMinor: event.amountMinor ?? attempt.amountMinor,
      currency: event.currency ?? order.currency,
      reason,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.attemptId, attempt.id));
  return row!.id;
}

/**
 * An order cancelled (replaced by a newer one) that is paid after all: its eCash was given back,
 * so it is taken again. The balance may go below zero; the ledger shows why.
 */
async function settleEcashOfLateOrder(db: Queryable, order: Order) {
  if (order.ecashMinor === 0 || !order.userId) return;
  const [released] = await db
    .select({ id: ecashEntries.id })
    .from(ecashEntries)
    .where(and(eq(ecashEntries.orderId, order.id), eq(ecashEntries.reason, 'release')));
  if (released)
    await orderEntry(
      db,
      { userId: order.userId, currency: order.currency },
      order.id,
      'order-late',
      -order.ecashMinor,
    );
}

/**
 * Closes an open attempt at its gateway (before its order is replaced, or an older duplicate):
 * superseded once the gateway confirms the page can no longer be paid; if it was paid first,
 * that payment is settled. Answers whether the attempt is no longer open.
 */
export async function closeAttempt(db: Queryable, attempt: PaymentAttempt): Promise<boolean> {
  if (attempt.status === 'starting') {
    // No page yet: only a reservation left by a stopped server can be dropped.
    await dropReservation(db, attempt.id, new Date(Date.now() - STALE_START_MS));
    const [now] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
    return now?.status !== 'starting';
  }
  const gateway = gatewayByName(attempt.gateway as GatewayName);
  if (!gateway || !attempt.reference) return false;
  try {
    const answer = await gateway.close(attempt.reference);
    if (answer.closed) {
      await markSuperseded(db, attempt.id);
      return true;
    }
    await settlePayment(db, answer.event);
    return true;
  } catch (error) {
    log.warn(
      { err: error, attempt: attempt.id, gateway: attempt.gateway },
      'payment page not closed',
    );
    return false;
  }
}

/** Reservations whose server stopped before the gateway was asked: nothing can be paid on them. */
export async function dropStaleReservations(db: Queryable, now = new Date()) {
  await db
    .update(paymentAttempts)
    .set({ status: 'failed', updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.status, 'starting'),
        lt(paymentAttempts.createdAt, new Date(now.getTime() - STALE_START_MS)),
      ),
    );
}
