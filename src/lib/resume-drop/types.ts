/**
 * What the resume upload box shows and gets back: its texts, translated on the server
 * (src/lib/resume-drop/strings.ts), and the upload's answer.
 */
import type { ParsedResumeFields, ResumeParseStatus } from '~/lib/resumes/parsed';
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
  /** Shown instead of a name or company read with low confidence: asks the seeker to check it. */
  unsure: string;
  /** A scanned resume is being read by OCR: its fields come later. */
  reading: string;
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

/** The upload-and-parse answer (src/server/resumes/upload.ts ResumeUploadResult). */
export interface UploadedResume {
  resumeId: string;
  fileName: string;
  format: string;
  size: number;
  parseStatus: ResumeParseStatus;
  /** A scanned PDF being read in the background (absent from older answers). */
  reading?: boolean;
  parsed: ParsedResumeFields;
}
