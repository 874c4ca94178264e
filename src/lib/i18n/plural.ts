/**
 * Counted texts for islands: the server renders a key's text once per plural category of the
 * language (i18next picks the form with Intl.PluralRules, as the browser will), with the number
 * replaced by {{count}}; the island fills in the count it has. So "3 unread notifications" stays
 * right in Hindi and Arabic when the count changes in the browser.
 *
 *   server: const unread = pluralTemplates(t, 'alerts:bell.unread', lang);
 *   island: countText(unread, lang, 2)
 */
import type { Translate, TranslationKey } from './index';

export type PluralTemplates = Partial<Record<Intl.LDMLPluralRule, string>>;

export function pluralTemplates(
  t: Translate,
  key: TranslationKey,
  lang: string,
  values: Record<string, unknown> = {},
): PluralTemplates {
  const rules = new Intl.PluralRules(lang);
  const out: PluralTemplates = {};
  for (const category of rules.resolvedOptions().pluralCategories) {
    let sample = 0;
    while (sample < 1000 && rules.select(sample) !== category) sample++;
    const text = t(key, { ...values, count: sample });
    out[category] = text.replace(String(sample), '{{count}}');
  }
  return out;
}

export function countText(templates: PluralTemplates, lang: string, count: number): string {
  const category = new Intl.PluralRules(lang).select(count);
  const text = templates[category] ?? templates.other ?? '';
  return text.replace('{{count}}', String(count));
}
