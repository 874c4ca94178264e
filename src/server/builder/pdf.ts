/**
 * The resume as a PDF (pdfkit, which shapes text with fontkit: Arabic joining forms and
 * Devanagari conjuncts and vowel signs). pdfkit draws each call left to right and has no bidi or
 * font fallback, so this file lays lines out itself: words are measured run by run in the font
 * that has their glyphs (fonts.ts), wrapped to the column, and placed in visual order: right to
 * left for Arabic paragraphs, with Latin words and numbers kept left to right inside them.
 * Devanagari runs carry their text as ActualText, so copying or extracting gives the typed text
 * rather than the shaped glyph order; Arabic reads back as typed through its font's glyph map. See docs/decisions/0018-resume-documents.md.
 */
import PDFDocument from 'pdfkit';
import { allFonts, fontRuns, isArabic, type EmbeddedFont, type Weight } from './fonts';
import type { ResumeDocument, ResumeEntry } from '~/lib/builder/document';

export interface Style {
  size: number;
  weight?: Weight;
  color?: string;
  align?: 'start' | 'center';
  /** Space after the paragraph, in points. */
  after?: number;
}
interface Word {
  runs: { font: EmbeddedFont; text: string; width: number }[];
  width: number;
  rtl: boolean;
  /** Has letters of a script with a direction (digits and signs take the paragraph's). */
  strong: boolean;
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

  private measure(text: string, size: number, weight: Weight): Word {
    const runs = fontRuns(text, weight).map((r) => {
      this.doc.font(r.font.id).fontSize(size);
      return { ...r, width: this.doc.widthOfString(r.text, shaping(r.font)) };
    });
    return {
      runs,
      width: runs.reduce((sum, r) => sum + r.width, 0),
      rtl: isArabic(text),
      strong: /\p{L}/u.test(text),
    };
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
    const words = text
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => this.measure(w, style.size, weight));
    const lines: Word[][] = [[]];
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
      if (line.length === 0) continue;
      this.ensure(lineHeight);
      const logical = line.map((w) => w.runs.map((r) => r.text).join('')).join(' ');
      const actual = DEVANAGARI.test(logical);
      if (actual) this.doc.markContent('Span', { actual: logical });
      this.drawLine(line, style, space, this.y + style.size);
      if (actual) this.doc.endMarkedContent();
      this.y += lineHeight;
    }
    this.y += style.after ?? 0;
  }

  /** Words of one line in visual order, placed from the start or centre of the column. */
  private drawLine(line: Word[], style: Style, space: number, baseline: number) {
    const groups: { rtl: boolean; words: Word[] }[] = [];
    for (const word of line) {
      const rtl = word.strong ? word.rtl : this.rtl;
      const last = groups.at(-1);
      if (last && last.rtl === rtl) last.words.push(word);
      else groups.push({ rtl, words: [word] });
    }
    if (this.rtl) groups.reverse();
    const visual = groups.flatMap((g) => (g.rtl ? [...g.words].reverse() : g.words));
    const total = visual.reduce((sum, w) => sum + w.width, 0) + space * (visual.length - 1);
    let x =
      style.align === 'center'
        ? this.left + (this.width - total) / 2
        : this.rtl
          ? this.left + this.width - total
          : this.left;
    this.doc.fillColor(style.color ?? '#111827');
    for (const word of visual) {
      let cx = x;
      for (const run of word.rtl ? [...word.runs].reverse() : word.runs) {
        this.doc.font(run.font.id).fontSize(style.size);
        this.doc.text(run.text, cx, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          ...shaping(run.font),
        });
        cx += run.width;
      }
      x += word.width + space;
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

function entry(w: Writer, e: ResumeEntry, body: number) {
  w.ensure(body * 4);
  w.paragraph(e.org ? `${e.title} — ${e.org}` : e.title, { size: body + 0.5, weight: 700 });
  if (e.when) w.paragraph(e.when, { size: body - 1, color: '#4b5563', after: 2 });
  if (e.body) w.paragraph(e.body, { size: body, after: 2 });
  w.y += body * 0.4;
}

/** The resume as PDF bytes, in the template's look and the document's direction. */
export async function renderResumePdf(resume: ResumeDocument): Promise<Uint8Array> {
  const theme = THEMES[resume.template];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: resume.lang,
    displayTitle: true,
    info: { Title: resume.name, Author: resume.name, Subject: resume.headline || resume.name },
  });
  for (const font of allFonts()) doc.registerFont(font.id, font.bytes);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
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
