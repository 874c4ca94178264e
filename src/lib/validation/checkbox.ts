/**
 * A checkbox, read one way everywhere: a form posts 'on' (or nothing), a JSON body true/false, and
 * the older API clients 'true', '1', 'yes' or 1. The account, profile, builder and commerce schemas
 * use `checkboxField()`; a page that shows a posted form again uses `isChecked`.
 */
import * as v from 'valibot';

const CHECKED = new Set(['on', 'true', '1', 'yes']);

export function isChecked(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && CHECKED.has(value.trim()));
}

/** A checkbox as a boolean; missing is unchecked. */
export const checkboxField = () =>
  v.pipe(
    v.optional(v.union([v.string(), v.boolean(), v.number()]), ''),
    v.transform((x: string | boolean | number): boolean => isChecked(x)),
  );
