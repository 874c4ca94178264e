/**
 * The resumes domain's HTTP part: the upload-and-parse endpoints (multipart body read within a
 * size limit, rate limit per client address, the parse in the envelope), the file download of an
 * uploaded resume, and the guest token (a random value in an HttpOnly cookie that lets the browser
 * that uploaded a resume without logging in fetch it, and registration claim it; only its
 * SHA-256 is stored).
 */
import { sitePlacesByContext } from '~/server/reference/places';
import { type AstroCookies } from 'astro';
import { randomToken } from '~/server/tokens';
import { UPLOAD_FAILED } from '~/lib/api-client/messages';
import {
  checkResumeFile,
  RESUME_INVALID_MESSAGE,
  RESUME_MAX_BYTES,
  RESUME_MESSAGES,
  RESUME_REQUIRED_MESSAGE,
  RESUME_SIZE_MESSAGE,
  RESUME_SIZE_OR_FORMAT_MESSAGE,
  RESUME_TOO_MANY_UPLOADS,
  resumeExtension,
} from '~/lib/validation/resume';
import { hitRateLimit, type RateRule } from '~/server/accounts/rate-limit';
import { type StorageAdapter } from '~/server/adapters/storage';
import { endpoint, HttpError, ok, NOT_FOUND } from '~/server/api/envelope';
import { config } from '~/server/config';
import { type Queryable } from '~/server/db/client';
import { clientIp, isHttps } from '~/server/http/request';
import { checkArchive } from './archive';
import { detectFormat, formatMatchesExtension } from './format';
import { type ParsedResume } from './parse';
import {
  parseResumeFile,
  storeResume,
  deleteOwnedResume,
  readOwnedResume,
  getResumePrefill,
  type ResumeViewer,
  GUEST_COOKIE_DAYS,
} from './service';
import { readBodyChunks } from '~/server/http/body';
import { wakeBackgroundJob } from '~/server/background/queue';
import { ocrAvailable } from './ocr';
import { RESUME_OCR_JOB } from './ocr-job';

// --- The guest token ---------------------------------------------------------------------------

/**
 * The guest token: a random value in an HttpOnly cookie that lets the browser that uploaded a
 * resume without logging in fetch it (and registration claim it). Only its SHA-256 is stored.
 */
export const GUEST_COOKIE = 'JP_RESUME_GUEST';

const TOKEN_RE = /^[A-Za-z0-9_-]{32,64}$/;

type CookieJar = Pick<AstroCookies, 'get' | 'set'>;

/** The guest token of this browser, or null when it has none (or a malformed one). */
export function readGuestToken(cookies: Pick<AstroCookies, 'get'>): string | null {
  const value = cookies.get(GUEST_COOKIE)?.value;
  return value && TOKEN_RE.test(value) ? value : null;
}

/** This browser's guest token, created (and the cookie set) when it has none. */
export function ensureGuestToken(cookies: CookieJar, secure: boolean): string {
  const existing = readGuestToken(cookies);
  const token = existing ?? randomToken();
  // Set again even when present, so the 30 days count from the last upload.
  cookies.set(GUEST_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: GUEST_COOKIE_DAYS * 86_400,
  });
  return token;
}

// --- Upload and parse --------------------------------------------------------------------------

/**
 * The upload-and-parse endpoint (SPEC §7: falcon v1/v2 upload-and-parse-resume and
 * middleware/resumeParserV1 all answer with this one handler).
 *
 *   POST multipart/form-data, the file in the field `file`
 *   200 { resumeId, fileName, format, size, parseStatus, reading, parsed: { name, email, phone,
 *         skills, experience, designation, company, education, linkedIn, city, noticePeriod,
 *         salary } }
 *
 * `reading` is true for a scanned PDF left to the OCR queue (parseStatus 'empty' and empty fields
 * until then): GET /api/resumes/{id}/parsed gives the fields when it is done.
 *
 * Public: a guest's upload belongs to a random token set in an HttpOnly cookie (guest.ts); a
 * logged-in user's to the user. In order, each failure answers the SPEC §5 message (as the
 * envelope's error and as a field error on `file`) and stores nothing:
 *
 *   429  more than RESUME_UPLOADS_PER_HOUR uploads from the address this hour
 *   413  Content-Length, or the bytes actually read, over 6MB plus multipart overhead; or a file
 *        part over 6MB (read while streaming: the body is never buffered past the limit)
 *   415  not multipart/form-data                          -> Please Upload Resume
 *   400  a multipart body that does not parse              -> Please upload valid file
 *   422  no `file` part                                   -> Please Upload Resume
 *   422  bad name, wrong extension, empty                  -> lib/validation/resume.ts messages
 *   422  content none of pdf/docx/doc/rtf/txt               -> File size or format is not allowed
 *   422  content another format than the extension says     -> Please upload valid file
 *   422  a DOCX over the archive limits (archive.ts)          -> Please upload valid file
 *   500  storage failed                                    -> Not able to upload file
 *
 * A file that passes is always kept, even when nothing can be read from it (parseStatus 'failed'
 * or 'empty'), so 'Not able to upload file' is never the answer for a good file.
 */
