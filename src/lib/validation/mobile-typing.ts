/**
 * What a mobile field checks before the rule (mobile.ts): the characters typed, a plausible
 * length, the field's own messages. No libphonenumber here: the account schemas and forms without
 * a number import this, not the rule.
 */
import * as v from 'valibot';
import { asciiDigits } from './digits';

/** Longer typed text is not a phone number (15 digits and some spacing fit well within). */
const MAX_TYPED = 32;

/**
 * The typed text as '+digits' (international) or 'digits' (national), or null when it holds
 * anything but digits and the usual separators.
 */
export function mobileDigits(text: string): string | null {
  const s = asciiDigits(text.trim());
  if (s.length > MAX_TYPED || !/^\+?[\d\s\-‐–.()/]*$/.test(s)) return null;
  const digits = s.replace(/\D/g, '');
  if (digits === '') return null;
  if (s.startsWith('+')) return `+${digits}`;
  // 00 is how every site's country dials abroad; no national number starts with it.
  return digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
}

/** Whether the typed text could be a phone number at all (characters and length only). */
export function looksLikeMobile(text: string): boolean {
  const d = mobileDigits(text);
  const count = d?.replace('+', '').length ?? 0;
  return count >= 6 && count <= 17;
}

/** The English refusal of a number valid in several of the listed countries, none chosen. */
export const MOBILE_CODE_AMBIGUOUS =
  'This number is a mobile number in more than one of the listed countries. Please choose its country code.';

/**
 * A mobile field on its own: `required` when empty (null: the field is optional), `invalid`
 * unless it could be a number. The rule itself needs the ISD code: withMobileRule.
 */
export const mobileField = (required: string | null, invalid: string) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.check((s) => required === null || s !== '', required ?? ''),
    v.check((s) => s === '' || looksLikeMobile(s), invalid),
  );
