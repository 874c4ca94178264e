import type { Lang } from '~/lib/sites/schema';
import { formatInr } from './inr';

/** The currency part of a site's configuration (see src/lib/sites/schema.ts). */
export interface MoneyCurrency {
  code: string;
  symbol: string;
  /** inr: Thousand/Lakh/CR wording (SPEC §9); intl: the locale's digit grouping. */
  format: 'inr' | 'intl';
}

/**
 * An amount with its site's currency symbol: '₹ 1.5 Lakh' for INR sites ('₹ 1.5 लाख' on Hindi
 * pages, see formatInr), 'AED 5,000' elsewhere.
 * The symbol always comes first, separated by a space, and a minus sign goes before the symbol.
 * NaN or Infinity give '' like formatInr. An unknown locale falls back to English grouping
 * instead of throwing, so a bad site setting cannot break a page.
 */
export function formatMoney(
  amount: number,
  currency: MoneyCurrency,
  locale: string,
  lang: Lang = 'en',
): string {
  if (!Number.isFinite(amount)) return '';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const number = currency.format === 'inr' ? formatInr(abs, { lang }) : groupDigits(abs, locale);
  return `${sign}${currency.symbol} ${number}`;
}

/** One formatter per locale (a job list formats every card's salary with the same one). */
const groupings = new Map<string, Intl.NumberFormat>();

function groupDigits(amount: number, locale: string): string {
  let format = groupings.get(locale);
  if (!format) {
    const options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en', options);
    }
    groupings.set(locale, format);
  }
  return format.format(amount);
}
