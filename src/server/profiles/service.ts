/**
 * The seeker profile (issue 6): reads and updates each section of SPEC §3 on the accounts tables
 * (seeker_profiles, seeker_employments, seeker_educations, seeker_job_preferences, users) and
 * the profiles tables (named profiles, extras, prompt states). Every function takes the owner's
 * user id from the session: no function reads or changes another user's rows (ids of entries
 * are always matched together with the user id).
 *
 * Inputs are the OUTPUT of the valibot schemas of src/lib/validation/profile.ts: callers parse
 * first. Business rules that need the database (5 profiles, one default, duplicate skills, an
 * employment to attach a salary to) throw ProfileError with a SPEC §5 or PROFILE_MESSAGES text;
 * nothing is written when a rule fails (each update is one statement or one transaction).
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { getDb, type Queryable } from '../db/client';
import {
  seekerEducations,
  seekerEmployments,
  seekerJobPreferences,
  seekerNamedProfiles,
  seekerProfileExtras,
  seekerProfiles,
  seekerPromptStates,
  users,
  type PromptState,
} from '../db/schema';
import { latestResume } from '../resumes/service';
import { MAX_PROFILES } from '../../lib/reference-lists';
import { ACCOUNT_MESSAGES } from '../../lib/validation/account';
import {
  ENGAGE_STEPS,
  PROFILE_MESSAGES,
  REVIEW_STEPS,
  SEEKER_CARDS,
  type AddSkillsSchema,
  type CurrentSalarySchema,
  type DesignationSchema,
  type EngageStep,
  type ExperienceSchema,
  type LgbtqStatus,
  type LocationsSchema,
  type MobileUpdateSchema,
  type NoticePeriodSchema,
  type ProfileEducationSchema,
  type ProfileEmploymentSchema,
  type PromptKey,
  type ReviewStep,
  type SalarySchema,
  type SeekerCard,
  type VisaStatus,
} from '../../lib/validation/profile';
import { profileScore, type ProfileCompleteness } from '../../lib/profile/score';

export interface DbOptions {
  db?: Queryable;
}

/** A rule of the profile was broken: `message` is a SPEC §5 / PROFILE_MESSAGES text. */
export class ProfileError extends Error {
  constructor(
    message: string,
    readonly status: number = 422,
    readonly field: string = '',
  ) {
    super(message);
    this.name = 'ProfileError';
  }
}

const db$ = async (options: DbOptions) => options.db ?? (await getDb());

// --- reading ------------------------------------------------------------------------------------

/** Everything the owner's profile page shows (private flags included: owner only). */
export async function getProfile(userId: string, options: DbOptions = {}) {
  const db = await db$(options);
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      isdCode: users.isdCode,
      careerStage: users.careerStage,
      siteContext: users.siteContext,
      mobileVerifiedAt: users.mobileVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw new ProfileError(PROFILE_MESSAGES.notFound, 404);
  const [seeker] = await db
    .select()
    .from(seekerProfiles)
    .where(eq(seekerProfiles.userId, userId))
    .limit(1);
  const employments = await db
    .select()
    .from(seekerEmployments)
    .where(eq(seekerEmployments.userId, userId))
    .orderBy(
      desc(seekerEmployments.isCurrent),
      desc(seekerEmployments.startDate),
      desc(seekerEmployments.id),
    );
  const educations = await db
    .select()
    .from(seekerEducations)
    .where(eq(seekerEducations.userId, userId))
    .orderBy(desc(seekerEducations.passingYear), desc(seekerEducations.id));
  const [preference] = await db
    .select()
    .from(seekerJobPreferences)
    .where(eq(seekerJobPreferences.userId, userId))
    .limit(1);
  const [extras] = await db
    .select()
    .from(seekerProfileExtras)
    .where(eq(seekerProfileExtras.userId, userId))
    .limit(1);
  const prompts = await db
    .select({ prompt: seekerPromptStates.prompt, state: seekerPromptStates.state })
    .from(seekerPromptStates)
    .where(eq(seekerPromptStates.userId, userId));
  const resume = await latestResume(userId, { db });
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
    },
    prompts: new Map(prompts.map((p) => [p.prompt, p.state] as const)),
    resume: resume
      ? { id: resume.id, fileName: resume.fileName, createdAt: resume.createdAt }
      : null,
  };
}
export type Profile = Awaited<ReturnType<typeof getProfile>>;

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
    // No photo upload exists yet: it stays a pending action.
    photo: false,
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

