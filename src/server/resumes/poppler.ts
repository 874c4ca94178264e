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

/** Text of the PDF in reading order with its embedding marks removed, or null. */
export async function popplerText(bytes: Uint8Array): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'resume-text-'));
  try {
    const pdf = path.join(dir, 'in.pdf');
    await writeFile(pdf, bytes);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-nopgbrk', pdf, '-'], {
      timeout: POPPLER_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
    });
    return stdout.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
