/**
 * At most one charge per order, on both backends: racing requests get one gateway page, an order
 * is replaced only after its page is closed at the gateway, a capture that still arrives for a
 * paid order is refunded through the gateway (and the buyer and staff are told), a refund cut
 * short is finished by reconciliation, and a promo code's caps hold when payments race.
 */
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backends, useFreshDb, type TestDb } from './db';
import { siteByKey } from '../../sites';
import { getT, type TranslationKey } from '~/lib/i18n';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { orders, paymentAttempts, paymentRefunds, users } from '~/server/db/schema';
import { resetConfig } from '~/server/config';
import { setMailSender, type MailMessage } from '~/server/adapters/mail';
import { setGatewayFactory, type PaymentGateway } from '~/server/adapters/payments';
import {
  decideTestPayment,
  findTestPayment,
  testGateway,
} from '~/server/adapters/payments/test-gateway';
import { addToCart, applyPromoCode } from '~/server/commerce/cart';
import { CommerceError } from '~/server/commerce/errors';
import { findOwnOrder, generateOrder, orderWithItems } from '~/server/commerce/orders';
import {
  attemptsOf,
  makePayment,
  placeOrder,
  reconcilePayments,
  settlePayment,
} from '~/server/commerce/payments';
import { upsertPromo } from '~/server/commerce/promo';
import { listSubscriptions } from '~/server/commerce/subscriptions';
import { registry } from '~/server/ops/metrics';
import { GET as paymentReturn } from '~/pages/career-services/payment/[gateway]';

const india = siteByKey('india')!;
const BOOSTER = 'career-booster/3-months';
const LETTER = 'addon/cover-letter';
const DAY = 86_400_000;
const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };

const payContext = {
  site: india,
  origin: 'http://rexmonster.localhost:4321',
  langPrefix: '',
  customer: { name: 'Buyer', email: 'buyer@example.com', mobile: null },
};

let n = 0;
async function buyer(db: Db) {
  await ensureCountries(db);
  const [row] = await db
    .insert(users)
    .values({
      email: `tab${++n}@example.com`,
      name: 'Buyer',
      careerStage: 'professional',
      siteContext: india.context,
    })
    .returning();
  return row!.id;
}

const refOf = (start: Awaited<ReturnType<typeof makePayment>>) =>
  start.kind === 'redirect' ? start.url.split('/').pop()! : '';

/** The payer's browser coming back from the test gateway's page to our return route. */
async function returnFrom(callback: string) {
  const url = new URL(callback, 'http://rexmonster.localhost');
  const t = getT('en');
  const response = await paymentReturn({
    request: new Request(url),
    url,
    params: { gateway: 'test' },
    locals: { lang: 'en', t: (key: TranslationKey, o: Record<string, unknown> = {}) => t(key, o) },
    redirect: (location: string, status: number) =>
      new Response(null, { status, headers: { location } }),
  } as unknown as APIContext);
  return response.headers.get('location') ?? `status ${response.status}`;
}

/**
 * A second open page of a paid order, as orders could have before one open attempt was the rule
 * (the migration marks them closing): a payment the test gateway can still take.
 */
async function legacySecondPage(db: Db, gateway: PaymentGateway, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const attemptId = crypto.randomUUID();
  const started = await gateway.start({
    attemptKey: attemptId,
    orderNumber: order!.number,
    amountMinor: order!.payableMinor,
    currency: order!.currency,
    description: 'Career services',
    customer: payContext.customer,
    returnUrl: `/career-services/payment/test?attempt=${attemptId}`,
    cancelUrl: '/career-services/cart',
  });
  await db.insert(paymentAttempts).values({
    id: attemptId,
    orderId,
    gateway: 'test',
    reference: started.reference,
    redirectUrl: started.redirectUrl,
    amountMinor: order!.payableMinor,
    status: 'closing',
  });
  return started.reference;
}

