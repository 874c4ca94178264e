/**
 * Numbers as people type them (decision 0088): in the digits of their script (Arabic-Indic ٩٠٠٠,
 * Persian ۹۰۰۰, Devanagari ९०००, fullwidth), grouped the local way (9,00,000 in India, ٩٬٠٠٠ in
 * Arabic, 15.000.000 in Indonesia and Vietnam, spaces), maybe with bidi marks pasted from
 * right-to-left text. Every field a seeker types a number into reads it through these before its
 * check, on the server and in the browser alike.
 */

const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0xff10]; // Arabic-Indic, Persian, Devanagari, fullwidth

/** ASCII digits for the other scripts' digits; bidi marks (pasted from RTL text) dropped. */
export function asciiDigits(text: string): string {
  return text.replace(
    /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\uff10-\uff19\u200e\u200f\u061c]/g,
    (ch) => {
      const cp = ch.codePointAt(0) ?? 0;
      const block = DIGIT_BLOCKS.find((start) => cp >= start && cp <= start + 9);
      return block === undefined ? '' : String(cp - block);
    },
  );
}

/** Group separators: comma, Arabic thousands separator, spaces (no-break and narrow too). */
const GROUPING = /[,\u066c\s\u00a0\u202f]/g;
/** Dots grouping thousands ('15.000.000'): a dot before three digits, never a decimal point. */
const DOT_GROUPS = /^\d{1,3}(?:\.\d{3})+$/;

/**
 * A whole number as typed, in ASCII digits without grouping: '٩٬٠٠٠' → '9000', '९,००,०००' →
 * '900000', '15.000.000' → '15000000'. Anything else comes back (in ASCII digits) for the
 * field's own check to refuse: '12.5' stays '12.5'.
 */
export function typedWholeNumber(text: string): string {
  const plain = asciiDigits(text).trim().replace(GROUPING, '');
  return DOT_GROUPS.test(plain) ? plain.replace(/\./g, '') : plain;
}

/** A code or a year as typed ('١٢٣ ٤٥٦' → '123456'): ASCII digits, spaces dropped. */
export function typedDigits(text: string): string {
  return asciiDigits(text).replace(/\s/g, '');
}
