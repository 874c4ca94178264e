/**
 * What the resume parser reads from a file, as stored (resumes.parsed) and as the upload answer
 * carries it to the browser. No imports: the database schema (src/server/db/schema-resumes.ts,
 * loaded by drizzle-kit on its own) and the stores use it too.
 */

/**
 * - parsed: text was read and at least one field found.
 * - empty: text was read (or the file had none, e.g. a scanned PDF) but no field was found.
 * - failed: the file could not be read (encrypted or damaged); it is kept all the same.
 */
export const RESUME_PARSE_STATUSES = ['parsed', 'empty', 'failed'] as const;
export type ResumeParseStatus = (typeof RESUME_PARSE_STATUSES)[number];

/** The fields found (the shape of ParsedResume in src/server/resumes/parse.ts). */
export interface ParsedResumeFields {
  name: string | null;
  email: string | null;
  /** e164: the number in E.164 when it is a mobile (absent in resumes parsed before). */
  phone: { isd: string | null; number: string; e164?: string | null } | null;
  skills: string[];
  experience: { years: number; months: number } | null;
  designation: string | null;
  company: string | null;
  education: { degree: string | null; institute: string | null; year: number | null }[];
  linkedIn: string | null;
  /**
   * Added later (absent from resumes parsed before): each with a confidence from 0 to 1; at
   * PARSE_CONFIDENT or above a field pre-fills registration, below it is only suggested.
   */
  city?: ParsedCity | null;
  noticePeriod?: ParsedNotice | null;
  salary?: ParsedSalary | null;
  /**
   * Fields read with low confidence (added later): from a scan by OCR, or text that does not
   * read as clean words. Shown to the seeker to check, never as read (the drop zone).
   */
  unsure?: UnsureField[];
}

/** The fields the parser may be unsure of. */
export type UnsureField = 'name' | 'designation' | 'company';

/** A field at this confidence or above pre-fills registration; below, the seeker confirms it. */
export const PARSE_CONFIDENT = 0.8;

/** One of the site's cities, with its country's ISO code. */
export interface ParsedCity {
  city: string;
  country: string;
  confidence: number;
}

/** SPEC notice periods: 0 serving notice, 1 immediately, else days. */
export type NoticeDays = 0 | 1 | 15 | 30 | 45 | 60 | 90 | 180;

export interface ParsedNotice {
  days: NoticeDays;
  confidence: number;
}

export interface ParsedSalary {
  /** In the currency's units, for the mode's period (32 LPA is 3200000 annual). */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  mode: 'monthly' | 'annual';
  confidence: number;
}
