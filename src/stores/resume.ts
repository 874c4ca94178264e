/**
 * The resume the visitor uploaded on this page (ResumeDrop sets it), so another island on the
 * same page (a registration or profile form) can pre-fill from it without reloading.
 */
import { atom } from 'nanostores';

export interface UploadedResumeSummary {
  resumeId: string;
  fileName: string;
  parseStatus: 'parsed' | 'empty' | 'failed';
  parsed: {
    name: string | null;
    email: string | null;
    phone: { isd: string | null; number: string } | null;
    skills: string[];
    experience: { years: number; months: number } | null;
    designation: string | null;
    company: string | null;
    education: { degree: string | null; institute: string | null; year: number | null }[];
    linkedIn: string | null;
  };
}

export const $uploadedResume = atom<UploadedResumeSummary | null>(null);

export function setUploadedResume(resume: UploadedResumeSummary | null): void {
  $uploadedResume.set(resume);
}
