/**
 * The resume builder: a draft starts from the seeker's profile (or, for a guest, from the fields
 * parsed out of a resume they uploaded), is checked with ResumeDraftSchema, rendered as PDF or
 * DOCX, and "save to my profile" stores the PDF through the resumes service and makes it the
 * default profile's resume (the one the profile score counts and applying sends). Nothing else is
 * stored: the draft lives in the form.
 */
import * as v from 'valibot';
import {
  ResumeDraftSchema,
  type BuilderLang,
  type DownloadFormat,
  type ResumeDraft,
  type ResumeDraftInput,
} from '~/lib/validation/builder';
import type { ResumeParsedJson } from '~/server/resumes/service';
import type { Profile } from '~/server/profiles/service';
import { saveResumeChoice } from '~/server/profiles/service';
import { parseResumeFile, storeResume, type ResumeOptions } from '~/server/resumes/service';
import { resumeDocument, type ResumeLabels } from '~/lib/builder/document';
import { formatMobile } from '~/lib/validation/mobile';
import { renderResumeDocx } from './docx';
import { renderResumePdf } from './pdf';

const blankInput = (): ResumeDraftInput => ({
  template: 'classic',
  name: '',
  email: '',
  phone: '',
  headline: '',
  location: '',
  linkedinUrl: '',
  summary: '',
  skills: '',
  jobs: [],
  educations: [],
});

/**
 * A draft from the profile; `qualificationName` turns a qualification id (btech) into its name in
 * the page's language.
 */
export function draftFromProfile(
  p: Profile,
  qualificationName: (id: string) => string,
): ResumeDraftInput {
  const current = p.employments.find((e) => e.isCurrent) ?? p.employments[0];
  return {
    ...blankInput(),
    name: p.account.name ?? '',
    email: p.account.email ?? '',
    phone: p.account.mobile ? formatMobile(p.account.mobile, p.account.isdCode) : '',
    headline: current?.designation ?? '',
    location: p.seeker?.currentLocation ?? '',
    linkedinUrl: p.extras.linkedinUrl ?? '',
    skills: p.skills.join(', '),
    jobs: p.employments.slice(0, 5).map((e) => ({
      designation: e.designation,
      company: e.company,
      startDate: e.startDate,
      endDate: e.endDate ?? '',
      isCurrent: e.isCurrent ? 'on' : '',
      description: '',
    })),
    educations: p.educations.slice(0, 4).map((e) => ({
      qualification: qualificationName(e.qualification),
      specialization: e.specialization ?? '',
      institute: e.institute ?? '',
      passingYear: e.passingYear ? String(e.passingYear) : '',
    })),
  };
}

/** A draft from the fields parsed out of an uploaded resume (guests start here). */
export function draftFromParsed(parsed: ResumeParsedJson): ResumeDraftInput {
  return {
    ...blankInput(),
    name: parsed.name ?? '',
    email: parsed.email ?? '',
    phone: parsed.phone?.e164 ? formatMobile(parsed.phone.e164) : (parsed.phone?.number ?? ''),
    headline: parsed.designation ?? '',
    linkedinUrl: parsed.linkedIn ?? '',
    skills: parsed.skills.join(', '),
    jobs:
      parsed.designation && parsed.company
        ? [
            {
              designation: parsed.designation,
              company: parsed.company,
              startDate: '',
              endDate: '',
              isCurrent: 'on',
              description: '',
            },
          ]
        : [],
    educations: parsed.education.slice(0, 4).map((e) => ({
      qualification: e.degree ?? '',
      specialization: '',
      institute: e.institute ?? '',
      passingYear: e.year ? String(e.year) : '',
    })),
  };
}

export type DraftCheck =
  { ok: true; draft: ResumeDraft } | { ok: false; issues: readonly v.BaseIssue<unknown>[] };

export function checkDraft(input: ResumeDraftInput): DraftCheck {
  const result = v.safeParse(ResumeDraftSchema, input);
  return result.success ? { ok: true, draft: result.output } : { ok: false, issues: result.issues };
}

export const CONTENT_TYPES: Record<DownloadFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A file name of letters, digits, spaces and hyphens (what resume uploads accept), e.g. Rahul Sharma resume.pdf. */
export function resumeFileName(draft: ResumeDraft, format: DownloadFormat): string {
  const base = draft.name.replace(/[^\p{L}\p{M}\p{N} -]/gu, '').trim() || 'resume';
  return `${base} resume.${format}`;
}

export async function renderDraft(
  draft: ResumeDraft,
  format: DownloadFormat,
  lang: BuilderLang,
  labels: ResumeLabels,
): Promise<Uint8Array> {
  const doc = resumeDocument(draft, lang, labels);
  return format === 'pdf' ? renderResumePdf(doc) : renderResumeDocx(doc);
}

/**
 * Stores the draft's PDF as one of the user's resumes and makes it the default profile's resume;
 * returns the new resume's id. The file is parsed like any upload, so the fields it yields are
 * there for whatever reads parsed resumes.
 */
export async function saveDraftToProfile(
  userId: string,
  draft: ResumeDraft,
  lang: BuilderLang,
  labels: ResumeLabels,
  siteContext: string | null,
  options: ResumeOptions = {},
): Promise<string> {
  const bytes = await renderDraft(draft, 'pdf', lang, labels);
  const parse = await parseResumeFile(bytes, 'pdf');
  const row = await storeResume(
    {
      owner: { userId },
      fileName: resumeFileName(draft, 'pdf'),
      bytes,
      format: 'pdf',
      parse,
      siteContext,
    },
    options,
  );
  await saveResumeChoice(userId, { profileId: null, resume: row.id }, { db: options.db });
  return row.id;
}