export async function setPrompt(
  userId: string,
  prompt: PromptKey,
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

// --- named profiles (SPEC §9) -------------------------------------------------------------------

/** The user's named profiles, default first; creates "My profile" (default) when there are none. */
export async function listNamedProfiles(userId: string, options: DbOptions = {}) {
  const db = await db$(options);
  const read = () =>
    db
      .select()
      .from(seekerNamedProfiles)
      .where(eq(seekerNamedProfiles.userId, userId))
      .orderBy(desc(seekerNamedProfiles.isDefault), asc(seekerNamedProfiles.id));
  const rows = await read();
  if (rows.length > 0) return rows;
  await db
    .insert(seekerNamedProfiles)
    .values({ userId, name: 'My profile', isDefault: true })
    .onConflictDoNothing();
  return read();
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export async function createNamedProfile(
  userId: string,
  name: string,
  options: DbOptions = {},
  headline: string | null = null,
) {
  const db = await db$(options);
  const existing = await listNamedProfiles(userId, { db });
  return db.transaction(async (tx) => {
    // Serialise creations of one user so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`profiles:${userId}`}))`);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(seekerNamedProfiles)
      .where(eq(seekerNamedProfiles.userId, userId))) as [{ n: number }];
    if (Number(n) >= MAX_PROFILES)
      throw new ProfileError(PROFILE_MESSAGES.tooManyProfiles, 422, 'name');
    if (existing.some((p) => sameName(p.name, name))) {
      throw new ProfileError(PROFILE_MESSAGES.profileNameTaken, 422, 'name');
    }
    const [row] = await tx
      .insert(seekerNamedProfiles)
      .values({ userId, name, headline, isDefault: false })
      .returning();
    return row!;
  });
}

async function ownProfile(db: Queryable, userId: string, profileId: number) {
  const [row] = await db
    .select()
    .from(seekerNamedProfiles)
    .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, profileId)))
    .limit(1);
  if (!row) throw new ProfileError(PROFILE_MESSAGES.profileRequired, 422, 'profileId');
  return row;
}

export async function renameNamedProfile(
  userId: string,
  profileId: number,
  name: string,
  options: DbOptions = {},
  headline?: string | null,
) {
  const db = await db$(options);
  await ownProfile(db, userId, profileId);
  const all = await listNamedProfiles(userId, { db });
  if (all.some((p) => p.id !== profileId && sameName(p.name, name))) {
    throw new ProfileError(PROFILE_MESSAGES.profileNameTaken, 422, 'name');
  }
  await db
    .update(seekerNamedProfiles)
    .set({ name, ...(headline !== undefined ? { headline } : {}) })
    .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, profileId)));
}

export async function setDefaultProfile(
  userId: string,
  profileId: number,
  options: DbOptions = {},
) {
  const db = await db$(options);
  await db.transaction(async (tx) => {
    await ownProfile(tx, userId, profileId);
    await tx
      .update(seekerNamedProfiles)
      .set({ isDefault: false })
      .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.isDefault, true)));
    await tx
      .update(seekerNamedProfiles)
      .set({ isDefault: true })
      .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, profileId)));
  });
}

