/**
 * Money as the shop keeps it: whole numbers in the currency's minor unit (never floats), and how
 * an amount is shown, through formatMoney (lib/format/money.ts). Catalogue prices on a site whose
 * currency is written in words read in Thousand / Lakh / CR (SPEC §9); a cart, an order and a receipt show every amount exact,
 * with one number of decimals throughout (cartDigits).
 */
import { formatMoney, type MoneySite } from '~/lib/format/money';
import { sites } from '../../../sites';
import type { Lang } from '~/lib/sites/schema';

/** Decimal places of each site currency's minor unit, as prices are kept (its site file's). */
const MINOR_DIGITS: ReadonlyMap<string, number> = new Map(
  sites.map((site) => [site.currency.code, site.currency.minorDigits]),
);

export function minorDigits(code: string): number {
  return MINOR_DIGITS.get(code) ?? 2;
}

export function toMajor(minor: number, code: string): number {
  return minor / 10 ** minorDigits(code);
}

/** A catalogue price: '₹ 2.5 Thousand' where the currency is written in words ('₹ 2.5 हज़ार' in Hindi), 'AED 110' elsewhere. */
export function formatPrice(minor: number, currency: string, lang: Lang, site: MoneySite): string {
  return formatMoney(toMajor(minor, currency), currency, lang, site);
}

/**
 * An amount to the minor unit, '₹ 2,124.50', 'AED 110.00'; `fractionDigits` 0 leaves the decimals
 * out where a whole cart or order has none (cartDigits).
 */
export function formatExact(
  minor: number,
  currency: string,
  lang: Lang,
  site: MoneySite,
  fractionDigits = minorDigits(currency),
): string {
  return formatMoney(toMajor(minor, currency), currency, lang, site, {
    style: 'exact',
    fractionDigits,
  });
}

/**
 * The decimals every amount of one cart or order is shown with, so it reads one way throughout:
 * the currency's minor digits when any amount has a fraction, none when all are whole.
 */
export function cartDigits(minors: readonly number[], currency: string): number {
  const unit = 10 ** minorDigits(currency);
  return minors.every((m) => m % unit === 0) ? 0 : minorDigits(currency);
}

/** An order's amounts (its items, totals and refunds) all with one number of decimals. */
export function orderDigits(
  order: {
    currency: string;
    subtotalMinor: number;
    discountMinor: number;
    ecashMinor: number;
    payableMinor: number;
  },
  items: readonly { priceMinor: number }[],
  refunds: readonly { amountMinor: number }[] = [],
): number {
  const { subtotalMinor, discountMinor, ecashMinor, payableMinor } = order;
  return cartDigits(
    [
      ...items.map((i) => i.priceMinor),
      ...[subtotalMinor, discountMinor, ecashMinor, payableMinor],
      ...refunds.map((r) => r.amountMinor),
    ],
    order.currency,
  );
}

/** A percentage of an amount, rounded down to a whole minor unit (a discount never overshoots). */
export function percentOf(minor: number, percent: number): number {
  return Math.floor((minor * percent) / 100);
}
