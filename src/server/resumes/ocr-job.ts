/**
 * The background job that reads scanned resumes (queue `resume-ocr`, every minute and woken by
 * an upload): each resume left 'queued' by the upload is drawn and read by tesseract (ocr.ts),
 * its text parsed like any other, and its fields stored.
 *
 * Safe to repeat: a run claims a row by counting an attempt (so a file that kills the worker is
 * given up after OCR_MAX_ATTEMPTS), and the fields are written in one statement only while the
 * row is still 'queued' with nothing read; a second run, or one after a worker died midway, finds
 * nothing left or reads the same file to the same fields. Only `resumes.parsed` is written: what
 * the seeker entered in their profile always wins over it (pre-fill reads it only where the
 * profile is empty).
 */
import { and, asc, eq } from 'drizzle-orm';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import type { BackgroundJob } from '~/server/background/queue';
import { getStorage, type StorageAdapter } from '~/server/adapters/storage';
import type { Queryable } from '~/server/db/client';
import { resumes } from '~/server/db/schema-resumes';
import { sitePlacesByContext } from '~/server/reference/places';
import { hasAnyField, parseResumeText, type ParseOptions } from './parse';
import { ocrAvailable, ocrPdfText } from './ocr';

export const RESUME_OCR_JOB = 'resume-ocr';
/** Runs a resume gets before it is left with empty fields ('failed'). */
export const OCR_MAX_ATTEMPTS = 3;
/** Resumes read per run (~2 s a page); the next run, a minute later, takes the rest. */
const BATCH = 3;

export interface OcrRunOptions {
  storage?: StorageAdapter;
  /** Reads a PDF's text (tests pass a stand-in; default tesseract when installed). */
  read?: (bytes: Uint8Array, siteContext: string | null) => Promise<string>;
  now?: Date;
}

/** What the upload would have used: the ISD code and currency of the site's first country. */
function parseOptionsFor(siteContext: string | null, now?: Date): ParseOptions {
  const country = siteContext ? sitePlacesByContext.get(siteContext)?.countries[0] : undefined;
  // Read by OCR: a name or company in it is never taken as sure (the drop zone asks to check).
  const options: ParseOptions = now ? { now, scanned: true } : { scanned: true };
  if (!country) return options;
  let isd: string | undefined;
  try {
    isd = getCountryCallingCode(country.code as CountryCode);
  } catch {
    isd = undefined;
  }
  return { ...options, ...(isd ? { defaultIsd: isd } : {}), defaultCurrency: country.currency };
}

/** Reads the queued scans; returns how many got fields, none, or were given up. */
export async function readQueuedScans(
  db: Queryable,
  options: OcrRunOptions = {},
): Promise<{ parsed: number; empty: number; failed: number }> {
  const tally = { parsed: 0, empty: 0, failed: 0 };
  const read = options.read ?? ((await ocrAvailable()) ? ocrPdfText : null);
  if (!read) return tally;
  const storage = options.storage ?? getStorage();
  const queued = await db
    .select({
      id: resumes.id,
      storageKey: resumes.storageKey,
      siteContext: resumes.siteContext,
      attempts: resumes.ocrAttempts,
    })
    .from(resumes)
    .where(eq(resumes.ocrState, 'queued'))
    .orderBy(asc(resumes.createdAt))
    .limit(BATCH);
  const stillQueued = (id: string) => and(eq(resumes.id, id), eq(resumes.ocrState, 'queued'));

  for (const row of queued) {
    if (row.attempts >= OCR_MAX_ATTEMPTS) {
      await db.update(resumes).set({ ocrState: 'failed' }).where(stillQueued(row.id));
      tally.failed++;
      continue;
    }
    // The claim: only the worker that moves the count from what it read goes on.
    const claimed = await db
      .update(resumes)
      .set({ ocrAttempts: row.attempts + 1 })
      .where(and(stillQueued(row.id), eq(resumes.ocrAttempts, row.attempts)))
      .returning({ id: resumes.id });
    if (claimed.length === 0) continue;
    try {
      const bytes = await storage.get(row.storageKey);
      if (!bytes) {
        await db.update(resumes).set({ ocrState: 'failed' }).where(stillQueued(row.id));
        tally.failed++;
        continue;
      }
      const parsed = parseResumeText(
        await read(bytes, row.siteContext),
        parseOptionsFor(row.siteContext, options.now),
      );
      const status = hasAnyField(parsed) ? 'parsed' : 'empty';
      // Never over fields read before: only a row still queued with nothing read gets them.
      await db
        .update(resumes)
        .set({ parsed, parseStatus: status, ocrState: 'done' })
        .where(and(stillQueued(row.id), eq(resumes.parseStatus, 'empty')));
      tally[status]++;
    } catch (error) {
      // Left queued: the next run tries again, up to OCR_MAX_ATTEMPTS.
      console.warn(`[resumes] OCR of ${row.id} failed:`, (error as Error).message);
    }
  }
  return tally;
}

export const resumeOcrJob: BackgroundJob = {
  name: RESUME_OCR_JOB,
  cron: '* * * * *',
  // Room for BATCH files of OCR_MAX_PAGES pages at the step time limit on a loaded host.
  expireInSeconds: 40 * 60,
  run: (db) => readQueuedScans(db),
};
