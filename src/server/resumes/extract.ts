/**
 * Plain text of a resume in each allowed format: unpdf (PDF.js) for PDF, mammoth for DOCX,
 * word-extractor for DOC, our converter for RTF, and a BOM-aware decoder for TXT. The libraries
 * are imported on first use so the server starts without loading PDF.js.
 *
 * `extractResumeText` throws on a file its library cannot read (encrypted PDF, corrupt DOCX...);
 * the caller (parseResumeFile) turns that into parse status 'failed' and keeps the file.
 */
import { strFromU8, unzipSync } from 'fflate';
import { checkArchive } from './archive';
import type { ResumeFormat } from './format';
import { decodeText, zipEntries } from './format';
import { alefLamInPlace } from './parse/alef-lam';
import { headingKind } from './parse/text';
import { toLogicalOrder } from './parse/logical';
import { pageText, type TextRun } from './parse/runs';
import { popplerText } from './poppler';
import { rtfToText } from './rtf';

/** A DOCX whose document.xml claims to inflate beyond this is not extracted (zip bomb guard). */
export const MAX_DOCX_XML_BYTES = 40 * 1024 * 1024;

export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

/**
 * The first page's title: the line in the largest type in the top half, when it stands out (the
 * name, in most resumes). A sidebar drawn before the main column would otherwise put it after
 * the contact block, skills and education; it is given first, as a reader sees it.
 */
function titleLine(runs: (TextRun & { y: number })[], height: number): string | null {
  const lettered = runs.filter((r) => /\p{L}/u.test(r.str));
  if (lettered.length < 5) return null;
  const sizes = lettered.map((r) => r.size).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)]!;
  const largest = sizes.at(-1)!;
  if (largest < median * 1.3) return null;
  const big = lettered.filter((r) => r.size >= largest * 0.95);
  // A name in large type may be broken over two or three lines ("Aishwarya" / "Ramachandran"):
  // its lines follow one another at a line's height.
  const ys = [...new Set(big.map((r) => Math.round(r.y)))].sort((a, b) => b - a);
  const y = ys[0]!;
  if (y < height * 0.5 || ys.length > 3) return null;
  if (ys.some((v, i) => i > 0 && ys[i - 1]! - v > largest * 1.6)) return null;
  let line = '';
  let end = -Infinity;
  for (const r of big.sort((a, b) => Math.round(b.y) - Math.round(a.y) || a.x - b.x)) {
    // Runs that touch are one word ("Sya" "fi" "qah": a ligature drawn on its own).
    line += line && Math.abs(r.x - end) < r.size * 0.15 ? r.str.trim() : ` ${r.str.trim()}`;
    end = r.x + r.width;
  }
  line = line.replace(/\s+/g, ' ').trim();
  if (line.length > 60 || PRESENTATION_FORMS.test(line)) return null;
  // The runs stay where they are too: the title is read twice, first on its own.
  return line;
}
const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFF\u0590-\u08FF]/;

/** A run of Arabic-Indic digits, with the Arabic thousands and decimal signs inside it. */
const ARABIC_DIGIT_RUN = /[\u0660-\u0669](?:[\u0660-\u0669\u066b\u066c]*[\u0660-\u0669])?/g;
const asAscii = (run: string) =>
  run.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
const plausibleYear = (digits: string) => /^(?:19[5-9]\d|20[0-3]\d)$/.test(digits);

/**
 * Some writers (LibreOffice in right-to-left paragraphs) draw Arabic-Indic numbers digit by
 * digit from the right, so the text layer holds each number reversed ("١٢٠٢" for 2021,
 * "٠٠٠٬٢٢" for 22,000). When the four-digit runs read as years only backwards, every run is
 * turned back.
 */
export function digitRunsInOrder(text: string): string {
  const years = (text.match(ARABIC_DIGIT_RUN) ?? []).map(asAscii).filter((r) => r.length === 4);
  const forwards = years.filter(plausibleYear).length;
  const backwards = years.filter((r) => plausibleYear([...r].reverse().join(''))).length;
  if (backwards === 0 || backwards <= forwards) return text;
  return text.replace(ARABIC_DIGIT_RUN, (run) => [...run].reverse().join(''));
}

