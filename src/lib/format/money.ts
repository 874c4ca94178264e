/**
 * Every amount a reader sees goes through formatMoney (decisions 0039, 0086): one function for
 * every site and language, in the currency the figure belongs to (a salary in another of the
 * site's countries in that country's currency), with the currency's sign as the page's language writes
 * it, in one of three styles:
 *
 * - 'spoken' (default): an amount as it was given (a job's pay, a price on a card, a salary
 *   band): a site whose currency is written in words (`currency.format` "inr": SPEC §9's Thousand / Lakh / CR,
 *   हज़ार / लाख / करोड़ on Hindi pages, ألف / مليون on Arabic ones) reads in them; others group
 *   their digits, at most two decimals.
 * - 'rounded': a figure we computed (a median, a converted amount) rounded as people say it:
 *   three significant digits in words (₹ 6.32 लाख), two otherwise (AED 7,800).
 * - 'exact': every digit, `fractionDigits` decimals (a cart, an order, a receipt).
 *
 * The sign: on English and Hindi pages the site's own symbol for its own currency (₹, S$, AED),
 * before the number and a space; otherwise, and on Arabic pages, the sign CLDR gives the currency
 * in the page's locale (SAR, د.إ., ر.س.), after the number on Arabic pages as Arabic writes it
 * ("7,800 ر.س."). A minus goes first. NaN and Infinity give ''. No bidi marks are added (a PDF
 * font may lack them): pages isolate an amount in a <bdi>.
 */
import type { Lang } from '~/lib/sites/schema';
import { formatInr } from './inr';
import { numberFormat, pageLocale, type LocaleSite } from './numbers';

/** The currency part of a site's configuration (see src/lib/sites/schema.ts). */
export interface MoneyCurrency {
  code: string;
  symbol: string;
  /** inr: Thousand/Lakh/CR wording (SPEC §9); intl: the locale's digit grouping. */
  format: 'inr' | 'intl';
}

/** What formatting money needs of a site (tests and mails pass a real Site). */
export type MoneySite = LocaleSite & { currency: MoneyCurrency };

export type MoneyStyle = 'spoken' | 'rounded' | 'exact';

export interface MoneyOptions {
  style?: MoneyStyle;
  /** Decimals of the 'exact' style (default: the currency's own, e.g. 2, 0 for VND). */
  fractionDigits?: number;
}

/** An amount of `currency` (an ISO 4217 code) on a page of `site` in `lang`. */
export function formatMoney(
  amount: number,
  currency: string,
  lang: Lang,
  site: MoneySite,
  options: MoneyOptions = {},
): string {
  if (!Number.isFinite(amount)) return '';
  const style = options.style ?? 'spoken';
  const locale = pageLocale(lang, site);
  const inWords =
    style !== 'exact' && currency === site.currency.code && site.currency.format === 'inr';
  let abs = Math.abs(amount);
  if (style === 'rounded') abs = roundSpoken(abs, inWords ? 3 : 2);
  const number =
    style === 'exact'
      ? exactDigits(abs, currency, locale, options.fractionDigits)
      : inWords
        ? formatInr(abs, { lang })
        : numberFormat(locale, { maximumFractionDigits: 2 }).format(abs);
  const sign = amount < 0 && number !== '0' ? '-' : '';
  const symbol = currencySign(currency, lang, site, locale);
  return lang === 'ar' ? `${sign}${number} ${symbol}` : `${sign}${symbol} ${number}`;
}

/** `digits` significant digits (amounts under 100 stay whole): 7833 → 7800, 631750 → 632000. */
function roundSpoken(amount: number, digits: number): number {
  if (amount < 100) return Math.round(amount);
  const step = 10 ** (Math.floor(Math.log10(amount)) - digits + 1);
  return Math.round(amount / step) * step;
}

function exactDigits(amount: number, currency: string, locale: string, fractionDigits?: number) {
  const digits = fractionDigits ?? currencyDigits(currency);
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** Intl's format of a currency in a locale, or null for a code Intl does not take. */
function currencyFormat(currency: string, locale: string): Intl.NumberFormat | null {
  try {
    return numberFormat(locale, { style: 'currency', currency });
  } catch {
    return null;
  }
}

/** The currency's minor digits by ISO 4217 (mostly 2; 0 or 3 for a few), 2 for an unknown code. */
function currencyDigits(currency: string): number {
  return currencyFormat(currency, 'en')?.resolvedOptions().maximumFractionDigits ?? 2;
}

const signs = new Map<string, string>();

function currencySign(currency: string, lang: Lang, site: MoneySite, locale: string): string {
  if (currency === site.currency.code && lang !== 'ar') return site.currency.symbol;
  const id = `${currency}|${locale}`;
  let sign = signs.get(id);
  if (sign === undefined) {
    const part = currencyFormat(currency, locale)
      ?.formatToParts(1)
      .find((p) => p.type === 'currency');
    sign = part?.value ?? currency;
    if (signs.size > 500) signs.clear();
    signs.set(id, sign);
  }
  return sign;
}

const currencyNames = new Map<string, Intl.DisplayNames>();

/** A currency's name in the page's language: 'Saudi Riyal', 'सऊदी रियाल', 'ريال سعودي'. */
export function currencyName(currency: string, lang: Lang): string {
  let names = currencyNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames(lang, { type: 'currency' });
    currencyNames.set(lang, names);
  }
  try {
    return names.of(currency) ?? currency;
  } catch {
    return currency;
  }
}
