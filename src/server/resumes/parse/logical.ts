/**
 * PDF text back in the order it was typed. PDF.js gives the glyphs of a line as drawn, left to
 * right: a PDF printed by a browser gives Arabic reversed and in presentation-form glyphs
 * ("يﺮﻤﺸﻟا" for "الشمري"), and Devanagari with the short i sign before its consonant, a reph
 * or conjunct the font does not map as U+0000, and spaces inside words. Lines that read as
 * visual are reordered by the Unicode Bidirectional Algorithm (bidi-js, as the builder uses),
 * then everything is NFKC-normalised; the Devanagari fixes are the ones the glyph order allows.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

const PRESENTATION = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;
const PRESENTATION_RUN = /[\uFB50-\uFDFF\uFE70-\uFEFF]+/g;
const ARABIC_LETTER = /[\u0621-\u064A\u066E-\u06D3\uFB50-\uFDFF\uFE70-\uFEFC]/;
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0900-\u097F]/gu;
const ARABIC_BASE = /[\u0621-\u064A\u066E-\u06D3]/;
const DIGIT_RUN =
  /[0-9\u0660-\u0669\u06F0-\u06F9](?:[0-9\u0660-\u0669\u06F0-\u06F9.,\u066B\u066C]*[0-9\u0660-\u0669\u06F0-\u06F9])?/g;

/**
 * The joining form of each Arabic presentation form in U+FE70..U+FEFC: each letter has its
 * forms in the order isolated, final, initial, medial (two forms when it does not join left).
 */
const FORM = (() => {
  const form = new Map<number, 'isolated' | 'final' | 'initial' | 'medial'>();
  const names = ['isolated', 'final', 'initial', 'medial'] as const;
  let base = '';
  let index = 0;
  for (let cp = 0xfe80; cp <= 0xfefc; cp++) {
    const letter = String.fromCodePoint(cp).normalize('NFKC');
    index = letter === base ? index + 1 : 0;
    base = letter;
    form.set(cp, names[Math.min(index, 3)]!);
  }
  return form;
})();

/**
 * Evidence that Arabic glyphs are in drawn order: a word drawn right to left starts (at its
 * right end, the end of the string) with an initial form; typed in order it would end in one.
 */
function arabicOrderVotes(line: string): { visual: number; logical: number } {
  let visual = 0;
  let logical = 0;
  for (const run of line.replace(/\u2063/g, '').match(PRESENTATION_RUN) ?? []) {
    const first = FORM.get(run.codePointAt(0)!);
    const last = FORM.get(run.codePointAt(run.length - 1)!);
    if (last === 'initial' || first === 'final') visual += 1;
    if (first === 'initial' || last === 'final') logical += 1;
  }
  return { visual, logical };
}

/** A line in visual order reordered to logical order (UBA rule L2 undoes itself for a line). */
function reorderLine(line: string): string {
  // Letters the font maps to their base code points (not presentation forms) come in typed
  // order even on a drawn line: turn them round first, so the line's reversal restores them.
  // Where the extractor kept its items apart (U+2063), each item is one such run, spaces and
  // marks with it ("ت: ا" for the glyphs "ا :ت"); its digits stay as they are.
  line = line.includes('\u2063')
    ? line
        .split('\u2063')
        .map((item) =>
          ARABIC_BASE.test(item) && [...item].length > 1
            ? [...item]
                .reverse()
                .join('')
                .replace(DIGIT_RUN, (run) => [...run].reverse().join(''))
            : item,
        )
        .join('')
    : line.replace(/[\u0621-\u064A\u066E-\u06D3][\u0621-\u064A\u066E-\u06D3\u060C]*/g, (run) =>
        [...run].reverse().join(''),
      );
  const rtl = (line.match(RTL_LETTER) ?? []).length;
  const ltr = (line.match(LTR_LETTER) ?? []).length;
  const levels = bidi.getEmbeddingLevels(line, rtl >= ltr ? 'rtl' : 'ltr');
  return bidi.getReorderedString(line, levels);
}

const CONSONANT = '[\\u0915-\\u0939\\u0958-\\u095F]';
const CLUSTER = `${CONSONANT}(?:\\u093C)?(?:\\u094D${CONSONANT}(?:\\u093C)?)*`;
const SIGNS = '[\\u093E-\\u094C\\u0901-\\u0903\\u0962\\u0963]';

// Glyph codes a PDF gives no Unicode for come out as C0 control characters.
const UNMAPPED = '[\\u0001-\\u0008\\u000B\\u000C\\u000E-\\u001F]';
const SYLLABLE_I = new RegExp(`(${CONSONANT})\\u093F(?:${UNMAPPED}|(${CLUSTER}))`, 'g');
const REPH_AFTER = new RegExp(`(${CLUSTER}${SIGNS}*)${UNMAPPED}`, 'g');
// Such a PDF also gives a space after each conjunct with र below ("प्र ति", "विक्र य"); in a
// browser's PDF a space there can be a word's end ("क्षेत्र में"), so it stays there.
const RAKAR_SPACE = new RegExp(`(${CONSONANT}\\u094D\\u0930)\\s+(?=${CONSONANT})`, 'g');

