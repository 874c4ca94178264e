/**
 * Reading the profile: everything the owner's profile page shows, its completeness score, and
 * which engagement dialogs and seeker cards are still to show (with what was skipped).
 */
import { accountContactPart } from '~/server/accounts/users';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { manyPart, onePart, readParts, type Part, type RowOf } from '~/server/db/json-rows';
import {
  seekerEducations,
  seekerEmployments,
  seekerJobPreferences,
  seekerNamedProfiles,
  seekerProfileExtras,
  seekerProfiles,
  seekerPromptStates,
  type PromptState,
} from '~/server/db/schema-profiles';
import { userResumesPart, type ResumeSummary } from '~/server/resumes/service';
import {
  DIALOGS_CLOSED_DAYS,
  ENGAGE_STEPS,
  PROFILE_MESSAGES,
  REVIEW_STEPS,
  SEEKER_CARDS,
  type EngageStep,
  type PromptKey,
  type ReviewStep,
  type SeekerCard,
} from '~/lib/validation/profile';
import { profileScore, type ProfileCompleteness } from '~/lib/profile/score';
import {
  CURRENT_EMPLOYMENT_FIRST,
  type DbOptions,
  ProfileError,
  db$,
  resolveResume,
} from './common';

// --- reading ------------------------------------------------------------------------------------

const SEEKER = getTableColumns(seekerProfiles);
const EMPLOYMENT = getTableColumns(seekerEmployments);
const EDUCATION = getTableColumns(seekerEducations);
const PREFERENCE = getTableColumns(seekerJobPreferences);
const EXTRAS = getTableColumns(seekerProfileExtras);
const PROMPT = {
  prompt: seekerPromptStates.prompt,
  state: seekerPromptStates.state,
  at: seekerPromptStates.at,
};
const DEFAULT_CHOICE = {
  resumeId: seekerNamedProfiles.resumeId,
  withoutResume: seekerNamedProfiles.withoutResume,
};

/**
 * Everything the owner's profile page shows, as one value of a statement that may read more
 * beside it (a page's other widgets: decision 0074): the account, each profile table and the
 * resumes as one JSON object.
 */
export function profilePart(userId: string): Part<Profile> {
  const parts = {
    account: accountContactPart(userId),
    seeker: onePart(SEEKER, sql`${seekerProfiles} where ${eq(seekerProfiles.userId, userId)}`),
    employments: manyPart(
      EMPLOYMENT,
      sql`${seekerEmployments} where ${eq(seekerEmployments.userId, userId)}`,
      CURRENT_EMPLOYMENT_FIRST,
    ),
    educations: manyPart(
      EDUCATION,
      sql`${seekerEducations} where ${eq(seekerEducations.userId, userId)}`,
      [desc(seekerEducations.passingYear), desc(seekerEducations.id)],
    ),
    preference: onePart(
      PREFERENCE,
      sql`${seekerJobPreferences} where ${eq(seekerJobPreferences.userId, userId)}`,
    ),
    extras: onePart(
      EXTRAS,
      sql`${seekerProfileExtras} where ${eq(seekerProfileExtras.userId, userId)}`,
    ),
    prompts: manyPart(
      PROMPT,
      sql`${seekerPromptStates} where ${eq(seekerPromptStates.userId, userId)}`,
      [asc(seekerPromptStates.prompt)],
    ),
    defaultChoice: onePart(
      DEFAULT_CHOICE,
      sql`${seekerNamedProfiles} where ${and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.isDefault, true))}`,
    ),
    resumes: userResumesPart(userId),
  };
  const keys = Object.keys(parts) as (keyof typeof parts)[];
  return {
    sql: sql`json_build_object(${sql.join(
      keys.map((k) => sql`${sql.raw(`'${k}'`)}, ${parts[k].sql}`),
      sql`, `,
    )})`,
    decode: (value) => {
      const object = (typeof value === 'string' ? JSON.parse(value) : value) as Record<
        string,
        unknown
      >;
      const read = <K extends keyof typeof parts>(k: K) =>
        parts[k].decode(object[k]) as ReturnType<(typeof parts)[K]['decode']>;
      return profileOf({
        account: read('account'),
        seeker: read('seeker'),
        employments: read('employments'),
        educations: read('educations'),
        preference: read('preference'),
        extras: read('extras'),
        prompts: read('prompts'),
        defaultRow: read('defaultChoice'),
        resumes: read('resumes'),
      });
    },
  };
}