export async function deleteNamedProfile(
  userId: string,
  profileId: number,
  options: DbOptions = {},
) {
  const db = await db$(options);
  const row = await ownProfile(db, userId, profileId);
  if (row.isDefault) throw new ProfileError(PROFILE_MESSAGES.defaultNotDeletable, 422, 'profileId');
  await db
    .delete(seekerNamedProfiles)
    .where(
      and(
        eq(seekerNamedProfiles.userId, userId),
        eq(seekerNamedProfiles.id, profileId),
        eq(seekerNamedProfiles.isDefault, false),
      ),
    );
}

// --- sections -----------------------------------------------------------------------------------

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** Adds an employment (no id) or updates the owner's one with that id. */
export async function saveEmployment(
  userId: string,
  input: Out<typeof ProfileEmploymentSchema>,
  salaryCurrency: string,
  options: DbOptions = {},
): Promise<number> {
  const db = await db$(options);
  const values = {
    designation: input.designation,
    company: input.company,
    startDate: input.startDate,
    endDate: input.isCurrent ? null : input.endDate || null,
    isCurrent: input.isCurrent,
    noticePeriod: input.isCurrent ? input.noticePeriod : null,
    lastWorkingDate: input.isCurrent && input.lastWorkingDate ? input.lastWorkingDate : null,
    currentSalary: input.currentSalary,
    salaryMode: input.salaryMode,
    salaryCurrency,
  };
  if (input.id !== null) {
    const rows = await db
      .update(seekerEmployments)
      .set(values)
      .where(and(eq(seekerEmployments.userId, userId), eq(seekerEmployments.id, input.id)))
      .returning({ id: seekerEmployments.id });
    if (rows.length === 0) throw new ProfileError(PROFILE_MESSAGES.notFound, 404, 'id');
    return rows[0]!.id;
  }
  const [row] = await db
    .insert(seekerEmployments)
    .values({ userId, ...values })
    .returning({ id: seekerEmployments.id });
  return row!.id;
}

export async function deleteEmployment(userId: string, id: number, options: DbOptions = {}) {
  const db = await db$(options);
  await db
    .delete(seekerEmployments)
    .where(and(eq(seekerEmployments.userId, userId), eq(seekerEmployments.id, id)));
}

export async function saveEducation(
  userId: string,
  input: Out<typeof ProfileEducationSchema>,
  options: DbOptions = {},
): Promise<number> {
  const db = await db$(options);
  const values = {
    qualification: input.qualification,
    specialization: input.specialization || null,
    institute: input.institute || null,
    board: input.board || null,
    medium: input.medium || null,
    passingYear: input.passingYear,
    percentageBand: input.percentageBand,
    educationType: input.educationType,
  };
  if (input.id !== null) {
    const rows = await db
      .update(seekerEducations)
      .set(values)
      .where(and(eq(seekerEducations.userId, userId), eq(seekerEducations.id, input.id)))
      .returning({ id: seekerEducations.id });
    if (rows.length === 0) throw new ProfileError(PROFILE_MESSAGES.notFound, 404, 'id');
    return rows[0]!.id;
  }
  const [row] = await db
    .insert(seekerEducations)
    .values({ userId, ...values })
    .returning({ id: seekerEducations.id });
  return row!.id;
}

async function upsertSeeker(
  db: Queryable,
  userId: string,
  set: Partial<typeof seekerProfiles.$inferInsert>,
) {
  // A profile row made here (no registration) counts as a finished registration.
  await db
    .insert(seekerProfiles)
    .values({ userId, registrationStep: 'done', ...set })
    .onConflictDoUpdate({ target: seekerProfiles.userId, set });
}

async function upsertPreference(
  db: Queryable,
  userId: string,
  set: Partial<typeof seekerJobPreferences.$inferInsert>,
) {
  await db
    .insert(seekerJobPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: seekerJobPreferences.userId, set });
}

async function upsertExtras(
  db: Queryable,
  userId: string,
  set: Partial<typeof seekerProfileExtras.$inferInsert>,
) {
  await db
    .insert(seekerProfileExtras)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: seekerProfileExtras.userId, set });
}

