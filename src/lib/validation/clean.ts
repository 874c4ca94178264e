/**
 * Cleaning of every text that comes from outside, before any schema sees it (envelope parseQuery
 * and parseBody, formToObject, readObjectBody). PostgreSQL refuses U+0000 in text, and a lone
 * UTF-16 surrogate cannot be encoded as UTF-8, so either would fail a query with a 500 instead of
 * a message; other control characters (except tab and line breaks) are never typed on purpose.
 *
 *   cleanText('a\u0000b')        // 'ab'
 *   cleanText('x\ud800')         // 'x\ufffd'
 *   cleanInput({ name: ['a\u0000'] })  // { name: ['a'] }
 *
 * A text longer than MAX_TEXT_LENGTH is refused (TextTooLongError), not cut: no field of ours is
 * that long, and cutting would save something the visitor did not write.
 */

/** Longest single text value accepted from outside (a long cover note fits easily). */
export const MAX_TEXT_LENGTH = 10_000;

export const TEXT_TOO_LONG = 'This text is too long.';

export class TextTooLongError extends Error {
  override name = 'TextTooLongError';
  constructor(readonly field: string) {
    super(TEXT_TOO_LONG);
  }
}

// C0 controls and DEL, except tab, line feed and carriage return.
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** The text without control characters, with lone surrogates replaced by U+FFFD. */
export function cleanText(text: string): string {
  return text.toWellFormed().replace(CONTROL_RE, '');
}

/** True when cleanText would change the text. */
export function needsCleaning(text: string): boolean {
  CONTROL_RE.lastIndex = 0;
  return !text.isWellFormed() || CONTROL_RE.test(text);
}

/**
 * Cleans every string in a parsed body or query (objects, arrays, nested), keys included; other
 * values (numbers, booleans, File uploads) stay as they are. Throws TextTooLongError naming the
 * dotted path of a text over MAX_TEXT_LENGTH.
 */
export function cleanInput<T>(value: T, path = ''): T {
  if (typeof value === 'string') {
    if (value.length > MAX_TEXT_LENGTH) throw new TextTooLongError(path);
    return cleanText(value) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      cleanInput(item, path ? `${path}.${index}` : String(index)),
    ) as T;
  }
  if (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const name = cleanText(key);
      if (name === '__proto__') continue;
      out[name] = cleanInput(item, path ? `${path}.${name}` : name);
    }
    return out as T;
  }
  return value;
}