/** Everything the owner's profile page shows (private flags included: owner only). */
export async function getProfile(userId: string, options: DbOptions = {}): Promise<Profile> {
  const db = await db$(options);
  return (await readParts(db, { profile: profilePart(userId) })).profile;
}

function profileOf({
  account,
  seeker,
  employments,
  educations,
  preference,
  extras,
  prompts,
  defaultRow,
  resumes,
}: {
  account: ReturnType<ReturnType<typeof accountContactPart>['decode']>;
  seeker: RowOf<typeof SEEKER> | null;
  employments: RowOf<typeof EMPLOYMENT>[];
  educations: RowOf<typeof EDUCATION>[];
  preference: RowOf<typeof PREFERENCE> | null;
  extras: RowOf<typeof EXTRAS> | null;
  prompts: RowOf<typeof PROMPT>[];
  defaultRow: RowOf<typeof DEFAULT_CHOICE> | null;
  resumes: ResumeSummary[];
}) {
  if (!account) throw new ProfileError(PROFILE_MESSAGES.notFound, 404);
  const resume = resolveResume(defaultRow, resumes);
  return {
    account,
    seeker: seeker ?? null,
    employments,
    /** The current job, else the latest one: salary and notice period live on it. */
    currentEmployment: employments[0] ?? null,
    educations,
    preference: preference ?? null,
    skills: preference?.skills ?? [],
    extras: {
      linkedinUrl: extras?.linkedinUrl ?? null,
      visaStatus: extras?.visaStatus ?? null,
      covidLayoff: extras?.covidLayoff ?? false,
      lgbtq: extras?.lgbtq ?? null,
      photo:
        extras?.photoId && extras.photoMime
          ? { id: extras.photoId, mime: extras.photoMime, size: extras.photoSize ?? 0 }
          : null,
    },
    prompts: new Map(prompts.map((p) => [p.prompt, p.state] as const)),
    /** When each prompt was last answered (or, for "dialogs:shown", shown). */
    promptsAt: new Map(prompts.map((p) => [p.prompt, p.at] as const)),
    resume: resume
      ? { id: resume.id, fileName: resume.fileName, createdAt: resume.createdAt }
      : null,
    /** Every resume, newest first (the named profiles choose among them). */
    resumes,
  };
}
export type Profile = ReturnType<typeof profileOf>;

/** Which score items the profile has (src/lib/profile/score.ts), fresher items 'n/a'. */
export function completenessOf(p: Profile): ProfileCompleteness {
  const fresher = p.account.careerStage === 'fresher';
  const na = (done: boolean) => (fresher ? ('n/a' as const) : done);
  const current = p.currentEmployment;
  return {
    name: !!p.account.name,
    email: !!p.account.email,
    emailVerified: p.account.emailVerifiedAt !== null,
    mobile: !!p.account.mobile,
    mobileVerified: p.account.mobileVerifiedAt !== null,
    resume: p.resume !== null,
    employment: na(p.employments.length > 0),
    education: p.educations.length > 0,
    skills: p.skills.length > 0,
    experience: na(p.seeker?.experienceYears != null),
    currentLocation: !!p.seeker?.currentLocation,
    preferredLocations: (p.preference?.preferredLocations.length ?? 0) > 0,
    currentSalary: na(current?.currentSalary != null && current.salaryMode != null),
    noticePeriod: na(current !== null && (!current.isCurrent || current.noticePeriod != null)),
    workPermit: p.extras.visaStatus !== null,
    linkedIn: p.extras.linkedinUrl !== null,
    photo: p.extras.photo !== null,
  };
}

export function scoreOf(p: Profile) {
  return profileScore(completenessOf(p));
}

/** Whether an engagement step's piece is still missing. */
function engageMissing(p: Profile, step: EngageStep): boolean {
  const c = completenessOf(p);
  switch (step) {
    case 'employment':
      return c.employment === false;
    case 'education':
      return c.education === false;
    case 'experience':
      return c.experience === false;
    case 'preferredLocation':
      return c.preferredLocations === false;
    case 'currentLocation':
      return c.currentLocation === false;
    case 'mobile':
      return !!p.account.mobile && c.mobileVerified === false;
    case 'salary':
      return c.currentSalary === false && p.currentEmployment !== null;
    case 'noticePeriod':
      return c.noticePeriod === false;
    case 'skills':
      return c.skills === false;
    case 'workPermit':
      return c.workPermit === false;
    case 'linkedIn':
      return c.linkedIn === false;
  }
}

