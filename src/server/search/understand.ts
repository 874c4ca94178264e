/**
 * Reading a search as people type it, before it becomes SQL (query.ts buildConditions calls it,
 * so results, SEO pages, alerts, suggested keywords and the API all read searches alike):
 *
 * - padding words ("jobs", "vacancies", "in", "near"; "नौकरी", "में"; "وظائف", "في") dropped;
 * - a place in the keyword box ("accountant jobs in mumbai", "मुंबई में अकाउंटेंट", "محاسب دبي")
 *   becomes the location when the location box is empty (other names and typos of places too);
 * - "5 years" becomes the experience when none is chosen;
 * - the portal's other names of its job words ("H.R.", "salesman", "BPO", "sde") become the words
 *   jobs use (reference/search-words.ts);
 * - a word the dictionary does not know (dictionary.ts) is read as its plural's singular, as two
 *   words run together ("salesexecutive"), or as the closest known word within one or two edits
 *   ("acountant", "सॉफ्टवेर", "مهندسة"); a location that names no place as the closest place.
 *
 * Only edits of unknown words count as a correction (the page says "Showing results for ...").
 * Everything is in memory: the dictionaries are built once per process.
 */
import pluralize from 'pluralize';
import type { SearchState } from '~/lib/search/state';
import type { Site } from '~/lib/sites/schema';
import { QUERY_FILLERS } from '~/server/reference/names';
import { ENGLISH_FILLERS, SEARCH_SYNONYMS } from '~/server/reference/search-words';
import {
  closestWord,
  dictionaryWords,
  hasMarks,
  pairedCorrection,
  referenceDictionary,
  type Dictionary,
} from './dictionary';
import { MULTI_COUNTRY_NAMES, placeKey, sitePlaceNames } from './places';
import { foldWord, hasArabic, hasIndicOrArabic } from './term-forms';
import { englishFor, namedTerms } from './translate';

export interface UnderstoodSearch {
  /** The search to run. */
  state: SearchState;
  /** Words were corrected (typos, run-together words): the page offers the search as typed. */
  corrected: boolean;
  /** The keywords without padding words in any language, for headings ("" for none). */
  shownQ: string;
}

/** Synonym keys by their folded words (Hindi and Arabic keys compared folded). */
let synonymKeys: Map<string, string> | undefined;
let longestSynonym = 1;
let fillers: Set<string> | undefined;

function synonyms(): Map<string, string> {
  if (synonymKeys) return synonymKeys;
  synonymKeys = new Map();
  // Words the portal writes with a dot or slash, typed without it ("node js", "nodejs"); the
  // reviewed list wins.
  for (const [from, to] of [...referenceDictionary().marked, ...Object.entries(SEARCH_SYNONYMS)]) {
    const key = from
      .split(/\s+/)
      .map((w) => (hasIndicOrArabic(w) ? foldWord(w) : w))
      .join(' ');
    synonymKeys.set(key, to);
    longestSynonym = Math.max(longestSynonym, key.split(' ').length);
  }
  return synonymKeys;
}

function fillerWords(): Set<string> {
  return (fillers ??= new Set([
    ...ENGLISH_FILLERS,
    ...[...QUERY_FILLERS.hi, ...QUERY_FILLERS.ar].map(foldWord),
  ]));
}

/** One word of the box: as typed, and the form it is compared in. */
interface Token {
  typed: string;
  key: string;
  /** Search syntax kept as typed: a lone dash between words, "-word" (leave the word out). */
  syntax?: true;
  /** Written by the list of other names: searched as it is, never read again. */
  fixed?: true;
}

const token = (typed: string): Token => ({
  typed,
  key: hasIndicOrArabic(typed) ? foldWord(typed) : typed.toLowerCase(),
});

const DASH = '[-\u2010-\u2015]';

/**
 * The words of one comma group. Dots between single letters go ("H.R." is "hr"); hyphens and
 * underscores inside a word separate its parts ("sales-executive"); the marks of job words stay
 * (".NET", "Node.js", "C++", "C#", "UI/UX", "F&B"); a lone dash and "-word" stay as typed.
 */
