/**
 * Commerce's part of a seeker's personal data (data export): carts, orders with their items,
 * payments and events, eCash, subscriptions, callback requests, leads and cart clicks.
 */
import { eq, inArray } from 'drizzle-orm';
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
