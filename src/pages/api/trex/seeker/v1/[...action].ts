/**
 * The seeker profile API (SPEC §7 "other named calls": seeker cards get / skip / update, current
 * salary update (PUT), notice period (POST), add skills, delete skill, add and update education,
 * update experience, update and add designation, LinkedIn cards update), under
 * /api/trex/seeker/v1/<action> (paths chosen; SPEC names these calls without paths). Every call
 * acts on the session's own user only (no user id is read from the request); 401 for guests.
 *
 *   GET  profile                     own profile summary, score, dialogs and cards still to show
 *   GET  cards | cards/<card>        seeker cards still to show / whether one is
 *   POST cards/skip {card}           skip a card (remembered)
 *   POST cards/location {preferredLocations}, cards/current-location {currentLocation},
 *        cards/work-auth {visaStatus}
 *   PUT  current-salary {currentSalary, salaryMode}
 *   POST notice-period {noticePeriod, lastWorkingDate}
 *   POST skills {skills}             add (duplicates: 'This Skill is already added.')
 *   POST skills/delete {skill}
 *   POST|PUT education {id?, ...}    add (no id) / update
 *   POST|PUT employment {id?, ...}
 *   PUT  experience {experienceYears, experienceMonths}
 *   POST|PUT designation {designation}
 *   POST linkedin {linkedinUrl}
 *   PUT  mobile {isdCode, mobile}    a changed number needs verifying again
 *   POST prompts {prompt, state}     skip / confirm an engagement or review dialog
 *   POST employment/delete {id}, education/delete {id}; DELETE employment/<id>, education/<id>
 *                                    the owner's entry only (anyone else's id: 404, nothing deleted)
 *
 * Named profiles (SPEC §9: up to 5, exactly one default). Each holds its own headline, resume,
 * key skills, preferred locations and expected salary; the rest is shared. The calls above without
 * a profile edit the default profile. A profile id that is not the caller's answers
 * 'Please select a profile from list.' (404 on GET, 422 on changes).
 *   GET  profiles                    [{id, name, headline, isDefault}], default first
 *   POST profiles {name, headline?}  create, with a copy of the default profile's own values
 *   GET  profiles/<id>               {id, name, headline, isDefault, skills, preferredLocations,
 *                                    expectedSalary, expectedSalaryMode, resumeChoice, resume}
 *   POST profiles/<id>/rename {name, headline?}; POST profiles/<id>/default;
 *   POST profiles/<id>/delete (refused for the default); DELETE profiles/<id>
 *   POST profiles/<id>/skills {skills}; POST profiles/<id>/skills/delete {skill}
 *   POST|PUT profiles/<id>/preferred-locations {preferredLocations}
 *   POST|PUT profiles/<id>/expected-salary {expectedSalary, salaryMode}  ('' clears it)
 *   POST|PUT profiles/<id>/resume {resume: 'latest' | 'none' | <resume id>}
 *   (older forms: POST profiles/rename|default|delete {profileId, ...})
 *
 * The photo (shared by all profiles; JPEG, PNG or WebP by content, at most 2MB):
 *   POST photo                       multipart/form-data, file in `photo`: {photoId, score}
 *   POST photo/delete; DELETE photo  remove it
 *   GET  photo | photo/<photoId>     the image, to its owner only (404 to anyone else)
 */
import type { APIContext } from 'astro';
import { endpoint, HttpError, NOT_FOUND, ok } from '~/server/api/envelope';
import { apiT, requireApiUser } from '~/server/accounts/http';
import { actionResponse } from '~/server/profiles/http';
import {
  actionHttpError,
  profileMessage,
  runAction,
  type ProfileAction,
} from '~/server/profiles/http';
import {
  getNamedProfile,
  getProfile,
  listNamedProfiles,
  pendingCards,
  pendingDialogs,
  ProfileError,
  scoreOf,
} from '~/server/profiles/service';
import { photoResponse, readOwnPhoto, receivePhoto } from '~/server/profiles/photo';
import { PROFILE_MESSAGES, SEEKER_CARDS, type SeekerCard } from '~/lib/validation/profile';

export const prerender = false;

const WRITES: Record<string, Partial<Record<'POST' | 'PUT', ProfileAction>>> = {
  'cards/skip': { POST: 'skipCard' },
  'cards/location': { POST: 'preferredLocation', PUT: 'preferredLocation' },
  'cards/current-location': { POST: 'currentLocation', PUT: 'currentLocation' },
  'cards/work-auth': { POST: 'visa', PUT: 'visa' },
  'current-salary': { PUT: 'currentSalary' },
  'notice-period': { POST: 'noticePeriod' },
  skills: { POST: 'skills' },
  'skills/delete': { POST: 'deleteSkill' },
  education: { POST: 'education', PUT: 'education' },
  employment: { POST: 'employment', PUT: 'employment' },
  experience: { PUT: 'experience' },
  designation: { POST: 'designation', PUT: 'designation' },
  linkedin: { POST: 'linkedIn' },
  mobile: { PUT: 'mobile' },
  prompts: { POST: 'prompt' },
  profiles: { POST: 'createProfile' },
  'profiles/rename': { POST: 'renameProfile' },
  'profiles/default': { POST: 'defaultProfile' },
  'profiles/delete': { POST: 'deleteProfile' },
  'employment/delete': { POST: 'deleteEmployment' },
  'education/delete': { POST: 'deleteEducation' },
  'photo/delete': { POST: 'removePhoto' },
};