function tokensOf(group: string): Token[] {
  const text = group
    .replace(/\b(\p{L})\.(?=\p{L}\b\.?)/gu, '$1')
    .replace(/\b(\p{L}{1,2})\.(?=\s|$)/gu, '$1')
    .replace(/[\u200C\u200D\u0640]/gu, '');
  return text.split(/\s+/u).flatMap((part): Token[] => {
    if (new RegExp(`^${DASH}+$`, 'u').test(part)) return [{ typed: part, key: part, syntax: true }];
    if (new RegExp(`^${DASH}[\\p{L}\\p{N}]`, 'u').test(part))
      return [{ typed: part, key: part, syntax: true }];
    return part
      .split(new RegExp(`(?:${DASH}|[_;:!?()"'«»؛])+`, 'u'))
      .map((w) => w.replace(/^[.]+(?=\P{L})|[.]+$/gu, ''))
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
      .map(token);
  });
}

const EXPERIENCE =
  /\b(\d{1,2})\s*\+?\s*(?:years?|yrs?)\b(?:\s+(?:of\s+)?(?:experience|exp)\b)?|\b(\d{1,2})\s*\+?\s*(?:साल|वर्ष|سنوات|سنة|سنه)(?=\s|$)/giu;

/**
 * Known: the reference dictionary, the site's own words, a synonym key, a padding word or a
 * common English word; a word with marks (".net", "c#", "node.js") when each of its parts is a
 * word of the portal or the site.
 */
function isKnown(d: Dictionary, site: Set<string>, key: string): boolean {
  return (
    d.known.has(key) ||
    site.has(key) ||
    synonyms().has(key) ||
    fillerWords().has(key) ||
    d.english.has(key) ||
    (hasMarks(key) && dictionaryWords(key).every((w) => d.known.has(w) || site.has(w)))
  );
}

/** Known only as a common English word (not a word of the portal or of the site). */
const isEnglishOnly = (d: Dictionary, site: Set<string>, key: string): boolean =>
  d.english.has(key) &&
  !d.known.has(key) &&
  !site.has(key) &&
  !synonyms().has(key) &&
  !fillerWords().has(key);

/** Suffixes of Hindi plural and oblique forms (नर्सें, नर्सों, अकाउंटेंट्स). */
const HINDI_PLURALS = ['ों', 'ें', '्स', 'ाएं', 'ाओं', 'एं', 'ओं'];

/** The singular of a plural whose singular the dictionary knows; null otherwise. */
function singularOf(d: Dictionary, site: Set<string>, key: string): string | null {
  if (hasIndicOrArabic(key)) {
    for (const suffix of HINDI_PLURALS) {
      const stem = key.slice(0, -suffix.length);
      if (key.endsWith(suffix) && stem.length >= 2 && isKnown(d, site, stem)) return stem;
    }
    return null;
  }
  if (!/^[a-z]+$/.test(key) || key.length < 4) return null;
  const singular = pluralize.singular(key);
  return singular !== key && d.titleWords.has(singular) ? singular : null;
}

/** A word of the portal's own (not only common English, not padding): a part of a split. */
const isPortalWord = (d: Dictionary, site: Set<string>, key: string): boolean =>
  (d.known.has(key) || site.has(key)) &&
  !fillerWords().has(key) &&
  (key.length > 2 || d.titleWords.has(key));

/**
 * Known words run together ("salesexecutive" → sales executive, up to three:
 * "businessdevelopmentmanager"); null when the word is not so made.
 */
function splitRunTogether(
  d: Dictionary,
  site: Set<string>,
  key: string,
  parts = 3,
): string[] | null {
  if (!/^[a-z]{5,}$/.test(key)) return null;
  let best: { parts: string[]; score: number } | null = null;
  for (let i = 2; i <= key.length - 2; i++) {
    const [a, b] = [key.slice(0, i), key.slice(i)];
    if (!isPortalWord(d, site, a)) continue;
    const rest = isPortalWord(d, site, b)
      ? [b]
      : parts > 2
        ? splitRunTogether(d, site, b, parts - 1)
        : null;
    if (!rest) continue;
    const score = Math.min(...[a, ...rest].map((w) => d.known.get(w) ?? 1)) / rest.length;
    if (!best || score > best.score) best = { parts: [a, ...rest], score };
  }
  return best?.parts ?? null;
}

