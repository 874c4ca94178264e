/**
 * How resumes write a currency besides its ISO 4217 code: its signs, names and units in English,
 * Hindi and Arabic, by code. The resume parser (resumes/parse/fields.ts) reads a salary's
 * currency with them, in this order (the first that matches wins): the site files' currencies,
 * then the others. A site currency without an entry here is read by its code and its site file's
 * symbol only.
 */
export interface CurrencyWords {
  code: string;
  /** What names it in a salary line (case-insensitive). */
  words: RegExp;
  /** What may stand before an amount in a sentence, as a regex source ("inr|rs\\.?|₹"). */
  before?: string;
  /** Read only when no other currency is named (a bare "ريال" is a Saudi riyal). */
  fallback?: true;
}

export const CURRENCY_WORDS: readonly CurrencyWords[] = [
  {
    code: 'INR',
    words: /\binr\b|₹|\brs\.?|rupees?|रुपये|रु\.?|लाख|\blpa\b|\blakhs?\b|\blacs?\b|crores?/iu,
    before: 'inr|rs\\.?|₹',
  },
  { code: 'AED', words: /\baed\b|dirhams?|درهم|د\.إ/iu, before: 'aed' },
  { code: 'SAR', words: /\bsar\b|ريال\s+سعودي|saudi\s+riyals?/iu, before: 'sar' },
  { code: 'QAR', words: /\bqar\b|ريال\s+قطري|qatari\s+riyals?/iu, before: 'qar' },
  { code: 'OMR', words: /\bomr\b|ريال\s+عماني|omani\s+rials?/iu, before: 'omr' },
  { code: 'KWD', words: /\bkwd\b|دينار\s+كويتي/iu, before: 'kwd' },
  { code: 'BHD', words: /\bbhd\b|دينار\s+بحريني/iu, before: 'bhd' },
  { code: 'SGD', words: /\bsgd\b|s\$/iu, before: 'sgd' },
  // Not before an amount: "PHP" is also the language.
  { code: 'PHP', words: /\bphp\b|₱|pesos?/iu },
  { code: 'THB', words: /\bthb\b|฿|baht/iu },
  { code: 'VND', words: /\bvnd\b|₫|dong/iu },
  { code: 'IDR', words: /\bidr\b|\brp\.?\s?\d|rupiah/iu },
  { code: 'MYR', words: /\bmyr\b|\brm\s?\d|ringgit/iu, before: 'myr' },
  { code: 'HKD', words: /\bhkd\b|hk\$/iu, before: 'hkd' },
  { code: 'USD', words: /\busd\b|us\$|\$/iu, before: 'usd|\\$' },
  { code: 'SAR', words: /ريال/u, fallback: true },
];
