/**
 * Place names in the page's language (decision 0039). Jobs, alerts and filters keep places in
 * English (the data, search and JSON-LD use them); a page or mail in Hindi or Arabic shows the
 * name from the chrome namespace's `names` (keyed by nameKey of the English name), the same
 * names the search filters show. A place without a translation (an employer's own spelling, a
 * site without Hindi or Arabic pages) stays as written.
 */
import { nameKey } from '~/lib/chrome/names';
import { getT } from '~/lib/i18n';
import type { Lang } from '~/lib/sites/schema';
import { joinList } from './lists';

export function placeName(english: string, lang: Lang): string {
  if (lang === 'en' || !english) return english;
  const key = nameKey(english);
  if (!key) return english;
  return getT(lang)(`chrome:names.${key}`, { defaultValue: english });
}

/** Places joined in the page's language: 'دبي، الشارقة'. `max` keeps the first few. */
export function placeList(places: readonly string[], lang: Lang, max = places.length): string {
  return joinList(
    places.slice(0, max).map((p) => placeName(p, lang)),
    lang,
  );
}
