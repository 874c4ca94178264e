/**
 * The resume the visitor uploaded on this page (ResumeDrop sets it), so another island on the
 * same page (a registration or profile form) can pre-fill from it without reloading.
 */
import type { ParsedResumeFields, ResumeParseStatus } from '~/lib/resumes/parsed';
import { atom } from 'nanostores';

export interface UploadedResumeSummary {
  resumeId: string;
  fileName: string;
  parseStatus: ResumeParseStatus;
  parsed: ParsedResumeFields;
}

export const $uploadedResume = atom<UploadedResumeSummary | null>(null);

export function setUploadedResume(resume: UploadedResumeSummary | null): void {
  $uploadedResume.set(resume);
}
