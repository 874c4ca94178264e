/**
 * Tables of the resumes domain; migrations are generated from here with npm run db:generate.
 *
 * - resumes: one row per uploaded file. The file itself is in the storage adapter under
 *   `storage_key`; the row says whose it is and what the parser read from it. A guest's upload
 *   belongs to the SHA-256 of the random token in their browser's cookie (the raw token never
 *   reaches the database) until registration claims it for the new user.
 *
 * Keep this file free of imports from the rest of the app (but src/lib files that import nothing):
 * drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  RESUME_PARSE_STATUSES,
  type ParsedResumeFields,
  type ResumeParseStatus,
} from '../../lib/resumes/parsed';
import { inList } from './columns';
import { users } from './schema-accounts';

/** Formats detected from the content (src/server/resumes/format.ts). */
export const RESUME_FORMATS = ['doc', 'docx', 'rtf', 'txt', 'pdf'] as const;
export type ResumeFormatValue = (typeof RESUME_FORMATS)[number];

export { RESUME_PARSE_STATUSES, type ResumeParseStatus };

/** What the parser read, as stored (a plain type, so drizzle-kit can load the schema alone). */
export type ResumeParsedJson = ParsedResumeFields;

/**
 * OCR of a scanned PDF (src/server/resumes/ocr-job.ts): null when not needed; 'queued' until the
 * queue has read it; 'done' once its fields are stored; 'failed' after OCR_MAX_ATTEMPTS runs.
 */
export const RESUME_OCR_STATES = ['queued', 'done', 'failed'] as const;
export type ResumeOcrState = (typeof RESUME_OCR_STATES)[number];

export const resumes = pgTable(
  'resumes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seeker it belongs to; null while it is a guest's. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the guest cookie's token; cleared when a user claims the resume. */
    guestTokenHash: text('guest_token_hash'),
    /** Key in the storage adapter (src/server/adapters/storage). */
    storageKey: text('storage_key').notNull().unique(),
    /** The name the file was uploaded with (checked against the SPEC §5 rule). */
    fileName: text('file_name').notNull(),
    /** MIME type of the detected format (not the browser's claim). */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    format: text('format').$type<ResumeFormatValue>().notNull(),
    parsed: jsonb('parsed').$type<ResumeParsedJson>(),
    parseStatus: text('parse_status').$type<ResumeParseStatus>().notNull(),
    ocrState: text('ocr_state').$type<ResumeOcrState>(),
    /** OCR runs started; a run killed midway counts, so a file that kills it is given up. */
    ocrAttempts: integer('ocr_attempts').notNull().default(0),
    /** Site the upload came from (for the ISD default and for support). */
    siteContext: text('site_context'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('resumes_owner_idx').on(t.ownerUserId, t.createdAt.desc()),
    index('resumes_guest_idx')
      .on(t.guestTokenHash)
      .where(sql`${t.guestTokenHash} is not null`),
    check('resumes_owner_check', sql`owner_user_id is not null or guest_token_hash is not null`),
    check('resumes_format_check', inList('format', RESUME_FORMATS)),
    check('resumes_parse_status_check', inList('parse_status', RESUME_PARSE_STATUSES)),
    check('resumes_size_check', sql`size > 0`),
    check('resumes_ocr_state_check', inList('ocr_state', RESUME_OCR_STATES)),
    index('resumes_ocr_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.ocrState} = 'queued'`),
  ],
);

export type Resume = typeof resumes.$inferSelect;
export type NewResume = typeof resumes.$inferInsert;