async function alertCount(kind: string): Promise<number> {
  const metric = registry.getSingleMetric('payment_alerts_total');
  const values = metric ? (await metric.get()).values : [];
  return values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

describe.each(backends)('one charge per order (%s)', (backend) => {
  const t = useFreshDb(backend);
  let gateway: PaymentGateway;
  let mails: MailMessage[];
  let previous: Promise<TestDb> | undefined;
  beforeEach(() => {
    gateway = testGateway(t.db);
    setGatewayFactory((name) => (name === 'test' ? gateway : undefined));
    mails = [];
    setMailSender({
      name: 'memory',
      send: async (message) => {
        mails.push(message);
        return { id: String(mails.length) };
      },
    });
    process.env.OPS_EMAIL = 'ops@example.com';
    resetConfig();
    previous = (globalThis as G)[DB_KEY];
    (globalThis as G)[DB_KEY] = Promise.resolve(t.handle);
  });
  afterEach(() => {
    (globalThis as G)[DB_KEY] = previous;
    delete process.env.OPS_EMAIL;
    resetConfig();
  });
  afterAll(() => {
    setGatewayFactory(undefined);
    setMailSender(undefined);
  });

  it('two tabs paying one order at once get the same gateway page, and one payment exists', async () => {
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, [BOOSTER]);
    const order = await generateOrder(t.db, user, india);
    const tabs = await Promise.all(
      [1, 2, 3, 4].map(() => makePayment(t.db, user, order.id, payContext)),
    );
    const urls = new Set(tabs.map((s) => (s.kind === 'redirect' ? s.url : s.kind)));
    expect(urls.size).toBe(1);
    expect(await attemptsOf(t.db, order.id)).toHaveLength(1);
    // Later, from a third tab: still that page.
    expect(await makePayment(t.db, user, order.id, payContext)).toEqual(tabs[0]);

    const callback = (await decideTestPayment(refOf(tabs[0]!), 'paid', t.db))!;
    expect(await returnFrom(callback)).toBe(`/seeker/career-services/${order.id}?payment=paid`);
    // The same callback replayed (a reload, a second tab): nothing more happens.
    expect(await returnFrom(callback)).toBe(`/seeker/career-services/${order.id}?payment=paid`);
    expect(await listSubscriptions(t.db, user)).toHaveLength(1);
    expect(await t.db.select().from(paymentRefunds)).toEqual([]);
    expect((await makePayment(t.db, user, order.id, payContext)).kind).toBe('paid');
  });

  it('a page cancelled at the gateway is replaced on the next Pay; a changed cart closes the open page first', async () => {
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, [BOOSTER]);
    const order = await generateOrder(t.db, user, india);
    const first = await makePayment(t.db, user, order.id, payContext);
    // The payer cancels on the gateway's page and never comes back: the next Pay asks the gateway.
    await decideTestPayment(refOf(first), 'cancelled', t.db);
    const second = await makePayment(t.db, user, order.id, payContext);
    expect(refOf(second)).not.toBe(refOf(first));
    expect((await attemptsOf(t.db, order.id)).map((a) => a.status)).toEqual([
      'cancelled',
      'pending',
    ]);

    // An add-on joins the cart while the second page is open: checkout closes it at the
    // gateway, then replaces the order. That page can no longer be paid.
    await addToCart(t.db, { userId: user }, india, [LETTER]);
    const replacement = await placeOrder(t.db, user, india);
    expect(replacement.id).not.toBe(order.id);
    expect((await findOwnOrder(t.db, user, order.id))!.status).toBe('cancelled');
    expect((await attemptsOf(t.db, order.id)).map((a) => a.status)).toEqual([
      'cancelled',
      'superseded',
    ]);
    expect((await findTestPayment(refOf(second), t.db))!.status).toBe('cancelled');
    const late = (await decideTestPayment(refOf(second), 'paid', t.db))!;
    expect(new URL(late, 'http://x').searchParams.get('status')).toBe('cancelled');
    // generateOrder alone never replaces an order whose page is open.
    await makePayment(t.db, user, replacement.id, payContext);
    await addToCart(t.db, { userId: user }, india, ['addon/linkedin-makeover']);
    await expect(generateOrder(t.db, user, india)).rejects.toThrow('paymentInProgress');
  });

  it('a second capture of a paid order is refunded through the gateway, shown to the buyer and sent to staff, once', async () => {
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, [BOOSTER]);
    const order = await generateOrder(t.db, user, india);
    const first = await makePayment(t.db, user, order.id, payContext);
    await returnFrom((await decideTestPayment(refOf(first), 'paid', t.db))!);
    const before = await alertCount('second-capture');

    const second = await legacySecondPage(t.db, gateway, order.id);
    const callback = (await decideTestPayment(second, 'paid', t.db))!;
    expect(await returnFrom(callback)).toBe(`/seeker/career-services/${order.id}?payment=refunded`);
    const book = await findTestPayment(second, t.db);
    expect([book!.status, book!.refundedMinor]).toEqual(['paid', 400_000]);
    expect((await findTestPayment(refOf(first), t.db))!.refundedAt).toBeNull();

    const found = await orderWithItems(t.db, user, order.id);
    expect(found!.order.status).toBe('paid');
    expect(found!.refunds.map((r) => [r.reference, r.status, r.reason, r.amountMinor])).toEqual([
      [second, 'refunded', 'already-paid', 400_000],
    ]);
    expect(await alertCount('second-capture')).toBe(before + 1);
    expect(mails.filter((m) => m.to === 'ops@example.com')).toHaveLength(1);
    expect(mails[0]!.subject).toContain(order.number);

    // Replayed: the buyer is still told "refunded", nothing is refunded or alerted again.
    expect(await returnFrom(callback)).toBe(`/seeker/career-services/${order.id}?payment=refunded`);
    expect(await t.db.select().from(paymentRefunds)).toHaveLength(1);
    expect(mails.filter((m) => m.to === 'ops@example.com')).toHaveLength(1);
    expect(await listSubscriptions(t.db, user)).toHaveLength(1);
  });

  it('reconciliation refunds a second capture it finds later; a refund cut short is finished once', async () => {
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, [BOOSTER]);
    const order = await generateOrder(t.db, user, india);
    await returnFrom(
      (await decideTestPayment(
        refOf(await makePayment(t.db, user, order.id, payContext)),
        'paid',
        t.db,
      ))!,
    );
    const second = await legacySecondPage(t.db, gateway, order.id);
    await decideTestPayment(second, 'paid', t.db); // the payer's return never arrives

    // The server stops right after the settlement committed: the gateway's refund call fails.
    const real = gateway;
    let refundCalls = 0;
    gateway = {
      ...real,
      refund: async (input) => {
        refundCalls++;
        if (refundCalls === 1) throw new Error('connection reset');
        return real.refund(input);
      },
    };
    expect(await reconcilePayments(t.db)).toMatchObject({ refunded: 1 });
    expect((await t.db.select().from(paymentRefunds))[0]!.status).toBe('requested');
    expect((await findTestPayment(second, t.db))!.refundedAt).toBeNull();
    // Staff hear when it is done (or finally failed).
    expect(mails.filter((m) => m.to === 'ops@example.com')).toHaveLength(0);

    await reconcilePayments(t.db);
    const [refund] = await t.db.select().from(paymentRefunds);
    expect([refund!.status, refund!.tries, refund!.gatewayRefundId]).toEqual([
      'refunded',
      1,
      `rf_${second}`,
    ]);
    expect((await findTestPayment(second, t.db))!.refundedMinor).toBe(400_000);
    await reconcilePayments(t.db);
    expect(refundCalls).toBe(2);
    expect(mails.filter((m) => m.to === 'ops@example.com')).toHaveLength(1);
  });

  it('a reservation left by a stopped server is dropped, and paying works again', async () => {
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, [BOOSTER]);
    const order = await generateOrder(t.db, user, india);
    await t.db.insert(paymentAttempts).values({
      orderId: order.id,
      gateway: 'test',
      amountMinor: order.payableMinor,
      status: 'starting',
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const start = await makePayment(t.db, user, order.id, payContext);
    expect(start.kind).toBe('redirect');
    expect((await attemptsOf(t.db, order.id)).map((a) => a.status)).toEqual(['failed', 'pending']);
  });

  it('a settlement that fails part-way leaves the order, attempt and event as they were', async () => {
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, [BOOSTER]);
    const order = await generateOrder(t.db, user, india);
    const ref = refOf(await makePayment(t.db, user, order.id, payContext));
    await decideTestPayment(ref, 'paid', t.db);
    const event = await gateway.status(ref);
    // The subscriptions' insert fails inside the transaction (a dropped connection would too).
    await t.db.execute(
      sql`alter table subscriptions add constraint sub_fail check (sku <> 'career-booster/3-months')`,
    );
    await expect(settlePayment(t.db, event)).rejects.toThrow();
    expect((await findOwnOrder(t.db, user, order.id))!.status).toBe('pending');
    expect((await attemptsOf(t.db, order.id))[0]!.status).toBe('pending');
    await t.db.execute(sql`alter table subscriptions drop constraint sub_fail`);
    // Delivered again (the gateway retries): paid now, once.
    expect((await settlePayment(t.db, event)).effect).toBe('paid');
    expect(await listSubscriptions(t.db, user)).toHaveLength(1);
  });
});

