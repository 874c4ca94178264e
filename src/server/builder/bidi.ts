/**
 * The Unicode Bidirectional Algorithm (UAX #9, through bidi-js) for the resume documents. A
 * paragraph's embedding levels are resolved once, in the document's direction; the PDF then
 * reorders each line's runs for drawing, and the DOCX marks its runs by direction.
 *
 * fontkit (which pdfkit shapes with) lays out a run right to left when its first letter is of a
 * right-to-left script, and Arabic-Indic digits (٤٠) are of the Arabic script: left to itself it
 * reverses them ("04"). So a drawn piece is handed over in the order that makes fontkit's choice
 * come out as the level wants, and brackets on right-to-left levels are mirrored first.
 */
import bidiFactory, { type EmbeddingLevels } from 'bidi-js';

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/** The levels of a paragraph in the document's direction. */
export function paragraphLevels(text: string, base: Direction): EmbeddingLevels {
  return bidi.getEmbeddingLevels(text, base);
}

/** A stretch of one embedding level: its text in logical order, mirrored when right to left. */
export interface LevelRun {
  text: string;
  rtl: boolean;
  /** The text as typed (before mirroring), of the same length. */
  typed: string;
}

/**
 * The runs of text[start..end] (inclusive) in visual order, left to right: the line's levels
 * reordered by rule L2, characters mirrored by rule L4 (a "(" on a right-to-left level draws
 * as ")"). Each run's text stays in logical order, for shaping.
 */
export function visualRuns(
  text: string,
  levels: EmbeddingLevels,
  start: number,
  end: number,
): LevelRun[] {
  const order = bidi.getReorderedIndices(text, levels, start, end).slice(start, end + 1);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, end);
  const runs: { level: number; indices: number[] }[] = [];
  for (const index of order) {
    const level = levels.levels[index]!;
    const last = runs.at(-1);
    if (last && last.level === level) last.indices.push(index);
    else runs.push({ level, indices: [index] });
  }
  return runs.map(({ level, indices }) => {
    const rtl = level % 2 === 1;
    const logical = rtl ? indices.reverse() : indices;
    return {
      rtl,
      text: logical.map((i) => mirrored.get(i) ?? text[i]).join(''),
      typed: logical.map((i) => text[i]).join(''),
    };
  });
}

/**
 * The runs of a whole paragraph in logical order, each of one direction (odd levels right to
 * left): what Word needs, which keeps text as typed and reorders it itself.
 */
export function logicalRuns(text: string, base: Direction): LevelRun[] {
  const { levels } = paragraphLevels(text, base);
  const runs: LevelRun[] = [];
  for (let i = 0; i < text.length; i++) {
    const rtl = levels[i]! % 2 === 1;
    const last = runs.at(-1);
    if (last && last.rtl === rtl) last.text = last.typed += text[i];
    else runs.push({ rtl, text: text[i]!, typed: text[i]! });
  }
  return runs;
}

const RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NEUTRAL_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Whether fontkit lays this text out right to left: its first letter of a script is an RTL one. */
export function shapedRightToLeft(text: string): boolean {
  for (const ch of text) {
    if (!NEUTRAL_SCRIPT.test(ch)) return RTL_SCRIPT.test(ch);
  }
  return false;
}

/**
 * The text to hand fontkit so that it comes out in the wanted direction: as it is when fontkit's
 * own direction matches, else reversed (only ever digits, signs and spaces, which do not join).
 */
export function forShaping(text: string, rtl: boolean): string {
  return shapedRightToLeft(text) === rtl ? text : [...text].reverse().join('');
}
