/**
 * The resumes service: parse an uploaded file, store it with its owner, find it again for its
 * owner only, and hand a guest's uploads over to the account they register.
 *
 * Other domains call these, never the `resumes` table:
 * - registration (`/seeker/registration?resume=<id>`): `getResumePrefill(id, viewer)` gives the
 *   parsed fields to pre-fill, for the browser that uploaded it (guest cookie) or its user;
 *   after creating the user, `claimGuestResumes(guestToken, userId)` makes them the user's.
 * - profile and dashboard: `latestResume(userId)` (profile score: has a resume),
 *   `listUserResumes(userId)` (the resumes a named profile can show).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { RESUME_MIME_TYPES } from '~/lib/validation/resume';
import { sha256Hex } from '~/server/tokens';
import {
  getStorage,
  ownerKey,
  type StorageAdapter,
  type StorageOwner,
} from '~/server/adapters/storage';
import { getDb, type Queryable } from '~/server/db/client';
import { manyPart } from '~/server/db/json-rows';
import {
  resumes,
  type Resume,
  type ResumeParsedJson,
  type ResumeParseStatus,
} from '~/server/db/schema-resumes';
import { extractResumeText } from './extract';
import { looksScanned } from './ocr';
import type { ResumeFormat } from './format';
import {
  EMPTY_PARSE,
  hasAnyField,
  parseResumeText,
  type ParsedResume,
  type ParseOptions,
} from './parse';

/** A parse that found nothing (every field empty). */
export { EMPTY_PARSE };

/** A guest keeps access to their uploads this long (enough to finish registering later). */
export const GUEST_COOKIE_DAYS = 30;

export interface ResumeOptions {
  db?: Queryable;
  storage?: StorageAdapter;
}

/** Who is asking: the logged-in user and/or the guest cookie's raw token. */
export interface ResumeViewer {
  userId?: string | null;
  guestToken?: string | null;
}

/** Reading a file gives up after this long (a pathological PDF must not hold the request). */
export const PARSE_TIMEOUT_MS = 20_000;