describe.each(backends)('promo limits under concurrency (%s)', (backend) => {
  const t = useFreshDb(backend);
  let gateway: PaymentGateway;
  beforeEach(async () => {
    gateway = testGateway(t.db);
    setGatewayFactory((name) => (name === 'test' ? gateway : undefined));
    setMailSender({ name: 'memory', send: async () => ({ id: 'x' }) });
  });
  afterAll(() => {
    setGatewayFactory(undefined);
    setMailSender(undefined);
  });
  const code = (maxUses: number | null, maxUsesPerUser = 1) =>
    upsertPromo(t.db, {
      code: 'LIMITED',
      siteContext: india.context,
      percentOff: 20,
      validFrom: new Date(Date.now() - DAY),
      validUntil: new Date(Date.now() + DAY),
      maxUses,
      maxUsesPerUser,
    });
  const withCode = async (user: string, skus = [BOOSTER]) => {
    await addToCart(t.db, { userId: user }, india, skus);
    await applyPromoCode(t.db, { userId: user }, india.context, 'LIMITED');
    return placeOrder(t.db, user, india);
  };
  const paidWithCode = async () =>
    (await t.db.select().from(orders).where(eq(orders.promoCode, 'LIMITED'))).filter(
      (o) => o.status === 'paid',
    );

  it('per user: paying order A, then a changed cart (order B) with the code, pays the code once', async () => {
    await code(null, 1);
    const user = await buyer(t.db);
    const a = await withCode(user);
    const pageA = refOf(await makePayment(t.db, user, a.id, payContext));
    await addToCart(t.db, { userId: user }, india, [LETTER]);
    const b = await placeOrder(t.db, user, india);
    expect(b.promoCode).toBe('LIMITED');
    const pageB = refOf(await makePayment(t.db, user, b.id, payContext));
    // The payer pays both pages: A's was closed at the gateway when B was made.
    const callbackA = (await decideTestPayment(pageA, 'paid', t.db))!;
    const callbackB = (await decideTestPayment(pageB, 'paid', t.db))!;
    for (const cb of [callbackA, callbackB])
      await settlePayment(
        t.db,
        (await gateway.verifyReturn(new URL(cb, 'http://x').searchParams))!,
      );
    expect((await paidWithCode()).map((o) => o.id)).toEqual([b.id]);
    expect((await findTestPayment(pageA, t.db))!.status).toBe('cancelled');
  });

  it('total cap of one: two buyers paying at once, one gets the code, the other is told why', async () => {
    await code(1, 1);
    const [u1, u2] = [await buyer(t.db), await buyer(t.db)];
    const [o1, o2] = [await withCode(u1), await withCode(u2)];
    const results = await Promise.allSettled([
      makePayment(t.db, u1, o1.id, payContext),
      makePayment(t.db, u2, o2.id, payContext),
    ]);
    const started = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(started).toHaveLength(1);
    expect(refused.map((r) => ((r as PromiseRejectedResult).reason as CommerceError).code)).toEqual(
      ['promoUsedUp'],
    );
  });

  it('settlement counts again: captures racing for the last use pay one order, the other is refunded', async () => {
    await code(1, 1);
    const [u1, u2] = [await buyer(t.db), await buyer(t.db)];
    const [o1, o2] = [await withCode(u1), await withCode(u2)];
    // Both pages were opened before the cap was counted at reservation (pages of older orders).
    const [p1, p2] = [
      await legacySecondPage(t.db, gateway, o1.id),
      await legacySecondPage(t.db, gateway, o2.id),
    ];
    await Promise.all([p1, p2].map((p) => decideTestPayment(p, 'paid', t.db)));
    const results = await Promise.all(
      [p1, p2].map(async (p) => settlePayment(t.db, await gateway.status(p))),
    );
    expect(results.map((r) => r.effect).sort()).toEqual(['paid', 'promo-limit']);
    expect(await paidWithCode()).toHaveLength(1);
    const refunds = await t.db.select().from(paymentRefunds);
    expect(refunds.map((r) => [r.reason, r.status])).toEqual([['promo-limit', 'refunded']]);
    const loser = refunds[0]!.orderId;
    const [lost] = await t.db.select().from(orders).where(eq(orders.id, loser));
    expect(lost!.status).toBe('cancelled');
    // Replayed callbacks change nothing.
    for (const p of [p1, p2]) await settlePayment(t.db, await gateway.status(p));
    expect(await paidWithCode()).toHaveLength(1);
    expect(await t.db.select().from(paymentRefunds)).toHaveLength(1);
  });
});
