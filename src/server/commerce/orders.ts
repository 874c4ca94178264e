/**
 * Orders: generateOrder snapshots the cart into an order with every amount computed here from the
 * catalogue (whole minor units), the promo code checked again under a row lock and the eCash part
 * taken from the ledger, all in one transaction. An order is made once per cart version: asking
 * again for an unchanged cart returns the same order; a changed cart cancels the older pending
 * order (its eCash and code use go back) and makes a new one, once the older order has no open
 * payment attempt (payments.ts placeOrder closes it at its gateway first).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  carts,
  orderItems,
  orders,
  paymentRefunds,
  type CartOptions,
  type Order,
  type OrderItem,
  type PaymentRefund,
} from '~/server/db/schema-commerce';
import type { Site } from '~/lib/sites/schema';
import { siteByContext } from '../../../sites';
import { openAttemptOf } from './attempts';
import { cartSkus, findCart } from './cart';
import { assertOfferedMode, sellable } from './catalogue';
import { ecashBalance, orderEntry } from './ecash';
import { CommerceError } from './errors';
import { assertPromoUsable, discountOf, lockPromo } from './promo';

type SiteRef = Pick<Site, 'key' | 'context' | 'currency'>;

const NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function orderNumber(now: Date): string {
  const bytes = randomBytes(8);
  const tail = [...bytes].map((b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join('');
  return `CS-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${tail}`;
}

/** Cancels a pending order: its eCash goes back (once). */
export async function cancelOrder(db: Queryable, order: Order) {
  const [cancelled] = await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  // An erased account's order (no user) has no eCash left to give back.
  if (cancelled && cancelled.ecashMinor > 0 && order.userId) {
    await orderEntry(
      db,
      { userId: order.userId, currency: order.currency },
      order.id,
      'release',
      order.ecashMinor,
    );
  }
}

export interface GenerateOptions {
  useEcash?: boolean;
  paymentMode?: string;
  now?: Date;
  /** The pages' language and brand (classic, dm): the receipt's. */
  lang?: string;
  brand?: string;
}

export async function generateOrder(
  db: Queryable,
  userId: string,
  site: SiteRef,
  options: GenerateOptions = {},
): Promise<Order> {
  const now = options.now ?? new Date();
  assertOfferedMode(site, options.paymentMode);
  return db.transaction(async (tx) => {
    const found = await findCart(tx, { userId }, site.context);
    if (!found) throw new CommerceError('cartEmpty');
    // Lock the cart: two checkouts of one cart run one after the other.
    const [cart] = await tx.select().from(carts).where(eq(carts.id, found.id)).for('update');
    if (!cart) throw new CommerceError('cartEmpty');
    const [same] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cart.id), eq(orders.cartVersion, cart.version)));
    if (same && same.status !== 'cancelled') return same;

    const pending = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cart.id), eq(orders.status, 'pending')));
    for (const old of pending) {
      // Its payment page must be closed at the gateway first (placeOrder does that): an order
      // someone may be paying right now is never replaced.
      if (await openAttemptOf(tx, old.id)) throw new CommerceError('paymentInProgress', 409);
      await cancelOrder(tx, old);
    }

    const lines = (await cartSkus(tx, cart.id))
      .map((sku) => sellable(sku, site))
      .filter((l) => l !== undefined);
    if (lines.length === 0) throw new CommerceError('cartEmpty');
    const subtotalMinor = lines.reduce((sum, l) => sum + l.priceMinor, 0);

    let discountMinor = 0;
    let promo: { id: number; code: string } | null = null;
    if (cart.promoCodeId !== null) {
      const row = await lockPromo(tx, cart.promoCodeId);
      if (row) {
        await assertPromoUsable(tx, row, { userId, now });
        discountMinor = discountOf(row, subtotalMinor);
        promo = { id: row.id, code: row.code };
      }
    }

    const scope = { userId, currency: site.currency.code };
    const useEcash = options.useEcash ?? cart.options.useEcash ?? false;
    const balance = useEcash ? await ecashBalance(tx, scope) : 0;
    const ecashMinor = Math.max(0, Math.min(balance, subtotalMinor - discountMinor));
    const payableMinor = subtotalMinor - discountMinor - ecashMinor;
    const orderOptions: CartOptions = {
      ...cart.options,
      useEcash,
      ...(options.paymentMode ? { paymentMode: options.paymentMode } : {}),
    };

    const [order] = await tx
      .insert(orders)
      .values({
        number: orderNumber(now),
        userId,
        siteContext: site.context,
        currency: site.currency.code,
        cartId: cart.id,
        cartVersion: cart.version,
        promoCodeId: promo?.id ?? null,
        promoCode: promo?.code ?? null,
        subtotalMinor,
        discountMinor,
        ecashMinor,
        payableMinor,
        paymentMode: orderOptions.paymentMode ?? null,
        options: orderOptions,
        createdAt: now,
        lang: options.lang ?? null,
        brand: options.brand ?? null,
      })
      .returning();
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        sku: l.sku,
        kind: l.kind,
        title: l.title,
        planLabel: l.planLabel,
        priceMinor: l.priceMinor,
        durationDays: l.durationDays,
        flags: l.flags,
      })),
    );
    await orderEntry(tx, scope, order!.id, 'order', -ecashMinor);
    return order!;
  });
}

/** The user's own order, or undefined (another user's order is as good as missing). */
export async function findOwnOrder(db: Queryable, userId: string, orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

export async function orderWithItems(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<{ order: Order; items: OrderItem[]; refunds: PaymentRefund[] } | undefined> {
  const order = await findOwnOrder(db, userId, orderId);
  if (!order) return undefined;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.kind, orderItems.sku);
  // Payments of this order given back (a second capture, a code used up at settlement).
  const refunds = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, order.id))
    .orderBy(paymentRefunds.createdAt);
  return { order, items, refunds };
}

/** The user's orders, newest first (cancelled ones left out: a newer order replaced them). */
export async function listOrders(db: Queryable, userId: string) {
  return db
    .select({
      order: orders,
      itemCount: sql<number>`(select count(*)::int from order_items i where i.order_id = ${orders.id})`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'cancelled')))
    .orderBy(desc(orders.createdAt));
}

export async function saveOrderOptions(
  db: Queryable,
  userId: string,
  orderId: string,
  options: CartOptions,
) {
  const order = await findOwnOrder(db, userId, orderId);
  if (!order) throw new CommerceError('orderNotFound', 404);
  if (order.status !== 'pending') throw new CommerceError('orderNotPayable', 409);
  assertOfferedMode(siteByContext(order.siteContext), options.paymentMode);
  const [updated] = await db
    .update(orders)
    .set({
      options: { ...order.options, ...options },
      paymentMode: options.paymentMode ?? order.paymentMode,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  return updated!;
}
export type { Order, OrderItem } from '~/server/db/schema-commerce';
