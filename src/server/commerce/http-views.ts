/**
 * The JSON shapes of the career services API: amounts as whole minor units with the site's
 * currency and two display strings, texts in the caller's language.
 */
import type { APIContext } from 'astro';
import {
  cartDigits,
  formatExact,
  formatPrice,
  minorDigits,
  orderDigits,
} from '~/lib/commerce/money';
import { HttpError } from '~/server/api/envelope';
import { apiT } from '~/server/accounts/http';
import { getDb } from '~/server/db/client';
import type { CartLine, CartSummary } from './cart';
import type { Sellable } from './catalogue';
import { commerceMessage } from './http';
import { orderWithItems } from './orders';

type Ctx = Pick<APIContext, 'locals' | 'request'>;

/**
 * An amount as the API sends it: `display` as a catalogue card shows it, `exact` as a cart or an
 * order does, with `digits` decimals (cartDigits: one number of decimals for a whole cart).
 */
export function money(
  context: Ctx,
  minor: number,
  code = context.locals.site.currency.code,
  digits = minorDigits(code),
) {
  const { site, lang } = context.locals;
  return {
    minor,
    currency: code,
    display: formatPrice(minor, code, lang, site),
    exact: formatExact(minor, code, lang, site, digits),
  };
}

/** The decimals of every amount the cart page shows (`more`: its other amounts, e.g. eCash). */
export function cartPageDigits(cart: CartSummary, code: string, more: readonly number[] = []) {
  return cartDigits(
    [
      ...[...cart.lines, ...cart.suggestions].map((l) => l.priceMinor),
      cart.promo?.discountMinor ?? 0,
      cart.subtotalMinor,
      cart.discountMinor,
      cart.totalMinor,
      ...more,
    ],
    code,
  );
}

export function cartView(context: Ctx, cart: CartSummary, digits?: number) {
  const { lang, t, site } = context.locals;
  const code = site.currency.code;
  digits ??= cartPageDigits(cart, code);
  const amount = (minor: number) => money(context, minor, code, digits);
  const line = (l: Sellable & { extends?: CartLine['extends'] }) => ({
    sku: l.sku,
    kind: l.kind,
    service: l.serviceSlug,
    title: l.title[lang],
    plan: l.planLabel?.[lang] ?? null,
    durationDays: l.durationDays,
    price: amount(l.priceMinor),
    // A plan of a service the buyer already has (alone or in a bundle): it starts when that ends.
    extends: l.extends ? { service: l.extends.byService, until: l.extends.until } : null,
  });
  return {
    count: cart.count,
    version: cart.version,
    items: cart.lines.map(line),
    suggested: cart.suggestions.map(line),
    promo: cart.promo
      ? {
          code: cart.promo.code,
          discount: amount(cart.promo.discountMinor),
          message: cart.promo.problem ? commerceMessage(t, cart.promo.problem) : null,
        }
      : null,
    subtotal: amount(cart.subtotalMinor),
    discount: amount(cart.discountMinor),
    total: amount(cart.totalMinor),
    options: cart.options,
  };
}

export async function orderView(context: Ctx, userId: string, orderId: string) {
  const found = await orderWithItems(await getDb(), userId, orderId);
  if (!found) throw new HttpError(404, commerceMessage(apiT(context), 'orderNotFound'));
  const { order, items, refunds } = found;
  const { lang } = context.locals;
  const digits = orderDigits(order, items, refunds);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    promoCode: order.promoCode,
    paymentMode: order.paymentMode,
    items: items.map((i) => ({
      sku: i.sku,
      title: i.title[lang] ?? i.title.en,
      plan: i.planLabel?.[lang] ?? null,
      price: money(context, i.priceMinor, order.currency, digits),
    })),
    subtotal: money(context, order.subtotalMinor, order.currency, digits),
    discount: money(context, order.discountMinor, order.currency, digits),
    ecash: money(context, order.ecashMinor, order.currency, digits),
    payable: money(context, order.payableMinor, order.currency, digits),
    refunds: refunds.map((r) => ({
      reference: r.reference,
      reason: r.reason,
      status: r.status,
      amount: money(context, r.amountMinor, r.currency, digits),
      refundedAt: r.refundedAt,
    })),
  };
}
