/**
 * A PDF's text by Debian's poppler (`pdftotext`, poppler-utils, installed beside the OCR tools):
 * used where PDF.js reads a text layer badly. Browsers' PDFs draw Devanagari conjuncts and
 * Arabic letters as glyphs that PDF.js maps to nothing or to presentation forms drawn right to
 * left; poppler maps them from the font's own tables and gives the text in reading order, right
 * to left lines included. Without the program, null (the caller keeps PDF.js's text).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { headingKind } from './parse/text';

const run = promisify(execFile);

/** pdftotext of a resume takes ~50 ms; on a loaded host the upload still answers in time. */
const POPPLER_TIMEOUT_MS = 5_000;

/**
 * Text of the PDF in reading order with its embedding marks removed, or null. With `layout`,
 * each line as it stands on the page (a table's rows with their cells side by side, apart by
 * runs of spaces), for a page whose text items show a table: in reading order poppler gives
 * a table column by column.
 */
export async function popplerText(bytes: Uint8Array, layout = false): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'resume-text-'));
  try {
    const pdf = path.join(dir, 'in.pdf');
    await writeFile(pdf, bytes);
    const read = async (laidOut: boolean) => {
      const options = ['-enc', 'UTF-8', '-nopgbrk', ...(laidOut ? ['-layout'] : [])];
      const { stdout } = await run('pdftotext', [...options, pdf, '-'], {
        timeout: POPPLER_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
      });
      return stdout.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
    };
    const laidOut = await read(true);
    if (layout) return tableRows(laidOut);
    // A page of two columns (a sidebar beside the main column): poppler's reading order mixes
    // their lines row by row, so each column is read whole, the left one first.
    return columnsApart(laidOut) ?? (await read(false));
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

interface Cell {
  column: number;
  text: string;
}

/** A laid-out line's cells: text apart from the next by three spaces or more. */
function cellsOf(line: string): Cell[] {
  return [...line.matchAll(/\S+(?: {1,2}\S+)*/g)].map((m) => ({ column: m.index, text: m[0] }));
}

/**
 * Laid-out lines as rows of cells parted by tabs, a cell's text broken over lines joined again:
 * a line of one cell that starts where a later cell of the row above starts ("Indian Institute
 * of Social" / "Welfare and Business" / "Management (IISWBM),") goes on that cell.
 */
export function tableRows(text: string): string {
  const rows: Cell[][] = [];
  let previous: Cell[] | null = null;
  for (const line of text.split('\n')) {
    const cells = cellsOf(line);
    const only = cells.length === 1 ? cells[0]! : null;
    const above =
      only && previous ? previous.findIndex((c) => Math.abs(c.column - only.column) <= 1) : -1;
    if (only && previous && above > 0) {
      previous[above]!.text += ` ${only.text}`;
      continue;
    }
    rows.push(cells);
    previous = cells.length >= 2 ? cells : null;
  }
  return rows.map((cells) => cells.map((c) => c.text).join('\t')).join('\n');
}

/**
 * A laid-out page of two columns read one after the other, or null when the page is not one.
 * The gutter is the character column that most lines leave blank with text on both sides,
 * which few lines cross (a title across the page may); lines are parted at the run of spaces
 * over it. The column that opens with a heading (a sidebar's "CONTACT") comes second.
 */
export function columnsApart(text: string): string | null {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 10) return null;
  const width = Math.max(...lines.map((l) => l.length));
  let best: { column: number; both: number } | null = null;
  for (let column = 12; column < width - 12; column++) {
    let both = 0;
    let crossing = 0;
    for (const line of lines) {
      const left = line.slice(0, column - 1);
      const right = line.slice(column + 2);
      const blank = /^ *$/.test(line.slice(column - 1, column + 2));
      if (!blank) crossing += 1;
      else if (left.trim() && right.trim()) both += 1;
    }
    if (crossing > lines.length * 0.1 || both < Math.max(5, lines.length * 0.3)) continue;
    if (!best || both > best.both) best = { column, both };
  }
  if (!best) return null;
  const { column } = best;
  const left: string[] = [];
  const right: string[] = [];
  for (const line of lines) {
    if (!/^ *$/.test(line.slice(column - 1, column + 2))) {
      left.push(line.trim());
      continue;
    }
    const l = line.slice(0, column).trim();
    const r = line.slice(column).trim();
    if (l) left.push(l);
    if (r) right.push(r);
  }
  // The column that opens with the name, not with a heading ("CONTACT"), comes first.
  const [first, second] =
    headingKind(left[0] ?? '') && !headingKind(right[0] ?? '') ? [right, left] : [left, right];
  return `${first.join('\n')}\n\n${second.join('\n')}`;
}
