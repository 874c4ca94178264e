/**
 * Money as the shop keeps it: whole numbers in the currency's minor unit (never floats), and how
 * an amount is shown. Catalogue prices on INR sites read in Thousand / Lakh / CR words (SPEC §9);
 * amounts that must be exact to the paisa (cart lines, totals, receipts) use the locale's digits.
 */
import { formatMoney, type MoneyCurrency } from '~/lib/format/money';
import type { Lang } from '~/lib/sites/schema';

/** Decimal places of each currency's minor unit (ISO 4217); VND has none. */
const MINOR_DIGITS: Record<string, number> = { VND: 0 };

export function minorDigits(code: string): number {
  return MINOR_DIGITS[code] ?? 2;
}

export function toMajor(minor: number, code: string): number {
  return minor / 10 ** minorDigits(code);
}

/** A catalogue price: '₹ 2.5 Thousand' on INR sites ('₹ 2.5 हज़ार' in Hindi), 'AED 110' elsewhere. */
export function formatPrice(
  minor: number,
  currency: MoneyCurrency,
  locale: string,
  lang: Lang = 'en',
): string {
  return formatMoney(toMajor(minor, currency.code), currency, locale, lang);
}

/** An exact amount, e.g. '₹2,124.50' or 'AED 110.00', in the site's locale. */
export function formatExact(minor: number, currency: MoneyCurrency, locale: string): string {
  const digits = minorDigits(currency.code);
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: currency.code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  };
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(locale, options);
  } catch {
    formatter = new Intl.NumberFormat('en', options);
  }
  return formatter.format(toMajor(minor, currency.code));
}

/** A percentage of an amount, rounded down to a whole minor unit (a discount never overshoots). */
export function percentOf(minor: number, percent: number): number {
  return Math.floor((minor * percent) / 100);
}
