/**
 * The JSON shapes of the career services API: amounts as whole minor units with the site's
 * currency and two display strings, texts in the caller's language.
 */
import type { APIContext } from 'astro';
import { formatExact, formatPrice } from '~/lib/commerce/money';
import { HttpError } from '~/server/api/envelope';
import { apiT } from '~/server/accounts/http';
import { getDb } from '~/server/db/client';
import type { CartLine, CartSummary } from './cart';
import type { Sellable } from './catalogue';
import { commerceMessage } from './http';
import { orderWithItems } from './orders';

type Ctx = Pick<APIContext, 'locals' | 'request'>;

export function money(context: Ctx, minor: number, code = context.locals.site.currency.code) {
  const { site, lang } = context.locals;
  const currency = { ...site.currency, code };
  return {
    minor,
    currency: code,
    display: formatPrice(minor, currency, site.locale, lang),
    exact: formatExact(minor, currency, site.locale),
  };
}

export function cartView(context: Ctx, cart: CartSummary) {
  const { lang, t } = context.locals;
  const line = (l: Sellable & { extends?: CartLine['extends'] }) => ({
    sku: l.sku,
    kind: l.kind,
    service: l.serviceSlug,
    title: l.title[lang],
    plan: l.planLabel?.[lang] ?? null,
    durationDays: l.durationDays,
    price: money(context, l.priceMinor),
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
          discount: money(context, cart.promo.discountMinor),
          message: cart.promo.problem ? commerceMessage(t, cart.promo.problem) : null,
        }
      : null,
    subtotal: money(context, cart.subtotalMinor),
    discount: money(context, cart.discountMinor),
    total: money(context, cart.totalMinor),
    options: cart.options,
  };
}

export async function orderView(context: Ctx, userId: string, orderId: string) {
  const found = await orderWithItems(await getDb(), userId, orderId);
  if (!found) throw new HttpError(404, commerceMessage(apiT(context), 'orderNotFound'));
  const { order, items, refunds } = found;
  const { lang } = context.locals;
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
      price: money(context, i.priceMinor, order.currency),
    })),
    subtotal: money(context, order.subtotalMinor, order.currency),
    discount: money(context, order.discountMinor, order.currency),
    ecash: money(context, order.ecashMinor, order.currency),
    payable: money(context, order.payableMinor, order.currency),
    refunds: refunds.map((r) => ({
      reference: r.reference,
      reason: r.reason,
      status: r.status,
      amount: money(context, r.amountMinor, r.currency),
      refundedAt: r.refundedAt,
    })),
  };
}
