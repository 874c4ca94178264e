/**
 * Hindi and Arabic keywords to the English terms jobs are written in, through the names of
 * src/server/reference/names/. Used where a keyword becomes the search (query.ts readKeywords:
 * results, SEO pages, alerts, suggested keywords) and by autosuggest (autoFillNames).
 *
 * A group of keywords is read left to right: at each word the longest run of words that is a
 * known name (compared in their folded forms, term-forms.ts) becomes one clause whose English
 * terms are alternatives; a word no name starts is kept as typed (Arabic ones are then matched
 * by PostgreSQL's Arabic stemming); a place's other name (places.ts) becomes its English city;
 * padding words ("नौकरी", "في") outside a name are dropped.
 */
import { QUERY_FILLERS, splitNames, TERM_NAMES, type TermKind } from '~/server/reference/names';
import { SEARCH_SYNONYMS } from '~/server/reference/search-words';
import { citiesNamed } from './places';
import { foldPhrase, foldWord, hasArabic, hasIndicOrArabic, typedWords } from './term-forms';

/** One part of a translated group: any of `en`, or the words as typed. */
export interface Clause {
  /** English terms it means (alternatives); empty when no name matched. */
  en: string[];
  /** The words as typed. */
  typed: string;
  /** The typed words are Arabic (matched by the `arabic` text search configuration too). */
  arabic: boolean;
}

/** A named term in one language, as autosuggest offers it. */
export interface NamedTerm {
  /** The name as written in the reference data. */
  name: string;
  folded: string;
  en: string;
  kind: TermKind;
}

/** Most English alternatives one clause stands for (a bounded tsquery). */
const MAX_ALTERNATIVES = 6;

interface NameIndex {
  /** Folded name → English terms. */
  terms: Map<string, string[]>;
  /** Most words in a name. */
  longest: number;
  fillers: Set<string>;
  byLang: Record<'hi' | 'ar', NamedTerm[]>;
  /** English term (lower case) → its usual name, per language. */
  usual: Record<'hi' | 'ar', Map<string, string>>;
}

let index: NameIndex | undefined;

function buildIndex(): NameIndex {
  const terms = new Map<string, string[]>();
  const byLang: NameIndex['byLang'] = { hi: [], ar: [] };
  const usual: NameIndex['usual'] = { hi: new Map(), ar: new Map() };
  let longest = 1;
  for (const { kind, names } of TERM_NAMES) {
    for (const [en, hi, ar] of names) {
      for (const [lang, list] of [
        ['hi', hi],
        ['ar', ar],
      ] as const) {
        for (const name of splitNames(list)) {
          const folded = foldPhrase(name);
          if (folded === '') continue;
          const known = terms.get(folded) ?? [];
          if (!known.some((e) => e.toLowerCase() === en.toLowerCase())) known.push(en);
          terms.set(folded, known);
          longest = Math.max(longest, folded.split(' ').length);
          byLang[lang].push({ name, folded, en, kind });
          if (!usual[lang].has(en.toLowerCase())) usual[lang].set(en.toLowerCase(), name);
        }
      }
    }
  }
  const fillers = new Set([...QUERY_FILLERS.hi, ...QUERY_FILLERS.ar].map(foldWord));
  return { terms, longest, fillers, byLang, usual };
}

const names = (): NameIndex => (index ??= buildIndex());

/** The English terms a Hindi or Arabic name stands for (folded comparison); [] if none. */
export const englishFor = (name: string): string[] => names().terms.get(foldPhrase(name)) ?? [];

/** Every named term of a language (autosuggest and phrase corrections read them). */
export const namedTerms = (lang: 'hi' | 'ar'): readonly NamedTerm[] => names().byLang[lang];

/** The usual Hindi or Arabic name of an English term (case-insensitive); null if it has none. */
export const usualName = (lang: 'hi' | 'ar', en: string): string | null =>
  names().usual[lang].get(en.toLowerCase()) ?? null;

/**
 * The clauses of one group of keywords (no commas), or null when it holds no Hindi or Arabic
 * (searched as it is). [] when only padding words were typed.
 */
export function translateGroup(group: string): Clause[] | null {
  if (!hasIndicOrArabic(group)) return null;
  const { terms, longest, fillers } = names();
  // Words of marks alone (a stray diacritic) say nothing.
  const typed = typedWords(group).filter((w) => foldWord(w) !== '');
  const folded = typed.map(foldWord);
  const clauses: Clause[] = [];
  for (let i = 0; i < typed.length;) {
    let matched = 0;
    let en: string[] = [];
    for (let n = Math.min(longest, typed.length - i); n >= 1 && matched === 0; n--) {
      // A term's name, or a place's ("वाराणसी", "دبي": jobs name their cities in English).
      const found =
        terms.get(folded.slice(i, i + n).join(' ')) ?? citiesNamed(typed.slice(i, i + n).join(' '));
      if (found.length > 0) [matched, en] = [n, [...found]];
    }
    const words = typed.slice(i, i + Math.max(matched, 1)).join(' ');
    if (matched > 0) {
      // The portal's other names of a job word ("Salesman") read as the word jobs use.
      const meant = [...new Set(en.map((e) => SEARCH_SYNONYMS[e.toLowerCase()] ?? e))];
      clauses.push({
        en: meant.slice(0, MAX_ALTERNATIVES),
        typed: words,
        arabic: hasArabic(words),
      });
    } else if (!fillers.has(folded[i] as string)) {
      const isArabic = hasArabic(words);
      // A Latin word in a Hindi or Arabic query is English already.
      const latin = !hasIndicOrArabic(words);
      clauses.push({ en: latin ? [words] : [], typed: words, arabic: isArabic });
    }
    i += Math.max(matched, 1);
  }
  return clauses;
}

/** The named terms of a language whose folded names start with what was typed (folded). */
export function namesStartingWith(lang: 'hi' | 'ar', text: string): NamedTerm[] {
  const t = foldPhrase(text);
  if (t === '') return [];
  const wordStart = ` ${t}`;
  const all = names().byLang[lang];
  const starts = all.filter((n) => n.folded.startsWith(t));
  const inside = all.filter((n) => !n.folded.startsWith(t) && n.folded.includes(wordStart));
  return [...starts, ...inside];
}