export async function saveExperience(
  userId: string,
  input: Out<typeof ExperienceSchema>,
  options: DbOptions = {},
) {
  await upsertSeeker(await db$(options), userId, {
    experienceYears: input.experienceYears,
    experienceMonths: input.experienceMonths,
  });
}

export async function saveLocations(
  userId: string,
  input: Partial<Out<typeof LocationsSchema>>,
  options: DbOptions = {},
) {
  const db = await db$(options);
  await db.transaction(async (tx) => {
    if (input.currentLocation !== undefined) {
      await upsertSeeker(tx, userId, { currentLocation: input.currentLocation });
    }
    if (input.preferredLocations !== undefined) {
      await upsertPreference(tx, userId, { preferredLocations: input.preferredLocations });
    }
  });
}

/** Changes the mobile number; a new number is unverified until its OTP is entered. */
export async function saveMobile(
  userId: string,
  input: Out<typeof MobileUpdateSchema>,
  options: DbOptions = {},
) {
  const db = await db$(options);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isdCode, input.isdCode), eq(users.mobile, input.mobile)))
    .limit(1);
  if (taken && taken.id !== userId)
    throw new ProfileError(PROFILE_MESSAGES.mobileTaken, 422, 'mobile');
  if (taken) return; // the same number: nothing changes, it stays verified if it was
  await db
    .update(users)
    .set({ isdCode: input.isdCode, mobile: input.mobile, mobileVerifiedAt: null })
    .where(eq(users.id, userId));
}

async function currentEmploymentId(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: seekerEmployments.id })
    .from(seekerEmployments)
    .where(eq(seekerEmployments.userId, userId))
    .orderBy(
      desc(seekerEmployments.isCurrent),
      desc(seekerEmployments.startDate),
      desc(seekerEmployments.id),
    )
    .limit(1);
  if (!row) throw new ProfileError(PROFILE_MESSAGES.noEmployment, 422, 'currentSalary');
  return row.id;
}

/** Current salary and mode (on the current employment). */
export async function saveCurrentSalary(
  userId: string,
  input: Out<typeof CurrentSalarySchema>,
  salaryCurrency: string,
  options: DbOptions = {},
) {
  const db = await db$(options);
  const id = await currentEmploymentId(db, userId);
  await db
    .update(seekerEmployments)
    .set({ currentSalary: input.currentSalary, salaryMode: input.salaryMode, salaryCurrency })
    .where(and(eq(seekerEmployments.userId, userId), eq(seekerEmployments.id, id)));
}

/** The salary section: current salary with mode (if employed) and the expected salary. */
export async function saveSalary(
  userId: string,
  input: Out<typeof SalarySchema>,
  salaryCurrency: string,
  options: DbOptions = {},
) {
  const db = await db$(options);
  await db.transaction(async (tx) => {
    await saveCurrentSalary(userId, input, salaryCurrency, { db: tx });
    await upsertPreference(tx, userId, {
      expectedSalary: input.expectedSalary,
      ...(input.expectedSalary !== null ? { salaryMode: input.salaryMode } : {}),
    });
  });
}

export async function saveNoticePeriod(
  userId: string,
  input: Out<typeof NoticePeriodSchema>,
  options: DbOptions = {},
) {
  const db = await db$(options);
  const id = await currentEmploymentId(db, userId).catch(() => {
    throw new ProfileError(PROFILE_MESSAGES.noEmployment, 422, 'noticePeriod');
  });
  await db
    .update(seekerEmployments)
    .set({
      isCurrent: true,
      endDate: null,
      noticePeriod: input.noticePeriod,
      lastWorkingDate: input.noticePeriod === 0 ? input.lastWorkingDate : null,
    })
    .where(and(eq(seekerEmployments.userId, userId), eq(seekerEmployments.id, id)));
}