/** profiles/<id>/<what>: the action, with the profile id taken from the path. */
const PROFILE_WRITES: Record<string, Partial<Record<'POST' | 'PUT', ProfileAction>>> = {
  rename: { POST: 'renameProfile', PUT: 'renameProfile' },
  default: { POST: 'defaultProfile' },
  delete: { POST: 'deleteProfile' },
  skills: { POST: 'skills' },
  'skills/delete': { POST: 'deleteSkill' },
  'preferred-locations': { POST: 'preferredLocation', PUT: 'preferredLocation' },
  'expected-salary': { POST: 'expectedSalary', PUT: 'expectedSalary' },
  resume: { POST: 'resumeChoice', PUT: 'resumeChoice' },
};

const PROFILE_PATH = /^profiles\/([^/]+)(?:\/(.+))?$/;
const PHOTO_PATH = /^photo(?:\/([0-9a-fA-F-]{36}))?$/;

/** One profile as the API answers it (the resumes to choose from are left out). */
async function namedProfileView(userId: string, profileId: number) {
  const { resumes: _all, resume, ...view } = await getNamedProfile(userId, profileId);
  return { ...view, resume: resume ? { id: resume.id, fileName: resume.fileName } : null };
}

/** A ProfileError as the envelope's HttpError, its message in the caller's language. */
const profileHttpError = (context: APIContext, error: ProfileError) => {
  const message = profileMessage(apiT(context), error.message);
  return new HttpError(error.status, message, [{ field: error.field, message }]);
};

const listItem = (p: {
  id: number;
  name: string;
  headline: string | null;
  isDefault: boolean;
}) => ({
  id: p.id,
  name: p.name,
  headline: p.headline,
  isDefault: p.isDefault,
});

async function summary(userId: string) {
  const profile = await getProfile(userId);
  const score = scoreOf(profile);
  return {
    score: score.score,
    band: score.band.label,
    pending: score.pending,
    skills: profile.skills,
    dialogs: pendingDialogs(profile),
    cards: pendingCards(profile),
  };
}

export const GET = endpoint(async (context: APIContext) => {
  const action = context.params.action ?? '';
  const photo = PHOTO_PATH.exec(action);
  if (photo) {
    // Guests and other users get the same 404 as a wrong id.
    const user = context.locals.user;
    const found = user ? await readOwnPhoto(user.id, photo[1] ?? null) : null;
    if (!found) throw new HttpError(404, NOT_FOUND);
    return photoResponse(found, photo[1] !== undefined);
  }
  const t = apiT(context);
  const user = requireApiUser(context, t);
  if (action === 'profile') return ok(await summary(user.id));
  const one = PROFILE_PATH.exec(action);
  if (one && one[2] === undefined) {
    const id = /^[1-9]\d{0,15}$/.test(one[1]!) ? Number(one[1]) : null;
    if (id === null)
      throw profileHttpError(
        context,
        new ProfileError(PROFILE_MESSAGES.profileRequired, 404, 'profileId'),
      );
    try {
      return ok(await namedProfileView(user.id, id));
    } catch (error) {
      if (error instanceof ProfileError) throw profileHttpError(context, error);
      throw error;
    }
  }
  if (action === 'profiles') return ok((await listNamedProfiles(user.id)).map(listItem));
  if (action === 'cards') return ok(pendingCards(await getProfile(user.id)));
  const card = /^cards\/([A-Za-z]+)$/.exec(action)?.[1];
  if (card && (SEEKER_CARDS as readonly string[]).includes(card)) {
    const pending = pendingCards(await getProfile(user.id));
    return ok({ card, pending: pending.includes(card as SeekerCard) });
  }
  throw new HttpError(404, NOT_FOUND);
});

async function uploadPhoto(context: APIContext) {
  const user = requireApiUser(context, apiT(context));
  let photoId: string;
  try {
    photoId = await receivePhoto(user.id, context.request);
  } catch (error) {
    if (error instanceof ProfileError) throw profileHttpError(context, error);
    throw error;
  }
  return ok({ photoId, score: scoreOf(await getProfile(user.id)).score });
}

const write = (method: 'POST' | 'PUT') =>
  endpoint(async (context: APIContext) => {
    const path = context.params.action ?? '';
    if (method === 'POST' && path === 'photo') return uploadPhoto(context);
    const action = WRITES[path]?.[method];
    if (action) return actionResponse(context, action, summary);
    const one = PROFILE_PATH.exec(path);
    const perProfile = one?.[2] ? PROFILE_WRITES[one[2]]?.[method] : undefined;
    if (one && perProfile) {
      const profileId = one[1]!;
      // After a delete there is no profile to show: the list is the answer.
      const result =
        perProfile === 'deleteProfile'
          ? async (u: string) => (await listNamedProfiles(u)).map(listItem)
          : (u: string) => namedProfileView(u, Number(profileId));
      return actionResponse(context, perProfile, result, { profileId });
    }
    requireApiUser(context, apiT(context));
    throw new HttpError(404, NOT_FOUND);
  });

export const POST = write('POST');
export const PUT = write('PUT');

/** DELETE employment/<id>, education/<id>, profiles/<id>, photo. */
export const DELETE = endpoint(async (context: APIContext) => {
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const path = context.params.action ?? '';
  const entry = /^(employment|education|profiles)\/([^/]+)$/.exec(path);
  let outcome;
  if (entry) {
    const [, kind, id] = entry;
    outcome =
      kind === 'profiles'
        ? await runAction('deleteProfile', user.id, { profileId: id }, '', t)
        : await runAction(
            kind === 'employment' ? 'deleteEmployment' : 'deleteEducation',
            user.id,
            { id },
            '',
            t,
          );
  } else if (path === 'photo') {
    outcome = await runAction('removePhoto', user.id, {}, '', t);
  } else {
    throw new HttpError(404, NOT_FOUND);
  }
  if (!outcome.ok) throw actionHttpError(outcome);
  return ok(path === 'photo' ? outcome.data : await summary(user.id));
});
