/**
 * Paying an order. makePayment hands the payable amount (from the order, never from the request)
 * to the site's gateway and records the attempt; settlePayment applies what a gateway says, from a
 * callback, a webhook or reconciliation, in one transaction:
 * - every event is stored under '<gateway>:<event id>' first; a second delivery stops there;
 * - "paid" moves the order pending -> paid with a conditional update, so however many events
 *   arrive, in whatever order, the order becomes paid once and its services are activated once;
 *   paid is final (a late "failed" changes nothing);
 * - "failed" / "cancelled" only close the attempt: the order and the cart stay for a retry.
 * reconcilePayments asks the gateways about attempts still pending (the server may have stopped
 * between the payment and its callback) and settles them the same way.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  ecashEntries,
  orderItems,
  orders,
  paymentAttempts,
  paymentEvents,
  type Order,
} from '~/server/db/schema-commerce';
import { gatewayByName, gatewayFor, type GatewayEvent } from '~/server/adapters/payments';
import type { GatewayName } from '~/server/adapters/payments/types';
import type { Site } from '~/lib/sites/schema';
import { clearOrdered } from './cart';
import { orderEntry } from './ecash';
import { CommerceError } from './errors';
import { findOwnOrder } from './orders';
import { activateOrder } from './subscriptions';

export interface PayContext {
  site: Pick<Site, 'key' | 'context' | 'currency'>;
  /** Absolute origin of the request, e.g. http://rexmonster.localhost:4321. */
  origin: string;
  /** Language prefix ('' or '/hi', '/ar') for the pages the payer returns to. */
  langPrefix: string;
  customer: { name: string; email: string | null; mobile: string | null };
  /** The request's Idempotency-Key (or the form's), so a double submit starts one attempt. */
  requestKey?: string | null;
}

export type PaymentStart =
  { kind: 'redirect'; url: string; attemptId: string } | { kind: 'paid'; orderId: string };

/** The attempt already started for this order with this request key, as where to send the payer. */
async function attemptWithKey(db: Queryable, orderId: string, requestKey: string) {
  const [earlier] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.requestKey, requestKey)));
  return earlier
    ? { kind: 'redirect' as const, url: earlier.redirectUrl, attemptId: earlier.id }
    : null;
}

export async function makePayment(
  db: Queryable,
  userId: string,
  orderId: string,
  context: PayContext,
): Promise<PaymentStart> {
  const order = await findOwnOrder(db, userId, orderId);
  if (!order) throw new CommerceError('orderNotFound', 404);
  if (order.status === 'paid') return { kind: 'paid', orderId: order.id };
  if (order.status !== 'pending') throw new CommerceError('orderNotPayable', 409);

  if (order.payableMinor === 0) {
    // Covered by the discount and eCash: nothing for a gateway to collect.
    await settlePayment(
      db,
      {
        gateway: 'test',
        eventId: `nothing-to-pay-${order.id}`,
        reference: `order-${order.id}`,
        outcome: 'paid',
        payload: { reason: 'nothing to pay' },
      },
      { order },
    );
    return { kind: 'paid', orderId: order.id };
  }

  if (context.requestKey) {
    const earlier = await attemptWithKey(db, order.id, context.requestKey);
    if (earlier) return earlier;
  }

  const gateway = gatewayFor(context.site.key);
  if (!gateway) throw new CommerceError('gatewayUnavailable', 503);
  const attemptId = randomUUID();
  const back = `${context.origin}${context.langPrefix}/career-services/payment/${gateway.name}`;
  const started = await gateway.start({
    attemptKey: attemptId,
    orderNumber: order.number,
    amountMinor: order.payableMinor,
    currency: order.currency,
    description: 'Career services',
    customer: context.customer,
    returnUrl: `${back}?attempt=${attemptId}`,
    cancelUrl: `${context.origin}${context.langPrefix}/career-services/cart?payment=cancelled`,
  });
  const redirectUrl = started.redirectUrl.startsWith('/')
    ? `${context.langPrefix}${started.redirectUrl}`
    : started.redirectUrl;
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      id: attemptId,
      orderId: order.id,
      gateway: gateway.name,
      reference: started.reference,
      amountMinor: order.payableMinor,
      redirectUrl,
      requestKey: context.requestKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!attempt && context.requestKey) {
    // The same key won a race a moment ago: send the payer where that attempt goes.
    const earlier = await attemptWithKey(db, order.id, context.requestKey);
    if (earlier) return earlier;
  }
  return { kind: 'redirect', url: redirectUrl, attemptId };
}

export type SettleEffect =
  'paid' | 'already-paid' | 'duplicate' | 'recorded' | 'unknown-payment' | 'amount-mismatch';

