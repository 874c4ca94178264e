/**
 * The Razorpay and Stripe adapters through their official SDKs against local fakes of the APIs:
 * what they send, how returns and webhooks are verified, and that a webhook delivered twice (or
 * after the payer's return) pays the order once.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, useFreshDb } from './db';
import { fakeRazorpay, fakeStripe } from '../fakes/payment-apis';
import { siteByKey } from '../../sites';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { paymentAttempts, paymentRefunds, users } from '~/server/db/schema';
import { razorpayGateway } from '~/server/adapters/payments/razorpay';
import { stripeGateway } from '~/server/adapters/payments/stripe';
import { setGatewayFactory } from '~/server/adapters/payments';
import { addToCart } from '~/server/commerce/cart';
import { findOwnOrder, generateOrder } from '~/server/commerce/orders';
import {
  makePayment,
  placeOrder,
  reconcilePayments,
  settlePayment,
} from '~/server/commerce/payments';
import { listSubscriptions } from '~/server/commerce/subscriptions';

const india = siteByKey('india')!;
const gulf = siteByKey('gulf')!;
const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

let rzp: Awaited<ReturnType<typeof fakeRazorpay>>;
let stp: Awaited<ReturnType<typeof fakeStripe>>;
beforeAll(async () => {
  rzp = await fakeRazorpay('rzp_test_key', 'rzp_secret');
  stp = await fakeStripe('sk_test_123');
});
afterAll(async () => {
  setGatewayFactory(undefined);
  await rzp.close();
  await stp.close();
});

const razorpay = () =>
  razorpayGateway({
    keyId: 'rzp_test_key',
    keySecret: 'rzp_secret',
    webhookSecret: 'whsec_rzp',
    apiUrl: rzp.url,
  });
const stripe = () =>
  stripeGateway({ secretKey: 'sk_test_123', webhookSecret: 'whsec_stripe', apiUrl: stp.url });

async function buyer(db: Db, site = india) {
  await ensureCountries(db);
  const [row] = await db
    .insert(users)
    .values({
      email: 'payer@example.com',
      name: 'Payer',
      careerStage: 'professional',
      siteContext: site.context,
    })
    .returning();
  return row!.id;
}

const pay = (site: typeof india) => ({
  site,
  origin: `http://${site.context}.localhost:4321`,
  langPrefix: '',
  customer: { name: 'Payer', email: 'payer@example.com', mobile: '+919876543210' },
});

describe('Razorpay adapter (official SDK, local fake API)', () => {
  it('creates a payment link for the amount, checks the return signature and webhooks', async () => {
    const gateway = razorpay();
    const started = await gateway.start({
      attemptKey: 'attempt-1',
      orderNumber: 'CS-1',
      amountMinor: 320_000,
      currency: 'INR',
      description: 'Career services',
      customer: { name: 'Payer', email: 'payer@example.com', mobile: null },
      returnUrl: 'http://rexmonster.localhost/career-services/payment/razorpay?attempt=attempt-1',
      cancelUrl: 'http://rexmonster.localhost/career-services/cart',
    });
    expect(started.redirectUrl).toMatch(/^https:\/\/rzp\.io\/i\/plink_/);
    const sent = JSON.parse(rzp.requests.at(-1)!.body);
    expect(sent).toMatchObject({
      amount: 320_000,
      currency: 'INR',
      reference_id: 'attempt-1',
      callback_method: 'get',
    });

    rzp.pay(started.reference, 'pay_1');
    const params = new URLSearchParams({
      razorpay_payment_id: 'pay_1',
      razorpay_payment_link_id: started.reference,
      razorpay_payment_link_reference_id: 'attempt-1',
      razorpay_payment_link_status: 'paid',
    });
    params.set(
      'razorpay_signature',
      hmac('rzp_secret', `${started.reference}|attempt-1|paid|pay_1`),
    );
    const event = await gateway.verifyReturn(params);
    expect(event).toMatchObject({
      outcome: 'paid',
      reference: started.reference,
      amountMinor: 320_000,
    });
    params.set(
      'razorpay_signature',
      hmac('someone-else', `${started.reference}|attempt-1|paid|pay_1`),
    );
    expect(await gateway.verifyReturn(params)).toBeNull();

    const body = JSON.stringify({
      event: 'payment_link.paid',
      payload: {
        payment_link: { entity: rzp.links.get(started.reference) },
        payment: { entity: { id: 'pay_1', amount: 320_000 } },
      },
    });
    const headers = new Headers({
      'x-razorpay-signature': hmac('whsec_rzp', body),
      'x-razorpay-event-id': 'evt_1',
    });
    expect(await gateway.verifyWebhook(body, headers)).toMatchObject({
      eventId: 'evt_1',
      outcome: 'paid',
    });
    headers.set('x-razorpay-signature', hmac('whsec_rzp', `${body} `));
    expect(await gateway.verifyWebhook(body, headers)).toBeNull();
    expect((await gateway.status(started.reference)).outcome).toBe('paid');
  });
});

describe('Stripe adapter (official SDK, local fake API)', () => {
  it('creates a checkout session in minor units, trusts a return only once Stripe says paid, checks webhooks', async () => {
    const gateway = stripe();
    const started = await gateway.start({
      attemptKey: 'attempt-2',
      orderNumber: 'CS-2',
      amountMinor: 15_700,
      currency: 'AED',
      description: 'Career services',
      customer: { name: 'Payer', email: 'payer@example.com', mobile: null },
      returnUrl: 'http://monstergulf.localhost/career-services/payment/stripe?attempt=attempt-2',
      cancelUrl: 'http://monstergulf.localhost/career-services/cart',
    });
    const session = stp.sessions.get(started.reference)!;
    expect([session.amount_total, session.currency, session.client_reference_id]).toEqual([
      15_700,
      'aed',
      'attempt-2',
    ]);
    expect(session.success_url).toContain('session_id={CHECKOUT_SESSION_ID}');
    const ret = new URLSearchParams({ session_id: started.reference });
    expect((await gateway.verifyReturn(ret))?.outcome).toBe('pending');
    stp.pay(started.reference);
    expect(await gateway.verifyReturn(ret)).toMatchObject({ outcome: 'paid', amountMinor: 15_700 });

    const payload = JSON.stringify({
      id: 'evt_s1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: stp.sessions.get(started.reference) },
    });
    const header = new Stripe('sk_test_123').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_stripe',
    });
    expect(
      await gateway.verifyWebhook(payload, new Headers({ 'stripe-signature': header })),
    ).toMatchObject({ eventId: 'evt_s1', outcome: 'paid' });
    const forged = new Stripe('sk_test_123').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_wrong',
    });
    expect(
      await gateway.verifyWebhook(payload, new Headers({ 'stripe-signature': forged })),
    ).toBeNull();
  });
});

describe.each(backends)('gateways settle orders once (%s)', (backend) => {
  const t = useFreshDb(backend);

  it('Razorpay: return and webhook twice, out of order, pay the order once', async () => {
    const gateway = razorpay();
    setGatewayFactory((name) => (name === 'razorpay' ? gateway : undefined));
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, ['career-booster/3-months']);
    const order = await generateOrder(t.db, user, india);
    const start = await makePayment(t.db, user, order.id, pay(india));
    expect(start.kind === 'redirect' && start.url).toMatch(/rzp\.io/);
    const [plinkId] = [...rzp.links.values()]
      .filter((l) => l.amount === 400_000)
      .map((l) => l.id)
      .slice(-1);
    rzp.pay(plinkId!, 'pay_x');
    const body = JSON.stringify({
      event: 'payment_link.paid',
      payload: { payment_link: { entity: rzp.links.get(plinkId!) } },
    });
    const headers = new Headers({
      'x-razorpay-signature': hmac('whsec_rzp', body),
      'x-razorpay-event-id': 'evt_twice',
    });
    const event = (await gateway.verifyWebhook(body, headers))!;
    expect((await settlePayment(t.db, event)).effect).toBe('paid');
    expect((await settlePayment(t.db, event)).effect).toBe('duplicate');
    const late = (await gateway.status(plinkId!))!;
    expect((await settlePayment(t.db, late)).effect).toBe('already-paid');
    expect((await findOwnOrder(t.db, user, order.id))!.status).toBe('paid');
    expect(await listSubscriptions(t.db, user)).toHaveLength(1);
  });

  it('Stripe: a session paid while nobody was listening is settled by reconciliation', async () => {
    const gateway = stripe();
    setGatewayFactory((name) => (name === 'stripe' ? gateway : undefined));
    const user = await buyer(t.db, gulf);
    await addToCart(t.db, { userId: user }, gulf, ['featured-profile/6-months']);
    const order = await generateOrder(t.db, user, gulf);
    const start = await makePayment(t.db, user, order.id, pay(gulf));
    const id = start.kind === 'redirect' ? start.url.split('/').pop()! : '';
    expect(await reconcilePayments(t.db)).toEqual({ checked: 1, paid: 0, refunded: 0 });
    stp.pay(id);
    expect(await reconcilePayments(t.db)).toEqual({ checked: 1, paid: 1, refunded: 0 });
    expect((await findOwnOrder(t.db, user, order.id))!.status).toBe('paid');
  });
});

describe.each(backends)('gateways close pages and refund (%s)', (backend) => {
  const t = useFreshDb(backend);

  it('Razorpay: Pay again answers the same link, a replaced order cancels it, a second capture is refunded once', async () => {
    const gateway = razorpay();
    setGatewayFactory((name) => (name === 'razorpay' ? gateway : undefined));
    const user = await buyer(t.db);
    await addToCart(t.db, { userId: user }, india, ['career-booster/3-months']);
    const first = await placeOrder(t.db, user, india);
    const created = () =>
      rzp.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_links').length;
    const before = created();
    const [a, b] = await Promise.all([
      makePayment(t.db, user, first.id, pay(india)),
      makePayment(t.db, user, first.id, pay(india)),
    ]);
    expect(a).toEqual(b);
    expect(created()).toBe(before + 1);
    const linkA = (a.kind === 'redirect' ? a.url : '').split('/').pop()!;

    await addToCart(t.db, { userId: user }, india, ['addon/cover-letter']);
    const second = await placeOrder(t.db, user, india);
    expect(rzp.links.get(linkA)!.status).toBe('cancelled');
    const start = await makePayment(t.db, user, second.id, pay(india));
    const linkB = (start.kind === 'redirect' ? start.url : '').split('/').pop()!;
    rzp.pay(linkB, `pay_first_${backend}`);
    expect((await settlePayment(t.db, await gateway.status(linkB))).effect).toBe('paid');

    // A capture on a page of the paid order that was never closed (an older duplicate).
    const extra = await gateway.start({
      attemptKey: crypto.randomUUID(),
      orderNumber: second.number,
      amountMinor: second.payableMinor,
      currency: 'INR',
      description: 'Career services',
      customer: { name: 'Payer', email: null, mobile: null },
      returnUrl: 'http://x/return',
      cancelUrl: 'http://x/cart',
    });
    await t.db.insert(paymentAttempts).values({
      orderId: second.id,
      gateway: 'razorpay',
      reference: extra.reference,
      redirectUrl: extra.redirectUrl,
      amountMinor: second.payableMinor,
      status: 'closing',
    });
    rzp.pay(extra.reference, `pay_second_${backend}`);
    expect(await reconcilePayments(t.db)).toMatchObject({ refunded: 1 });
    const refundsOfRun = () => rzp.refunds.filter((r) => r.payment_id.endsWith(backend));
    expect(refundsOfRun().map((r) => [r.payment_id, r.amount])).toEqual([
      [`pay_second_${backend}`, second.payableMinor],
    ]);
    // Asking the gateway again with the same refund key finds that refund, makes none.
    const [row] = await t.db.select().from(paymentRefunds);
    await expect(
      gateway.refund({
        reference: extra.reference,
        amountMinor: row!.amountMinor,
        currency: 'INR',
        refundKey: row!.id,
      }),
    ).resolves.toEqual({ refundId: row!.gatewayRefundId });
    expect(refundsOfRun()).toHaveLength(1);
    expect((await findOwnOrder(t.db, user, second.id))!.status).toBe('paid');
  });

  it('Stripe: a replaced order expires its session; a second capture is refunded through Stripe once', async () => {
    const gateway = stripe();
    setGatewayFactory((name) => (name === 'stripe' ? gateway : undefined));
    const user = await buyer(t.db, gulf);
    await addToCart(t.db, { userId: user }, gulf, ['featured-profile/6-months']);
    const first = await placeOrder(t.db, user, gulf);
    const a = await makePayment(t.db, user, first.id, pay(gulf));
    expect(await makePayment(t.db, user, first.id, pay(gulf))).toEqual(a);
    const sessionA = (a.kind === 'redirect' ? a.url : '').split('/').pop()!;
    await addToCart(t.db, { userId: user }, gulf, ['addon/cover-letter']);
    const second = await placeOrder(t.db, user, gulf);
    expect(stp.sessions.get(sessionA)!.status).toBe('expired');

    const b = await makePayment(t.db, user, second.id, pay(gulf));
    const sessionB = (b.kind === 'redirect' ? b.url : '').split('/').pop()!;
    stp.pay(sessionB);
    expect((await settlePayment(t.db, await gateway.status(sessionB))).effect).toBe('paid');
    const extra = await gateway.start({
      attemptKey: crypto.randomUUID(),
      orderNumber: second.number,
      amountMinor: second.payableMinor,
      currency: 'AED',
      description: 'Career services',
      customer: { name: 'Payer', email: null, mobile: null },
      returnUrl: 'http://x/return',
      cancelUrl: 'http://x/cart',
    });
    await t.db.insert(paymentAttempts).values({
      orderId: second.id,
      gateway: 'stripe',
      reference: extra.reference,
      redirectUrl: extra.redirectUrl,
      amountMinor: second.payableMinor,
      status: 'closing',
    });
    stp.pay(extra.reference);
    const result = await settlePayment(t.db, await gateway.status(extra.reference));
    expect([result.effect, result.refunded]).toEqual(['refund', true]);
    expect(
      stp.refunds
        .filter((r) => [`pi_${sessionB}`, `pi_${extra.reference}`].includes(r.payment_intent))
        .map((r) => [r.payment_intent, r.amount]),
    ).toEqual([[`pi_${extra.reference}`, second.payableMinor]]);
    expect((await t.db.select().from(paymentRefunds))[0]!.status).toBe('refunded');
  });
});
