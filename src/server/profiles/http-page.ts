/**
 * The /seeker/profile page's POST actions in one place: the photo and resume uploads (multipart,
 * to ?upload=photo and ?upload=resume) and every section form (section=<name>), each run through the same dispatcher
 * as the JSON API (runAction). A success is a 303 back to the section; a refusal is the form that
 * failed, with the posted values and the messages by field, for the page to show (4xx).
 */
import type { AstroGlobal } from 'astro';
import { readForm } from '~/lib/validation/account';
import { PROFILE_SECTIONS } from '~/lib/validation/profile';
import { isProfileAction, profileMessage, runAction } from './http';
import { receivePhoto } from './photo';
import { HttpError } from '~/server/api/envelope';
import { receiveResumeUpload } from '~/server/resumes/http';
import { resumeDropStrings } from '~/lib/resume-drop/strings';
import { refusalMessage } from '~/lib/resume-drop/messages';
import { ProfileError } from './service';

/** Which form failed: its section, the values it posted and the messages by field. */
export interface FailedForm {
  section: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** Where each section's form sends the seeker back to after saving. */
const ANCHORS: Record<string, string> = {
  preferredLocation: 'preferredLocations',
  currentLocation: 'locations',
  currentSalary: 'salary',
  deleteEmployment: 'employment',
  deleteEducation: 'education',
  removePhoto: 'photo',
  deleteSkill: 'skills',
  renameProfile: 'profile-own',
  createProfile: 'profile-own',
  defaultProfile: 'profiles',
  deleteProfile: 'profiles',
};
const anchorOf = (section: string) => ANCHORS[section] ?? section;

/** A named profile's id in a query or form (positive, at most 16 digits), else null. */
export const asProfileId = (raw: string | null | undefined) =>
  raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;

/** The page for a profile (none: the default), with extra query and an anchor. */
export type PageFor = (profileId: number | null, query?: string, anchor?: string) => string;

/**
 * Runs the page's POST, if it is one: a Response (303) on success; else the failed form and the
 * profile the page shows (a per-profile form keeps the profile it named), with the status set.
 */
export async function handleProfilePost(
  Astro: AstroGlobal,
  userId: string,
  selectedId: number | null,
  pageFor: PageFor,
): Promise<Response | { failed: FailedForm | null; selectedId: number | null }> {
  const { t, site } = Astro.locals;
  if (Astro.request.method !== 'POST') return { failed: null, selectedId };
  if (Astro.url.searchParams.get('upload') === 'photo') {
    // A multipart photo upload: read (size-limited) by the photo module, not as a form here.
    try {
      await receivePhoto(userId, Astro.request);
      return Astro.redirect(pageFor(selectedId, 'saved=photo', 'photo'), 303);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      Astro.response.status = error.status;
      return {
        failed: {
          section: 'photo',
          values: {},
          errors: { photo: profileMessage(t, error.message) },
        },
        selectedId,
      };
    }
  }
  if (Astro.url.searchParams.get('upload') === 'resume') {
    // The upload box's form without JavaScript: the same checks and storage as the upload API.
    try {
      await receiveResumeUpload(Astro);
      return Astro.redirect(pageFor(selectedId, 'saved=resume', 'resume'), 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      Astro.response.status = error.status;
      const message = refusalMessage(error.message, resumeDropStrings(t));
      return { failed: { section: 'resume', values: {}, errors: { file: message } }, selectedId };
    }
  }
  const form = await readForm(Astro.request);
  const section = (PROFILE_SECTIONS as readonly string[]).includes(form.section ?? '')
    ? (form.section as string)
    : '';
  const currency = site.currency.code;
  let errors: Record<string, string> | null = null;
  let status = 422;
  let created: number | null = null;
  if (section === 'flags') {
    // Both private flags in one form: the checkbox sends nothing when unticked.
    const covid = await runAction(
      'covidLayoff',
      userId,
      { covidLayoff: form.covidLayoff ?? '' },
      currency,
      t,
    );
    if (!covid.ok) errors = covid.errors;
    else if (form.lgbtq) {
      const lgbtq = await runAction('lgbtq', userId, { lgbtq: form.lgbtq }, currency, t);
      if (!lgbtq.ok) errors = lgbtq.errors;
    }
  } else if (section === 'employment') {
    // An unticked checkbox sends nothing: it must not keep the saved value.
    const r = await runAction('employment', userId, { isCurrent: '', ...form }, currency, t);
    if (!r.ok) ({ errors, status } = r);
  } else if (section && isProfileAction(section)) {
    const r = await runAction(section, userId, form, currency, t);
    if (!r.ok) ({ errors, status } = r);
    else if (section === 'createProfile') created = (r.data as { id: number }).id;
  } else {
    errors = { '': t('profile:messages.promptInvalid') };
    status = 400;
  }
  // Per-profile forms name their profile; the others keep the one the page shows.
  const posted = asProfileId(form.profileId) ?? selectedId;
  if (!errors) {
    const next = created ?? (section === 'deleteProfile' ? null : posted);
    return Astro.redirect(
      pageFor(next, `saved=${encodeURIComponent(section)}`, anchorOf(section)),
      303,
    );
  }
  Astro.response.status = status >= 400 && status < 500 ? status : 422;
  return {
    failed: { section, values: form, errors },
    selectedId: form.profileId !== undefined ? posted : selectedId,
  };
}
