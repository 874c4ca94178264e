/**
 * The resume as one document model that the HTML preview, the PDF and the DOCX all render, so the
 * three show the same text in the same order. Built from a validated draft and the section
 * titles in the resume's language.
 */
import type { BuilderLang, BuilderTemplate, ResumeDraft } from '~/lib/validation/builder';

export interface ResumeLabels {
  summary: string;
  experience: string;
  education: string;
  skills: string;
  present: string;
}

export interface ResumeEntry {
  /** Designation, or qualification with specialization. */
  title: string;
  /** Company or institute. */
  org: string;
  /** "Mar 2021 – Present", or the passing year. */
  when: string;
  body: string;
}

export interface ResumeSection {
  kind: 'summary' | 'experience' | 'education' | 'skills';
  title: string;
  text?: string;
  entries?: ResumeEntry[];
  items?: string[];
}

export interface ResumeDocument {
  lang: BuilderLang;
  dir: 'ltr' | 'rtl';
  template: BuilderTemplate;
  name: string;
  headline: string;
  contacts: string[];
  sections: ResumeSection[];
}

/**
 * "Mar 2021" in the resume's language, with Latin digits (read by every applicant tracking
 * system); '' for an empty date.
 */
export function monthYear(iso: string, lang: BuilderLang): string {
  if (!iso) return '';
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

export function resumeDocument(
  draft: ResumeDraft,
  lang: BuilderLang,
  labels: ResumeLabels,
): ResumeDocument {
  const sections: ResumeSection[] = [];
  if (draft.summary) sections.push({ kind: 'summary', title: labels.summary, text: draft.summary });
  if (draft.jobs.length > 0) {
    sections.push({
      kind: 'experience',
      title: labels.experience,
      entries: draft.jobs.map((j) => ({
        title: j.designation,
        org: j.company,
        when: `${monthYear(j.startDate, lang)} – ${j.isCurrent ? labels.present : monthYear(j.endDate, lang)}`,
        body: j.description,
      })),
    });
  }
  if (draft.educations.length > 0) {
    sections.push({
      kind: 'education',
      title: labels.education,
      entries: draft.educations.map((e) => ({
        title: e.specialization ? `${e.qualification}, ${e.specialization}` : e.qualification,
        org: e.institute,
        when: e.passingYear,
        body: '',
      })),
    });
  }
  sections.push({ kind: 'skills', title: labels.skills, items: draft.skills });
  return {
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    template: draft.template,
    name: draft.name,
    headline: draft.headline,
    contacts: [draft.email, draft.phone, draft.location, draft.linkedinUrl].filter(Boolean),
    sections,
  };
}