/** Adds skills; 'This Skill is already added.' when one is already there (any case). */
export async function addSkills(
  userId: string,
  input: Out<typeof AddSkillsSchema>,
  options: DbOptions = {},
): Promise<string[]> {
  const db = await db$(options);
  return db.transaction(async (tx) => {
    const [pref] = await tx
      .select({ skills: seekerJobPreferences.skills })
      .from(seekerJobPreferences)
      .where(eq(seekerJobPreferences.userId, userId))
      .limit(1)
      .for('update');
    const have = pref?.skills ?? [];
    const keys = new Set(have.map((s) => s.toLocaleLowerCase()));
    if (input.skills.some((s) => keys.has(s.toLocaleLowerCase()))) {
      throw new ProfileError(ACCOUNT_MESSAGES.skillDuplicate, 422, 'skills');
    }
    const skills = [...have, ...input.skills];
    if (skills.length > 30) throw new ProfileError(ACCOUNT_MESSAGES.tooManySkills, 422, 'skills');
    await upsertPreference(tx, userId, { skills });
    return skills;
  });
}

export async function deleteSkill(userId: string, skill: string, options: DbOptions = {}) {
  const db = await db$(options);
  return db.transaction(async (tx) => {
    const [pref] = await tx
      .select({ skills: seekerJobPreferences.skills })
      .from(seekerJobPreferences)
      .where(eq(seekerJobPreferences.userId, userId))
      .limit(1)
      .for('update');
    const skills = (pref?.skills ?? []).filter(
      (s) => s.toLocaleLowerCase() !== skill.toLocaleLowerCase(),
    );
    if (pref) await upsertPreference(tx, userId, { skills });
    return skills;
  });
}

export async function saveVisaStatus(
  userId: string,
  visaStatus: VisaStatus,
  options: DbOptions = {},
) {
  await upsertExtras(await db$(options), userId, { visaStatus });
}

export async function saveLinkedIn(userId: string, linkedinUrl: string, options: DbOptions = {}) {
  await upsertExtras(await db$(options), userId, { linkedinUrl });
}

/** Updates the current employment's designation, or the default profile's headline without one. */
export async function saveDesignation(
  userId: string,
  input: Out<typeof DesignationSchema>,
  options: DbOptions = {},
) {
  const db = await db$(options);
  await listNamedProfiles(userId, { db });
  await db.transaction(async (tx) => {
    await tx
      .update(seekerNamedProfiles)
      .set({ headline: input.designation })
      .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.isDefault, true)));
    const [current] = await tx
      .select({ id: seekerEmployments.id })
      .from(seekerEmployments)
      .where(eq(seekerEmployments.userId, userId))
      .orderBy(
        desc(seekerEmployments.isCurrent),
        desc(seekerEmployments.startDate),
        desc(seekerEmployments.id),
      )
      .limit(1);
    if (current) {
      await tx
        .update(seekerEmployments)
        .set({ designation: input.designation })
        .where(and(eq(seekerEmployments.userId, userId), eq(seekerEmployments.id, current.id)));
    }
  });
}

// --- private flags (owner only) -----------------------------------------------------------------

export async function getPrivateFlags(userId: string, options: DbOptions = {}) {
  const db = await db$(options);
  const [row] = await db
    .select({ covidLayoff: seekerProfileExtras.covidLayoff, lgbtq: seekerProfileExtras.lgbtq })
    .from(seekerProfileExtras)
    .where(eq(seekerProfileExtras.userId, userId))
    .limit(1);
  return { covidLayoff: row?.covidLayoff ?? false, lgbtq: row?.lgbtq ?? null };
}

export async function setCovidLayoff(
  userId: string,
  covidLayoff: boolean,
  options: DbOptions = {},
) {
  await upsertExtras(await db$(options), userId, { covidLayoff });
}

export async function setLgbtq(userId: string, lgbtq: LgbtqStatus, options: DbOptions = {}) {
  await upsertExtras(await db$(options), userId, { lgbtq });
}
