/**
 * Paying an order, at most one charge per order by construction:
 * - makePayment hands the payable amount (from the order, never from the request) to the site's
 *   gateway through the order's one open attempt (attempts.ts): asking again, from another tab
 *   or server, answers the same gateway page; a page its gateway reports closed or failed is
 *   settled and a new attempt made;
 * - placeOrder closes the open attempt of an order a changed cart replaces, at its gateway,
 *   before the new order exists (settle.ts closeAttempt);
 * - what a gateway then says is applied by settlePayment (settle.ts), which refunds a capture
 *   that arrives anyway for an order already paid; reconcilePayments (reconcile.ts) asks the
 *   gateways about what is still open.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { paymentAttempts, type Order, type PaymentAttempt } from '~/server/db/schema-commerce';
import { gatewayByName, gatewayFor } from '~/server/adapters/payments';
import type { GatewayName } from '~/server/adapters/payments/types';
import type { Site } from '~/lib/sites/schema';
import { log } from '~/server/ops/logger';
import {
  dropReservation,
  markStarted,
  openAttemptOf,
  openAttemptsOfReplacedOrders,
  reserveAttempt,
  STALE_START_MS,
} from './attempts';
import { findCart } from './cart';
import { assertOfferedMode } from './catalogue';
import { CommerceError } from './errors';
import { findOwnOrder, generateOrder, type GenerateOptions } from './orders';
import { closeAttempt, settlePayment } from './settle';

export { settlePayment, type SettleEffect, type SettleResult } from './settle';
export { reconcilePayments, RECONCILE_DAYS } from './reconcile';

export interface PayContext {
  site: Pick<Site, 'key' | 'context' | 'currency'>;
  /** Absolute origin of the request, e.g. http://rexmonster.localhost:4321. */
  origin: string;
  /** Language prefix ('' or '/hi', '/ar') for the pages the payer returns to. */
  langPrefix: string;
  customer: { name: string; email: string | null; mobile: string | null };
  /** The request's Idempotency-Key (or the form's); the order's one open attempt covers it. */
  requestKey?: string | null;
}

export type PaymentStart =
  { kind: 'redirect'; url: string; attemptId: string } | { kind: 'paid'; orderId: string };

/** How long a request waits for another one that is handing the same order to its gateway. */
const WAIT_STEP_MS = 100;
const WAIT_STEPS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const redirectTo = (attempt: PaymentAttempt): PaymentStart => ({
  kind: 'redirect',
  url: attempt.redirectUrl!,
  attemptId: attempt.id,
});

/** Whether an open attempt's page can still be paid; a closed one is settled (it then isn't open). */
async function stillOpen(db: Queryable, attempt: PaymentAttempt): Promise<boolean> {
  const gateway = gatewayByName(attempt.gateway as GatewayName);
  if (!gateway || !attempt.reference) return true;
  let event;
  try {
    event = await gateway.status(attempt.reference);
  } catch (error) {
    // Unknown: keep the page rather than risk a second one.
    log.warn({ err: error, attempt: attempt.id }, 'payment status not known');
    return true;
  }
  if (event.outcome === 'pending') return true;
  await settlePayment(db, event);
  return (await openAttemptOf(db, attempt.orderId))?.id === attempt.id;
}

export async function makePayment(
  db: Queryable,
  userId: string,
  orderId: string,
  context: PayContext,
): Promise<PaymentStart> {
  for (let step = 0; ; step++) {
    const order = await findOwnOrder(db, userId, orderId);
    if (!order) throw new CommerceError('orderNotFound', 404);
    if (order.status === 'paid') return { kind: 'paid', orderId: order.id };
    if (order.status !== 'pending') throw new CommerceError('orderNotPayable', 409);
    if (order.payableMinor === 0) return payNothing(db, order);

    const open = await openAttemptOf(db, order.id);
    if (open?.status === 'pending') {
      if (await stillOpen(db, open)) return redirectTo(open);
      continue;
    }
    if (open) {
      // Another request is at the gateway with this order right now: wait for its page.
      if (Date.now() - open.createdAt.getTime() > STALE_START_MS)
        await dropReservation(db, open.id);
      else if (step >= WAIT_STEPS) throw new CommerceError('paymentInProgress', 409);
      else await sleep(WAIT_STEP_MS);
      continue;
    }

    const gateway = gatewayFor(context.site.key);
    if (!gateway) throw new CommerceError('gatewayUnavailable', 503);
    const attemptId = randomUUID();
    const reserved = await reserveAttempt(db, {
      orderId: order.id,
      userId,
      gateway: gateway.name,
      attemptId,
      now: new Date(),
    });
    if (!reserved) continue;
    const back = `${context.origin}${context.langPrefix}/career-services/payment/${gateway.name}`;
    let started;
    try {
      started = await gateway.start({
        attemptKey: attemptId,
        orderNumber: order.number,
        amountMinor: reserved.amountMinor,
        currency: order.currency,
        description: 'Career services',
        customer: context.customer,
        returnUrl: `${back}?attempt=${attemptId}`,
        cancelUrl: `${context.origin}${context.langPrefix}/career-services/cart?payment=cancelled`,
      });
    } catch (error) {
      log.error({ err: error, gateway: gateway.name }, 'payment not started');
      await dropReservation(db, attemptId);
      throw new CommerceError('gatewayUnavailable', 503);
    }
    const redirectUrl = started.redirectUrl.startsWith('/')
      ? `${context.langPrefix}${started.redirectUrl}`
      : started.redirectUrl;
    if (await markStarted(db, attemptId, { reference: started.reference, redirectUrl }))
      return { kind: 'redirect', url: redirectUrl, attemptId };
    // The reservation was given up meanwhile (too slow a gateway): close this page, try again.
    await closeAttempt(db, { ...reserved, status: 'pending', reference: started.reference });
  }
}

/** Covered by the discount and eCash: nothing for a gateway to collect. */
async function payNothing(db: Queryable, order: Order): Promise<PaymentStart> {
  const result = await settlePayment(
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
  if (result.effect === 'promo-limit') throw new CommerceError('promoAlreadyUsed');
  return { kind: 'paid', orderId: order.id };
}

/**
 * Checkout: the order of the cart as it is now. A pending order of an older version of the cart
 * that someone may be paying has its page closed at the gateway first; if the gateway cannot
 * confirm that, nothing is replaced (paymentInProgress).
 */
export async function placeOrder(
  db: Queryable,
  userId: string,
  site: Pick<Site, 'key' | 'context' | 'currency'>,
  options: GenerateOptions = {},
): Promise<Order> {
  // Refused before anything is closed or replaced.
  assertOfferedMode(site, options.paymentMode);
  const cart = await findCart(db, { userId }, site.context);
  if (cart) {
    for (const attempt of await openAttemptsOfReplacedOrders(db, cart.id, cart.version))
      if (!(await closeAttempt(db, attempt))) throw new CommerceError('paymentInProgress', 409);
  }
  return generateOrder(db, userId, site, options);
}

/** The attempts of an order, oldest first (for support and tests). */
export async function attemptsOf(db: Queryable, orderId: string) {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(paymentAttempts.createdAt);
}
