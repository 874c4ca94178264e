/**
 * Whether OCR is installed (ocr.ts ocrAvailable), with stand-in programs on PATH: a check that
 * failed (a program timing out on a busy host) is asked again after OCR_RECHECK_MS instead of
 * leaving scans queued for the life of the process; a yes is kept.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OCR_RECHECK_MS, ocrAvailable } from '~/server/resumes/ocr';

let dir: string;
let savedPath: string | undefined;
const program = (name: string, script: string) =>
  writeFileSync(path.join(dir, name), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
const FAILING = 'exit 1';
const LISTING = 'printf "List of available languages (3):\\nara\\neng\\nhin\\n"';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ocr-check-'));
  savedPath = process.env.PATH;
  process.env.PATH = `${dir}:${savedPath ?? ''}`;
  delete process.env.OCR_DISABLED;
  program('pdftoppm', 'echo "pdftoppm version 22.02.0" >&2');
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  process.env.PATH = savedPath;
  rmSync(dir, { recursive: true, force: true });
});

describe('whether OCR is installed', () => {
  it('asks again a while after a check that failed, then keeps the yes', async () => {
    program('tesseract', FAILING);
    expect(await ocrAvailable()).toBe(false);

    program('tesseract', LISTING);
    vi.setSystemTime(Date.now() + OCR_RECHECK_MS - 1_000);
    expect(await ocrAvailable()).toBe(false);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await ocrAvailable()).toBe(true);

    program('tesseract', FAILING);
    vi.setSystemTime(Date.now() + 10 * OCR_RECHECK_MS);
    expect(await ocrAvailable()).toBe(true);
  });
});
