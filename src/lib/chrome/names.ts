/**
 * Names that come from data in English (cities and regions of India and the Gulf, job functions,
 * industries) in the page's language, from the chrome namespace's `names` (keyed by a slug of
 * the English name). A name without a translation stays as it is.
 */
import { keyIn, type Translate } from '~/lib/i18n';

export function nameKey(english: string): string {
  return english
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function localName(t: Translate, english: string | null | undefined): string {
  if (!english) return '';
  const key = nameKey(english);
  if (!key) return english;
  return t(keyIn('chrome:names', key), { defaultValue: english });
}
