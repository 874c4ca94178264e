/**
 * The resume builder's web part: where a draft starts (profile, a guest's uploaded resume, or
 * blank), the page's form post (preview, PDF, DOCX, save to my profile) and the download route.
 * Works without JavaScript: every button is a plain form post answered with the page (preview,
 * messages next to the fields, input kept), a file, or a 303 after saving.
 */
import { keyIn } from '~/lib/i18n';
import type { APIContext } from 'astro';
import { readForm } from '~/lib/validation/account';
import {
  BUILDER_TEMPLATES,
  DOWNLOAD_FORMATS,
  draftInputFromForm,
  type BuilderLang,
  type BuilderTemplate,
  type DownloadFormat,
  type ResumeDraftInput,
} from '~/lib/validation/builder';
import { localizedPath } from '~/lib/sites/links';
import { getProfile } from '~/server/profiles/service';
import { profileIssues } from '~/server/profiles/http';
import { readGuestToken } from '~/server/resumes/http';
import { EMPTY_PARSE, getResumePrefill } from '~/server/resumes/service';
import { resumeDocument, type ResumeDocument, type ResumeLabels } from '~/lib/builder/document';
import {
  CONTENT_TYPES,
  checkDraft,
  draftFromParsed,
  draftFromProfile,
  renderDraft,
  resumeFileName,
  saveDraftToProfile,
} from './service';

type Context = Pick<APIContext, 'request' | 'url' | 'cookies' | 'locals' | 'redirect'>;

export const BUILDER_PATH = '/seeker/resume-builder';

export function resumeLabels(t: Context['locals']['t']): ResumeLabels {
  return {
    summary: t('builder:sections.summary'),
    experience: t('builder:sections.experience'),
    education: t('builder:sections.education'),
    skills: t('builder:sections.skills'),
    present: t('builder:present'),
  };
}

const pick = <T extends string>(list: readonly T[], raw: string | null | undefined, fallback: T) =>
  (list as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;

/** Where the draft starts: the profile when logged in, else a guest's uploaded resume, else blank. */
async function startingDraft(context: Context): Promise<ResumeDraftInput> {
  const { user, t } = context.locals;
  const template = pick(BUILDER_TEMPLATES, context.url.searchParams.get('template'), 'classic');
  if (user) {
    const profile = await getProfile(user.id);
    return {
      ...draftFromProfile(profile, (id) =>
        t(keyIn('account:qualifications', id), { defaultValue: id }),
      ),
      template,
    };
  }
  const resumeId = context.url.searchParams.get('resume');
  const guestToken = readGuestToken(context.cookies);
  const prefill = resumeId && guestToken ? await getResumePrefill(resumeId, { guestToken }) : null;
  const input = prefill ? draftFromParsed(prefill.parsed) : draftFromParsed(EMPTY_PARSE);
  return { ...input, template };
}

function fileResponse(bytes: Uint8Array, format: DownloadFormat, fileName: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': CONTENT_TYPES[format],
      'content-disposition': `attachment; filename="resume.${format}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
    },
  });
}

export interface BuilderView {
  input: ResumeDraftInput;
  errors: Record<string, string>;
  preview: ResumeDocument | null;
  notice: 'saved' | 'loginToSave' | null;
  status: number;
}

/** The builder page: a file or a redirect (Response), or what the page shows. */
export async function builderPage(context: Context): Promise<Response | BuilderView> {
  const { t, lang, user, site } = context.locals;
  const labels = resumeLabels(t);
  const resumeLang = lang as BuilderLang;
  if (context.request.method !== 'POST') {
    const input = await startingDraft(context);
    const checked = checkDraft(input);
    return {
      input,
      // A draft from the profile shows what is missing only once the seeker asks for a preview.
      errors: {},
      preview: checked.ok ? resumeDocument(checked.draft, resumeLang, labels) : null,
      notice: context.url.searchParams.get('saved') === '1' ? 'saved' : null,
      status: 200,
    };
  }
  const form = await readForm(context.request);
  const input = draftInputFromForm(form);
  const intent = form.intent ?? 'preview';
  const checked = checkDraft(input);
  if (!checked.ok) {
    return {
      input,
      errors: profileIssues(t, checked.issues),
      preview: null,
      notice: null,
      status: 422,
    };
  }
  const draft = checked.draft;
  if (intent === 'pdf' || intent === 'docx') {
    return fileResponse(
      await renderDraft(draft, intent, resumeLang, labels),
      intent,
      resumeFileName(draft, intent),
    );
  }
  const preview = resumeDocument(draft, resumeLang, labels);
  if (intent === 'save') {
    if (!user) return { input, errors: {}, preview, notice: 'loginToSave', status: 401 };
    await saveDraftToProfile(user.id, draft, resumeLang, labels, site.context);
    return context.redirect(`${localizedPath(lang, BUILDER_PATH)}?saved=1`, 303);
  }
  return { input, errors: {}, preview, notice: null, status: 200 };
}

/**
 * GET /seeker/resume-builder/download?format=pdf|docx&template=...: the resume from where the
 * builder starts (the profile, or a guest's ?resume=<id>). A draft that does not pass its rules
 * goes back to the builder page, which shows what to fix.
 */
export async function downloadResponse(context: Context): Promise<Response> {
  const { t, lang } = context.locals;
  const format = pick(DOWNLOAD_FORMATS, context.url.searchParams.get('format'), 'pdf');
  const template: BuilderTemplate = pick(
    BUILDER_TEMPLATES,
    context.url.searchParams.get('template'),
    'classic',
  );
  const input = { ...(await startingDraft(context)), template };
  const checked = checkDraft(input);
  if (!checked.ok) {
    return context.redirect(`${localizedPath(lang, BUILDER_PATH)}?template=${template}`, 303);
  }
  const bytes = await renderDraft(checked.draft, format, lang as BuilderLang, resumeLabels(t));
  return fileResponse(bytes, format, resumeFileName(checked.draft, format));
}
