/**
 * The receipt in the inbox, on both backends: a paid order sends one mail in the order's
 * language and brand with its lines, discount, the tax the site's prices include, the payment
 * reference, the order's link and the invoice PDF (read back with pdftotext); a replayed callback
 * sends none; a refused mail is sent later by reconciliation, once; a refund mails the buyer.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, useFreshDb } from './db';
import { siteByKey } from '../../sites';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { orders, paymentAttempts, users } from '~/server/db/schema';
import { setMailSender, type MailMessage } from '~/server/adapters/mail';
import { setGatewayFactory } from '~/server/adapters/payments';
import { decideTestPayment, testGateway } from '~/server/adapters/payments/test-gateway';
import { addToCart, applyPromoCode } from '~/server/commerce/cart';
import {
  makePayment,
  placeOrder,
  reconcilePayments,
  settlePayment,
} from '~/server/commerce/payments';
import { upsertPromo } from '~/server/commerce/promo';

const india = siteByKey('india')!;
const dir = mkdtempSync(path.join(tmpdir(), 'receipts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdfText(bytes: Uint8Array): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .replace(/[\u200E\u200F\u202A-\u202E]/g, '')
    .replace(/\s+/g, ' ');
}

let n = 0;
async function buyer(db: Db) {
  await ensureCountries(db);
  const [row] = await db
    .insert(users)
    .values({
      email: `receipt${++n}@example.com`,
      name: 'Asha Rao',
      careerStage: 'professional',
      siteContext: india.context,
    })
    .returning();
  return row!;
}

describe.each(backends)('receipts (%s)', (backend) => {
  const t = useFreshDb(backend);
  let mails: MailMessage[];
  let refuse = false;
  beforeEach(async () => {
    const gateway = testGateway(t.db);
    setGatewayFactory((name) => (name === 'test' ? gateway : undefined));
    mails = [];
    refuse = false;
    setMailSender({
      name: 'memory',
      send: async (message) => {
        if (refuse) throw new Error('421 try later');
        mails.push(message);
        return { id: String(mails.length) };
      },
    });
    await upsertPromo(t.db, {
      code: 'WELCOME20',
      siteContext: india.context,
      percentOff: 20,
      validFrom: new Date(Date.now() - 86_400_000),
      validUntil: new Date(Date.now() + 86_400_000),
    });
  });
  afterAll(() => {
    setGatewayFactory(undefined);
    setMailSender(undefined);
  });

  /** Orders the cart in a language and pays it; answers the order and the payer's callback. */
  async function pay(userId: string, lang: 'en' | 'hi') {
    await addToCart(t.db, { userId }, india, ['featured-profile/3-months', 'addon/cover-letter']);
    await applyPromoCode(t.db, { userId }, india.context, 'WELCOME20');
    const order = await placeOrder(t.db, userId, india, { lang, brand: 'classic' });
    const start = await makePayment(t.db, userId, order.id, {
      site: india,
      origin: 'http://x',
      langPrefix: lang === 'en' ? '' : `/${lang}`,
      customer: { name: 'Asha Rao', email: null, mobile: null },
    });
    const ref = start.kind === 'redirect' ? start.url.split('/').pop()! : '';
    const callback = (await decideTestPayment(ref, 'paid', t.db))!;
    const event = (await testGateway(t.db).verifyReturn(
      new URL(callback, 'http://x').searchParams,
    ))!;
    return { order, ref, event };
  }

  it('a paid order sends one receipt with its invoice; the replayed callback sends none', async () => {
    const user = await buyer(t.db);
    const { order, ref, event } = await pay(user.id, 'en');
    expect((await settlePayment(t.db, event)).effect).toBe('paid');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe(`Your receipt for order ${order.number}`);
    // ₹1,500 + ₹700, 20% off: ₹1,760 paid, of which 18% GST included is ₹268.47.
    for (const part of [
      'Hello Asha Rao,',
      'Featured Profile (3 months): ₹ 1,500.00',
      'Promo code WELCOME20: −₹ 440.00',
      'Amount paid: ₹ 1,760.00',
      'Includes GST (18%): ₹ 268.47',
      `Payment reference: test: ${ref}`,
      `/seeker/career-services/${order.id}`,
    ])
      expect(mail.text).toContain(part);
    const [pdf] = mail.attachments!;
    expect([pdf!.filename, pdf!.contentType]).toEqual([
      `invoice-${order.number}.pdf`,
      'application/pdf',
    ]);
    const text = pdfText(pdf!.content);
    for (const part of [`Invoice ${order.number}`, 'Amount paid: ₹ 1,760.00', 'Asha Rao'])
      expect(text).toContain(part);

    expect((await settlePayment(t.db, event)).effect).toBe('duplicate');
    await settlePayment(t.db, { ...(await testGateway(t.db).status(ref)), eventId: 'webhook-2' });
    await reconcilePayments(t.db);
    expect(mails).toHaveLength(1);
  });

  it('in the language the order was placed in (Hindi), the invoice too', async () => {
    const user = await buyer(t.db);
    const { order, event } = await pay(user.id, 'hi');
    await settlePayment(t.db, event);
    expect(mails[0]!.subject).toBe(`ऑर्डर ${order.number} की आपकी रसीद`);
    expect(mails[0]!.text).toContain('जीएसटी (18%) शामिल');
    expect(mails[0]!.text).toContain(`/hi/seeker/career-services/${order.id}`);
    expect(pdfText(mails[0]!.attachments![0]!.content)).toContain('इनवॉइस');
  });

  it('a refused mail leaves the receipt to reconciliation, which sends it once', async () => {
    const user = await buyer(t.db);
    const { order, event } = await pay(user.id, 'en');
    refuse = true;
    expect((await settlePayment(t.db, event)).effect).toBe('paid');
    expect(mails).toHaveLength(0);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.receiptMailedAt).toBeNull();
    refuse = false;
    await Promise.all([reconcilePayments(t.db), reconcilePayments(t.db)]);
    expect(mails.map((m) => m.subject)).toEqual([`Your receipt for order ${order.number}`]);
  });

  it('a refunded second capture sends the buyer a refund mail, once', async () => {
    const user = await buyer(t.db);
    const { order, event } = await pay(user.id, 'en');
    await settlePayment(t.db, event);
    const gateway = testGateway(t.db);
    const attemptId = crypto.randomUUID();
    const extra = await gateway.start({
      attemptKey: attemptId,
      orderNumber: order.number,
      amountMinor: order.payableMinor,
      currency: 'INR',
      description: 'Career services',
      customer: { name: 'Asha Rao', email: null, mobile: null },
      returnUrl: '/career-services/payment/test',
      cancelUrl: '/career-services/cart',
    });
    await t.db.insert(paymentAttempts).values({
      id: attemptId,
      orderId: order.id,
      gateway: 'test',
      reference: extra.reference,
      redirectUrl: extra.redirectUrl,
      amountMinor: order.payableMinor,
      status: 'closing',
    });
    await decideTestPayment(extra.reference, 'paid', t.db);
    await reconcilePayments(t.db);
    await reconcilePayments(t.db);
    const refundMails = mails.filter((m) => m.subject.startsWith('Refund'));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.to).toBe(user.email);
    expect(refundMails[0]!.text).toContain(
      `We have refunded ₹ 1,760.00 to you for order ${order.number}: a second payment of an order already paid.`,
    );
  });
});
