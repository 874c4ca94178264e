/**
 * One spelling for the many ways a Hindi or Arabic word is typed, so a query and the names of
 * src/server/reference/names/ meet: the forms are compared, never shown.
 *
 * Devanagari: nukta dropped (फ़ → फ, ज़ → ज), ZWJ/ZWNJ dropped, candrabindu → anusvara, the
 * English "o" ऑ/ॉ → ओ/ो, candra e ॅ → े, and a half nasal before a consonant → anusvara
 * (इन्जीनियर → इंजीनियर, सम्बन्ध → संबंध).
 * Arabic: diacritics (harakat, tanween, shadda, sukun, dagger alef) and tatweel dropped, alef
 * forms أ إ آ ٱ → ا, taa marbuta ة → ه, alef maqsura ى → ي; then per word the article (ال, and
 * وال بال كال فال لل before it) and the plural endings ون ين ات, when a stem of three letters
 * or more is left.
 * Latin: lower case. Everything else that is not a letter or digit separates words.
 */

const DEVANAGARI = /[\u0900-\u097F]/u;
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/u;

/** Does the text hold Devanagari or Arabic letters (a query that may need translating)? */
export const hasIndicOrArabic = (text: string): boolean =>
  DEVANAGARI.test(text) || ARABIC.test(text);

export const hasArabic = (text: string): boolean => ARABIC.test(text);

/** Devanagari consonants (क..ह, and य़ etc. once the nukta is gone). */
const CONSONANT = '[\\u0915-\\u0939\\u0958-\\u095F]';
const HALF_NASAL = new RegExp(`[\\u0919\\u091E\\u0923\\u0928\\u092E]\\u094D(?=${CONSONANT})`, 'gu');

function foldDevanagari(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u093C\u200C\u200D]/gu, '')
    .replace(/\u0901/gu, '\u0902')
    .replace(/\u0911/gu, '\u0913')
    .replace(/\u0949/gu, '\u094B')
    .replace(/\u0945/gu, '\u0947')
    .replace(HALF_NASAL, '\u0902')
    .normalize('NFC');
}

/** Arabic diacritics (U+064B-U+065F), dagger alef (U+0670), Quranic marks, tatweel (U+0640). */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/gu;

function foldArabicLetters(text: string): string {
  return text
    .normalize('NFKC')
    .replace(ARABIC_MARKS, '')
    .replace(/[\u0622\u0623\u0625\u0671]/gu, '\u0627')
    .replace(/\u0629/gu, '\u0647')
    .replace(/\u0649/gu, '\u064A');
}

const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const PLURAL_ENDINGS = ['ون', 'ين', 'ات'];
const MIN_STEM = 3;

/** An Arabic word without its article and plural ending (already letter-folded). */
function foldArabicWord(word: string): string {
  let w = word;
  for (const article of ARTICLES) {
    if (w.startsWith(article) && w.length - article.length >= MIN_STEM) {
      w = w.slice(article.length);
      break;
    }
  }
  for (const ending of PLURAL_ENDINGS) {
    if (w.endsWith(ending) && w.length - ending.length >= MIN_STEM) {
      w = w.slice(0, -ending.length);
      break;
    }
  }
  return w;
}

/** Letters (with their combining marks) and digits: the pieces of a word. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a text as typed (ZWJ, ZWNJ and tatweel, which join letters, left out). */
export const typedWords = (text: string): string[] =>
  text.replace(/[\u200C\u200D\u0640]/gu, '').match(WORD) ?? [];

/** The folded form of one typed word. */
export function foldWord(word: string): string {
  const folded = foldArabicLetters(foldDevanagari(word)).toLowerCase();
  return ARABIC.test(folded) ? foldArabicWord(folded) : folded;
}

/** The folded form of a phrase: its folded words joined by single spaces. */
export const foldPhrase = (text: string): string =>
  typedWords(text)
    .map(foldWord)
    .filter((w) => w !== '')
    .join(' ');
