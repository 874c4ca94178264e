/**
 * The resume as a PDF (pdfkit, which shapes text with fontkit: Arabic joining forms and
 * Devanagari conjuncts and vowel signs). pdfkit draws each call left to right and has no bidi or
 * font fallback, so this file lays lines out itself: words are measured run by run in the font
 * that has their glyphs (fonts.ts) and wrapped to the column; each line is then put in visual
 * order by the Unicode Bidirectional Algorithm (bidi.ts): levels resolved per paragraph in the
 * document's direction, runs reordered per line, brackets mirrored on right-to-left levels.
 * Devanagari runs carry their text as ActualText, so copying or extracting gives the typed text
 * rather than the shaped glyph order; Arabic reads back as typed through its font's glyph map. See docs/decisions/0018-resume-documents.md.
 */
import PDFDocument from 'pdfkit';
import { allFonts, fontRuns, type EmbeddedFont, type Weight } from './fonts';
import { withoutBidiControls } from '~/lib/format/bidi';
import { forShaping, paragraphLevels, visualRuns, type LevelRun } from './bidi';
import type { ResumeDocument, ResumeEntry } from '~/lib/builder/document';

export interface Style {
  size: number;
  weight?: Weight;
  color?: string;
  align?: 'start' | 'center';
  /** Space after the paragraph, in points. */
  after?: number;
}

const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF]/u;
export const PAGE = { width: 595.28, height: 841.89, margin: 48 };

const THEMES = {
  classic: { accent: '#1f2937', body: 10.5, name: 22, band: false },
  modern: { accent: '#0b4f9c', body: 10.5, name: 24, band: true },
  compact: { accent: '#374151', body: 9.5, name: 18, band: false },
} as const;

/**
 * Text options that shape a run as its font wants. pdfkit hands `features` to fontkit, which also
 * takes an object switching features off; pdfkit's types only list the array form.
 */
const shaping = (font: EmbeddedFont): PDFKit.Mixins.TextOptions =>
  font.features
    ? { features: font.features as unknown as PDFKit.Mixins.TextOptions['features'] }
    : {};

/** Lays out paragraphs in the fonts that have their glyphs, in either direction (also used for invoices). */
export class Writer {
  y = PAGE.margin;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly rtl: boolean,
    readonly left = PAGE.margin,
    readonly width = PAGE.width - 2 * PAGE.margin,
  ) {}

  /** A word's width, each run in the font that draws it. */
  private measure(text: string, size: number, weight: Weight): { width: number } {
    let width = 0;
    for (const r of fontRuns(text, weight)) {
      this.doc.font(r.font.id).fontSize(size);
      width += this.doc.widthOfString(r.text, shaping(r.font));
    }
    return { width };
  }

  /** Page break when fewer than `height` points are left. */
  ensure(height: number) {
    if (this.y + height > PAGE.height - PAGE.margin) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  paragraph(text: string, style: Style) {
    const weight = style.weight ?? 400;
    const lineHeight = style.size * 1.45;
    const space = this.measure(' ', style.size, weight).width;
    // One space between words: the line breaks and the bidi levels are of the same string.
    const words: { start: number; end: number; width: number }[] = [];
    let flat = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      if (flat) flat += ' ';
      words.push({ start: flat.length, end: flat.length + word.length, width: 0 });
      flat += word;
      words.at(-1)!.width = this.measure(word, style.size, weight).width;
    }
    if (words.length === 0) return;
    const levels = paragraphLevels(flat, this.rtl ? 'rtl' : 'ltr');
    const lines: (typeof words)[] = [[]];
    let used = 0;
    for (const word of words) {
      const line = lines.at(-1)!;
      if (line.length > 0 && used + space + word.width > this.width) {
        lines.push([word]);
        used = word.width;
      } else {
        used += (line.length > 0 ? space : 0) + word.width;
        line.push(word);
      }
    }
    for (const line of lines) {
      this.ensure(lineHeight);
      const start = line[0]!.start;
      const end = line.at(-1)!.end;
      const logical = flat.slice(start, end);
      const actual = DEVANAGARI.test(logical);
      if (actual) this.doc.markContent('Span', { actual: logical });
      this.drawLine(visualRuns(flat, levels, start, end - 1), style, weight, this.y + style.size);
      if (actual) this.doc.endMarkedContent();
      this.y += lineHeight;
    }
    this.y += style.after ?? 0;
  }

  /**
   * One line's level runs (visual order, bidi.ts) drawn left to right from the start or centre
   * of the column: each run split by font, its pieces reversed on a right-to-left level, each
   * piece handed to fontkit in the order that draws it the level's way.
   */
  private drawLine(runs: LevelRun[], style: Style, weight: Weight, baseline: number) {
    const pieces = runs.flatMap((run) => {
      // Bidi controls (isolates around a time zone's offset, a number in Arabic text) have done
      // their part in the levels; the fonts have no glyph for them, so they are not drawn.
      const byFont = mirroredApart(run, weight).flatMap((piece) => {
        const text = forShaping(withoutBidiControls(piece.text), run.rtl);
        if (!text) return [];
        this.doc.font(piece.font.id).fontSize(style.size);
        return [{ ...piece, text, width: this.doc.widthOfString(text, shaping(piece.font)) }];
      });
      return run.rtl ? byFont.reverse() : byFont;
    });
    const total = pieces.reduce((sum, p) => sum + p.width, 0);
    let x =
      style.align === 'center'
        ? this.left + (this.width - total) / 2
        : this.rtl
          ? this.left + this.width - total
          : this.left;
    this.doc.fillColor(style.color ?? '#111827');
    for (const piece of pieces) {
      this.doc.font(piece.font.id).fontSize(style.size);
      const draw = () =>
        this.doc.text(piece.text, x, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          ...shaping(piece.font),
        });
      // A mirrored bracket is drawn mirrored but copies and extracts as typed.
      if (piece.typed) withActualText(this.doc, piece.typed, draw);
      else draw();
      x += piece.width;
    }
  }

  rule(color: string) {
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.8)
      .strokeColor(color)
      .stroke();
    this.y += 6;
  }
}

