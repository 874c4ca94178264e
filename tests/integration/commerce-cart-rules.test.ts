/**
 * The cart's rules on both backends: one plan per service (adding another plan, also at the
 * guest cart's merge and from two requests at once, replaces it and says so), and a timed plan of
 * a service the buyer already has, alone or in Career Booster, extends it instead of overlapping.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, useFreshDb } from './db';
import { siteByKey } from '../../sites';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { cartItems, users } from '~/server/db/schema';
import { setGatewayFactory } from '~/server/adapters/payments';
import { decideTestPayment, testGateway } from '~/server/adapters/payments/test-gateway';
import {
  addToCart,
  cartSkus,
  findCart,
  mergeGuestCarts,
  summarizeCart,
} from '~/server/commerce/cart';
import { makePayment, placeOrder, settlePayment } from '~/server/commerce/payments';
import { listSubscriptions } from '~/server/commerce/subscriptions';

const india = siteByKey('india')!;
const DAY = 86_400_000;
const F3 = 'featured-profile/3-months';
const F6 = 'featured-profile/6-months';
const BOOSTER = 'career-booster/3-months';

let n = 0;
async function buyer(db: Db) {
  await ensureCountries(db);
  const [row] = await db
    .insert(users)
    .values({
      email: `cart${++n}@example.com`,
      name: 'Buyer',
      careerStage: 'professional',
      siteContext: india.context,
    })
    .returning();
  return row!.id;
}

describe.each(backends)('cart rules (%s)', (backend) => {
  const t = useFreshDb(backend);
  const skusOf = async (owner: { userId: string } | { guestHash: string }) =>
    cartSkus(t.db, (await findCart(t.db, owner, india.context))!.id);

  beforeEach(() => {
    const gateway = testGateway(t.db);
    setGatewayFactory((name) => (name === 'test' ? gateway : undefined));
  });
  afterAll(() => setGatewayFactory(undefined));

  /** Checks out the cart and pays it on the test gateway. */
  async function buyCart(user: string) {
    const order = await placeOrder(t.db, user, india);
    const start = await makePayment(t.db, user, order.id, {
      site: india,
      origin: 'http://x',
      langPrefix: '',
      customer: { name: 'Buyer', email: null, mobile: null },
    });
    const ref = start.kind === 'redirect' ? start.url.split('/').pop()! : '';
    await decideTestPayment(ref, 'paid', t.db);
    await settlePayment(t.db, await testGateway(t.db).status(ref));
  }

  it('another plan of a service replaces the one in the cart, and says which', async () => {
    const user = await buyer(t.db);
    const owner = { userId: user };
    expect((await addToCart(t.db, owner, india, [F3, 'addon/cover-letter'])).replaced).toEqual([]);
    expect((await addToCart(t.db, owner, india, [F6])).replaced).toEqual([
      { removed: F3, added: F6 },
    ]);
    expect((await addToCart(t.db, owner, india, [F6])).replaced).toEqual([]);
    expect(await skusOf(owner)).toEqual([F6, 'addon/cover-letter']);
    // Two plans of one service in one call: the last one is kept.
    await addToCart(t.db, owner, india, [BOOSTER, 'career-booster/6-months']);
    expect(await skusOf(owner)).toEqual([F6, 'career-booster/6-months', 'addon/cover-letter']);
    const summary = await summarizeCart(t.db, await findCart(t.db, owner, india.context), india);
    expect(summary.subtotalMinor).toBe(970_000); // 6 months each: ₹2,500 + ₹6,500, and ₹700
  });

  it('two requests adding two plans of one service at once leave one of them', async () => {
    const user = await buyer(t.db);
    const owner = { userId: user };
    await addToCart(t.db, owner, india, ['addon/cover-letter']);
    await Promise.all([
      addToCart(t.db, owner, india, [F3]),
      addToCart(t.db, owner, india, [F6]),
      addToCart(t.db, owner, india, [F3]),
    ]);
    const plans = (await skusOf(owner)).filter((s) => s.startsWith('featured-profile/'));
    expect(plans).toHaveLength(1);
  });

  it("the guest cart's merge keeps one plan per service: the guest's choice replaces the account's", async () => {
    const user = await buyer(t.db);
    const guest = { guestHash: 'c'.repeat(64) };
    await addToCart(t.db, { userId: user }, india, [F3, 'resume-writing/fresher']);
    await addToCart(t.db, guest, india, [F6, 'resume-writing/fresher']);
    const merged = await mergeGuestCarts(t.db, guest.guestHash, user);
    expect(merged.replaced).toEqual([{ removed: F3, added: F6 }]);
    expect((await skusOf({ userId: user })).sort()).toEqual([F6, 'resume-writing/fresher']);
  });

  it("the guest cart's merge leaves out what the site no longer sells", async () => {
    const user = await buyer(t.db);
    const guest = { guestHash: 'd'.repeat(64) };
    const { cart } = await addToCart(t.db, guest, india, ['resume-writing/fresher']);
    // A plan withdrawn from the catalogue after the guest put it in the cart.
    await t.db
      .insert(cartItems)
      .values({ cartId: cart.id, sku: 'featured-profile/99-months', kind: 'plan' });
    await mergeGuestCarts(t.db, guest.guestHash, user);
    expect(await skusOf({ userId: user })).toEqual(['resume-writing/fresher']);
  });

  it('Featured Profile while Career Booster is active is offered and activated as an extension', async () => {
    const user = await buyer(t.db);
    const owner = { userId: user };
    await addToCart(t.db, owner, india, [BOOSTER]);
    await buyCart(user);
    const [booster] = await listSubscriptions(t.db, user);
    expect(booster!.endsAt!.getTime() - booster!.startsAt.getTime()).toBe(90 * DAY);

    await addToCart(t.db, owner, india, [F3]);
    const summary = await summarizeCart(t.db, await findCart(t.db, owner, india.context), india);
    expect(summary.lines.map((l) => [l.sku, l.extends?.byService, l.extends?.until])).toEqual([
      [F3, 'career-booster', booster!.endsAt],
    ]);
    await buyCart(user);
    const featured = (await listSubscriptions(t.db, user)).find((s) => s.sku === F3)!;
    expect(featured.startsAt).toEqual(booster!.endsAt);
    expect(featured.endsAt!.getTime()).toBe(booster!.endsAt!.getTime() + 90 * DAY);

    // The same service again: it runs on from the end of the Featured Profile just bought.
    await addToCart(t.db, owner, india, [F6]);
    const again = await summarizeCart(t.db, await findCart(t.db, owner, india.context), india);
    expect(again.lines[0]!.extends?.until).toEqual(featured.endsAt);
    // A service the booster does not cover (a one-off) is not an extension.
    await addToCart(t.db, owner, india, ['resume-writing/fresher']);
    const oneOff = await summarizeCart(t.db, await findCart(t.db, owner, india.context), india);
    expect(oneOff.lines.find((l) => l.sku === 'resume-writing/fresher')!.extends).toBeNull();
  });
});
