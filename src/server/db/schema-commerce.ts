/**
 * Tables of the commerce domain (src/server/commerce); migrations are generated from here.
 *
 * Money is always a bigint count of the currency's minor unit (paise, fils, cents), never a float.
 * - carts / cart_items: one open cart per user or guest (the SHA-256 of a cookie token) and site;
 *   `version` grows with every change, so an order made from a cart version is made once.
 * - promo_codes: codes with their site, validity and caps; usage is counted from orders.
 * - orders / order_items: prices snapshotted when the order is generated; status pending -> paid
 *   (or cancelled when a newer order of the same cart replaces it). Paid is final.
 * - payment_attempts: each hand-over to a gateway (its reference); payment_events: every callback
 *   or webhook, unique per gateway event id, so a repeated one changes nothing.
 * - test_gateway_payments: the embedded test gateway's own book (what it charged), which
 *   reconciliation reads like it would ask a real gateway.
 * - ecash_entries: the eCash ledger; the balance is the sum of entries, never a stored number.
 * - subscriptions: what a paid order activated and until when.
 * - callback_requests, internal_leads, cart_clicks: call-back requests, leads and cart clicks.
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, tz } from './columns';
import { users, userIdColumn } from './schema';

const money = (name: string) => bigint(name, { mode: 'number' });

export interface CartOptions {
  /** Pay part of the order from the eCash balance. */
  useEcash?: boolean;
  paymentMode?: string;
  /** Profile the bought services are for (named profiles). */
  profileId?: number;
  notes?: string;
}

export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteContext: text('site_context').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the guest cart cookie's token, while the cart is a guest's. */
    guestTokenHash: text('guest_token_hash'),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    options: jsonb('options').$type<CartOptions>().notNull().default({}),
    version: integer('version').notNull().default(1),
    /** When the one abandoned-cart reminder went out. */
    remindedAt: tz('reminded_at'),
    /** Language and brand (classic, dm) of the site where items were last added: the reminder's. */
    lang: text('lang'),
    brand: text('brand'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_site_unique')
      .on(t.userId, t.siteContext)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('carts_guest_site_unique')
      .on(t.guestTokenHash, t.siteContext)
      .where(sql`${t.guestTokenHash} is not null`),
    check('carts_owner_check', sql`user_id is not null or guest_token_hash is not null`),
  ],
);

export const CART_ITEM_KINDS = ['plan', 'addon'] as const;

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** 'career-booster/3-months' for a plan, 'addon/cover-letter' for an add-on. */
    sku: text('sku').notNull(),
    kind: text('kind').$type<(typeof CART_ITEM_KINDS)[number]>().notNull(),
    /** The service of a plan ('career-booster'); 'addon' for add-ons. */
    service: text('service').generatedAlwaysAs(sql`split_part(sku, '/', 1)`),
    addedAt: tz('added_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_unique').on(t.cartId, t.sku),
    // One plan per service: adding another plan of it replaces the one there (cart.ts putItems).
    uniqueIndex('cart_items_one_plan_per_service')
      .on(t.cartId, t.service)
      .where(sql`${t.kind} = 'plan'`),
    check('cart_items_kind_check', inList('kind', CART_ITEM_KINDS)),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, e.g. WELCOME20. */
    code: text('code').notNull(),
    siteContext: text('site_context').notNull(),
    /** Either a percentage off the subtotal or a fixed amount in minor units. */
    percentOff: smallint('percent_off'),
    amountOffMinor: money('amount_off_minor'),
    validFrom: tz('valid_from').notNull(),
    validUntil: tz('valid_until').notNull(),
    /** Orders in total that may use it (pending or paid); null: no cap. */
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user').notNull().default(1),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_site_unique').on(t.code, t.siteContext),
    check(
      'promo_codes_discount_check',
      sql`(percent_off between 1 and 100 and amount_off_minor is null) or (percent_off is null and amount_off_minor > 0)`,
    ),
  ],
);

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to people: CS-<year>-<8 characters>. */
    number: text('number').notNull().unique(),
    /** Null once the seeker's account was erased: the order is kept, without who bought it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    siteContext: text('site_context').notNull(),
    currency: text('currency').notNull(),
    cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    cartVersion: integer('cart_version'),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    promoCode: text('promo_code'),
    subtotalMinor: money('subtotal_minor').notNull(),
    discountMinor: money('discount_minor').notNull().default(0),
    ecashMinor: money('ecash_minor').notNull().default(0),
    /** What the gateway must collect: subtotal - discount - eCash. */
    payableMinor: money('payable_minor').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    paymentMode: text('payment_mode'),
    options: jsonb('options').$type<CartOptions>().notNull().default({}),
    createdAt: tz('created_at').notNull().defaultNow(),
    paidAt: tz('paid_at'),
    /** Language and brand of the pages the order was placed on: its receipt mail's. */
    lang: text('lang'),
    brand: text('brand'),
    /** Claimed (set) before the receipt mail goes, so each paid order gets one. */
    receiptMailedAt: tz('receipt_mailed_at'),
  },
  (t) => [
    uniqueIndex('orders_cart_version_unique').on(t.cartId, t.cartVersion),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_promo_idx').on(t.promoCodeId),
    check('orders_status_check', inList('status', ORDER_STATUSES)),
    check(
      'orders_amounts_check',
      sql`subtotal_minor >= 0 and discount_minor >= 0 and ecash_minor >= 0 and payable_minor >= 0 and payable_minor = subtotal_minor - discount_minor - ecash_minor`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    kind: text('kind').$type<(typeof CART_ITEM_KINDS)[number]>().notNull(),
    /** Texts at the time of the order, in every language (the catalogue may change later). */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    planLabel: jsonb('plan_label').$type<Record<string, string> | null>(),
    priceMinor: money('price_minor').notNull(),
    durationDays: integer('duration_days'),
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('order_items_unique').on(t.orderId, t.sku)],
);

