/**
 * Reconciliation (the settle-payments background job, and at every worker start): asks each
 * gateway about attempts still open (the server may have stopped between a payment and its
 * callback) and settles what it says, like a callback: a capture it finds for an order already
 * paid is refunded the same way. Older duplicate attempts (closing) are closed at their gateway,
 * refunds a crash interrupted are made, receipts not sent are sent, and reservations of a stopped
 * server are dropped.
 */
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { paymentAttempts } from '~/server/db/schema-commerce';
import { gatewayByName } from '~/server/adapters/payments';
import type { GatewayName } from '~/server/adapters/payments/types';
import { log } from '~/server/ops/logger';
import { mailDueReceipts } from './receipt';
import { retryRefunds } from './refunds';
import { closeAttempt, dropStaleReservations, settlePayment } from './settle';

export const RECONCILE_DAYS = 7;

/** Attempts older than `minAgeMs` (and younger than RECONCILE_DAYS) still open: ask their gateway, settle what it says. */
export async function reconcilePayments(
  db: Queryable,
  options: { minAgeMs?: number; now?: Date } = {},
): Promise<{ checked: number; paid: number; refunded: number }> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? 0;
  // Against the database's clock unless a time is given: created_at has microseconds, so a
  // JavaScript "now" could be earlier than a payment made in the same millisecond.
  const before = options.now
    ? new Date(now.getTime() - minAgeMs)
    : sql`now() - ${minAgeMs} * interval '1 millisecond'`;
  // A payment page left open longer than this is abandoned; its gateway has expired it too.
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000);
  const open = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.status, ['pending', 'closing']),
        lte(paymentAttempts.createdAt, before),
        gt(paymentAttempts.createdAt, since),
      ),
    )
    .limit(500);
  let paid = 0;
  let refunded = 0;
  for (const attempt of open) {
    const gateway = gatewayByName(attempt.gateway as GatewayName);
    if (!gateway || !attempt.reference) continue;
    try {
      const event = await gateway.status(attempt.reference);
      if (event.outcome === 'pending') {
        if (attempt.status === 'closing') await closeAttempt(db, attempt);
        continue;
      }
      const result = await settlePayment(db, event);
      if (result.effect === 'paid') paid++;
      if (result.refunded) refunded++;
    } catch (error) {
      log.error({ err: error, gateway: attempt.gateway, attempt: attempt.id }, 'reconcile failed');
    }
  }
  await dropStaleReservations(db, now);
  // Refunds whose settlement committed but whose gateway call did not finish.
  await retryRefunds(db, new Date(now.getTime() - minAgeMs));
  // Receipts a refused mail or a stopped server left unsent.
  await mailDueReceipts(db, now);
  return { checked: open.length, paid, refunded };
}
