/**
 * The embedded default gateway: a hosted page on this server (/career-services/gateway/<id>)
 * where the payer chooses pay, fail or cancel. It keeps its own book (test_gateway_payments),
 * decides once, and sends the payer back with an HMAC-signed callback. Like a real gateway it can
 * close a page that is still open and refund a payment once (both recorded in its book). Nothing
 * leaves the machine and no money moves; PAYMENT_TEST_GATEWAY=false turns it off.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { testGatewayPayments } from '~/server/db/schema-payments';
import { sign, verifySignature } from '~/server/commerce/secret';
import type { GatewayEvent, GatewayOutcome, PaymentGateway } from './types';

export const TEST_GATEWAY_PATH = '/career-services/gateway';

const callbackText = (ref: string, status: string, event: string) => `${ref}|${status}|${event}`;

/** The callback URL for a decided payment, signed. */
export function signedCallback(
  returnUrl: string,
  ref: string,
  status: GatewayOutcome,
  secret?: string,
) {
  const event = `${ref}-${status}`;
  const url = new URL(returnUrl, 'http://x');
  url.searchParams.set('ref', ref);
  url.searchParams.set('status', status);
  url.searchParams.set('event', event);
  url.searchParams.set('sig', sign(callbackText(ref, status, event), secret));
  return returnUrl.startsWith('http') ? url.href : `${url.pathname}${url.search}`;
}

export async function findTestPayment(id: string, db?: Queryable) {
  const handle = db ?? (await getDb());
  const [row] = await handle
    .select()
    .from(testGatewayPayments)
    .where(eq(testGatewayPayments.id, id));
  return row;
}

/** The payer's choice on the hosted page; the first decision stands. Returns the callback URL. */
export async function decideTestPayment(
  id: string,
  choice: 'paid' | 'failed' | 'cancelled',
  db?: Queryable,
): Promise<string | null> {
  const handle = db ?? (await getDb());
  await handle
    .update(testGatewayPayments)
    .set({ status: choice, decidedAt: new Date() })
    .where(and(eq(testGatewayPayments.id, id), eq(testGatewayPayments.status, 'pending')));
  const row = await findTestPayment(id, handle);
  if (!row) return null;
  return signedCallback(row.returnUrl, row.id, row.status);
}

export function testGateway(dbOverride?: Queryable): PaymentGateway {
  const db = async () => dbOverride ?? (await getDb());
  const event = (
    ref: string,
    outcome: GatewayOutcome,
    row?: { amountMinor: number; currency: string },
  ): GatewayEvent => ({
    gateway: 'test',
    eventId: `${ref}-${outcome}`,
    reference: ref,
    outcome,
    ...(row ? { amountMinor: row.amountMinor, currency: row.currency } : {}),
    payload: { ref, status: outcome },
  });
  return {
    name: 'test',
    async start(input) {
      // One page per attempt key, like an idempotency key at a real gateway.
      const id = `tp_${createHash('sha256').update(input.attemptKey).digest('hex').slice(0, 24)}`;
      await (
        await db()
      )
        .insert(testGatewayPayments)
        .values({
          id,
          amountMinor: input.amountMinor,
          currency: input.currency,
          description: `${input.orderNumber}: ${input.description}`,
          returnUrl: input.returnUrl,
        })
        .onConflictDoNothing();
      return { reference: id, redirectUrl: `${TEST_GATEWAY_PATH}/${id}` };
    },
    async verifyReturn(params) {
      const ref = params.get('ref') ?? '';
      const status = params.get('status') ?? '';
      const eventId = params.get('event') ?? '';
      const sig = params.get('sig') ?? '';
      if (!ref || !sig || !['paid', 'failed', 'cancelled'].includes(status)) return null;
      if (!verifySignature(callbackText(ref, status, eventId), sig)) return null;
      const row = await findTestPayment(ref, await db());
      return row ? { ...event(ref, status as GatewayOutcome, row), eventId } : null;
    },
    async verifyWebhook() {
      return null; // the test gateway only calls back through the payer's browser
    },
    async status(reference) {
      const row = await findTestPayment(reference, await db());
      return event(reference, row?.status ?? 'pending', row);
    },
    async close(reference) {
      const handle = await db();
      await handle
        .update(testGatewayPayments)
        .set({ status: 'cancelled', decidedAt: new Date() })
        .where(
          and(eq(testGatewayPayments.id, reference), eq(testGatewayPayments.status, 'pending')),
        );
      const row = await findTestPayment(reference, handle);
      if (!row || row.status === 'cancelled' || row.status === 'failed') return { closed: true };
      return { closed: false, event: event(reference, row.status, row) };
    },
    async refund(input) {
      const handle = await db();
      await handle
        .update(testGatewayPayments)
        .set({ refundedMinor: input.amountMinor, refundedAt: new Date() })
        .where(
          and(
            eq(testGatewayPayments.id, input.reference),
            eq(testGatewayPayments.status, 'paid'),
            isNull(testGatewayPayments.refundedAt),
          ),
        );
      const row = await findTestPayment(input.reference, handle);
      if (!row?.refundedAt) throw new Error(`test payment ${input.reference} is not refundable`);
      return { refundId: `rf_${row.id}` };
    },
  };
}
