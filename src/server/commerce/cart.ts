/**
 * Carts: one per user (or per guest browser) and site. Items are skus of the catalogue; prices are
 * read from the catalogue whenever the cart is shown, never stored or taken from the browser.
 * Every change bumps the cart's version (an order is made once per version, see orders.ts).
 * A cart holds one plan per service: putItems (used by addToCart and the guest cart's merge)
 * replaces a plan of the same service and says which (a unique index keeps it so under races).
 * A timed plan of a service the buyer already has, alone or in a bundle, is shown as extending it.
 */
import { skuKind, skuService } from '~/lib/commerce/sku';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  cartItems,
  carts,
  promoCodes,
  type Cart,
  type CartOptions,
  type PromoCode,
} from '~/server/db/schema-commerce';
import type { Site } from '~/lib/sites/schema';
import { siteByContext } from '../../../sites';
import { listNamedProfiles } from '~/server/profiles/service';
import { assertOfferedMode, sellable, suggestedAddOns, type Sellable } from './catalogue';
import { CommerceError } from './errors';
import { assertPromoUsable, discountOf, findPromo } from './promo';
import { coveredUntil, type Cover } from './subscriptions';

export type CartOwner = { userId: string } | { guestHash: string };
type SiteRef = Pick<Site, 'key' | 'context' | 'currency'>;

const ownerWhere = (owner: CartOwner, siteContext: string) =>
  and(
    eq(carts.siteContext, siteContext),
    'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.guestTokenHash, owner.guestHash),
  );

export async function findCart(db: Queryable, owner: CartOwner, siteContext: string) {
  const [cart] = await db.select().from(carts).where(ownerWhere(owner, siteContext));
  return cart;
}

export async function ensureCart(db: Queryable, owner: CartOwner, siteContext: string) {
  const found = await findCart(db, owner, siteContext);
  if (found) return found;
  await db
    .insert(carts)
    .values({
      siteContext,
      ...('userId' in owner ? { userId: owner.userId } : { guestTokenHash: owner.guestHash }),
    })
    .onConflictDoNothing();
  return (await findCart(db, owner, siteContext))!;
}

/** Marks a change: a new version, and an abandoned-cart reminder may go out again later. */
async function touch(db: Queryable, cartId: string) {
  await db
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: new Date(), remindedAt: null })
    .where(eq(carts.id, cartId));
}

export async function cartSkus(db: Queryable, cartId: string): Promise<string[]> {
  const rows = await db
    .select({ sku: cartItems.sku })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(desc(cartItems.kind), cartItems.addedAt, cartItems.sku); // plans, then add-ons
  return rows.map((r) => r.sku);
}

/** Where a cart is filled: its reminder mail speaks this language and brand. */
export interface FilledIn {
  lang: string;
  brand: string;
}

/** A plan that took the place of another plan of its service. */
export interface Replaced {
  removed: string;
  added: string;
}

const kindOf = skuKind;

/**
 * The one place the cart's rules hold, for adding and for the guest cart's merge: only skus the
 * site sells today go in (others are left out); one plan per service, the last one given wins; a
 * plan of a service the cart has replaces that one. Answers what was replaced; bumps the version.
 */
export async function putItems(
  db: Queryable,
  cartId: string,
  site: Pick<Site, 'key'>,
  skus: readonly string[],
): Promise<{ changed: boolean; replaced: Replaced[] }> {
  const before = await cartSkus(db, cartId);
  const wanted = new Map<string, string>(); // service (or the add-on's sku) -> sku
  for (const sku of skus.filter((s) => sellable(s, site)))
    wanted.set(kindOf(sku) === 'plan' ? skuService(sku) : sku, sku);
  const replaced: Replaced[] = [];
  let changed = false;
  for (const sku of wanted.values()) {
    const kind = kindOf(sku);
    const [row] = await db
      .insert(cartItems)
      .values({ cartId, sku, kind })
      .onConflictDoUpdate(
        kind === 'plan'
          ? {
              target: [cartItems.cartId, cartItems.service],
              targetWhere: sql`kind = 'plan'`,
              set: { sku, addedAt: new Date() },
              setWhere: sql`${cartItems.sku} <> excluded.sku`,
            }
          : { target: [cartItems.cartId, cartItems.sku], set: { sku }, setWhere: sql`false` },
      )
      .returning({ sku: cartItems.sku });
    if (!row) continue;
    changed = true;
    const service = skuService(sku);
    const old = before.find((b) => b !== sku && kindOf(b) === 'plan' && skuService(b) === service);
    if (kind === 'plan' && old) replaced.push({ removed: old, added: sku });
  }
  if (changed) await touch(db, cartId);
  return { changed, replaced };
}