/**
 * Whether a text's fonts map the i sign glyph to a whole syllable (LibreOffice maps each glyph
 * of a cluster to the cluster's text the first time it draws it, so every width variant of "ि"
 * reads as "बि", "धि"...): the syllable then stands before its consonant ("बिबक्री" for
 * "बिक्री"), and glyphs drawn only inside a cluster have no Unicode at all. Evidence: a syllable
 * with i before its own consonant again, or before an unmapped glyph, more than once.
 */
export function mapsIAsSyllable(text: string): boolean {
  const repeats = text.match(new RegExp(`(${CONSONANT})\\u093F(?:\\1|${UNMAPPED})`, 'g')) ?? [];
  return repeats.length >= 2;
}

/**
 * Devanagari from such a font as typed: the i syllable before a cluster is that cluster's i
 * sign; before an unmapped glyph (the consonant drawn only in this syllable) it is the syllable
 * itself; another unmapped glyph after a syllable is the reph (र्) drawn over it, unless the
 * syllable already reads with it ("र्च" mapped whole); the space after a conjunct with र below
 * goes.
 */
export function repairSyllableI(line: string): string {
  return line
    .replace(SYLLABLE_I, (_, consonant: string, cluster?: string) =>
      cluster ? `${cluster}\u093F` : `${consonant}\u093F`,
    )
    .replace(REPH_AFTER, (_, syllable: string) =>
      syllable.startsWith('\u0930\u094D') ? syllable : `\u0930\u094D${syllable}`,
    )
    .replace(RAKAR_SPACE, '$1');
}

/** Devanagari as typed, where the drawn glyphs allow it. */
export function repairDevanagari(line: string): string {
  if (!/[\u0900-\u097F]/.test(line)) return line.replace(/\u0000/g, '');
  return (
    line
      // The short i sign is drawn before its consonant cluster: "िब" is "बि".
      .replace(
        new RegExp(`(^|[^\\u0915-\\u0939\\u0958-\\u095F\\u093C])\\u093F(${CLUSTER})`, 'g'),
        '$1$2\u093F',
      )
      // An unmapped glyph before a cluster at a word's start is the i sign with a mark on it.
      .replace(new RegExp(`(^|[\\s(/,])\\u0000(${CLUSTER})`, 'g'), '$1$2\u093F')
      // An unmapped glyph after a syllable, ending a word, is a reph (र्) drawn over it.
      .replace(new RegExp(`(${CLUSTER}${SIGNS}*)\\u0000(?=$|[\\s,.;:/|)-])`, 'g'), '\u0930\u094D$1')
      .replace(/\u0000/g, '')
      // Spaces the extractor put before a vowel sign or after a virama.
      .replace(/\s+([\u093C-\u094D\u0901-\u0903\u0962\u0963])/g, '$1')
      .replace(/\u094D\s+(?=[\u0915-\u0939])/g, '\u094D')
  );
}

/**
 * Text a PDF gave, line by line, in logical order and NFKC-normalised. Whether the Arabic is in
 * drawn order is decided for the whole text (a one-word line such as "الآن" has no evidence of
 * its own); then every line with Arabic letters is reordered.
 */
export function toLogicalOrder(text: string): string {
  const lines = text.split('\n');
  let visual = 0;
  let logical = 0;
  for (const line of lines) {
    if (!PRESENTATION.test(line)) continue;
    const votes = arabicOrderVotes(line);
    visual += votes.visual;
    logical += votes.logical;
  }
  const drawn = visual > logical;
  const syllableI = mapsIAsSyllable(text);
  return rejoinClusters(
    lines.map((line) => {
      let ordered = drawn && ARABIC_LETTER.test(line) ? reorderLine(line) : line;
      if (syllableI) ordered = repairSyllableI(ordered);
      // A lam-alef ligature whose text a reversed run turned round reads "ال" after an alef
      // ("االتصاالت" for "الاتصالات"); two alefs in a row are not Arabic spelling.
      return repairDevanagari(ordered)
        .normalize('NFKC')
        .replace(/\u0627\u0627\u0644/g, '\u0627\u0644\u0627');
    }),
  )
    .join('\n')
    .replace(/\u2063/g, '');
}

const TAIL_WITH_VIRAMA = new RegExp(
  `(?:${CONSONANT}\\u093C?(?:\\u094D${CONSONANT}\\u093C?)+|${CONSONANT}\\u094D)$`,
);

/**
 * A conjunct the extractor left at the end of the line above its word ("कौशलग्र" + "ाहक सेवा",
 * "Distributionव्" + "यिगत"): a line ending in a cluster with a virama, before a line that starts
 * with a vowel sign or whose cluster it completes, gives the cluster back.
 */
function rejoinClusters(lines: string[]): string[] {
  for (let i = 0; i + 1 < lines.length; i++) {
    const next = lines[i + 1]!;
    if (!/^[\u0900-\u097F]/.test(next)) continue;
    const tail = TAIL_WITH_VIRAMA.exec(lines[i]!);
    if (!tail) continue;
    const dangling = tail[0].endsWith('\u094D');
    if (!dangling && !/^[\u093E-\u094C]/.test(next)) continue;
    lines[i] = lines[i]!.slice(0, -tail[0].length).trimEnd();
    lines[i + 1] = tail[0] + next;
  }
  return lines;
}
