/**
 * SPEC §5 "Format rules" as regexes (for quick checks) and valibot schemas (for forms and API
 * bodies; the same schema runs in the island and the endpoint). Schemas trim their input first.
 */
import * as v from 'valibot';

/** Letters, digits, _ . - before the @; dot-separated domain labels; a TLD of 2-6 alphanumerics. */
export const EMAIL_RE = /^[A-Za-z0-9_.-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,6}$/;
/** A first digit 6-9, then 9-14 more digits: 10-15 digits in all, no + or spaces. */
export const PHONE_RE = /^[6-9]\d{9,14}$/;
export const NUMBER_RE = /^\d+$/;
/** ASCII letters and digits: used for codes and ids, where other scripts make no sense. */
export const ALPHANUMERIC_RE = /^[A-Za-z0-9]+$/;
/**
 * Letters of any script plus combining marks (Devanagari vowel signs, Arabic harakat are marks)
 * and spaces, 2-30 code points, with at least one letter so '  ' is not a name.
 */
export const NAME_RE = /^(?=.*\p{L})[\p{L}\p{M} ]{2,30}$/u;
/**
 * dd-mm-yyyy or yyyy-mm-dd with - or / (the same separator twice); days and months take two
 * digits. Whether the date exists is parseDate's job.
 */
export const DATE_RE = /^(?:\d{2}([-/])\d{2}\1\d{4}|\d{4}([-/])\d{2}\2\d{2})$/;

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PHONE_MESSAGE = 'Enter a Valid Mobile Number';
export const NUMBER_MESSAGE = 'Please enter digits only';
export const ALPHANUMERIC_MESSAGE = 'Please enter letters and digits only';
export const NAME_MESSAGE = 'Please enter a name of 2-30 letters';
export const DATE_MESSAGE = 'Please enter a valid date';

/**
 * A date string in one of DATE_RE's forms as midnight UTC (UTC so the server and every browser
 * agree on the day), or null when the format is wrong or the day does not exist (31-02-2024).
 */
export function parseDate(str: string): Date | null {
  const s = str.trim();
  if (!DATE_RE.test(s)) return null;
  const parts = s.split(/[-/]/).map(Number);
  const [a = 0, b = 0, c = 0] = parts;
  const [year, month, day] = s.charAt(2) === '-' || s.charAt(2) === '/' ? [c, b, a] : [a, b, c];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC: it maps years 0-99 to 1900-1999
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? date : null;
}

const trimmed = () => v.pipe(v.string(), v.trim());

export const EmailSchema = v.pipe(trimmed(), v.regex(EMAIL_RE, EMAIL_MESSAGE));
export const PhoneSchema = v.pipe(trimmed(), v.regex(PHONE_RE, PHONE_MESSAGE));
export const NumberSchema = v.pipe(trimmed(), v.regex(NUMBER_RE, NUMBER_MESSAGE));
export const AlphanumericSchema = v.pipe(trimmed(), v.regex(ALPHANUMERIC_RE, ALPHANUMERIC_MESSAGE));
export const NameSchema = v.pipe(trimmed(), v.regex(NAME_RE, NAME_MESSAGE));
/** Keeps the string as typed (trimmed); use parseDate to get the Date. */
export const DateSchema = v.pipe(
  trimmed(),
  v.check((s) => parseDate(s) !== null, DATE_MESSAGE),
);
