/**
 * Refunds of captures we must not keep (a second payment of a paid order, a promo code that ran
 * out at settlement, a capture that did not match its order in amount or currency). The settling transaction writes the payment_refunds row (one per attempt);
 * runRefund then asks the attempt's gateway for its own refund, with the row's id as refund key,
 * so a retry after a crash or by reconciliation refunds once. Staff are alerted once per row, and
 * the buyer gets one mail once the money is on its way back.
 */
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { orders, paymentRefunds, type PaymentRefund } from '~/server/db/schema-commerce';
import { gatewayByName, type GatewayName } from '~/server/adapters/payments';
import { log } from '~/server/ops/logger';
import { mailRefundToBuyer } from './receipt';
import { alertStaff } from './staff-alerts';

/** Gateway calls before a refund is left to staff (status failed, alerted). */
export const REFUND_TRIES = 5;

export async function runRefund(
  db: Queryable,
  refundId: string,
): Promise<PaymentRefund | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!row || row.status !== 'requested') return row;
  const gateway = gatewayByName(row.gateway as GatewayName);
  let done: PaymentRefund | undefined;
  let failure = '';
  try {
    if (!gateway) throw new Error(`gateway ${row.gateway} is not configured`);
    const { refundId: gatewayRefundId } = await gateway.refund({
      reference: row.reference,
      amountMinor: row.amountMinor,
      currency: row.currency,
      refundKey: row.id,
    });
    [done] = await db
      .update(paymentRefunds)
      .set({ status: 'refunded', gatewayRefundId, refundedAt: new Date(), lastError: null })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'requested')))
      .returning();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    log.error({ err: error, refund: row.id, gateway: row.gateway }, 'refund failed');
    const tries = row.tries + 1;
    [done] = await db
      .update(paymentRefunds)
      .set({
        tries,
        lastError: failure.slice(0, 500),
        status: tries >= REFUND_TRIES ? 'failed' : 'requested',
      })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'requested')))
      .returning();
  }
  const current = done ?? row;
  // Staff hear once when it is refunded, and once when it finally could not be.
  if (current.status !== 'requested') await alertOnce(db, current, failure);
  if (current.status === 'refunded') await mailRefundToBuyer(db, current);
  return current;
}

async function alertOnce(db: Queryable, refund: PaymentRefund, failure: string) {
  const [claimed] = await db
    .update(paymentRefunds)
    .set({ staffAlertedAt: new Date() })
    .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.staffAlertedAt)))
    .returning({ id: paymentRefunds.id });
  if (!claimed) return;
  const [order] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  await alertStaff({
    kind:
      refund.status === 'failed'
        ? 'refund-failed'
        : refund.reason === 'already-paid'
          ? 'second-capture'
          : refund.reason,
    orderNumber: order?.number ?? refund.orderId,
    gateway: refund.gateway,
    reference: refund.reference,
    amount: `${refund.amountMinor} ${refund.currency} (minor units)`,
    outcome:
      refund.status === 'refunded'
        ? `refunded by the gateway (${refund.gatewayRefundId})`
        : `refund FAILED after ${refund.tries} tries, refund it by hand: ${failure || refund.lastError}`,
  });
}

/** Refunds still to make (a crash or a gateway error interrupted them): tried again. */
export async function retryRefunds(db: Queryable, olderThan: Date): Promise<number> {
  const due = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'requested'), lt(paymentRefunds.createdAt, olderThan)))
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(100);
  let refunded = 0;
  for (const { id } of due) if ((await runRefund(db, id))?.status === 'refunded') refunded++;
  return refunded;
}