/** Room for the multipart boundaries and part headers around a 6MB file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = RESUME_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

/** The rate limit of uploads per client address. */
export const resumeUploadRule = (): RateRule => ({
  name: 'resume-upload:ip',
  limit: config.RESUME_UPLOADS_PER_HOUR,
  windowSeconds: 3600,
});

/** What the endpoint answers in `data`. */
export interface ResumeUploadResult {
  resumeId: string;
  fileName: string;
  format: string;
  size: number;
  parseStatus: 'parsed' | 'empty' | 'failed';
  /** A scanned PDF is being read by OCR in the background: fields come later. */
  reading: boolean;
  parsed: ParsedResume;
}

/** The parts of Astro's APIContext the handler reads (tests pass exactly these). */
export interface UploadContext {
  request: Request;
  url: URL;
  cookies: Pick<AstroCookies, 'get' | 'set'>;
  locals: {
    user: { id: string } | null;
    site?: { context: string; country: { defaultCountryCode: string } };
  };
  clientAddress?: string;
}

export interface UploadDeps {
  db?: Queryable;
  storage?: StorageAdapter;
  /** Overrides the per-address limit (tests). */
  rule?: RateRule;
  /** Overrides the parse time limit (tests). */
  parseTimeoutMs?: number;
}

const fileError = (status: number, message: string) =>
  new HttpError(status, message, [{ field: 'file', message }]);

/**
 * The request body, read chunk by chunk and abandoned as soon as it passes `limit` bytes (413).
 * A Content-Length over the limit is refused before reading anything.
 */
export async function readLimitedBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw fileError(413, RESUME_SIZE_MESSAGE);
  const { body } = await readBodyChunks(request, (total) => {
    if (total > limit) throw fileError(413, RESUME_SIZE_MESSAGE);
    return true;
  });
  return body;
}

/** The file part of a multipart body (bounded by readLimitedBody before this is called). */
async function filePart(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<File> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw fileError(400, RESUME_INVALID_MESSAGE);
  }
  const file = form.get('file');
  if (file === null) throw fileError(422, RESUME_REQUIRED_MESSAGE);
  if (typeof file === 'string') throw fileError(422, RESUME_INVALID_MESSAGE);
  return file;
}

/** Handles one upload; throws HttpError for every refusal (endpoint() turns it into the envelope). */
export async function handleResumeUpload(
  context: UploadContext,
  deps: UploadDeps = {},
): Promise<Response> {
  return ok(await receiveResumeUpload(context, deps));
}

/**
 * Checks, parses and stores one multipart upload (the file in `file`): what the endpoints answer
 * and the profile page's upload form (without JavaScript) saves. Throws HttpError with the SPEC §5
 * message for every refusal, having stored nothing.
 */
