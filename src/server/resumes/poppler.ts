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
    const options = ['-enc', 'UTF-8', '-nopgbrk', ...(layout ? ['-layout'] : [])];
    const { stdout } = await run('pdftotext', [...options, pdf, '-'], {
      timeout: POPPLER_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
    });
    const text = stdout.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
    return layout ? tableRows(text) : text;
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