/** A PDF text string in UTF-16BE, as hex. */
const pdfText = (text: string) =>
  `<FEFF${[...text]
    .flatMap((ch) => {
      const units: string[] = [];
      for (let i = 0; i < ch.length; i++)
        units.push(ch.charCodeAt(i).toString(16).padStart(4, '0'));
      return units;
    })
    .join('')
    .toUpperCase()}>`;

/**
 * Runs `draw` (one pdfkit text call) with its glyphs in an ActualText span. The span is opened
 * and closed inside the text object, where the font and text matrix still hold: poppler places
 * the span's text where it ends, and pdfkit's markContent would end it after the text object.
 */
function withActualText(doc: PDFKit.PDFDocument, actual: string, draw: () => void) {
  const add = doc.addContent.bind(doc);
  const wrapped = (data: string) => {
    if (data === 'ET') add('EMC');
    add(data);
    if (data.endsWith(' Tf')) add(`/Span << /ActualText ${pdfText(actual)} >> BDC`);
    return doc;
  };
  const target = doc as unknown as { addContent: (data: string) => PDFKit.PDFDocument };
  target.addContent = wrapped;
  try {
    draw();
  } finally {
    target.addContent = add;
  }
}

/**
 * A level run's pieces by font (logical order), each mirrored character a piece of its own that
 * carries the character as typed.
 */
function mirroredApart(run: LevelRun, weight: Weight) {
  const pieces: { font: EmbeddedFont; text: string; typed?: string }[] = [];
  let at = 0;
  for (const piece of fontRuns(run.text, weight)) {
    let plain = '';
    for (const ch of piece.text) {
      const typed = run.typed.slice(at, at + ch.length);
      at += ch.length;
      if (typed === ch) {
        plain += ch;
        continue;
      }
      if (plain) pieces.push({ font: piece.font, text: plain });
      pieces.push({ font: piece.font, text: ch, typed });
      plain = '';
    }
    if (plain) pieces.push({ font: piece.font, text: plain });
  }
  return pieces;
}

function entry(w: Writer, e: ResumeEntry, body: number) {
  w.ensure(body * 4);
  w.paragraph(e.org ? `${e.title} — ${e.org}` : e.title, { size: body + 0.5, weight: 700 });
  if (e.when) w.paragraph(e.when, { size: body - 1, color: '#4b5563', after: 2 });
  if (e.body) w.paragraph(e.body, { size: body, after: 2 });
  w.y += body * 0.4;
}

/**
 * An A4 document with the embedded fonts registered, and its bytes once `doc.end()` is called:
 * the resume and the invoice are both drawn on one.
 */
export function openPdf(
  lang: string,
  info: { Title: string; Author: string; Subject: string },
): { doc: PDFKit.PDFDocument; done: Promise<Uint8Array> } {
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, lang, displayTitle: true, info });
  for (const font of allFonts()) doc.registerFont(font.id, font.bytes);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The resume as PDF bytes, in the template's look and the document's direction. */
export async function renderResumePdf(resume: ResumeDocument): Promise<Uint8Array> {
  const theme = THEMES[resume.template];
  const { doc, done } = openPdf(resume.lang, {
    Title: resume.name,
    Author: resume.name,
    Subject: resume.headline || resume.name,
  });
  const w = new Writer(doc, resume.dir === 'rtl');
  const header: Style = { size: theme.name, weight: 700, align: 'start' };
  if (theme.band) {
    doc.rect(0, 0, PAGE.width, 112).fill(theme.accent);
    w.y = 30;
    w.paragraph(resume.name, { ...header, color: '#ffffff' });
    if (resume.headline) w.paragraph(resume.headline, { size: 12, color: '#e5edf7' });
    w.paragraph(resume.contacts.join('  |  '), { size: 9, color: '#e5edf7' });
    w.y = 130;
  } else {
    const align = resume.template === 'classic' ? 'center' : 'start';
    w.paragraph(resume.name, { ...header, align, color: theme.accent });
    if (resume.headline) w.paragraph(resume.headline, { size: 12, align, color: '#374151' });
    w.paragraph(resume.contacts.join('  |  '), { size: 9, align, color: '#4b5563', after: 6 });
  }
  for (const section of resume.sections) {
    w.ensure(theme.body * 6);
    w.y += theme.body * 0.6;
    w.paragraph(section.title, { size: theme.body + 2, weight: 700, color: theme.accent });
    w.rule(theme.accent);
    if (section.text) w.paragraph(section.text, { size: theme.body, after: 4 });
    for (const e of section.entries ?? []) entry(w, e, theme.body);
    if (section.items) w.paragraph(section.items.join(' · '), { size: theme.body, after: 4 });
  }
  doc.end();
  return done;
}
