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

/** Plural rules are dear to build and the same for every request: one per language. */
const RULES = new Map<string, Intl.PluralRules>();
function rulesOf(lang: string): Intl.PluralRules {
  let rules = RULES.get(lang);
  if (!rules) RULES.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules;
}

/** The smallest number of each plural category of a language, found once. */
const SAMPLES = new Map<string, [Intl.LDMLPluralRule, number][]>();
function samplesOf(lang: string): [Intl.LDMLPluralRule, number][] {
  let samples = SAMPLES.get(lang);
  if (!samples) {
    const rules = rulesOf(lang);
    samples = rules.resolvedOptions().pluralCategories.map((category) => {
      let sample = 0;
      while (sample < 1000 && rules.select(sample) !== category) sample++;
      return [category, sample];
    });
    SAMPLES.set(lang, samples);
  }
  return samples;
}

export function pluralTemplates(
  t: Translate,
  key: TranslationKey,
  lang: string,
  values: Record<string, unknown> = {},
): PluralTemplates {
  const out: PluralTemplates = {};
  for (const [category, sample] of samplesOf(lang)) {
    const text = t(key, { ...values, count: sample });
    out[category] = text.replace(String(sample), '{{count}}');
  }
  return out;
}

export function countText(templates: PluralTemplates, lang: string, count: number): string {
  const category = rulesOf(lang).select(count);
  const text = templates[category] ?? templates.other ?? '';
  return text.replace('{{count}}', String(count));
}
