/**
 * Career services on both backends: prices and totals from the catalogue, promo code rules,
 * orders made once per cart version, eCash as a ledger, payments settled exactly once whatever
 * the order of events, and nobody reading another user's orders.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useFreshDb } from './db';
import { siteByKey } from '../../sites';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { ecashEntries, orders, users } from '~/server/db/schema';
import {
  addToCart,
  applyPromoCode,
  cartCount,
  findCart,
  mergeGuestCarts,
  removePromoCode,
  summarizeCart,
} from '~/server/commerce/cart';
import { sellable } from '~/server/commerce/catalogue';
import { creditEcash, ecashBalance, ledger } from '~/server/commerce/ecash';
import { CommerceError } from '~/server/commerce/errors';
import {
  findOwnOrder,
  generateOrder,
  listOrders,
  orderWithItems,
  saveOrderOptions,
} from '~/server/commerce/orders';
import {
  makePayment,
  placeOrder,
  reconcilePayments,
  settlePayment,
} from '~/server/commerce/payments';
import { setMailSender, type MailMessage } from '~/server/adapters/mail';
import { resetConfig } from '~/server/config';
import { testGatewayPayments } from '~/server/db/schema-payments';
import { registry } from '~/server/ops/metrics';
import { upsertPromo } from '~/server/commerce/promo';
import { activeProfileFlags, listSubscriptions } from '~/server/commerce/subscriptions';
import { setGatewayFactory } from '~/server/adapters/payments';
import { decideTestPayment, testGateway } from '~/server/adapters/payments/test-gateway';

const india = siteByKey('india')!;
const gulf = siteByKey('gulf')!;
const BOOSTER = 'career-booster/3-months';
const LETTER = 'addon/cover-letter';
const DAY = 86_400_000;

async function user(db: Db, n: number) {
  if (n === 1) await ensureCountries(db);
  const [row] = await db
    .insert(users)
    .values({
      email: `buyer${n}@example.com`,
      name: `Buyer ${n}`,
      careerStage: 'professional',
      siteContext: india.context,
    })
    .returning();
  return row!.id;
}

const payContext = {
  site: india,
  origin: 'http://rexmonster.localhost:4321',
  langPrefix: '',
  customer: { name: 'Buyer', email: 'buyer@example.com', mobile: null },
};

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CommerceError) return error.code;
    throw error;
  }
  return null;
};

describe.each(backends)('commerce (%s)', (backend) => {
  const t = useFreshDb(backend);
  const useTestGateway = () => {
    const gateway = testGateway(t.db);
    setGatewayFactory((name) => (name === 'test' ? gateway : undefined));
    return gateway;
  };

  it('prices come from the catalogue in the site currency; totals add up in minor units', async () => {
    const buyer = await user(t.db, 1);
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER, LETTER]);
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]); // once only
    const summary = await summarizeCart(
      t.db,
      await findCart(t.db, { userId: buyer }, india.context),
      india,
    );
    expect(summary.currency).toBe('INR');
    expect(summary.lines.map((l) => [l.sku, l.priceMinor])).toEqual([
      [BOOSTER, 400_000],
      [LETTER, 70_000],
    ]);
    expect(summary.subtotalMinor).toBe(470_000);
    expect(summary.count).toBe(2);
    expect(summary.suggestions.map((s) => s.sku)).toEqual([
      'addon/linkedin-makeover',
      'addon/interview-coaching',
    ]);
    expect(sellable(BOOSTER, gulf)!.priceMinor).toBe(17_600);
    await expect(
      addToCart(t.db, { userId: buyer }, india, ['career-booster/99-years']),
    ).rejects.toThrow('unknownItem');
  });

  it('promo codes: unknown, not yet valid, expired, other site and used-up codes leave the cart as it was', async () => {
    const buyer = await user(t.db, 1);
    const other = await user(t.db, 2);
    const now = new Date('2026-06-15T12:00:00Z');
    await upsertPromo(t.db, {
      code: 'OLD10',
      siteContext: india.context,
      percentOff: 10,
      validFrom: new Date(now.getTime() - 30 * DAY),
      validUntil: new Date(now.getTime() - DAY),
    });
    await upsertPromo(t.db, {
      code: 'SOON10',
      siteContext: india.context,
      percentOff: 10,
      validFrom: new Date(now.getTime() + DAY),
      validUntil: new Date(now.getTime() + 30 * DAY),
    });
    await upsertPromo(t.db, {
      code: 'GULF5',
      siteContext: gulf.context,
      percentOff: 5,
      validFrom: new Date(now.getTime() - DAY),
      validUntil: new Date(now.getTime() + DAY),
    });
    await upsertPromo(t.db, {
      code: 'ONCE',
      siteContext: india.context,
      amountOffMinor: 50_000,
      validFrom: new Date(now.getTime() - DAY),
      validUntil: new Date(Date.now() + 30 * DAY),
      maxUses: 1,
    });
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    const before = await findCart(t.db, { userId: buyer }, india.context);
    expect(await codeOf(applyPromoCode(t.db, { userId: buyer }, india.context, 'NOPE', now))).toBe(
      'promoUnknown',
    );
    expect(await codeOf(applyPromoCode(t.db, { userId: buyer }, india.context, 'old10', now))).toBe(
      'promoExpired',
    );
    expect(
      await codeOf(applyPromoCode(t.db, { userId: buyer }, india.context, 'SOON10', now)),
    ).toBe('promoNotYetValid');
    expect(await codeOf(applyPromoCode(t.db, { userId: buyer }, india.context, 'GULF5', now))).toBe(
      'promoUnknown',
    );
    const after = await findCart(t.db, { userId: buyer }, india.context);
    expect(after).toEqual(before);

    await applyPromoCode(t.db, { userId: buyer }, india.context, 'once', now);
    const order = await generateOrder(t.db, buyer, india, { now });
    expect([order.subtotalMinor, order.discountMinor, order.payableMinor]).toEqual([
      400_000, 50_000, 350_000,
    ]);
    // An order nobody pays holds no use; once its payment is under way, nobody else gets it.
    await addToCart(t.db, { userId: other }, india, [BOOSTER]);
    expect(await codeOf(applyPromoCode(t.db, { userId: other }, india.context, 'ONCE', now))).toBe(
      null,
    );
    await removePromoCode(t.db, { userId: other }, india.context);
    useTestGateway();
    expect((await makePayment(t.db, buyer, order.id, payContext)).kind).toBe('redirect');
    expect(await codeOf(applyPromoCode(t.db, { userId: other }, india.context, 'ONCE', now))).toBe(
      'promoUsedUp',
    );
    await removePromoCode(t.db, { userId: buyer }, india.context);
  });

  it('per-user cap: the second order of the same user with the code is refused', async () => {
    const buyer = await user(t.db, 1);
    useTestGateway();
    await upsertPromo(t.db, {
      code: 'WELCOME20',
      siteContext: india.context,
      percentOff: 20,
      validFrom: new Date(Date.now() - DAY),
      validUntil: new Date(Date.now() + DAY),
      maxUsesPerUser: 1,
    });
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    await applyPromoCode(t.db, { userId: buyer }, india.context, 'WELCOME20');
    const first = await generateOrder(t.db, buyer, india);
    expect(first.discountMinor).toBe(80_000);
    const start = await makePayment(t.db, buyer, first.id, payContext);
    expect(start.kind).toBe('redirect');
    const ref = start.kind === 'redirect' ? start.url.split('/').pop()! : '';
    await decideTestPayment(ref, 'paid', t.db);
    await reconcilePayments(t.db);
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    expect(await codeOf(applyPromoCode(t.db, { userId: buyer }, india.context, 'WELCOME20'))).toBe(
      'promoAlreadyUsed',
    );
  });

  it('one order per cart version; a changed cart replaces the pending order and gives its eCash back', async () => {
    const buyer = await user(t.db, 1);
    await creditEcash(t.db, { userId: buyer, currency: 'INR' }, 100_000, 'welcome');
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    const a = await generateOrder(t.db, buyer, india, { useEcash: true });
    const again = await generateOrder(t.db, buyer, india, { useEcash: true });
    expect(again.id).toBe(a.id);
    expect([a.subtotalMinor, a.ecashMinor, a.payableMinor]).toEqual([400_000, 100_000, 300_000]);
    expect(await ecashBalance(t.db, { userId: buyer, currency: 'INR' })).toBe(0);

    await addToCart(t.db, { userId: buyer }, india, [LETTER]);
    const b = await generateOrder(t.db, buyer, india, { useEcash: true });
    expect(b.id).not.toBe(a.id);
    expect((await findOwnOrder(t.db, buyer, a.id))!.status).toBe('cancelled');
    expect([b.subtotalMinor, b.ecashMinor, b.payableMinor]).toEqual([470_000, 100_000, 370_000]);
    const entries = await ledger(t.db, { userId: buyer, currency: 'INR' });
    expect(entries.map((e) => [e.reason, e.amountMinor])).toEqual([
      ['credit', 100_000],
      ['order', -100_000],
      ['release', 100_000],
      ['order', -100_000],
    ]);
    expect(await ecashBalance(t.db, { userId: buyer, currency: 'INR' })).toBe(0);
  });

  it('a paid callback delivered twice, late or after a failure pays once and activates once', async () => {
    const buyer = await user(t.db, 1);
    const gateway = useTestGateway();
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER, LETTER]);
    const order = await generateOrder(t.db, buyer, india);
    const start = await makePayment(t.db, buyer, order.id, { ...payContext, requestKey: 'k1' });
    const repeat = await makePayment(t.db, buyer, order.id, { ...payContext, requestKey: 'k1' });
    expect(repeat).toEqual(start);
    const ref = start.kind === 'redirect' ? start.url.split('/').pop()! : '';

    // A first attempt fails: order pending, cart intact.
    await settlePayment(t.db, {
      gateway: 'test',
      eventId: `${ref}-failed`,
      reference: ref,
      outcome: 'failed',
      payload: {},
    });
    expect((await findOwnOrder(t.db, buyer, order.id))!.status).toBe('pending');
    expect(await cartCount(t.db, { userId: buyer }, india.context)).toBe(2);

    const callback = await decideTestPayment(ref, 'paid', t.db);
    const params = new URL(callback!, 'http://x').searchParams;
    const event = await gateway.verifyReturn(params);
    expect(event?.outcome).toBe('paid');
    expect((await settlePayment(t.db, event!)).effect).toBe('paid');
    expect((await settlePayment(t.db, event!)).effect).toBe('duplicate');
    const viaStatus = await gateway.status(ref);
    expect((await settlePayment(t.db, { ...viaStatus, eventId: 'late-webhook' })).effect).toBe(
      'already-paid',
    );
    // A failure arriving after the payment changes nothing.
    await settlePayment(t.db, {
      gateway: 'test',
      eventId: 'late-fail',
      reference: ref,
      outcome: 'failed',
      payload: {},
    });

    const paid = await findOwnOrder(t.db, buyer, order.id);
    expect(paid!.status).toBe('paid');
    const subs = await listSubscriptions(t.db, buyer);
    expect(subs.map((s) => s.sku)).toEqual([BOOSTER]);
    expect(subs[0]!.endsAt!.getTime() - subs[0]!.startsAt.getTime()).toBe(90 * DAY);
    expect(await activeProfileFlags(t.db, buyer)).toMatchObject({
      featured: true,
      highlighted: true,
    });
    expect(await cartCount(t.db, { userId: buyer }, india.context)).toBe(0);
  });

  it('a forged callback signature or a wrong amount is refused', async () => {
    const buyer = await user(t.db, 1);
    const gateway = useTestGateway();
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    const order = await generateOrder(t.db, buyer, india);
    const start = await makePayment(t.db, buyer, order.id, payContext);
    const ref = start.kind === 'redirect' ? start.url.split('/').pop()! : '';
    const forged = new URLSearchParams({ ref, status: 'paid', event: `${ref}-paid`, sig: 'AAAA' });
    expect(await gateway.verifyReturn(forged)).toBeNull();
    const cheap = await settlePayment(t.db, {
      gateway: 'test',
      eventId: 'cheap',
      reference: ref,
      outcome: 'paid',
      amountMinor: 100,
      payload: {},
    });
    expect(cheap.effect).toBe('amount-mismatch');
    expect((await findOwnOrder(t.db, buyer, order.id))!.status).toBe('pending');
  });

  it('a capture differing in amount or currency is refunded, staff told, and the order paid again', async () => {
    const buyer = await user(t.db, 1);
    const gateway = useTestGateway();
    const mails: MailMessage[] = [];
    setMailSender({
      name: 'test',
      send: async (m) => (mails.push(m), { id: String(mails.length) }),
    });
    process.env.OPS_EMAIL = 'ops@example.com';
    resetConfig();
    // The metric is the process's: counted from what it was before this test.
    const count = async () => {
      const metric = registry.getSingleMetric('payment_alerts_total');
      const values = metric ? (await metric.get()).values : [];
      return values.find((v) => v.labels.kind === 'amount-mismatch')?.value ?? 0;
    };
    const before = await count();
    const alerts = async () => String((await count()) - before);
    try {
      await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
      const order = await generateOrder(t.db, buyer, india);
      // A gateway that misbehaves: ₹1 collected on the order, then USD on the retry.
      for (const [n, wrong] of [
        [1, { amountMinor: 100 }],
        [2, { currency: 'USD' }],
      ] as const) {
        const start = await makePayment(t.db, buyer, order.id, {
          ...payContext,
          requestKey: `k${n}`,
        });
        expect(start.kind).toBe('redirect');
        const ref = start.kind === 'redirect' ? start.url.split('/').pop()! : '';
        await t.db.update(testGatewayPayments).set(wrong).where(eq(testGatewayPayments.id, ref));
        await decideTestPayment(ref, 'paid', t.db);
        const settled = await settlePayment(t.db, await gateway.status(ref));
        expect(settled).toMatchObject({ effect: 'amount-mismatch', refunded: true });
        // The order stays open, the money went back in what was collected, staff were told.
        expect((await findOwnOrder(t.db, buyer, order.id))!.status).toBe('pending');
        const [row] = await t.db
          .select()
          .from(testGatewayPayments)
          .where(eq(testGatewayPayments.id, ref));
        expect(row!.refundedMinor).toBe(row!.amountMinor);
        const { refunds } = (await orderWithItems(t.db, buyer, order.id))!;
        expect(refunds[n - 1]).toMatchObject({
          reason: 'amount-mismatch',
          status: 'refunded',
          currency: n === 2 ? 'USD' : 'INR',
        });
        expect(await alerts()).toBe(String(n));
        expect(mails.filter((m) => m.to === 'ops@example.com')).toHaveLength(n);
        // A repeat of the event changes nothing and tells no one again.
        await settlePayment(t.db, await gateway.status(ref));
        expect(await alerts()).toBe(String(n));
      }
      const staff = mails.filter((m) => m.to === 'ops@example.com');
      expect(staff.map((m) => m.subject)).toEqual([
        `[payments] amount-mismatch: order ${order.number}`,
        `[payments] amount-mismatch: order ${order.number}`,
      ]);
      // The buyer was mailed the refund; then pays again, right, and the order is paid.
      expect(mails.filter((m) => m.to === 'buyer1@example.com')).toHaveLength(2);
      const again = await makePayment(t.db, buyer, order.id, { ...payContext, requestKey: 'k3' });
      const ref = again.kind === 'redirect' ? again.url.split('/').pop()! : '';
      await decideTestPayment(ref, 'paid', t.db);
      expect((await settlePayment(t.db, await gateway.status(ref))).effect).toBe('paid');
      expect((await findOwnOrder(t.db, buyer, order.id))!.status).toBe('paid');
    } finally {
      setMailSender(undefined);
      delete process.env.OPS_EMAIL;
      resetConfig();
    }
  });

  it('every call taking a payment mode refuses one the site does not offer', async () => {
    const buyer = await user(t.db, 1);
    useTestGateway();
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    expect(await codeOf(generateOrder(t.db, buyer, india, { paymentMode: 'bitcoin' }))).toBe(
      'paymentModeUnavailable',
    );
    expect(await codeOf(placeOrder(t.db, buyer, india, { paymentMode: 'paynow' }))).toBe(
      'paymentModeUnavailable',
    );
    const order = await generateOrder(t.db, buyer, india, { paymentMode: 'upi' });
    expect(order.paymentMode).toBe('upi');
    expect(await codeOf(saveOrderOptions(t.db, buyer, order.id, { paymentMode: 'bitcoin' }))).toBe(
      'paymentModeUnavailable',
    );
    expect((await findOwnOrder(t.db, buyer, order.id))!.paymentMode).toBe('upi');
  });

  it('a payment whose callback never came is settled by reconciliation', async () => {
    const buyer = await user(t.db, 1);
    useTestGateway();
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    const order = await generateOrder(t.db, buyer, india);
    const start = await makePayment(t.db, buyer, order.id, payContext);
    const ref = start.kind === 'redirect' ? start.url.split('/').pop()! : '';
    await decideTestPayment(ref, 'paid', t.db); // the gateway charged; no callback reached us
    expect(await reconcilePayments(t.db)).toEqual({ checked: 1, paid: 1, refunded: 0 });
    expect(await reconcilePayments(t.db)).toEqual({ checked: 0, paid: 0, refunded: 0 });
    expect((await findOwnOrder(t.db, buyer, order.id))!.status).toBe('paid');
  });

  it("another user's orders are not found; guest carts merge into the account at login", async () => {
    const buyer = await user(t.db, 1);
    const other = await user(t.db, 2);
    await addToCart(t.db, { userId: buyer }, india, [BOOSTER]);
    const order = await generateOrder(t.db, buyer, india);
    expect(await findOwnOrder(t.db, other, order.id)).toBeUndefined();
    expect(await orderWithItems(t.db, other, order.id)).toBeUndefined();
    expect(await listOrders(t.db, other)).toEqual([]);
    expect(await codeOf(makePayment(t.db, other, order.id, payContext))).toBe('orderNotFound');

    await addToCart(t.db, { guestHash: 'g'.repeat(64) }, india, ['resume-writing/senior', BOOSTER]);
    await mergeGuestCarts(t.db, 'g'.repeat(64), other);
    const merged = await summarizeCart(
      t.db,
      await findCart(t.db, { userId: other }, india.context),
      india,
    );
    expect(merged.lines.map((l) => l.sku).sort()).toEqual([BOOSTER, 'resume-writing/senior']);
    expect(await findCart(t.db, { guestHash: 'g'.repeat(64) }, india.context)).toBeUndefined();
  });

  it('an order covered by eCash is paid without a gateway', async () => {
    const buyer = await user(t.db, 1);
    await creditEcash(t.db, { userId: buyer, currency: 'INR' }, 1_000_000, 'refund');
    await addToCart(t.db, { userId: buyer }, india, [LETTER]);
    const order = await generateOrder(t.db, buyer, india, { useEcash: true });
    expect(order.payableMinor).toBe(0);
    expect((await makePayment(t.db, buyer, order.id, payContext)).kind).toBe('paid');
    expect((await makePayment(t.db, buyer, order.id, payContext)).kind).toBe('paid');
    const rows = await t.db.select().from(ecashEntries).where(eq(ecashEntries.userId, buyer));
    expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(1_000_000 - 70_000);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe('paid');
  });
});
