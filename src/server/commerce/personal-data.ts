/**
 * Commerce's part of a seeker's personal data (data export): carts, orders with their items,
 * payments and events, eCash, subscriptions, callback requests, leads and cart clicks.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  cartClicks,
  cartItems,
  carts,
  callbackRequests,
  ecashEntries,
  internalLeads,
  orderItems,
  orders,
  paymentAttempts,
  paymentEvents,
  subscriptions,
} from '~/server/db/schema-commerce';

export async function exportCommerceData(userId: string, db: Queryable) {
  const ownCarts = await db.select().from(carts).where(eq(carts.userId, userId));
  const cartIds = ownCarts.map((c) => c.id);
  const ownOrders = await db.select().from(orders).where(eq(orders.userId, userId));
  const orderIds = ownOrders.map((o) => o.id);
  const attempts = orderIds.length
    ? await db.select().from(paymentAttempts).where(inArray(paymentAttempts.orderId, orderIds))
    : [];
  const attemptIds = attempts.map((a) => a.id);
  return {
    carts: ownCarts.map(({ guestTokenHash: _hash, ...cart }) => cart),
    cart_items: cartIds.length
      ? await db.select().from(cartItems).where(inArray(cartItems.cartId, cartIds))
      : [],
    orders: ownOrders,
    order_items: orderIds.length
      ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds))
      : [],
    payment_attempts: attempts,
    payment_events: attemptIds.length
      ? await db.select().from(paymentEvents).where(inArray(paymentEvents.attemptId, attemptIds))
      : [],
    ecash_entries: await db.select().from(ecashEntries).where(eq(ecashEntries.userId, userId)),
    subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    callback_requests: await db
      .select()
      .from(callbackRequests)
      .where(eq(callbackRequests.userId, userId)),
    internal_leads: await db.select().from(internalLeads).where(eq(internalLeads.userId, userId)),
    cart_clicks: await db.select().from(cartClicks).where(eq(cartClicks.userId, userId)),
  };
}

/**
 * Erases the seeker's commerce data except what the law keeps for accounts: orders, their items
 * and payments stay, stripped of personal data (order notes and profile, gateway payloads and
 * payment page links; the user id goes with the user row, ON DELETE SET NULL). Callback requests
 * and leads (by account, number or address) are deleted; carts, eCash and subscriptions go with
 * the user row.
 */
export async function eraseCommerceData(
  userId: string,
  contact: { email: string | null; isdCode: string | null; mobile: string | null },
  db: Queryable,
) {
  const ownOrders = await db
    .select({ id: orders.id, options: orders.options })
    .from(orders)
    .where(eq(orders.userId, userId));
  for (const order of ownOrders) {
    const { useEcash, paymentMode } = order.options;
    await db
      .update(orders)
      .set({
        options: { ...(useEcash ? { useEcash } : {}), ...(paymentMode ? { paymentMode } : {}) },
      })
      .where(eq(orders.id, order.id));
  }
  const orderIds = ownOrders.map((o) => o.id);
  if (orderIds.length) {
    const attempts = await db
      .update(paymentAttempts)
      .set({ redirectUrl: '' })
      .where(inArray(paymentAttempts.orderId, orderIds))
      .returning({ id: paymentAttempts.id });
    if (attempts.length) {
      await db
        .update(paymentEvents)
        .set({ payload: { erased: true } })
        .where(
          inArray(
            paymentEvents.attemptId,
            attempts.map((a) => a.id),
          ),
        );
    }
  }
  const { email, isdCode, mobile } = contact;
  await db
    .delete(callbackRequests)
    .where(
      mobile && isdCode
        ? or(
            eq(callbackRequests.userId, userId),
            and(eq(callbackRequests.isdCode, isdCode), eq(callbackRequests.mobile, mobile)),
          )
        : eq(callbackRequests.userId, userId),
    );
  await db
    .delete(internalLeads)
    .where(
      or(
        eq(internalLeads.userId, userId),
        email ? sql`lower(${internalLeads.data}->>'email') = ${email.toLowerCase()}` : undefined,
        mobile ? sql`${internalLeads.data}->>'mobile' = ${mobile}` : undefined,
      ),
    );
}
