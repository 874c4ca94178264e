/**
 * Some PDF producers draw the article "ال" of an Arabic word with its alef placed before the end
 * of the previous word, so the text layer holds "الخبرا اتلعملية" for "الخبرات العملية",
 * "شؤا ونلموظفين" for "شؤون الموظفين" and "أالحمر" for "الأحمر". Headings, titles and
 * skills then read as nothing. The repair moves the alef back; it runs only on a text that shows
 * the fault (an alef with hamza before "ال", which Arabic never writes, or a heading the repair
 * makes whole), so a text drawn right is never touched.
 */
import { headingKind } from './text';

/** "الخبرا اتلعملية" -> "الخبرات العملية": the word's end went after the moved alef. */
const MOVED_ALEF = /(\p{Script=Arabic}+)ا (\p{Script=Arabic}{1,3})ل(?=\p{Script=Arabic}{2})/gu;
/** "أالحمر" -> "الأحمر", "إاللكتروني" -> "الإلكتروني". */
const HAMZA_BEFORE_ARTICLE = /(?<![\p{L}\p{M}])([أإآ])ال/gu;

/** "اوالستقطاب" -> "والاستقطاب": "و" and the article before a word that starts with an alef. */
const AND_ARTICLE = /(?<![\p{L}\p{M}])اوال/gu;

const repairLine = (line: string) =>
  line
    .replace(HAMZA_BEFORE_ARTICLE, 'ال$1')
    .replace(AND_ARTICLE, 'والا')
    .replace(MOVED_ALEF, '$1$2 ال');

/**
 * The ligature of "الله" (in عبدالله, عبد الله, الله) is one glyph that many Arabic fonts map
 * to the letters "اهلل", which Arabic never writes: it is read as the word.
 */
const ALLAH_LIGATURE = /اهلل(?![\p{L}\p{M}])/gu;
/** A vowel mark after no letter (before a word, alone) was drawn for a letter of another line. */
const MARK_FIRST = /(?<![\p{L}\p{M}])[\u064B-\u0652]/gu;

/** The text with each article's alef back in place, when the text shows the fault. */
export function alefLamInPlace(text: string): string {
  if (!/[\u0600-\u06ff]/.test(text)) return text;
  text = text.replace(ALLAH_LIGATURE, 'الله').replace(MARK_FIRST, '');
  const lines = text.split('\n');
  const repaired = lines.map(repairLine);
  const faulty =
    HAMZA_BEFORE_ARTICLE.test(text) ||
    lines.some((line, i) => {
      const fixed = repaired[i]!;
      if (fixed === line) return false;
      // "PROFESSIONAL EXPERIENCE الخبرا اتلعملية": the Arabic half of a two-language heading.
      const arabic = (s: string) => s.replace(/[^\p{Script=Arabic}\s]/gu, '').trim();
      return headingKind(arabic(fixed)) !== null && headingKind(arabic(line)) === null;
    });
  HAMZA_BEFORE_ARTICLE.lastIndex = 0;
  return faulty ? repaired.join('\n') : text;
}