export const PAYMENT_OUTCOMES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
/**
 * An attempt's life: starting (reserved, the gateway not asked yet) -> pending (its page is open)
 * -> paid | failed | cancelled, or superseded (closed by us, after the gateway confirmed it).
 * closing: an older open attempt being closed at its gateway (reconciliation finishes it).
 */
export const ATTEMPT_STATUSES = [...PAYMENT_OUTCOMES, 'starting', 'superseded', 'closing'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
/** The statuses of an open attempt: at most one per order (payment_attempts_open_unique). */
export const OPEN_ATTEMPT = ['starting', 'pending'] as const;

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** The gateway's reference: a test payment id, Razorpay payment link, Stripe session (null while starting). */
    reference: text('reference'),
    amountMinor: money('amount_minor').notNull(),
    /** Where the payer is sent to pay (the gateway's hosted page; null while starting). */
    redirectUrl: text('redirect_url'),
    status: text('status').$type<AttemptStatus>().notNull().default('pending'),
    /** Idempotency-Key of the makePayment request that started it. */
    requestKey: text('request_key'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_reference_unique').on(t.gateway, t.reference),
    uniqueIndex('payment_attempts_request_key_unique')
      .on(t.orderId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('payment_attempts_pending_idx')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    // One open attempt per order: a second one cannot even be inserted.
    uniqueIndex('payment_attempts_open_unique')
      .on(t.orderId)
      .where(sql`${t.status} in ('starting', 'pending')`),
    check('payment_attempts_status_check', inList('status', ATTEMPT_STATUSES)),
  ],
);

export const REFUND_REASONS = ['already-paid', 'promo-limit', 'amount-mismatch'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['requested', 'refunded', 'failed'] as const;

/**
 * A capture we must give back (a second payment of a paid order, or one whose promo code ran out
 * at settlement): one per attempt, written in the settling transaction, then refunded through
 * the gateway's own refund call (retried by reconciliation while `requested`).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    reference: text('reference').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<(typeof REFUND_STATUSES)[number]>().notNull().default('requested'),
    /** The gateway's id of the refund. */
    gatewayRefundId: text('gateway_refund_id'),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    /** Claimed before staff are alerted / the buyer is mailed: each happens once. */
    staffAlertedAt: tz('staff_alerted_at'),
    buyerMailedAt: tz('buyer_mailed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    refundedAt: tz('refunded_at'),
  },
  (t) => [
    uniqueIndex('payment_refunds_attempt_unique').on(t.attemptId),
    index('payment_refunds_order_idx').on(t.orderId),
    check('payment_refunds_reason_check', inList('reason', REFUND_REASONS)),
    check('payment_refunds_status_check', inList('status', REFUND_STATUSES)),
    check('payment_refunds_amount_check', sql`amount_minor > 0`),
  ],
);

export const paymentEvents = pgTable('payment_events', {
  /** '<gateway>:<the gateway's event id>': a second delivery of the same event is refused. */
  id: text('id').primaryKey(),
  attemptId: uuid('attempt_id').references(() => paymentAttempts.id, { onDelete: 'cascade' }),
  outcome: text('outcome').$type<PaymentOutcome>().notNull(),
  /** What the event did: paid (the order became paid), ignored, recorded. */
  effect: text('effect').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  receivedAt: tz('received_at').notNull().defaultNow(),
});

export const ecashEntries = pgTable(
  'ecash_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull().default(1),
    userId: userIdColumn(),
    /** Optional user entity id of the SPEC's eCash call. */
    uei: text('uei'),
    currency: text('currency').notNull(),
    /** Credit positive, debit negative. */
    amountMinor: money('amount_minor').notNull(),
    /** credit (given), order (spent on an order), release (given back from a cancelled order). */
    reason: text('reason').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ecash_entries_user_idx').on(t.userId, t.tenantId, t.currency),
    uniqueIndex('ecash_entries_order_reason_unique')
      .on(t.orderId, t.reason)
      .where(sql`${t.orderId} is not null`),
    check('ecash_entries_amount_check', sql`amount_minor <> 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    siteContext: text('site_context').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    serviceSlug: text('service_slug').notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    startsAt: tz('starts_at').notNull(),
    /** null: a one-off service (delivered, not timed). */
    endsAt: tz('ends_at'),
  },
  (t) => [
    uniqueIndex('subscriptions_order_sku_unique').on(t.orderId, t.sku),
    index('subscriptions_user_idx').on(t.userId, t.endsAt),
  ],
);

export const callbackRequests = pgTable('callback_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  siteContext: text('site_context').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  isdCode: text('isd_code').notNull(),
  mobile: text('mobile').notNull(),
  name: text('name'),
  service: text('service'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const internalLeads = pgTable('internal_leads', {
  id: uuid('id').primaryKey().defaultRandom(),
  siteContext: text('site_context').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The form's fields as sent (validated): name, email, mobile, service, source ... */
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  version: smallint('version').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const cartClicks = pgTable(
  'cart_clicks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteContext: text('site_context').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    sku: text('sku'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('cart_clicks_user_idx').on(t.userId, t.createdAt)],
);

export type Cart = typeof carts.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;
export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type PaymentRefund = typeof paymentRefunds.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
