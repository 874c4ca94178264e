/**
 * Indian-rupee amounts in words, SPEC §9: "INR amounts are shown as Thousand, Lakh (100000) and
 * CR (10000000); above 100 Lakh it reads '100+ Lakh'".
 *
 * Rules (amount in rupees):
 * - NaN or ±Infinity: '' (nothing sensible to show).
 * - negative: '-' followed by the rule for the absolute value, e.g. -5000 → '-5 Thousand'.
 * - 0 to 999.99…: the plain number, e.g. 0 → '0', 999 → '999', 12.5 → '12.5'.
 * - 1000 to 99999.99…: Thousand, e.g. 1000 → '1 Thousand', 99999 → '99.99 Thousand'.
 * - 100000 to 10000000: Lakh, e.g. 150000 → '1.5 Lakh', 9999999 → '99.99 Lakh',
 *   10000000 → '100 Lakh'.
 * - above 10000000: '100+ Lakh' (the salary pickers' top step is exactly 100 Lakh).
 * - With { crore: true }, 10000000 and above read in CR instead: 10000000 → '1 CR',
 *   25000000 → '2.5 CR', 1000000000 → '100 CR'. Use it where an amount may legitimately exceed
 *   a crore and must stay exact (e.g. an employer's turnover, a filter's upper bound label);
 *   salaries use the default, capped wording.
 * Decimals: at most two, truncated rather than rounded so a value never reads as the next unit
 * (99999 must not become '100 Thousand'); trailing zeros are dropped (1.50 → '1.5').
 *
 * The words follow the page's language (`lang`): Hindi pages read the same bands as हज़ार /
 * लाख / करोड़ ('6 लाख', '100+ लाख'). Arabic has no lakh, so Arabic pages read the amount in the
 * thousands and millions Arabic readers use (Intl's compact Arabic: '600 ألف', '1.5 مليون'),
 * truncated the same way, capped at 'أكثر من 10 ملايين' where English says '100+ Lakh'.
 */

export const INR_THOUSAND = 1_000;
export const INR_LAKH = 100_000;
export const INR_CRORE = 10_000_000;

export interface FormatInrOptions {
  /** Show amounts of one crore and more as 'CR' instead of capping at '100+ Lakh'. */
  crore?: boolean;
  /** The page's language (default English). */
  lang?: 'en' | 'hi' | 'ar';
}

const WORDS = {
  en: { thousand: 'Thousand', lakh: 'Lakh', crore: 'CR' },
  hi: { thousand: 'हज़ार', lakh: 'लाख', crore: 'करोड़' },
} as const;

let arabicCompact: Intl.NumberFormat | undefined;

/** Arabic: thousands and millions, two decimals at most, truncated like the other languages. */
function arabicAmount(amount: number, crore: boolean): string {
  if (!crore && amount > INR_CRORE) return 'أكثر من 10 ملايين';
  arabicCompact ??= new Intl.NumberFormat('ar', {
    notation: 'compact',
    maximumFractionDigits: 2,
    roundingMode: 'trunc',
    numberingSystem: 'latn',
  });
  return arabicCompact.format(amount);
}

/** amount / unit, truncated to two decimals; the epsilon absorbs float noise (0.29 * 100 = 28.999…). */
function inUnits(amount: number, unit: number): string {
  return String(Math.floor((amount * 100) / unit + 1e-9) / 100);
}

export function formatInr(amount: number, options: FormatInrOptions = {}): string {
  if (!Number.isFinite(amount)) return '';
  if (amount < 0) return `-${formatInr(-amount, options)}`;
  if (options.lang === 'ar') return arabicAmount(amount, options.crore === true);
  const words = WORDS[options.lang ?? 'en'];
  if (options.crore && amount >= INR_CRORE) return `${inUnits(amount, INR_CRORE)} ${words.crore}`;
  if (amount > INR_CRORE) return `100+ ${words.lakh}`;
  if (amount >= INR_LAKH) return `${inUnits(amount, INR_LAKH)} ${words.lakh}`;
  if (amount >= INR_THOUSAND) return `${inUnits(amount, INR_THOUSAND)} ${words.thousand}`;
  return inUnits(amount, 1);
}
