/**
 * Searches typed as people type them, for the search benchmark's mix (kind 'typed',
 * search-queries.ts): each with the clean search it means, which the baseline runs and the checks
 * compare with (understand.ts must read the typed one as it). Forms, as issue 47 found people
 * type them: two letters swapped, the city in the keyword box ("accountant jobs in pune"),
 * hyphens between words, words run together ("salesexecutive"), a plural, another name of a job
 * word ("salesman", "node js"; reference/search-words.ts), and the Hindi or Arabic name of the
 * title with a padding word ("अकाउंटेंट की नौकरी", "وظائف محاسب").
 */
import { EMPTY_SEARCH, type SearchState } from '~/lib/search/state';
import { JOB_FAMILIES } from '~/server/reference/job-families';
import { splitNames, TITLE_NAMES } from '~/server/reference/names';
import { SEARCH_SYNONYMS } from '~/server/reference/search-words';
import type { Rng } from '~/server/demo/random';

export interface TypedQuery {
  kind: 'typed';
  site: string;
  state: SearchState;
  clean: SearchState;
}

const state = (partial: Partial<SearchState>): SearchState => ({
  ...EMPTY_SEARCH,
  ...partial,
  filters: {},
});

export const TYPED_FORMS = [
  'typo',
  'city',
  'hyphen',
  'joined',
  'plural',
  'synonym',
  'hindi',
  'arabic',
] as const;

/** The demo data's titles and skills, lower case: what a synonym's target must be. */
const DEMO_WORDS = new Set(
  JOB_FAMILIES.flatMap((f) => [
    ...f.titles.flatMap((t) => [t.title, ...t.skills]),
    ...f.common,
  ]).map((w) => w.toLowerCase()),
);

/** Other names typed in Latin letters whose target is a title or skill of the demo data. */
const SYNONYM_PAIRS = Object.entries(SEARCH_SYNONYMS).filter(
  ([from, to]) => /^[a-z0-9 .#+]+$/.test(from) && DEMO_WORDS.has(to),
);

/** Title → its first Hindi and Arabic names. */
const LOCAL_NAMES = new Map(
  TITLE_NAMES.map(([en, hi, ar]) => [en.toLowerCase(), [splitNames(hi)[0], splitNames(ar)[0]]]),
);

/** A title (lower case) as people type it, on `site` with `city`; with the clean search. */
export function typedQuery(rng: Rng, site: string, title: string, city: string): TypedQuery {
  const words = title.split(' ');
  const plain = words.every((w) => /^[a-z]+$/.test(w));
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  const form = rng.pick(TYPED_FORMS);
  const at = Math.floor(longest.length / 2);
  const swapped = `${longest.slice(0, at - 1)}${longest[at]}${longest[at - 1]}${longest.slice(at + 1)}`;
  const clean = state({ q: title });
  const as = (q: string, on = site, meant = clean): TypedQuery => ({
    kind: 'typed',
    site: on,
    state: state({ q }),
    clean: meant,
  });
  const [hindi, arabic] = LOCAL_NAMES.get(title) ?? [];
  switch (form) {
    case 'city':
      return {
        ...as(`${title} jobs in ${city.toLowerCase()}`),
        clean: state({ q: title, location: city }),
      };
    case 'synonym': {
      const [from, to] = rng.pick(SYNONYM_PAIRS);
      return as(from, site, state({ q: to }));
    }
    case 'hindi':
      return hindi ? as(`${hindi} की नौकरी`, 'rexmonster') : as(title);
    case 'arabic':
      return arabic ? as(`وظائف ${arabic}`, 'monstergulf') : as(title);
    default:
  }
  if (!plain || longest.length < 6) return as(title);
  switch (form) {
    case 'typo':
      return as(words.map((w) => (w === longest ? swapped : w)).join(' '));
    case 'hyphen':
      return as(words.join('-'));
    case 'joined':
      return as(words.length > 1 && words.length <= 3 ? words.join('') : words.join('-'));
    default:
      return as(`${title}s`);
  }
}
