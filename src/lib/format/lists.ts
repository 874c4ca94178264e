/**
 * Lists joined for display (several cities, skills): each language's own separator, the Arabic
 * comma "،" in Arabic. Not Intl.ListFormat's conjunction ("a, b and c"): these lists are
 * enumerations in a line of details, and its Arabic "unit" style joins with "و" (and) instead.
 */
import type { Lang } from '~/lib/sites/schema';

const SEPARATORS: Record<Lang, string> = { en: ', ', hi: ', ', ar: '، ' };

export function listSeparator(lang: Lang): string {
  return SEPARATORS[lang];
}

export function joinList(items: readonly string[], lang: Lang): string {
  return items.join(SEPARATORS[lang]);
}

/** joinList for code that knows a BCP 47 locale ('ar-AE', 'hi') rather than a page language. */
export function joinListIn(items: readonly string[], locale: string | undefined): string {
  const lang = (locale ?? '').toLowerCase().split('-')[0];
  return items.join(lang === 'ar' ? SEPARATORS.ar : SEPARATORS.en);
}
