/**
 * The offline test gateway's own record of the payments made on its hosted page
 * (src/server/adapters/payments/test-gateway.ts): what a real gateway keeps on its side.
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentOutcome } from './schema-commerce';

export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status').$type<PaymentOutcome>().notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  /** A refund of this payment (at most one, of its whole amount). */
  refundedMinor: bigint('refunded_minor', { mode: 'number' }),
  refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
});
