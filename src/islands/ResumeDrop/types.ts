/** Props of the ResumeDrop island: plain data, translated on the server (strings.ts). */
import type { ParsedResumeFields, ResumeParseStatus } from '~/lib/resumes/parsed';
import type { ResumeParser } from '~/lib/api-client/registry';
import type { ResumeIssue } from '~/lib/validation/resume';

export interface ResumeDropStrings {
  title: string;
  hint: string;
  choose: string;
  active: string;
  formats: string;
  /** "Uploading and reading {{fileName}}…" with {{fileName}} left in. */
  uploading: string;
  uploadedTitle: string;
  /** "{{fileName}} is saved." with {{fileName}} left in. */
  uploadedFile: string;
  review: string;
  nothingRead: string;
  another: string;
  /** The label of the link to continueHref. */
  continue: string;
  download: string;
  /** Joins years and months: "{{years}} {{months}}" or "{{years}} و{{months}}". */
  experienceJoin: string;
  fields: {
    name: string;
    email: string;
    phone: string;
    skills: string;
    experience: string;
    designation: string;
    company: string;
    education: string;
    linkedIn: string;
  };
  /** Translations of the SPEC §5 messages by issue, and of the other failures. */
  errors: Record<ResumeIssue, string> & {
    uploadFailed: string;
    tooMany: string;
    network: string;
    generic: string;
  };
}

export interface ResumeDropProps {
  strings: ResumeDropStrings;
  /** Site and language for the API headers. */
  site: { context: string; countryAbv: string };
  lang: 'en' | 'hi' | 'ar';
  /** BCP 47 locale for numbers (years, months), e.g. en-IN. */
  locale: string;
  /** Which SPEC §7 parser path to post to; default falconV1. */
  parser?: ResumeParser;
  /**
   * Where to go with the uploaded resume, e.g. the localized /seeker/registration; `resume=<id>`
   * is added to its query. Null: no link (the page reacts to the store instead).
   */
  continueHref: string | null;
  /** An id for the heading, when several boxes share a page. */
  id?: string;
}

/** The upload-and-parse answer (src/server/resumes/upload.ts ResumeUploadResult). */
export interface UploadedResume {
  resumeId: string;
  fileName: string;
  format: string;
  size: number;
  parseStatus: ResumeParseStatus;
  parsed: ParsedResumeFields;
}
