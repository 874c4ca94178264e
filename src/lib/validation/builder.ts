/**
 * The resume builder's form (/seeker/resume-builder): one resume draft with the profile's own
 * rules and SPEC §5 messages (name, email, phone formats; designation, company, dates,
 * qualification, institute, passing year, skills, LinkedIn). The same schema checks the page's
 * form post, the download and "save to my profile"; nothing of a draft is stored until saved.
 *
 * Form fields are flat: `jobs.0.designation`, `educations.1.institute` ...; `draftInputFromForm`
 * groups them into lists and drops rows left completely empty.
 */
import { typedDigits } from './digits';
import * as v from 'valibot';
import { checkboxField } from './checkbox';
import { ACCOUNT_MESSAGES, TEXT_MAX } from './account';
import {
  EMAIL_MESSAGE,
  EMAIL_RE,
  NAME_MESSAGE,
  NAME_RE,
  PHONE_MESSAGE,
  parseDate,
} from './formats';
import { LINKEDIN_RE, PROFILE_MESSAGES, SkillListSchema } from './profile';
import { looksLikeMobile, mobileDigits, parseMobile } from './mobile';

const A = ACCOUNT_MESSAGES;

export const BUILDER_TEMPLATES = ['classic', 'modern', 'compact'] as const;
export type BuilderTemplate = (typeof BUILDER_TEMPLATES)[number];
export const BUILDER_LANGS = ['en', 'hi', 'ar'] as const;
export type BuilderLang = (typeof BUILDER_LANGS)[number];
export const DOWNLOAD_FORMATS = ['pdf', 'docx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const MAX_BUILDER_JOBS = 5;
export const MAX_BUILDER_EDUCATIONS = 4;
export const SUMMARY_MAX = 1000;
export const JOB_DESCRIPTION_MAX = 1000;

/** Messages of the builder that the account and profile schemas do not have. */
export const BUILDER_MESSAGES = {
  summaryTooLong: `Please shorten this to ${SUMMARY_MAX} characters or fewer`,
  tooManyJobs: `Please keep at most ${MAX_BUILDER_JOBS} jobs`,
  tooManyEducations: `Please keep at most ${MAX_BUILDER_EDUCATIONS} qualifications`,
  templateInvalid: 'Please choose one of the templates',
  formatInvalid: 'Please choose PDF or Word (.docx)',
} as const;
const B = BUILDER_MESSAGES;

const field = () =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((x) => String(x).trim()),
  );
const text = (max: number, message: string) => v.pipe(field(), v.maxLength(max, message));
const required = (message: string) =>
  v.pipe(field(), v.nonEmpty(message), v.maxLength(TEXT_MAX, A.textTooLong));
/** A date as the format rules allow (dd-mm-yyyy or yyyy-mm-dd), kept as yyyy-mm-dd; '' when empty. */
const dateField = (message: string) =>
  v.pipe(
    field(),
    v.check((s) => s === '' || parseDate(s) !== null, message),
    v.transform((s) => (s === '' ? '' : parseDate(s)!.toISOString().slice(0, 10))),
  );
const isoToday = () => new Date().toISOString().slice(0, 10);

export const BuilderJobSchema = v.pipe(
  v.object({
    designation: required(A.designationRequired),
    company: required(A.companyRequired),
    startDate: v.pipe(
      dateField(A.dateRangeInvalid),
      v.nonEmpty(A.dateRangeInvalid),
      v.check((s) => s <= isoToday(), A.dateRangeInvalid),
    ),
    endDate: dateField(A.dateRangeInvalid),
    isCurrent: checkboxField(),
    description: text(JOB_DESCRIPTION_MAX, B.summaryTooLong),
  }),
  // A past job needs an end date on or after its start, not in the future.
  v.forward(
    v.partialCheck(
      [['isCurrent'], ['startDate'], ['endDate']],
      (j) =>
        j.isCurrent || (j.endDate !== '' && j.endDate >= j.startDate && j.endDate <= isoToday()),
      A.dateRangeInvalid,
    ),
    ['endDate'],
  ),
);
export type BuilderJob = v.InferOutput<typeof BuilderJobSchema>;