/** The known word for an unknown one, in the script it was typed in. */
function corrected(
  d: Dictionary,
  key: string,
  neighbours: { before?: string; after?: string },
): string | null {
  // A three-letter word is only read as a longer one ("jva" → java), never as another of three.
  // "f" is often typed for "ph" (farmasist).
  const found =
    closestWord(d, key, neighbours) ??
    (/^f[a-z]{4,}$/.test(key) ? closestWord(d, `ph${key.slice(1)}`, neighbours) : null);
  if (!found || (key.length < 4 && found.length <= key.length)) return null;
  return hasIndicOrArabic(found) ? (d.typed.get(found) ?? found) : found;
}

/**
 * Replaces runs of words that are synonym keys (longest first), except the portal's own titles
 * and skills ("data analysis", "talent acquisition" are searched as they are; "node js" is
 * Node.js, which the portal writes only so) and runs of words the list already wrote ("engineering
 * manager" stays); drops repeated words.
 */
function withSynonyms(words: Token[]): Token[] {
  const map = synonyms();
  const { phrases } = referenceDictionary();
  const out: Token[] = [];
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(longestSynonym, words.length - i); n >= 1 && matched === 0; n--) {
      const run = words.slice(i, i + n);
      if (run.every((w) => w.fixed)) continue;
      const key = run.map((w) => w.key).join(' ');
      const to = phrases.get(dictionaryWords(key).join(' ')) === null ? undefined : map.get(key);
      if (to !== undefined) {
        out.push(...to.split(' ').map((w): Token => ({ ...token(w), fixed: true })));
        matched = n;
      }
    }
    if (matched === 0) out.push(words[i] as Token);
    i += Math.max(matched, 1);
  }
  const seen = new Set<string>();
  return out.filter((w) => !seen.has(w.key) && seen.add(w.key));
}

interface PlaceFound {
  /** Index of the first word and how many words. */
  at: number;
  n: number;
  place: string;
  country: boolean;
}

/** A place named by the words at i (the longest run, exact or within the edits allowed). */
function placeAt(
  words: Token[],
  i: number,
  names: ReadonlyMap<string, string>,
  d: Dictionary,
  site: Set<string>,
): PlaceFound | null {
  for (let n = Math.min(3, words.length - i); n >= 1; n--) {
    const run = words.slice(i, i + n);
    const text = placeKey(run.map((w) => w.typed).join(' '));
    const exact = names.get(text) ?? names.get(run.map((w) => w.key).join(' '));
    if (exact) return { at: i, n, place: exact, country: isCountry(exact) };
    // A typo of a place: only a word no dictionary knows ("banglore", "chenai").
    if (n === 1 && !isKnown(d, site, run[0]!.key)) {
      const near = closestPlace(names, text);
      if (near) return { at: i, n, place: near, country: isCountry(near) };
    }
  }
  return null;
}

const isCountry = (place: string) => MULTI_COUNTRY_NAMES.has(place);

/** Edit distance (Damerau: a swap of neighbours is one edit), for the few place names. */
function distance(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
    }
  }
  return rows[x.length]![y.length]!;
}

/** The site's place closest to a typed name within the edits its length allows; else null. */
export function closestPlace(names: ReadonlyMap<string, string>, typed: string): string | null {
  const key = placeKey(typed);
  const n = [...key].length;
  const allowed = hasIndicOrArabic(key) ? (n < 3 ? 0 : n < 7 ? 1 : 2) : n < 4 ? 0 : n < 7 ? 1 : 2;
  if (allowed === 0) return null;
  let best: { place: string; d: number } | null = null;
  for (const [name, place] of names) {
    if (Math.abs([...name].length - n) > allowed) continue;
    const d = distance(key, name);
    if (d <= allowed && (!best || d < best.d)) best = { place, d };
  }
  return best?.place ?? null;
}

/**
 * A Hindi or Arabic phrase of two words or more that names nothing, read as the closest name of
 * a job word within the edits its length allows ("डाटा एंट्री ऑपरेटर", "مهندس مدين"); null when
 * it names something already or nothing is that close.
 */