export interface ParseOutcome {
  parsed: ParsedResume;
  status: ResumeParseStatus;
  /** Characters of text extracted (0 when none or failed). */
  textLength: number;
  /** A PDF without a text layer: its pages are pictures (OCR may read it, ocr-job.ts). */
  scanned?: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Text and fields of a file in a detected format. Never rejects: a file its library cannot read
 * gives status 'failed' with empty fields, one without fields 'empty'.
 */
export async function parseResumeFile(
  bytes: Uint8Array,
  format: ResumeFormat,
  options: ParseOptions & { timeoutMs?: number } = {},
): Promise<ParseOutcome> {
  let text: string;
  try {
    text = await withTimeout(
      extractResumeText(bytes, format),
      options.timeoutMs ?? PARSE_TIMEOUT_MS,
    );
  } catch (error) {
    console.warn(`[resumes] could not read a ${format} file:`, (error as Error).message);
    return {
      parsed: { ...EMPTY_PARSE, skills: [], education: [] },
      status: 'failed',
      textLength: 0,
    };
  }
  const parsed = parseResumeText(text, options);
  const status = hasAnyField(parsed) ? 'parsed' : 'empty';
  return {
    parsed,
    status,
    textLength: text.length,
    scanned: status === 'empty' && looksScanned(format, text),
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isResumeId = (id: string): boolean => UUID_RE.test(id);

export interface StoreResumeInput {
  owner: { userId: string } | { guestToken: string };
  fileName: string;
  bytes: Uint8Array;
  format: ResumeFormat;
  parse: ParseOutcome;
  siteContext?: string | null;
  /** Leave the file to the OCR queue (a scanned PDF, with OCR installed). */
  queueOcr?: boolean;
}

/**
 * Stores the file and its row. The file goes first; if the row cannot be written the file is
 * removed again, so storage never keeps a file no row points at.
 */
export async function storeResume(
  input: StoreResumeInput,
  options: ResumeOptions = {},
): Promise<Resume> {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const id = randomUUID();
  const guestTokenHash = 'guestToken' in input.owner ? sha256Hex(input.owner.guestToken) : null;
  const owner: StorageOwner =
    'userId' in input.owner ? { userId: input.owner.userId } : { guestTokenHash: guestTokenHash! };
  const storageKey = ownerKey(owner, 'resumes', `${id}.${input.format}`);
  await storage.put(storageKey, input.bytes, { contentType: RESUME_MIME_TYPES[input.format] });
  try {
    const [row] = await db
      .insert(resumes)
      .values({
        id,
        ownerUserId: 'userId' in input.owner ? input.owner.userId : null,
        guestTokenHash,
        storageKey,
        fileName: input.fileName,
        mime: RESUME_MIME_TYPES[input.format],
        size: input.bytes.byteLength,
        format: input.format,
        parsed: input.parse.parsed,
        parseStatus: input.parse.status,
        ocrState: input.queueOcr ? 'queued' : null,
        siteContext: input.siteContext ?? null,
      })
      .returning();
    return row!;
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** True when the viewer owns the row: its user, or the browser holding its guest token. */
function owns(row: Resume, viewer: ResumeViewer): boolean {
  if (row.ownerUserId) return !!viewer.userId && viewer.userId === row.ownerUserId;
  return (
    !!viewer.guestToken &&
    !!row.guestTokenHash &&
    sha256Hex(viewer.guestToken) === row.guestTokenHash
  );
}

/** The resume if the viewer owns it; null otherwise (also for ids that are not UUIDs). */
export async function findOwnedResume(
  id: string,
  viewer: ResumeViewer,
  options: ResumeOptions = {},
): Promise<Resume | null> {
  if (!isResumeId(id) || (!viewer.userId && !viewer.guestToken)) return null;
  const db = options.db ?? (await getDb());
  const [row] = await db.select().from(resumes).where(eq(resumes.id, id)).limit(1);
  return row && owns(row, viewer) ? row : null;
}

/** The stored file of a resume the viewer owns, with what a download needs; null otherwise. */
export async function readOwnedResume(
  id: string,
  viewer: ResumeViewer,
  options: ResumeOptions = {},
): Promise<{ resume: Resume; bytes: Uint8Array<ArrayBuffer> } | null> {
  const resume = await findOwnedResume(id, viewer, options);
  if (!resume) return null;
  const bytes = await (options.storage ?? getStorage()).get(resume.storageKey);
  return bytes ? { resume, bytes } : null;
}

/** What registration pre-fills from an uploaded resume. */
export interface ResumePrefill {
  resumeId: string;
  fileName: string;
  parseStatus: ResumeParseStatus;
  /** A scanned resume the OCR queue has not read yet: its fields come later. */
  reading: boolean;
  parsed: ResumeParsedJson;
}

/** The parsed fields of a resume the viewer owns, for the registration form; null otherwise. */
export async function getResumePrefill(
  id: string,
  viewer: ResumeViewer,
  options: ResumeOptions = {},
): Promise<ResumePrefill | null> {
  const resume = await findOwnedResume(id, viewer, options);
  if (!resume) return null;
  return {
    resumeId: resume.id,
    fileName: resume.fileName,
    parseStatus: resume.parseStatus,
    reading: resume.ocrState === 'queued',
    parsed: resume.parsed ?? { ...EMPTY_PARSE, skills: [], education: [] },
  };
}

/**
 * Makes every resume the guest token uploaded the user's (at registration or login); returns
 * their ids. The token stops working for them, so a shared computer's next guest can't read them.
 */
export async function claimGuestResumes(
  guestToken: string,
  userId: string,
  options: ResumeOptions = {},
): Promise<string[]> {
  if (!guestToken) return [];
  const db = options.db ?? (await getDb());
  const rows = await db
    .update(resumes)
    .set({ ownerUserId: userId, guestTokenHash: null })
    .where(and(eq(resumes.guestTokenHash, sha256Hex(guestToken)), isNull(resumes.ownerUserId)))
    .returning({ id: resumes.id });
  return rows.map((r) => r.id);
}

/** The user's most recent resume, or null. */
export async function latestResume(
  userId: string,
  options: ResumeOptions = {},
): Promise<Resume | null> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select()
    .from(resumes)
    .where(eq(resumes.ownerUserId, userId))
    .orderBy(desc(resumes.createdAt))
    .limit(1);
  return row ?? null;
}

/** The user's resumes, newest first (id, name and when; never the parsed text). */
const SUMMARY = { id: resumes.id, fileName: resumes.fileName, createdAt: resumes.createdAt };
const NEWEST_FIRST = [desc(resumes.createdAt), desc(resumes.id)];

export async function listUserResumes(userId: string, options: ResumeOptions = {}) {
  const db = options.db ?? (await getDb());
  return db
    .select(SUMMARY)
    .from(resumes)
    .where(eq(resumes.ownerUserId, userId))
    .orderBy(...NEWEST_FIRST);
}

/** listUserResumes as a value of a statement that reads more beside it (decision 0074). */
export const userResumesPart = (userId: string) =>
  manyPart(SUMMARY, sql`${resumes} where ${eq(resumes.ownerUserId, userId)}`, NEWEST_FIRST);
export type ResumeSummary = Awaited<ReturnType<typeof listUserResumes>>[number];

/** Deletes a resume the viewer owns (row and file); false when there is none to delete. */
export async function deleteOwnedResume(
  id: string,
  viewer: ResumeViewer,
  options: ResumeOptions = {},
): Promise<boolean> {
  const resume = await findOwnedResume(id, viewer, options);
  if (!resume) return false;
  const db = options.db ?? (await getDb());
  await db.delete(resumes).where(eq(resumes.id, resume.id));
  await (options.storage ?? getStorage()).delete(resume.storageKey).catch(() => {});
  return true;
}
export type { ResumeParsedJson } from '~/server/db/schema-resumes';