/**
 * Devanagari whose glyphs PDF.js could not all map (C0 controls for conjuncts, the reph, the
 * short i): a browser's PDF, which poppler reads whole ("श्री" where PDF.js gives "ी").
 */
export function unmappedDevanagari(strings: readonly string[]): boolean {
  const text = strings.join('');
  return /[\u0900-\u097F]/.test(text) && /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  // PDF.js may transfer (detach) the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(bytes.slice(), { isEvalSupported: false });
  try {
    const text: string[] = [];
    // Addresses behind links ("LinkedIn" drawn as a word) are read after the pages.
    const links: string[] = [];
    const strings: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      for (const annotation of (await page.getAnnotations()) as { url?: unknown }[]) {
        if (typeof annotation.url === 'string' && /^https?:\/\//.test(annotation.url))
          links.push(annotation.url);
      }
      const content = await page.getTextContent();
      const runs: (TextRun & { y: number })[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        strings.push(item.str);
        const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
        runs.push({ ...item, x, y, size: Math.hypot(a, b) });
      }
      const top = n === 1 ? titleLine(runs, page.view[3] ?? 842) : null;
      const body = pageText(runs);
      text.push(top && !body.trimStart().startsWith(top) ? `${top}\n${body}` : body);
    }
    // A table's rows of three cells or more (items far apart on one line, parted by tabs) are
    // kept as rows; two cells a line are more often two columns of a page, read one by one.
    const tableRows = text
      .join('\n')
      .split('\n')
      .filter((line) => /\S\s*\t\s*\S.*\S\s*\t\s*\S/.test(line)).length;
    const poppler = unmappedDevanagari(strings) ? await popplerText(bytes, tableRows >= 2) : null;
    if (poppler && /\p{L}/u.test(poppler)) return `${poppler}\n\n${links.join('\n')}`;
    // Glyphs come as drawn: Arabic right to left in presentation forms, Devanagari reordered,
    // the article's alef of some producers misplaced.
    return `${alefLamInPlace(digitRunsInOrder(toLogicalOrder(text.join('\n\n'))))}\n\n${links.join('\n')}`;
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const xml = zipEntries(bytes)?.find((e) => e.name === 'word/document.xml');
  if (!xml) throw new ExtractionError('word/document.xml is missing');
  if (xml.uncompressedSize > MAX_DOCX_XML_BYTES) {
    throw new ExtractionError(`word/document.xml inflates to ${xml.uncompressedSize} bytes`);
  }
  const archive = checkArchive(bytes);
  if (!archive.ok) throw new ExtractionError(archive.reason);
  const mammoth = (await import('mammoth')).default;
  // HTML rather than extractRawText: raw text drops line breaks (Shift+Enter), gluing lines.
  const result = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes) },
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  // mammoth leaves out page headers and footers, where many resumes keep the contact line, and
  // the addresses behind hyperlinks ("LinkedIn Profile"): headers go first, footers and links last.
  const parts = docxParts(bytes);
  return [parts.headers, htmlToText(result.value), parts.footers, parts.links].join('\n\n');
}

/** Text of a WordprocessingML part: one line per paragraph, tabs kept, entities decoded. */
function wordXmlText(xml: string): string {
  return xml
    .split(/<\/w:p>/)
    .map((p) =>
      [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|br)\/>/g)]
        .map((m) => (m[2] === 'tab' ? '\t' : m[2] === 'br' ? '\n' : decodeEntities(m[1]!)))
        .join(''),
    )
    .filter((line) => line.trim() !== '')
    .join('\n');
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');

/** A DOCX's page headers and footers (each once) and its external hyperlink addresses. */
function docxParts(bytes: Uint8Array): { headers: string; footers: string; links: string } {
  // Safe to inflate: checkArchive has bounded every part.
  const files = unzipSync(bytes, {
    filter: (f) =>
      /^word\/(?:header|footer)\d*\.xml$|^word\/_rels\/document\.xml\.rels$/.test(f.name),
  });
  const texts = (kind: string) => {
    const seen = new Set<string>();
    return Object.keys(files)
      .filter((name) => name.startsWith(`word/${kind}`))
      .sort()
      .map((name) => wordXmlText(strFromU8(files[name]!)))
      .filter((text) => text !== '' && !seen.has(text) && seen.add(text))
      .join('\n');
  };
  const rels = files['word/_rels/document.xml.rels'];
  const links = rels
    ? [...strFromU8(rels).matchAll(/Target="(https?:\/\/[^"]+)"[^>]*TargetMode="External"/g)]
        .map((m) => decodeEntities(m[1]!))
        .join('\n')
    : '';
  return { headers: texts('header'), footers: texts('footer'), links };
}

