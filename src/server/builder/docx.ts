/**
 * The resume as a Word document (the `docx` package). Word shapes Arabic and Devanagari itself
 * with the reader's fonts, so the file names widely installed fonts per script, marks paragraphs
 * of an Arabic resume right to left (bidi) and stores the text as typed, in runs of one direction
 * each as the Unicode Bidirectional Algorithm resolves them (Arabic runs right to left, Latin
 * words and digits left to right), so Word and other readers agree on the order.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Packer,
  Paragraph,
  TextRun,
  type IRunOptions,
} from 'docx';
import { logicalRuns } from './bidi';
import type { ResumeDocument } from '~/lib/builder/document';

const ACCENT = { classic: '1F2937', modern: '0B4F9C', compact: '374151' } as const;
const BODY = { classic: 21, modern: 21, compact: 19 } as const; // half-points

export async function renderResumeDocx(resume: ResumeDocument): Promise<Uint8Array> {
  const rtl = resume.dir === 'rtl';
  const accent = ACCENT[resume.template];
  const body = BODY[resume.template];
  // One run per bidi level run (bidi.ts): Arabic right to left, Latin words and digits left to
  // right, text as typed; Word reorders them within the paragraph's direction itself.
  const runs = (text: string, options: Omit<IRunOptions, 'text'> = {}) =>
    logicalRuns(text, rtl ? 'rtl' : 'ltr').map(
      (level) =>
        new TextRun({
          text: level.text,
          size: body,
          font: { ascii: 'Calibri', hAnsi: 'Calibri', cs: rtl ? 'Arial' : 'Nirmala UI' },
          rightToLeft: level.rtl,
          ...options,
        }),
    );
  const para = (children: TextRun[], options: { center?: boolean; after?: number } = {}) =>
    new Paragraph({
      children,
      bidirectional: rtl,
      alignment: options.center ? AlignmentType.CENTER : AlignmentType.START,
      spacing: { after: options.after ?? 60 },
    });
  const center = resume.template === 'classic';
  const children: Paragraph[] = [
    para(runs(resume.name, { bold: true, size: 40, color: accent, sizeComplexScript: 40 }), {
      center,
    }),
  ];
  if (resume.headline) children.push(para(runs(resume.headline, { size: 24 }), { center }));
  children.push(para(runs(resume.contacts.join('  |  '), { size: 18 }), { center, after: 200 }));
  for (const section of resume.sections) {
    children.push(
      new Paragraph({
        children: runs(section.title, { bold: true, size: body + 4, color: accent }),
        bidirectional: rtl,
        spacing: { before: 200, after: 80 },
        border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: accent, space: 2 } },
      }),
    );
    if (section.text) children.push(para(runs(section.text)));
    for (const e of section.entries ?? []) {
      children.push(
        para(runs(e.org ? `${e.title} — ${e.org}` : e.title, { bold: true }), { after: 20 }),
      );
      if (e.when)
        children.push(para(runs(e.when, { color: '4B5563', size: body - 2 }), { after: 40 }));
      if (e.body) children.push(para(runs(e.body)));
    }
    if (section.items) children.push(para(runs(section.items.join(' · '))));
  }
  const doc = new Document({
    creator: resume.name,
    title: resume.name,
    description: resume.headline,
    styles: { default: { document: { run: { size: body } } } },
    sections: [
      {
        properties: { page: { margin: { top: 900, bottom: 900, left: 1000, right: 1000 } } },
        children,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
