/**
 * Text of a scanned (image-only) PDF by OCR: Debian's poppler `pdftoppm` draws each page as a
 * greyscale PNG and Debian's `tesseract` reads it with the English, Hindi and Arabic models
 * (tesseract-ocr, -hin, -ara; docs/decisions/0049-scanned-resumes-read-by-ocr.md). Nothing is
 * fetched at run time: without the programs or a model `ocrAvailable()` is false and the resume
 * keeps its empty fields and the upload box's honest message.
 *
 * Runs in the background queue (ocr-job.ts), never in the upload request: a page takes ~2 s.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { siteByContext } from '../../../sites';

const run = promisify(execFile);

/** Tesseract's models: every resume may mix English with Hindi or Arabic. */
export const OCR_LANGS = ['eng', 'hin', 'ara'] as const;
/** Pages read (a resume is one to three; a long scan's tail rarely holds a field). */
export const OCR_MAX_PAGES = 4;
/**
 * Dots per inch of the drawn pages: tesseract reads best at 300 (a scan made at 150-200 dpi
 * loses the first letters of large headings and the dots of e-mails at 200).
 */
const OCR_DPI = 300;

/**
 * The models to read a site's scans with, in order: a model for a script the page lacks reads
 * noise as its letters ("cassia ee गत" on an English page), so a site gets the scripts of its
 * seekers only (its site file's `ocrLanguages`, English by default). Without a site, all three.
 */
export function ocrLangsFor(siteContext: string | null | undefined): readonly string[] {
  if (!siteContext) return OCR_LANGS;
  return siteByContext(siteContext)?.ocrLanguages ?? ['eng'];
}
/** One program run gives up after this long (a page takes ~2 s; far longer on a loaded host). */
const OCR_STEP_TIMEOUT_MS = 180_000;

/** A PDF with fewer letters than this in its text layer is taken as scanned. */
const SCANNED_MAX_LETTERS = 20;

/** True when a PDF's text layer is (almost) empty: its pages are pictures. */
export function looksScanned(format: string, text: string): boolean {
  if (format !== 'pdf') return false;
  return (text.match(/\p{L}/gu) ?? []).length < SCANNED_MAX_LETTERS;
}

/**
 * How long "not available" is believed. A check that fails on a busy host (a program timing out,
 * no process to spare) is asked again after this, so one bad moment at start-up doesn't turn OCR
 * off for the life of the process while uploads (another copy of this module) still queue scans.
 */
export const OCR_RECHECK_MS = 60_000;

interface Check {
  result: Promise<boolean>;
  unavailableAt?: number;
}
let check: Check | undefined;

async function programsPresent(): Promise<boolean> {
  try {
    const { stdout, stderr } = await run('tesseract', ['--list-langs'], { timeout: 30_000 });
    const langs = new Set(`${stdout}\n${stderr}`.split(/\s+/));
    if (!OCR_LANGS.every((l) => langs.has(l))) return false;
    await run('pdftoppm', ['-v'], { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * True when tesseract (with the three models) and pdftoppm are installed. A yes is kept for the
 * process; a no for OCR_RECHECK_MS. `OCR_DISABLED=1` turns OCR off (tests of the fallback).
 */
export function ocrAvailable(): Promise<boolean> {
  if (process.env.OCR_DISABLED === '1') return Promise.resolve(false);
  if (check?.unavailableAt !== undefined && Date.now() - check.unavailableAt >= OCR_RECHECK_MS)
    check = undefined;
  if (!check) {
    const current: Check = { result: programsPresent() };
    void current.result.then((yes) => {
      if (!yes) current.unavailableAt = Date.now();
    });
    check = current;
  }
  return check.result;
}

/**
 * Tidies tesseract's output for the parser: bidi marks it puts around Latin runs in Arabic
 * lines go, bullets it reads as "+", "*", "«" or "e" become "•" (at a line's start, and between
 * two items of a bulleted line: "• Guest Relations e Upselling"), runs of spaces shrink. What
 * OCR makes of small marks goes back: a comma after an abbreviation read as a second dot
 * ("Labs Inc.. Cebu" is "Labs Inc., Cebu"), an "I" read as "[" or "|" before the capitals of a
 * currency and its amount ("[DR 6.800.000" is "IDR 6.800.000").
 */
export function cleanOcrText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((line) => {
      const bulleted = /^\s*(?:[+*«»©®¢•·e]|\u00b0)\s+(?=\S)/u.test(line);
      const items = line.replace(/^\s*(?:[+*«»©®¢•·e]|\u00b0)\s+(?=\S)/u, '• ');
      return (bulleted ? items.replace(/(?<=\p{L}\)?)\s+[e©«»]\s+(?=\p{Lu})/gu, ' • ') : items)
        .replace(/(?<=\p{L}{2})\.\.(?=\s+\p{Lu})/gu, '.,')
        .replace(/(?<![\p{L}\p{N}])[[|](?=[A-Z]{2}\s?\d)/gu, 'I')
        .replace(/[ \t]+/g, ' ')
        .trim();
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of every page of a PDF (up to OCR_MAX_PAGES), read by tesseract with the site's
 * models. Throws on failure.
 */
export async function ocrPdfText(bytes: Uint8Array, siteContext?: string | null): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'resume-ocr-'));
  try {
    const pdf = path.join(dir, 'in.pdf');
    await writeFile(pdf, bytes);
    await run(
      'pdftoppm',
      [
        '-r',
        String(OCR_DPI),
        '-gray',
        '-png',
        '-l',
        String(OCR_MAX_PAGES),
        pdf,
        path.join(dir, 'p'),
      ],
      { timeout: OCR_STEP_TIMEOUT_MS },
    );
    const pages = (await readdir(dir)).filter((f) => /^p-\d+\.png$/.test(f)).sort();
    const texts: string[] = [];
    for (const page of pages) {
      const { stdout } = await run(
        'tesseract',
        [path.join(dir, page), '-', '-l', ocrLangsFor(siteContext).join('+'), '--psm', '3'],
        {
          timeout: OCR_STEP_TIMEOUT_MS,
          maxBuffer: 4 * 1024 * 1024,
          // One thread: the worker shares its cores with the web server.
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        },
      );
      texts.push(stdout);
    }
    return cleanOcrText(texts.join('\n\n'));
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
