/**
 * The SPEC §7 career services calls, called as Astro calls them (a Request, params, locals and
 * cookies), on both backends: prices in a body are ignored, the envelope carries the SPEC
 * messages, guests are refused what needs a login, and nobody reads another user's order.
 */
import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { getT, type TranslationKey } from '~/lib/i18n';
import { ensureCountries } from '~/server/db/countries';
import { users } from '~/server/db/schema';
import * as api from '~/pages/api/trex/career-services/api/v1/[...action]';
import { backends, useFreshDb, type TestDb } from './db';

const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { success: boolean; error: string; status: number; errors: any[]; data: any };

/** A browser: its cookies persist between calls. */
function client(userId: string | null, siteContext = 'rexmonster') {
  const jar = new Map<string, string>();
  const site = siteByContext(siteContext)!;
  const t = getT('en');
  return async (method: 'GET' | 'POST', action: string, body?: unknown, query = '') => {
    const request = new Request(
      `http://${site.context}.localhost/api/trex/career-services/api/v1/${action}${query}`,
      {
        method,
        ...(body !== undefined
          ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
          : {}),
      },
    );
    const context = {
      request,
      url: new URL(request.url),
      params: { action },
      cookies: {
        get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
        set: (name: string, value: string) => jar.set(name, value),
        delete: (name: string) => jar.delete(name),
      },
      locals: {
        site,
        lang: 'en',
        brand: { localeSuffix: '', name: 'JobHarbor' },
        t: (key: TranslationKey, options: Record<string, unknown> = {}) => t(key, options),
        user: userId
          ? { id: userId, name: 'Seeker', email: 'seeker@example.com', mobile: null, isdCode: null }
          : null,
      },
    } as unknown as APIContext;
    const handler = api[method] as (c: APIContext) => Promise<Response>;
    const response = await handler(context);
    return { status: response.status, body: (await response.json()) as Body };
  };
}