/** Adds skus (unknown ones refused, ones already there kept once, one plan per service). */
export async function addToCart(
  db: Queryable,
  owner: CartOwner,
  site: SiteRef,
  skus: string[],
  filledIn?: FilledIn,
): Promise<{ cart: Cart; replaced: Replaced[] }> {
  const items = skus.map((sku) => sellable(sku, site));
  if (items.length === 0 || items.some((i) => i === undefined))
    throw new CommerceError('unknownItem');
  const cart = await ensureCart(db, owner, site.context);
  const { replaced } = await putItems(
    db,
    cart.id,
    site,
    items.map((i) => i!.sku),
  );
  if (filledIn) await db.update(carts).set(filledIn).where(eq(carts.id, cart.id));
  return { cart, replaced };
}

export async function removeFromCart(db: Queryable, owner: CartOwner, site: SiteRef, sku: string) {
  const cart = await findCart(db, owner, site.context);
  if (!cart) return;
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.sku, sku)))
    .returning({ sku: cartItems.sku });
  if (removed.length > 0) await touch(db, cart.id);
}

export async function cartCount(db: Queryable, owner: CartOwner, siteContext: string) {
  const cart = await findCart(db, owner, siteContext);
  if (!cart) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id));
  return row?.n ?? 0;
}

/** Saves the cart's choices: a payment mode the site offers, a profile of the buyer's own. */
export async function saveCartOptions(
  db: Queryable,
  owner: CartOwner,
  site: Pick<Site, 'key' | 'context'>,
  options: CartOptions,
) {
  assertOfferedMode(site, options.paymentMode);
  if (options.profileId !== undefined) {
    const own = 'userId' in owner ? await listNamedProfiles(owner.userId, { db }) : [];
    if (!own.some((p) => p.id === options.profileId)) throw new CommerceError('profileNotYours');
  }
  const siteContext = site.context;
  const cart = await ensureCart(db, owner, siteContext);
  await db
    .update(carts)
    .set({ options: { ...cart.options, ...options }, version: sql`${carts.version} + 1` })
    .where(eq(carts.id, cart.id));
}

/** Applies a code to the cart, or throws why not (the cart then stays as it was). */
export async function applyPromoCode(
  db: Queryable,
  owner: CartOwner,
  siteContext: string,
  code: string,
  now = new Date(),
): Promise<PromoCode> {
  const promo = await findPromo(db, code, siteContext);
  if (!promo) throw new CommerceError('promoUnknown');
  await assertPromoUsable(db, promo, { userId: 'userId' in owner ? owner.userId : null, now });
  const cart = await ensureCart(db, owner, siteContext);
  await db.update(carts).set({ promoCodeId: promo.id }).where(eq(carts.id, cart.id));
  await touch(db, cart.id);
  return promo;
}

export async function removePromoCode(db: Queryable, owner: CartOwner, siteContext: string) {
  const cart = await findCart(db, owner, siteContext);
  if (!cart || cart.promoCodeId === null) return;
  await db.update(carts).set({ promoCodeId: null }).where(eq(carts.id, cart.id));
  await touch(db, cart.id);
}

export type CartLine = Sellable & {
  /** A timed plan of a service the buyer already has: it starts when that cover ends. */
  extends: Cover | null;
};

