/**
 * Resume upload rules of SPEC §5 ("Resume upload"), shared by the upload island (on the File the
 * user picked or dropped) and the upload endpoint (on the multipart part), so both give the same
 * message for the same file. The server also checks the content (src/server/resumes/format.ts).
 *
 * Which message a problem gets (SPEC §5 lists the texts, not when each applies; chosen here):
 *
 * | problem                                                  | issue          | message                                        |
 * | -------------------------------------------------------- | -------------- | ---------------------------------------------- |
 * | no file chosen / no `file` part                          | `required`     | Please Upload Resume                           |
 * | name has a character outside the rule, or is too long   | `invalidFile`  | Please upload valid file                       |
 * | extension not doc, docx, rtf, txt or pdf, and over 6MB   | `sizeOrFormat` | File size or format is not allowed             |
 * | extension not doc, docx, rtf, txt or pdf                 | `format`       | File format must be .doc, .docx, .pdf or .rtf  |
 * | larger than 6MB                                          | `size`         | File size must be less than or equal to 6MB    |
 * | empty (0 bytes)                                          | `invalidFile`  | Please upload valid file                       |
 * | (server) content is none of the five formats             | `sizeOrFormat` | File size or format is not allowed             |
 *
 * The format message is the spec's text verbatim even though .txt is accepted too: SPEC §5 says
 * txt is allowed and that "an older check excludes txt"; the message comes from that older check
 * and is kept word for word rather than reworded. The 2MB limit message is not used.
 */
import * as v from 'valibot';
import { RESUME_MAX_BYTES } from '~/lib/reference-lists';

export { RESUME_MAX_BYTES };

/** Allowed extensions (lower case, without the dot). */
export const RESUME_EXTENSIONS = ['doc', 'docx', 'rtf', 'txt', 'pdf'] as const;
export type ResumeExtension = (typeof RESUME_EXTENSIONS)[number];

/** MIME type sent back with a stored file of each format. */
export const RESUME_MIME_TYPES: Record<ResumeExtension, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  rtf: 'application/rtf',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
};

/** The file picker's accept attribute: extensions and MIME types (browsers differ on which they use). */
export const RESUME_ACCEPT_ATTRIBUTE = [
  ...RESUME_EXTENSIONS.map((ext) => `.${ext}`),
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/rtf',
  'text/rtf',
  'text/plain',
  'application/pdf',
].join(',');

/**
 * SPEC §5: letters, digits, spaces and & ~ @ # $ ( ) _ - ' ; . only. "Letters" and "digits" are
 * taken in every script (with combining marks), so a Hindi or Arabic file name passes; the name is
 * never used as a path (files are stored under generated keys).
 */
export const RESUME_FILE_NAME_RE = /^[\p{L}\p{M}\p{Nd} &~@#$()_\-';.]+$/u;
/** Longest file name accepted (most file systems stop at 255 bytes). */
export const RESUME_FILE_NAME_MAX = 200;

export const RESUME_SIZE_MESSAGE = 'File size must be less than or equal to 6MB';
export const RESUME_FORMAT_MESSAGE = 'File format must be .doc, .docx, .pdf or .rtf';
export const RESUME_SIZE_OR_FORMAT_MESSAGE = 'File size or format is not allowed';
export const RESUME_INVALID_MESSAGE = 'Please upload valid file';
export const RESUME_REQUIRED_MESSAGE = 'Please Upload Resume';

/** Not in SPEC: the upload endpoint's answer when one address uploads too often (429). */
export const RESUME_TOO_MANY_UPLOADS = 'Too many uploads. Please try again later.';

export type ResumeIssue = 'required' | 'invalidFile' | 'format' | 'size' | 'sizeOrFormat';

/** Each issue's SPEC §5 message (English, verbatim); islands show translations keyed by issue. */
export const RESUME_MESSAGES: Record<ResumeIssue, string> = {
  required: RESUME_REQUIRED_MESSAGE,
  invalidFile: RESUME_INVALID_MESSAGE,
  format: RESUME_FORMAT_MESSAGE,
  size: RESUME_SIZE_MESSAGE,
  sizeOrFormat: RESUME_SIZE_OR_FORMAT_MESSAGE,
};

/** The issue a server message stands for (to show its translation), or undefined. */
export function resumeIssueOf(message: string): ResumeIssue | undefined {
  return (Object.keys(RESUME_MESSAGES) as ResumeIssue[]).find(
    (issue) => RESUME_MESSAGES[issue] === message,
  );
}

/** What both sides know about a file before reading it: a browser File or a multipart part. */
export interface ResumeFileMeta {
  name: string;
  size: number;
}

/** The lower-case extension after the last dot, or '' when there is none. */
export function resumeExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isResumeExtension(ext: string): ext is ResumeExtension {
  return (RESUME_EXTENSIONS as readonly string[]).includes(ext);
}

/** True when the name follows the SPEC §5 rule and has a stem (not just ".pdf"). */
export function isValidResumeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= RESUME_FILE_NAME_MAX &&
    RESUME_FILE_NAME_RE.test(name) &&
    name.replace(/\.[^.]*$/, '').trim() !== ''
  );
}

const isMeta = (value: unknown): value is ResumeFileMeta =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { size?: unknown }).size === 'number';

/** The first problem with a file (see the table above), or null when it may be uploaded. */
export function checkResumeFile(file: unknown): ResumeIssue | null {
  if (!isMeta(file)) return 'required';
  const name = file.name.trim();
  if (!isValidResumeFileName(name)) return 'invalidFile';
  const formatOk = isResumeExtension(resumeExtension(name));
  const sizeOk = file.size <= RESUME_MAX_BYTES;
  if (!formatOk && !sizeOk) return 'sizeOrFormat';
  if (!formatOk) return 'format';
  if (!sizeOk) return 'size';
  if (!(file.size > 0)) return 'invalidFile';
  return null;
}

/**
 * A file (File, or any { name, size }) that passes checkResumeFile; the issue's message otherwise.
 * The endpoint validates the multipart part with it, the island the picked file.
 */
export const ResumeFileSchema = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const issue = checkResumeFile(dataset.value);
    if (issue) addIssue({ message: RESUME_MESSAGES[issue] });
  }),
  v.transform((value) => value as ResumeFileMeta),
);
