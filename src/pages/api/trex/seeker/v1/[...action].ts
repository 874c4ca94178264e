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
 *   GET  profiles; POST profiles {name}; POST profiles/rename {profileId, name};
 *   POST profiles/default {profileId}; POST profiles/delete {profileId}
 */
import type { APIContext } from 'astro';
import { endpoint, HttpError, NOT_FOUND, ok } from '../../../../../server/api/envelope';
import { apiT, requireApiUser } from '../../../../../server/accounts/api';
import { actionResponse } from '../../../../../server/profiles/api';
import type { ProfileAction } from '../../../../../server/profiles/web';
import {
  getProfile,
  listNamedProfiles,
  pendingCards,
  pendingDialogs,
  scoreOf,
} from '../../../../../server/profiles/service';
import { SEEKER_CARDS, type SeekerCard } from '../../../../../lib/validation/profile';

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
};

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
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const action = context.params.action ?? '';
  if (action === 'profile') return ok(await summary(user.id));
  if (action === 'profiles') {
    const rows = await listNamedProfiles(user.id);
    return ok(rows.map(({ id, name, headline, isDefault }) => ({ id, name, headline, isDefault })));
  }
  if (action === 'cards') return ok(pendingCards(await getProfile(user.id)));
  const card = /^cards\/([A-Za-z]+)$/.exec(action)?.[1];
  if (card && (SEEKER_CARDS as readonly string[]).includes(card)) {
    const pending = pendingCards(await getProfile(user.id));
    return ok({ card, pending: pending.includes(card as SeekerCard) });
  }
  throw new HttpError(404, NOT_FOUND);
});

const write = (method: 'POST' | 'PUT') =>
  endpoint(async (context: APIContext) => {
    const action = WRITES[context.params.action ?? '']?.[method];
    if (!action) {
      requireApiUser(context, apiT(context));
      throw new HttpError(404, NOT_FOUND);
    }
    return actionResponse(context, action, summary);
  });

export const POST = write('POST');
export const PUT = write('PUT');