async function docText(bytes: Uint8Array): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(Buffer.from(bytes));
  // Headers first: some resumes keep the name and contact line in the page header.
  const headers = doc.getHeaders({ includeFooters: false }).trim();
  const body = doc.getBody();
  return headers ? `${headers}\n\n${body}` : body;
}

const BLOCK = /<(p|li|h[1-6])\b[^>]*>([\s\S]*?)<\/\1>/gi;
const plain = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A table used for the page's layout (a sidebar beside the main column, each a cell holding
 * whole sections): a cell with paragraphs one of which is a section heading. Such a row's cells
 * are read one after another, a line a paragraph, not as one line of cells, the cell with the
 * title first; null for a row of data (a job, a degree).
 */
function layoutRow(row: string): string | null {
  const cells = row
    .split(/<\/t[dh]>/i)
    .map((cell) => [...cell.matchAll(BLOCK)].map((m) => plain(m[2]!)).filter(Boolean));
  const layout = cells.some(
    (blocks) => blocks.length >= 2 && blocks.some((b) => b.length <= 40 && headingKind(b)),
  );
  if (!layout) return null;
  // The cell that does not open with a heading holds the page's title (the name): it goes first.
  const titled = (blocks: string[]) => blocks.length > 0 && !headingKind(blocks[0]!);
  cells.sort((a, b) => Number(titled(b)) - Number(titled(a)));
  return `\n${cells.map((blocks) => blocks.map(escapeText).join('<br>')).join('<br><br>')}\n`;
}
const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text of an HTML page saved with a .doc/.txt name (old "Save as Word" tools did that). */
function htmlToText(html: string): string {
  return (
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, ' ')
      // A table row is one line, its cells apart by tabs (Word keeps a paragraph in every cell).
      .replace(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi, (whole, row: string) => layoutRow(row) ?? whole)
      .replace(
        /<tr\b[^>]*>([\s\S]*?)<\/tr>/gi,
        (_, row: string) =>
          `\n${row
            .split(/<\/t[dh]>/i)
            .map((cell) =>
              cell
                // A line break inside a cell parts two things ("B.Sc Civil Engineering" and
                // the university under it): kept as a dash, which the field rules split at.
                .replace(/(?<=[^>\s][^<]*)<br\s*\/?>(?=\s*[^<\s])/gi, ' — ')
                // So does a paragraph's end inside a cell ("Name" over "Title" in one cell).
                .replace(
                  /<\/(?:p|li)>\s*(?=(?:<[ou]l\b[^>]*>\s*)?<(?:p|li)\b[^>]*>\s*(?:<[^>]+>\s*)*[^<\s])/gi,
                  ' — ',
                )
                .replace(/<[^>]+>/g, ' ')
                .replace(/\s+/g, ' ')
                .trim(),
            )
            .filter(Boolean)
            .join('\t')}\n`,
      )
      .replace(
        /<\/?(br|p|div|li|h[1-6]|tr|table|section|header|footer|ul|ol|dl|dt|dd|pre|blockquote|article)\b[^>]*>/gi,
        '\n',
      )
      .replace(/<\/?t[dh]\b[^>]*>/gi, '\t')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/gi, ' ')
      .replace(/&amp;/gi, '&')
      .replace(/&lt;/gi, '<')
      .replace(/&gt;/gi, '>')
      .replace(/&quot;/gi, '"')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
  );
}

function txtText(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === null) throw new ExtractionError('not valid UTF-8 or UTF-16 text');
  return /^\s*(<!doctype html|<html)/i.test(text) ? htmlToText(text) : text;
}

/** The text of a file in a detected format; throws when its library cannot read it. */
export async function extractResumeText(bytes: Uint8Array, format: ResumeFormat): Promise<string> {
  switch (format) {
    case 'pdf':
      return pdfText(bytes);
    case 'docx':
      return docxText(bytes);
    case 'doc':
      return docText(bytes);
    case 'rtf':
      return rtfToText(bytes);
    case 'txt':
      return txtText(bytes);
  }
}
