/**
 * A PDF page's text from PDF.js's text items. Most PDFs give their items in reading order and
 * their text is PDF.js's own join. Some (LibreOffice's) draw a line with Arabic in it as runs:
 * each Arabic run's letters in typed order, but the runs in the order the writer put them on
 * the page, which is neither the drawn nor the typed order ("-اتصالات شبكات مهندس" for
 * "مهندس شبكات - اتصالات", "Linux" or a phone number cut in pieces). Such a line is put back
 * in drawn order from where its runs stand on the page, then reordered by the Unicode
 * Bidirectional Algorithm (bidi-js) as a drawn line.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export interface TextRun {
  str: string;
  dir: string;
  /** x of the run's left end, its width and the font size, in page units. */
  x: number;
  /** y of its baseline, when known (items far apart on one line are parted by a tab). */
  y?: number;
  width: number;
  size: number;
  hasEOL: boolean;
}

const ARABIC_BASE = /[\u0621-\u064A\u066E-\u06D3]/;
const PRESENTATION = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Between the text items of a page of drawn glyphs; toLogicalOrder takes it out. */
export const ITEM_APART = '\u2063';
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0900-\u097F]/gu;

/** A line drawn as runs of typed Arabic: at least two runs, one of them right to left. */
function isArabicRunLine(line: TextRun[]): boolean {
  const runs = line.filter((r) => r.str.trim() !== '');
  return runs.length >= 2 && runs.some((r) => r.dir === 'rtl' && ARABIC_BASE.test(r.str));
}

/**
 * The line as drawn (left to right, glyph by glyph), spaces where runs stand apart, and the
 * direction to read it in: left to right when a Latin run stands at either end ("Name: خالد",
 * "…، Linux", "…: name@mail.test"), else that of most of its letters.
 */
function drawnLine(line: TextRun[]): { drawn: string; base: 'ltr' | 'rtl' } {
  const runs = line.filter((r) => r.str.trim() !== '').sort((a, b) => a.x - b.x);
  let drawn = '';
  let end = -Infinity;
  for (const run of runs) {
    const text = run.str.trim();
    const glyphs = run.dir === 'rtl' ? [...text].reverse().join('') : text;
    if (drawn && run.x - end > run.size * 0.15) drawn += ' ';
    drawn += glyphs;
    end = run.x + run.width;
  }
  const lettered = runs.filter((r) => /\p{L}/u.test(r.str));
  const ends = [lettered[0], lettered.at(-1)];
  const rtl = (drawn.match(RTL_LETTER) ?? []).length;
  const ltr = (drawn.match(LTR_LETTER) ?? []).length;
  const base = ends.some((r) => r?.dir === 'ltr') || ltr > rtl ? 'ltr' : 'rtl';
  return { drawn, base };
}

function typedLine({ drawn, base }: { drawn: string; base: 'ltr' | 'rtl' }): string {
  return bidi.getReorderedString(drawn, bidi.getEmbeddingLevels(drawn, base));
}

/**
 * The page's text: PDF.js's join of its items (as unpdf's extractText gives it), with every
 * line drawn as runs of typed Arabic in typed order. A page with presentation forms (a browser's
 * drawn glyphs) is left to toLogicalOrder.
 */
export function pageText(items: TextRun[]): string {
  // Items of one line far apart (more than an em: four spaces) stand in a table's cells or
  // two columns: a tab parts them, as it parts a DOCX table's cells.
  const join = (line: TextRun[], apart = '') => {
    let out = '';
    let prev: TextRun | null = null;
    for (const r of line) {
      if (
        prev &&
        r.str.trim() &&
        prev.y !== undefined &&
        r.y !== undefined &&
        Math.abs(r.y - prev.y) < r.size * 0.3 &&
        r.x - (prev.x + prev.width) > r.size
      )
        out += '\t';
      out += r.str + (r.hasEOL ? '\n' : apart);
      if (r.hasEOL) prev = null;
      else if (r.str.trim()) prev = r;
    }
    return out;
  };
  // A browser draws Arabic glyph by glyph, left to right, but gives an item of more than one
  // glyph (a lam-alef "ال", "ت: ا") its letters in typed order: the items stay apart
  // (ITEM_APART between them) so that toLogicalOrder turns each one round alone.
  // Glyphs are read in the order they stand on the line, left to right (a table row's cells are
  // drawn from the right); cells apart by more than a letter's width are parted by a tab.
  if (items.some((r) => PRESENTATION.test(r.str))) {
    let text = '';
    let line: TextRun[] = [];
    const flushDrawn = (eol: boolean) => {
      let prev: TextRun | null = null;
      for (const item of line.sort((a, b) => a.x - b.x)) {
        if (prev && item.str.trim() && item.x - (prev.x + prev.width) > item.size * 0.8)
          text += `\t${ITEM_APART}`;
        text += item.str + ITEM_APART;
        if (item.str.trim()) prev = item;
      }
      if (eol) text += '\n';
      line = [];
    };
    for (const item of items) {
      if (item.str !== '') line.push(item);
      if (item.hasEOL) flushDrawn(true);
    }
    flushDrawn(false);
    return text;
  }
  let text = '';
  let line: TextRun[] = [];
  const flush = (eol: boolean) => {
    text += isArabicRunLine(line) ? typedLine(drawnLine(line)) + (eol ? '\n' : '') : join(line);
    line = [];
  };
  for (const item of items) {
    if (item.hasEOL && item.str === '') {
      flush(false);
      text += '\n';
      continue;
    }
    line.push(item);
    if (item.hasEOL) flush(true);
  }
  flush(false);
  return text;
}