export interface CartSummary {
  cartId: string | null;
  version: number;
  lines: CartLine[];
  count: number;
  subtotalMinor: number;
  promo: { code: string; discountMinor: number; problem: CommerceError['code'] | null } | null;
  discountMinor: number;
  totalMinor: number;
  currency: string;
  options: CartOptions;
  suggestions: Sellable[];
}

/** Lines, prices from the catalogue, the code's discount (if it is still usable) and totals. */
export async function summarizeCart(
  db: Queryable,
  cart: Cart | undefined,
  site: SiteRef,
  now = new Date(),
): Promise<CartSummary> {
  const skus = cart ? await cartSkus(db, cart.id) : [];
  const lines: CartLine[] = [];
  for (const item of skus.map((sku) => sellable(sku, site))) {
    if (!item) continue;
    const cover =
      cart?.userId && item.kind === 'plan' && item.durationDays && item.serviceSlug
        ? await coveredUntil(
            db,
            cart.userId,
            site.context,
            { serviceSlug: item.serviceSlug, flags: item.flags },
            now,
          )
        : null;
    lines.push({ ...item, extends: cover });
  }
  const subtotalMinor = lines.reduce((sum, l) => sum + l.priceMinor, 0);
  let promo: CartSummary['promo'] = null;
  if (cart?.promoCodeId) {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, cart.promoCodeId));
    if (row) {
      let problem: CommerceError['code'] | null = null;
      try {
        await assertPromoUsable(db, row, { userId: cart.userId, now });
      } catch (error) {
        if (!(error instanceof CommerceError)) throw error;
        problem = error.code;
      }
      promo = {
        code: row.code,
        discountMinor: problem ? 0 : discountOf(row, subtotalMinor),
        problem,
      };
    }
  }
  const discountMinor = promo?.discountMinor ?? 0;
  return {
    cartId: cart?.id ?? null,
    version: cart?.version ?? 0,
    lines,
    count: lines.length,
    subtotalMinor,
    promo,
    discountMinor,
    totalMinor: subtotalMinor - discountMinor,
    currency: site.currency.code,
    options: cart?.options ?? {},
    suggestions: suggestedAddOns(skus, site),
  };
}

/**
 * At login: the guest's carts (one per site) join the account's. Items are added to the account's
 * cart of the same site; the guest's code is kept when the account's cart has none.
 */
export async function mergeGuestCarts(
  db: Queryable,
  guestHash: string,
  userId: string,
): Promise<{ replaced: Replaced[] }> {
  const replaced: Replaced[] = [];
  await db.transaction(async (tx) => {
    const guestCarts = await tx.select().from(carts).where(eq(carts.guestTokenHash, guestHash));
    for (const guest of guestCarts) {
      const skus = await cartSkus(tx, guest.id);
      const own = await ensureCart(tx, { userId }, guest.siteContext);
      // The same rules as adding: a sku the site no longer sells stays out, and the guest's plan
      // (chosen last) replaces the account's of its service.
      const site = siteByContext(guest.siteContext);
      const put = site ? await putItems(tx, own.id, site, skus) : { replaced: [] };
      replaced.push(...put.replaced);
      if (guest.promoCodeId !== null) {
        await tx
          .update(carts)
          .set({ promoCodeId: guest.promoCodeId })
          .where(and(eq(carts.id, own.id), isNull(carts.promoCodeId)));
      }
      if (skus.length > 0 && guest.lang !== null) {
        await tx
          .update(carts)
          .set({ lang: guest.lang, brand: guest.brand })
          .where(eq(carts.id, own.id));
      }
      await touch(tx, own.id);
      await tx.delete(carts).where(eq(carts.id, guest.id));
    }
  });
  return { replaced };
}

/** After payment: the bought skus leave the cart, and so does the code. */
export async function clearOrdered(db: Queryable, cartId: string, skus: string[]) {
  if (skus.length > 0)
    await db
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.sku, skus)));
  await db.update(carts).set({ promoCodeId: null }).where(eq(carts.id, cartId));
  await touch(db, cartId);
}