function closestName(words: Token[]): Token[] | null {
  const meant = words.filter((w) => !fillerWords().has(w.key));
  if (meant.length < 2 || !meant.every((w) => hasIndicOrArabic(w.typed))) return null;
  const folded = meant.map((w) => w.key).join(' ');
  if (englishFor(folded).length > 0) return null;
  const n = [...folded].length;
  const allowed = n < 4 ? 0 : n < 8 ? 1 : 2;
  let best: { name: string; d: number } | null = null;
  for (const term of namedTerms(hasArabic(folded) ? 'ar' : 'hi')) {
    if (Math.abs([...term.folded].length - n) > allowed) continue;
    if (term.folded.split(' ').length !== meant.length) continue;
    const d = distance(folded, term.folded);
    if (d <= allowed && (!best || d < best.d)) best = { name: term.name, d };
  }
  return best ? best.name.split(/\s+/).map(token) : null;
}

/** An Arabic place typed without its article or with a clitic before it; else null. */
function arabicPlace(names: ReadonlyMap<string, string>, key: string): string | null {
  const bare = key.replace(/^[وبلف]?(ال)?/u, '');
  for (const form of [bare, `ال${bare}`]) {
    const place = names.get(form);
    if (place && form !== key) return place;
  }
  return null;
}

/**
 * A Hindi or Arabic name of a job word with two of its words run together ("डेटाएनालिस्ट",
 * "डेटाएंट्री ऑपरेटर"): the words with that one split; else null.
 */
function splitLocalName(words: Token[]): Token[] | null {
  if (words.length > 3 || !words.every((w) => !w.syntax && hasIndicOrArabic(w.typed))) return null;
  if (englishFor(words.map((w) => w.key).join(' ')).length > 0) return null;
  for (const [j, w] of words.entries()) {
    const letters = [...w.typed];
    for (let i = 2; i <= letters.length - 2; i++) {
      const parts = [letters.slice(0, i).join(''), letters.slice(i).join('')].map(token);
      const tried = [...words.slice(0, j), ...parts, ...words.slice(j + 1)];
      if (englishFor(tried.map((t) => t.key).join(' ')).length > 0) return tried;
    }
  }
  return null;
}

/** A location box's text read as places: each part known, or corrected to the closest place. */
function readLocation(site: Site, text: string): { location: string; corrected: boolean } {
  const names = sitePlaceNames(site.context);
  let changed = false;
  const parts = text.split(',').map((part) => {
    const key = placeKey(part.replace(/[-_]+/g, ' '));
    if (key === '' || names.has(key)) return part.replace(/[-_]+/g, ' ').trim();
    // Arabic names carry their article ("رياض" is الرياض) and take a clitic ("بالرياض").
    const article = hasArabic(key) ? arabicPlace(names, key) : null;
    if (article) {
      changed = true;
      return article;
    }
    const near = closestPlace(names, key);
    if (!near) return part.trim();
    changed = true;
    return near;
  });
  return { location: parts.filter((p) => p !== '').join(', '), corrected: changed };
}

/**
 * A search as the seeker meant it. `siteWords` are words of the site's own jobs (company names),
 * never corrected.
 */