export interface SettleResult {
  effect: SettleEffect;
  orderId: string | null;
  outcome: GatewayEvent['outcome'];
}

/** Applies a gateway's word about a payment (see the module doc). */
export async function settlePayment(
  db: Queryable,
  event: GatewayEvent,
  internal?: { order: Order },
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        id: `${event.gateway}:${event.eventId}`,
        outcome: event.outcome,
        effect: 'received',
        payload: event.payload,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) {
      const [attempt] = await tx
        .select({ orderId: paymentAttempts.orderId })
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.gateway, event.gateway),
            eq(paymentAttempts.reference, event.reference),
          ),
        );
      return {
        effect: 'duplicate',
        orderId: attempt?.orderId ?? internal?.order.id ?? null,
        outcome: event.outcome,
      };
    }
    const record = (effect: SettleEffect, attemptId: string | null = null) =>
      tx.update(paymentEvents).set({ effect, attemptId }).where(eq(paymentEvents.id, fresh.id));

    let orderId = internal?.order.id ?? null;
    let attemptId: string | null = null;
    if (!internal) {
      const [attempt] = await tx
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.gateway, event.gateway),
            eq(paymentAttempts.reference, event.reference),
          ),
        )
        .for('update');
      if (!attempt) {
        await record('unknown-payment');
        return { effect: 'unknown-payment', orderId: null, outcome: event.outcome };
      }
      attemptId = attempt.id;
      orderId = attempt.orderId;
      if (
        event.outcome === 'paid' &&
        event.amountMinor !== undefined &&
        event.amountMinor !== attempt.amountMinor
      ) {
        console.error(
          `[payments] ${event.gateway} ${event.reference}: collected ${event.amountMinor}, expected ${attempt.amountMinor}`,
        );
        await record('amount-mismatch', attempt.id);
        return { effect: 'amount-mismatch', orderId, outcome: event.outcome };
      }
      if (event.outcome !== 'pending') {
        // A closed attempt stays closed, except that a late "paid" wins over "failed".
        await tx
          .update(paymentAttempts)
          .set({ status: event.outcome, updatedAt: new Date() })
          .where(
            and(
              eq(paymentAttempts.id, attempt.id),
              event.outcome === 'paid'
                ? sql`${paymentAttempts.status} <> 'paid'`
                : eq(paymentAttempts.status, 'pending'),
            ),
          );
      }
    }
    if (event.outcome !== 'paid' || !orderId) {
      await record('recorded', attemptId);
      return { effect: 'recorded', orderId, outcome: event.outcome };
    }

    const paidAt = new Date();
    const [order] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt })
      .where(and(eq(orders.id, orderId), sql`${orders.status} <> 'paid'`))
      .returning();
    if (!order) {
      await record('already-paid', attemptId);
      return { effect: 'already-paid', orderId, outcome: event.outcome };
    }
    await settleEcashOfLateOrder(tx, order);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await activateOrder(tx, order, items, paidAt);
    if (order.cartId)
      await clearOrdered(
        tx,
        order.cartId,
        items.map((i) => i.sku),
      );
    await record('paid', attemptId);
    return { effect: 'paid', orderId, outcome: event.outcome };
  });
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

export const RECONCILE_DAYS = 7;

/** Attempts older than `minAgeMs` (and younger than RECONCILE_DAYS) still pending: ask their gateway, settle what it says. */
export async function reconcilePayments(
  db: Queryable,
  options: { minAgeMs?: number; now?: Date } = {},
): Promise<{ checked: number; paid: number }> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? 0;
  // Against the database's clock unless a time is given: created_at has microseconds, so a
  // JavaScript "now" could be earlier than a payment made in the same millisecond.
  const before = options.now
    ? new Date(now.getTime() - minAgeMs)
    : sql`now() - ${minAgeMs} * interval '1 millisecond'`;
  // A payment page left open longer than this is abandoned; its gateway has expired it too.
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000);
  const pending = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'pending'),
        lte(paymentAttempts.createdAt, before),
        gt(paymentAttempts.createdAt, since),
      ),
    )
    .limit(500);
  let paid = 0;
  for (const attempt of pending) {
    const gateway = gatewayByName(attempt.gateway as GatewayName);
    if (!gateway) continue;
    try {
      const event = await gateway.status(attempt.reference);
      if (event.outcome === 'pending') continue;
      const result = await settlePayment(db, event);
      if (result.effect === 'paid') paid++;
    } catch (error) {
      console.error(
        `[payments] reconcile ${attempt.gateway} ${attempt.reference}:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  return { checked: pending.length, paid };
}
