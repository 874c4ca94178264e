/**
 * Values inside right-to-left sentences (decision 0088). A number, a masked mobile number, a file
 * name, an e-mail or network address, a code or a Latin word put into an Arabic sentence is drawn
 * by the Unicode Bidirectional Algorithm together with the text around it: "+966 55••••567." comes
 * out as ".567••••55 966+", "cv-ar-sa-55.pdf" splits at its hyphens. Isolating the value (FSI …
 * PDI: its direction from its own first strong letter, left to right when it has none) keeps it
 * whole and in its own order. Pages isolate a value they render alone with <bdi>; a value put into
 * a translated sentence is isolated here. A drawing whose font lacks the marks (a PDF) removes
 * them first (withoutBidiControls).
 */
import { dirOf, type Lang } from '~/lib/i18n';

const FSI = '\u2068';
const PDI = '\u2069';

/** `text` isolated when the page's language is written right to left; as it is otherwise. */
export function isolate(text: string, lang: Lang): string {
  return text && dirOf(lang) === 'rtl' ? `${FSI}${text}${PDI}` : text;
}

/** Every text value of a translation's values isolated (numbers, such as a count, stay numbers). */
export function isolateValues<T extends Record<string, unknown>>(values: T, lang: Lang): T {
  if (dirOf(lang) !== 'rtl') return values;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? isolate(v, lang) : v]),
  ) as T;
}

/** The bidi formatting characters: marks, embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/** `text` without bidi formatting characters, for a drawing that orders the text itself. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