export function understandSearch(
  site: Site,
  state: SearchState,
  siteWords: Set<string> = new Set(),
): UnderstoodSearch {
  const d = referenceDictionary();
  let { location, experience } = state;
  let wasCorrected = false;
  const correct = !state.asTyped;
  if (location && correct) {
    const read = readLocation(site, location);
    location = read.location;
    wasCorrected ||= read.corrected;
  }
  let q = state.q;
  if (experience === null) {
    q = q.replace(EXPERIENCE, (_, en?: string, local?: string) => {
      experience = Math.min(50, Number(en ?? local));
      return ' ';
    });
  }
  const names = sitePlaceNames(site.context);
  const placesRead: string[] = [];
  const groups = q.split(/[,،]/u).map((group) => {
    // English padding words go; Hindi and Arabic ones are dropped by translate.ts, outside names
    // ("موظف استقبال" is a receptionist, "موظف" alone pads).
    const typedTokens = tokensOf(group);
    let words = typedTokens.filter((w) => !ENGLISH_FILLERS.has(w.key));
    // Places: read out of the box (the first city, when the location box is empty).
    const kept: Token[] = [];
    for (let i = 0; i < words.length;) {
      const found = words.length > 1 || !location ? placeAt(words, i, names, d, siteWords) : null;
      if (found && !words[i]?.syntax) {
        placesRead.push(found.place);
        i += found.n;
      } else {
        kept.push(words[i] as Token);
        i += 1;
      }
    }
    words = kept;
    // A title or skill of the portal typed as such is searched as it is ("Inside Sales
    // Representative" is not another name of a sales executive).
    // Typed whole, it keeps its marks ("Finance & Accounts Manager": an exact title).
    const typedPhrase = words.map((w) => w.typed).join(' ');
    const phrase = dictionaryWords(typedPhrase).join(' ');
    // Typed without the marks the portal writes it with ("node js developer"): as written.
    const spelt = d.phrases.get(phrase);
    if (spelt && spelt.toLowerCase() !== typedPhrase.toLowerCase()) return spelt;
    if (d.phrases.has(phrase))
      return words.length === typedTokens.length &&
        dictionaryWords(group).join(' ') === dictionaryWords(typedPhrase).join(' ') &&
        !/\p{L}[-\u2010-\u2015_]\p{L}/u.test(group)
        ? group.replace(/\s+/g, ' ').trim()
        : typedPhrase;
    // A Hindi or Arabic name typed without its space ("डेटाएनालिस्ट").
    const split = correct ? splitLocalName(words) : null;
    if (split) {
      wasCorrected = true;
      words = split;
    }
    const named = correct ? closestName(words) : null;
    if (named) {
      wasCorrected = true;
      words = named;
    }
    // Unknown words: singular, two words run together, or the closest known word.
    // Each word with its neighbours, the one before as already read ("stor manger").
    const readWord = (w: Token, i: number, all: Token[], previous?: string): Token[] => {
      if (w.syntax || w.fixed) return [w];
      // A word split in two ("tele caller"): joined when the pair is one known word.
      const joins = (a?: Token, b?: Token) =>
        !!a && !!b && !isKnown(d, siteWords, a.key) && isKnown(d, siteWords, a.key + b.key);
      if (joins(w, all[i + 1])) return [];
      if (joins(all[i - 1], w)) return [token((all[i - 1] as Token).key + w.key)];
      // A plural of a title word reads as the title's word ("accountants": Accountant first).
      const singular = singularOf(d, siteWords, w.key);
      if (singular) return [token(singular)];
      const neighbours = { before: previous ?? all[i - 1]?.key, after: all[i + 1]?.key };
      if (isKnown(d, siteWords, w.key) || /\d/.test(w.key)) {
        // A common English word no portal title or skill uses, next to one that makes a pair
        // of them when corrected ("costumer service").
        const paired =
          correct && isEnglishOnly(d, siteWords, w.key)
            ? pairedCorrection(d, w.key, neighbours)
            : null;
        if (!paired) return [w];
        wasCorrected = true;
        return [token(paired)];
      }
      if (!correct) return [w];
      // One slip of a long word ("houseekeping") is a typo before it is words run together.
      const slip = /^[a-z]{8,}$/.test(w.key) ? closestWord(d, w.key, neighbours, 1) : null;
      const parts = slip ? null : splitRunTogether(d, siteWords, w.key);
      if (parts) {
        wasCorrected = true;
        return parts.map(token);
      }
      const fixed = slip ?? corrected(d, w.key, neighbours);
      if (fixed) {
        wasCorrected = true;
        return [token(fixed)];
      }
      return [w];
    };
    const read: (string | undefined)[] = [];
    words = withSynonyms(words).flatMap((w, i, all) => {
      const out = readWord(w, i, all, read[i - 1]);
      read[i] = out.at(-1)?.key ?? read[i - 1];
      return out;
    });
    return withSynonyms(words)
      .map((w) => w.typed)
      .join(' ');
  });
  const cities = placesRead.filter((p) => !isCountry(p));
  if (!location && placesRead.length > 0) location = cities[0] ?? placesRead[0] ?? '';
  const newQ = groups.filter((g) => g !== '').join(', ');
  const shownQ = groups
    .map((g) =>
      tokensOf(g)
        .filter((w) => !fillerWords().has(w.key))
        .map((w) => w.typed)
        .join(' '),
    )
    .filter((g) => g !== '')
    .join(', ');
  return {
    state: { ...state, q: newQ, location, experience },
    corrected: wasCorrected,
    shownQ,
  };
}