describe.each(backends)('career services API on %s', (backend) => {
  const t = useFreshDb(backend);
  let previous: Promise<TestDb> | undefined;
  let a = '';
  let b = '';
  beforeEach(async () => {
    previous = (globalThis as G)[DB_KEY];
    (globalThis as G)[DB_KEY] = Promise.resolve(t.handle);
    await ensureCountries(t.db);
    const rows = await t.db
      .insert(users)
      .values([
        { email: 'a@example.com', name: 'A', careerStage: 'fresher', siteContext: 'rexmonster' },
        { email: 'b@example.com', name: 'B', careerStage: 'fresher', siteContext: 'rexmonster' },
      ])
      .returning();
    [a, b] = [rows[0]!.id, rows[1]!.id];
  });
  afterEach(() => {
    (globalThis as G)[DB_KEY] = previous;
  });

  it('prices: the catalogue, in minor units with display strings', async () => {
    const call = client(null);
    const prices = await call(
      'GET',
      'fetchCareerServicePrices/',
      undefined,
      '?slug=career-booster',
    );
    expect(prices.body.data[0]).toMatchObject({
      sku: 'career-booster/3-months',
      price: { minor: 400_000, currency: 'INR', display: '₹ 4 Thousand', exact: '₹ 4,000.00' },
    });
    expect((await call('GET', 'getBenefits', undefined, '?slug=nope')).status).toBe(404);
    const gulf = client(null, 'monstergulf');
    expect((await gulf('GET', 'fetchAllCareerServicePrices')).body.data[0].price.currency).toBe(
      'AED',
    );
  });

  it('a guest cart ignores prices in the body; promo and mobile messages are the SPEC ones', async () => {
    const guest = client(null);
    const added = await guest('POST', 'addToCart', {
      sku: 'career-booster/3-months',
      price: 1,
      total: 1,
    });
    expect(added.body.data.total.minor).toBe(400_000);
    expect((await guest('GET', 'getCartCount')).body.data.count).toBe(1);
    const bad = await guest('POST', 'applyPromoCode', { promoCode: 'NOPE' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      success: false,
      status: 1,
      errors: [{ field: 'promoCode', message: 'This promo code is not valid.' }],
    });
    const expired = await guest('POST', 'applyPromoCode', { promoCode: 'DIWALI25' });
    expect(expired.body.error).toBe('This promo code has expired.');
    expect((await guest('GET', 'getCart')).body.data.promo).toBeNull();

    const missing = await guest('POST', 'callback', { isdCode: '91' });
    expect(missing.body.errors[0]).toEqual({
      field: 'mobile',
      message: 'Please Enter Mobile Number',
    });
    const invalid = await guest('POST', 'callback', { isdCode: '91', mobile: '12345' });
    expect(invalid.body.errors[0]).toEqual({
      field: 'mobile',
      message: 'Enter a Valid Mobile Number',
    });
    expect((await guest('POST', 'callback', { isdCode: '+91', mobile: '9876543210' })).status).toBe(
      200,
    );
    expect((await guest('GET', 'getOrders')).status).toBe(401);
    expect((await guest('POST', 'generateOrder', {})).status).toBe(401);
  });

  it("orders: the server's totals, the owner's only", async () => {
    const buyer = client(a);
    await buyer('POST', 'addToCart', { skus: ['featured-profile/3-months', 'addon/cover-letter'] });
    await buyer('POST', 'applyPromoCode', { promoCode: 'welcome20' });
    const order = await buyer('POST', 'generateOrder', {
      subtotal: 1,
      payable: 1,
      discount: 999_999,
    });
    expect(order.body.data).toMatchObject({
      status: 'pending',
      subtotal: { minor: 220_000 },
      discount: { minor: 44_000 },
      // Every amount of the order is whole: none shows decimals.
      payable: { minor: 176_000, exact: '₹ 1,760' },
    });
    const id = order.body.data.id as string;
    const other = client(b);
    expect((await other('GET', 'getOrders', undefined, `?orderId=${id}`)).status).toBe(404);
    expect((await other('POST', 'makePayment', { orderId: id })).status).toBe(404);
    expect((await other('GET', 'getOrders')).body.data).toEqual([]);
    const pay = await buyer('POST', 'makePayment', { orderId: id, idempotencyKey: 'same-key-1' });
    const again = await buyer('POST', 'makePayment', { orderId: id, idempotencyKey: 'same-key-1' });
    expect(again.body.data).toEqual(pay.body.data);
    expect(pay.body.data.redirectUrl).toMatch(/^\/career-services\/gateway\/tp_/);
  });

  it("cart options: a mode the site does not offer or a profile not the buyer's is a 422 on its field; another plan of a service replaces it", async () => {
    const buyer = client(a);
    const other = client(b);
    await buyer('POST', 'addToCart', { sku: 'featured-profile/3-months' });
    const replaced = await buyer('POST', 'addToCart', { sku: 'featured-profile/6-months' });
    expect(replaced.body.data.notice).toBe(
      'Your cart holds one plan per service: the plan you chose replaced the other one.',
    );
    expect(replaced.body.data.items.map((i: { sku: string }) => i.sku)).toEqual([
      'featured-profile/6-months',
    ]);

    const bitcoin = await buyer('POST', 'saveCartOptions', { paymentMode: 'bitcoin' });
    expect(bitcoin.status).toBe(422);
    expect(bitcoin.body.errors).toEqual([
      { field: 'paymentMode', message: 'This payment mode is not available.' },
    ]);
    const gulfOnly = await buyer('POST', 'saveCartOptions', { paymentMode: 'paynow' });
    expect(gulfOnly.status).toBe(422);

    const theirs = (await other('GET', 'profiles')).body.data[0].id as number;
    const mine = (await buyer('GET', 'profiles')).body.data[0].id as number;
    const stolen = await buyer('POST', 'saveCartOptions', { profileId: theirs });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual([
      { field: 'profileId', message: 'Please choose one of your own profiles.' },
    ]);
    expect((await client(null)('POST', 'saveCartOptions', { profileId: mine })).status).toBe(422);
    expect((await buyer('GET', 'getCart')).body.data.options).toEqual({});

    const saved = await buyer('POST', 'saveCartOptions', { paymentMode: 'upi', profileId: mine });
    expect(saved.status).toBe(200);
    expect(saved.body.data.options).toMatchObject({ paymentMode: 'upi', profileId: mine });

    // Every call taking a mode refuses an unoffered one with the cart's message, never ignores it.
    const refused = [{ field: 'paymentMode', message: 'This payment mode is not available.' }];
    const badOrder = await buyer('POST', 'generateOrder', { paymentMode: 'bitcoin' });
    expect([badOrder.status, badOrder.body.errors]).toEqual([422, refused]);
    const order = await buyer('POST', 'generateOrder', { paymentMode: 'upi' });
    expect(order.status).toBe(200);
    const orderId = order.body.data.id as string;
    for (const call of ['saveOrderOptions', 'makePayment']) {
      const answer = await buyer('POST', call, { orderId, paymentMode: 'bitcoin' });
      expect([call, answer.status, answer.body.errors]).toEqual([call, 422, refused]);
    }
    const view = await buyer('GET', `getOrders?orderId=${orderId}`);
    expect(JSON.stringify(view.body.data ?? {})).not.toContain('bitcoin');
  });
});