export async function receiveResumeUpload(
  context: UploadContext,
  deps: UploadDeps = {},
): Promise<ResumeUploadResult> {
  const { request } = context;
  const rate = await hitRateLimit(deps.rule ?? resumeUploadRule(), clientIp(context), {
    ...(deps.db ? { db: deps.db } : {}),
  });
  if (!rate.allowed) {
    throw new HttpError(429, RESUME_TOO_MANY_UPLOADS, [], {
      'retry-after': String(rate.retryAfterSeconds),
    });
  }

  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(contentType)) {
    throw fileError(415, RESUME_REQUIRED_MESSAGE);
  }
  const body = await readLimitedBody(request, MAX_UPLOAD_BODY_BYTES);
  const file = await filePart(body, contentType);

  const issue = checkResumeFile({ name: file.name.trim(), size: file.size });
  if (issue) throw fileError(issue === 'size' ? 413 : 422, RESUME_MESSAGES[issue]);

  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = detectFormat(bytes);
  if (!format) throw fileError(422, RESUME_SIZE_OR_FORMAT_MESSAGE);
  if (!formatMatchesExtension(format, resumeExtension(file.name.trim()))) {
    throw fileError(422, RESUME_INVALID_MESSAGE);
  }
  // A DOCX that would inflate past a resume's size (a zip bomb) is refused before any inflating.
  if (format === 'docx' && !checkArchive(bytes).ok) throw fileError(422, RESUME_INVALID_MESSAGE);

  const site = context.locals.site;
  const parse = await parseResumeFile(bytes, format, {
    ...(site ? { defaultIsd: site.country.defaultCountryCode } : {}),
    // A salary written without a currency is in the site's (its first country's).
    ...(site && sitePlacesByContext.get(site.context)
      ? { defaultCurrency: sitePlacesByContext.get(site.context)!.countries[0]!.currency }
      : {}),
    ...(deps.parseTimeoutMs ? { timeoutMs: deps.parseTimeoutMs } : {}),
  });

  // A scanned PDF goes to the OCR queue when tesseract is installed; else its honest message stays.
  const queueOcr = parse.scanned === true && (await ocrAvailable());
  const user = context.locals.user;
  const owner = user
    ? { userId: user.id }
    : { guestToken: ensureGuestToken(context.cookies, isHttps(context)) };
  let resume;
  try {
    resume = await storeResume(
      {
        owner,
        fileName: file.name.trim(),
        bytes,
        format,
        parse,
        siteContext: site?.context ?? null,
        queueOcr,
      },
      { ...(deps.db ? { db: deps.db } : {}), ...(deps.storage ? { storage: deps.storage } : {}) },
    );
  } catch (error) {
    console.error('[resumes] storing an upload failed:', error);
    throw new HttpError(500, UPLOAD_FAILED);
  }
  if (queueOcr) wakeBackgroundJob(RESUME_OCR_JOB);
  return {
    resumeId: resume.id,
    fileName: resume.fileName,
    format: resume.format,
    size: resume.size,
    parseStatus: resume.parseStatus,
    reading: queueOcr,
    parsed: parse.parsed,
  };
}

/** The route every upload path exports as POST. */
export function createResumeUploadRoute(deps: UploadDeps = {}) {
  return endpoint((context) => handleResumeUpload(context, deps));
}

// --- Download and delete -----------------------------------------------------------------------

/**
 * GET and DELETE of /api/resumes/{id}: one uploaded resume, for its owner only (the logged-in
 * user it belongs to, or the browser whose guest cookie uploaded it). Anyone else, and any wrong
 * or malformed id, gets the same 404, so the answer does not tell whether the id exists.
 */
/** The parts of Astro's APIContext the handlers read. */
export interface ResumeFileContext {
  params: { id?: string | undefined };
  cookies: Pick<AstroCookies, 'get'>;
  locals: { user: { id: string } | null };
}

export interface ResumeFileDeps {
  db?: Queryable;
  storage?: StorageAdapter;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const viewerOf = (context: ResumeFileContext): ResumeViewer => ({
  userId: context.locals.user?.id ?? null,
  guestToken: readGuestToken(context.cookies),
});

export function createResumeFileRoutes(deps: ResumeFileDeps = {}) {
  /** The file, as an attachment (never rendered inline: a resume is not a web page). */
  const GET = endpoint(async (context) => {
    const found = await readOwnedResume(context.params.id ?? '', viewerOf(context), deps);
    if (!found) throw new HttpError(404, NOT_FOUND);
    const { resume, bytes } = found;
    return new Response(bytes, {
      status: 200,
      headers: {
        'content-type': resume.mime,
        'content-length': String(bytes.byteLength),
        'content-disposition': attachmentDisposition(resume.fileName),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        // If a browser ever rendered it anyway, it could run nothing.
        'content-security-policy': "default-src 'none'; sandbox",
      },
    });
  });
  /** Removes the resume (row and file): { deleted: true }. */
  const DELETE = endpoint(async (context) => {
    if (!(await deleteOwnedResume(context.params.id ?? '', viewerOf(context), deps))) {
      throw new HttpError(404, NOT_FOUND);
    }
    return ok({ deleted: true });
  });
  return { GET, DELETE };
}

/**
 * GET /api/resumes/{id}/parsed: what was read from a resume, for its owner only (else 404), as
 * { resumeId, parseStatus, reading, parsed }. The upload box asks again while `reading` is true.
 */
export function createResumeParsedRoute(deps: ResumeFileDeps = {}) {
  return endpoint(async (context) => {
    const prefill = await getResumePrefill(context.params.id ?? '', viewerOf(context), deps);
    if (!prefill) throw new HttpError(404, NOT_FOUND);
    const { resumeId, parseStatus, reading, parsed } = prefill;
    return ok({ resumeId, parseStatus, reading, parsed });
  });
}