export const BuilderEducationSchema = v.object({
  qualification: required(A.qualificationRequired),
  specialization: text(TEXT_MAX, A.textTooLong),
  institute: required(A.instituteRequired),
  passingYear: v.pipe(
    field(),
    v.transform(typedDigits),
    v.nonEmpty(A.passingYearRequired),
    v.regex(/^(19[5-9]\d|20\d\d)$/, A.passingYearRequired),
  ),
});
export type BuilderEducation = v.InferOutput<typeof BuilderEducationSchema>;

export const ResumeDraftSchema = v.object({
  template: v.pipe(
    v.optional(v.string(), 'classic'),
    v.transform((s) => s || 'classic'),
    v.picklist(BUILDER_TEMPLATES, B.templateInvalid),
  ),
  name: v.pipe(field(), v.nonEmpty(A.nameRequired), v.regex(NAME_RE, NAME_MESSAGE)),
  email: v.pipe(field(), v.nonEmpty(A.emailRequired), v.regex(EMAIL_RE, EMAIL_MESSAGE)),
  /**
   * Printed on the resume: a number typed with its code must be a mobile by the rule
   * (mobile.ts); one without a code may be of any country, so only its shape is checked.
   */
  phone: v.pipe(
    field(),
    v.nonEmpty(A.mobileRequired),
    v.check(
      (s) => (mobileDigits(s)?.startsWith('+') ? parseMobile(s, '') !== null : looksLikeMobile(s)),
      PHONE_MESSAGE,
    ),
  ),
  headline: text(TEXT_MAX, A.textTooLong),
  location: text(TEXT_MAX, A.textTooLong),
  linkedinUrl: v.pipe(
    field(),
    v.transform((s) => (s === '' || /^https?:\/\//i.test(s) ? s : `https://${s}`)),
    v.transform((s) => s.replace(/^http:\/\//i, 'https://')),
    v.check((s) => s === '' || LINKEDIN_RE.test(s), PROFILE_MESSAGES.linkedInInvalid),
  ),
  summary: text(SUMMARY_MAX, B.summaryTooLong),
  skills: SkillListSchema,
  jobs: v.pipe(
    v.optional(v.array(BuilderJobSchema), []),
    v.maxLength(MAX_BUILDER_JOBS, B.tooManyJobs),
  ),
  educations: v.pipe(
    v.optional(v.array(BuilderEducationSchema), []),
    v.maxLength(MAX_BUILDER_EDUCATIONS, B.tooManyEducations),
  ),
});
export type ResumeDraft = v.InferOutput<typeof ResumeDraftSchema>;
/** What the form holds before validation: every value as typed. */
export interface ResumeDraftInput {
  template: string;
  name: string;
  email: string;
  phone: string;
  headline: string;
  location: string;
  linkedinUrl: string;
  summary: string;
  skills: string;
  jobs: Record<string, string>[];
  educations: Record<string, string>[];
}

const LIST_KEY = /^(jobs|educations)\.(\d{1,2})\.([a-zA-Z]+)$/;
const SCALARS = [
  'template',
  'name',
  'email',
  'phone',
  'headline',
  'location',
  'linkedinUrl',
  'summary',
  'skills',
] as const;

/**
 * The form's flat fields as a draft input: rows by index, in index order, rows whose every
 * field is empty left out (the form always offers a blank row to add one).
 */
export function draftInputFromForm(form: Record<string, string>): ResumeDraftInput {
  const rows = { jobs: new Map<number, Record<string, string>>(), educations: new Map() };
  for (const [key, value] of Object.entries(form)) {
    const m = LIST_KEY.exec(key);
    if (!m) continue;
    const list = rows[m[1] as 'jobs' | 'educations'];
    const index = Number(m[2]);
    const row = list.get(index) ?? {};
    row[m[3]!] = value;
    list.set(index, row);
  }
  const ordered = (list: Map<number, Record<string, string>>) =>
    [...list.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, row]) => row)
      .filter((row) => Object.entries(row).some(([k, x]) => k !== 'isCurrent' && x.trim() !== ''));
  const input = Object.fromEntries(SCALARS.map((k) => [k, form[k] ?? ''])) as Record<
    (typeof SCALARS)[number],
    string
  >;
  return { ...input, jobs: ordered(rows.jobs), educations: ordered(rows.educations) };
}