/** Whether a review dialog has something to review (a value is set). */
function reviewable(p: Profile, step: ReviewStep): boolean {
  const e = p.currentEmployment;
  switch (step) {
    case 'salary':
      return e?.currentSalary != null;
    case 'noticePeriod':
      return e?.isCurrent === true && e.noticePeriod != null;
    case 'location':
      return !!p.seeker?.currentLocation;
    case 'mobile':
      return !!p.account.mobile && p.account.mobileVerifiedAt !== null;
  }
}

export type DialogStep =
  { mode: 'engage'; step: EngageStep } | { mode: 'review'; step: ReviewStep };

/** Dialogs still to show, in order: missing pieces first, then reviews; skipped ones left out. */
export function pendingDialogs(p: Profile): DialogStep[] {
  const out: DialogStep[] = [];
  for (const step of ENGAGE_STEPS) {
    if (!p.prompts.has(`engage:${step}`) && engageMissing(p, step))
      out.push({ mode: 'engage', step });
  }
  for (const step of REVIEW_STEPS) {
    if (!p.prompts.has(`review:${step}`) && reviewable(p, step)) out.push({ mode: 'review', step });
  }
  return out;
}

/**
 * The dialogs to open on this page: none when the seeker closed the dialog in the last week
 * (DIALOGS_CLOSED_DAYS) or it was already shown since this sign-in (`sessionStartedAt`), else
 * pendingDialogs. Kept per seeker on the server, so another browser or device agrees.
 */
export function dialogsToOpen(p: Profile, sessionStartedAt: Date, now = new Date()): DialogStep[] {
  const closedAt = p.promptsAt.get('dialogs:closed');
  if (closedAt && now.getTime() - closedAt.getTime() < DIALOGS_CLOSED_DAYS * 86_400_000) return [];
  const shownAt = p.promptsAt.get(DIALOGS_SHOWN);
  if (shownAt && shownAt.getTime() >= sessionStartedAt.getTime()) return [];
  return pendingDialogs(p);
}

/**
 * The dialogs a page opens for this seeker now (dialogsToOpen), marked shown for the rest of
 * this sign-in when there are any: one write per sign-in at most.
 */
export async function openDialogs(
  p: Profile,
  user: { id: string; sessionStartedAt: Date },
  options: DbOptions = {},
): Promise<DialogStep[]> {
  const steps = dialogsToOpen(p, user.sessionStartedAt);
  if (steps.length > 0) await setPrompt(user.id, DIALOGS_SHOWN, 'confirmed', options);
  return steps;
}

/** Whether a seeker card still has something to ask. */
function cardMissing(p: Profile, card: SeekerCard): boolean {
  const c = completenessOf(p);
  switch (card) {
    case 'location':
      return c.preferredLocations === false;
    case 'currentLocation':
      return c.currentLocation === false;
    case 'workAuth':
      return c.workPermit === false;
    case 'education':
      return c.education === false;
    case 'experience':
      return c.experience === false;
    case 'designation':
      return p.account.careerStage !== 'fresher' && !p.currentEmployment?.designation;
    case 'skills':
      return c.skills === false;
    case 'resume':
      return c.resume === false;
    case 'mobile':
      return !!p.account.mobile && c.mobileVerified === false;
  }
}

/** Seeker cards still to show (missing and not skipped), in SPEC order. */
export function pendingCards(p: Profile): SeekerCard[] {
  return SEEKER_CARDS.filter((card) => !p.prompts.has(`card:${card}`) && cardMissing(p, card));
}

// --- prompts (skip / confirm remembered) --------------------------------------------------------

/** Written by the server when the profile dialog is rendered; never sent by a browser. */
const DIALOGS_SHOWN = 'dialogs:shown';

export async function setPrompt(
  userId: string,
  prompt: PromptKey | typeof DIALOGS_SHOWN,
  state: PromptState,
  options: DbOptions = {},
): Promise<void> {
  const db = await db$(options);
  await db
    .insert(seekerPromptStates)
    .values({ userId, prompt, state })
    .onConflictDoUpdate({
      target: [seekerPromptStates.userId, seekerPromptStates.prompt],
      set: { state, at: new Date() },
    });
}
