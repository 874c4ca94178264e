/**
 * The seeker profile (issue 6): reads and updates each section of SPEC §3 on the accounts tables
 * (seeker_profiles, seeker_employments, seeker_educations, seeker_job_preferences, users) and
 * the profiles tables (named profiles, extras, prompt states). Every function takes the owner's
 * user id from the session: no function reads or changes another user's rows (ids of entries
 * are always matched together with the user id).
 *
 * Named profiles (up to 5, exactly one default) each hold their own headline, resume choice, key
 * skills, preferred locations and expected salary; everything else is shared by all of them. The
 * default profile's skills, locations and expected salary are seeker_job_preferences (what
 * registration, the score, dialogs, cards and search read); another profile's are on its own row,
 * and making it the default swaps the two. Writes to one profile take a per-user lock so a swap
 * and a write never interleave.
 *
 * Inputs are the OUTPUT of the valibot schemas of src/lib/validation/profile.ts: callers parse
 * first. Business rules that need the database (5 profiles, one default, duplicate skills, an
 * employment to attach a salary to) throw ProfileError with a SPEC §5 or PROFILE_MESSAGES text;
 * nothing is written when a rule fails (each update is one statement or one transaction).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { getDb, type Queryable } from '~/server/db/client';
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
  type SalaryMode,
  type SeekerNamedProfile,
} from '~/server/db/schema';
import { listUserResumes, type ResumeSummary } from '~/server/resumes/service';
import { MAX_PROFILES } from '~/lib/reference-lists';
import { ACCOUNT_MESSAGES } from '~/lib/validation/account';
import {
  ENGAGE_STEPS,
  PROFILE_MESSAGES,
  REVIEW_STEPS,
  SEEKER_CARDS,
  type AddSkillsSchema,
  type CurrentSalarySchema,
  type DesignationSchema,
  type EngageStep,
  type ExpectedSalarySchema,
  type ResumeChoiceSchema,
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
} from '~/lib/validation/profile';
import { profileScore, type ProfileCompleteness } from '~/lib/profile/score';

export interface DbOptions {
  db?: Queryable;
}

type Out<S extends v.GenericSchema> = v.InferOutput<S>;
/** The profile a per-profile change goes to; none: the default profile. */
type ProfileRef = { profileId?: number | null };

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
  const [defaultRow] = await db
    .select({
      resumeId: seekerNamedProfiles.resumeId,
      withoutResume: seekerNamedProfiles.withoutResume,
    })
    .from(seekerNamedProfiles)
    .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.isDefault, true)))
    .limit(1);
  const resume = resolveResume(defaultRow ?? null, await listUserResumes(userId, { db }));
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

/** The resume a profile shows: its chosen one, none, or (no choice) the newest upload. */
function resolveResume(
  row: { resumeId: string | null; withoutResume: boolean } | null,
  resumes: ResumeSummary[],
): ResumeSummary | null {
  if (row?.withoutResume) return null;
  if (row?.resumeId) return resumes.find((r) => r.id === row.resumeId) ?? resumes[0] ?? null;
  return resumes[0] ?? null;
}

/** Serialises one user's profile changes (create, swap of the default, per-profile writes). */
async function lockProfiles(tx: Queryable, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`profiles:${userId}`}))`);
}

/** The name of the profile every seeker starts with (pages show it in their own language). */
export const DEFAULT_PROFILE_NAME = 'My profile';

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
    .values({ userId, name: DEFAULT_PROFILE_NAME, isDefault: true })
    .onConflictDoNothing();
  return read();
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** What each profile holds on its own (the rest of the profile is shared). */
export interface ProfileValues {
  skills: string[];
  preferredLocations: string[];
  expectedSalary: number | null;
  expectedSalaryMode: SalaryMode | null;
}

async function readValues(
  db: Queryable,
  userId: string,
  row: SeekerNamedProfile,
): Promise<ProfileValues> {
  if (!row.isDefault) {
    return {
      skills: row.skills,
      preferredLocations: row.preferredLocations,
      expectedSalary: row.expectedSalary,
      expectedSalaryMode: row.expectedSalaryMode,
    };
  }
  const [pref] = await db
    .select()
    .from(seekerJobPreferences)
    .where(eq(seekerJobPreferences.userId, userId))
    .limit(1);
  return {
    skills: pref?.skills ?? [],
    preferredLocations: pref?.preferredLocations ?? [],
    expectedSalary: pref?.expectedSalary ?? null,
    expectedSalaryMode: pref?.salaryMode ?? null,
  };
}

async function writeValues(
  db: Queryable,
  userId: string,
  row: SeekerNamedProfile,
  set: Partial<ProfileValues>,
) {
  if (row.isDefault) {
    const { expectedSalaryMode, ...rest } = set;
    await upsertPreference(db, userId, {
      ...rest,
      ...(expectedSalaryMode !== undefined ? { salaryMode: expectedSalaryMode } : {}),
    });
    return;
  }
  await db
    .update(seekerNamedProfiles)
    .set(set)
    .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, row.id)));
}

/** One of the user's profiles; 'Please select a profile from list.' for any other id. */
async function ownProfile(db: Queryable, userId: string, profileId: number, status = 422) {
  const [row] = await db
    .select()
    .from(seekerNamedProfiles)
    .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, profileId)))
    .limit(1);
  if (!row) throw new ProfileError(PROFILE_MESSAGES.profileRequired, status, 'profileId');
  return row;
}

/** The profile a per-profile edit goes to: the given one (the user's own), or the default. */
async function targetProfile(db: Queryable, userId: string, profileId: number | null | undefined) {
  if (profileId != null) return ownProfile(db, userId, profileId);
  const rows = await listNamedProfiles(userId, { db });
  return rows.find((r) => r.isDefault) ?? rows[0]!;
}

/** Runs `fn` on the target profile in a transaction holding the user's profile lock. */
async function onProfile<T>(
  options: DbOptions,
  userId: string,
  profileId: number | null | undefined,
  fn: (tx: Queryable, row: SeekerNamedProfile) => Promise<T>,
): Promise<T> {
  const db = await db$(options);
  await listNamedProfiles(userId, { db });
  return db.transaction(async (tx) => {
    await lockProfiles(tx, userId);
    return fn(tx, await targetProfile(tx, userId, profileId));
  });
}

/** One profile as its owner edits it: its own values, resume choice and the resumes to pick. */
export async function getNamedProfile(
  userId: string,
  profileId: number | null,
  options: DbOptions = {},
) {
  const db = await db$(options);
  const rows = await listNamedProfiles(userId, { db });
  const row =
    profileId === null
      ? (rows.find((r) => r.isDefault) ?? rows[0]!)
      : await ownProfile(db, userId, profileId, 404);
  const values = await readValues(db, userId, row);
  const resumes = await listUserResumes(userId, { db });
  return {
    id: row.id,
    name: row.name,
    headline: row.headline,
    isDefault: row.isDefault,
    ...values,
    /** 'latest' (the newest upload), 'none', or the chosen resume's id. */
    resumeChoice: row.withoutResume ? 'none' : (row.resumeId ?? 'latest'),
    resume: resolveResume(row, resumes),
    resumes,
  };
}
export type NamedProfile = Awaited<ReturnType<typeof getNamedProfile>>;

/** A new profile with a copy of the default profile's own values (and the given headline). */
export async function createNamedProfile(
  userId: string,
  name: string,
  options: DbOptions = {},
  headline: string | null = null,
) {
  const db = await db$(options);
  await listNamedProfiles(userId, { db });
  return db.transaction(async (tx) => {
    // Serialise creations of one user so two at once cannot both pass the limit.
    await lockProfiles(tx, userId);
    const existing = await tx
      .select()
      .from(seekerNamedProfiles)
      .where(eq(seekerNamedProfiles.userId, userId));
    if (existing.length >= MAX_PROFILES)
      throw new ProfileError(PROFILE_MESSAGES.tooManyProfiles, 422, 'name');
    if (existing.some((p) => sameName(p.name, name))) {
      throw new ProfileError(PROFILE_MESSAGES.profileNameTaken, 422, 'name');
    }
    const source = existing.find((p) => p.isDefault) ?? null;
    const values = source ? await readValues(tx, userId, source) : null;
    const [row] = await tx
      .insert(seekerNamedProfiles)
      .values({
        userId,
        name,
        headline: headline ?? source?.headline ?? null,
        isDefault: false,
        resumeId: source?.resumeId ?? null,
        withoutResume: source?.withoutResume ?? false,
        ...(values ?? {}),
      })
      .returning();
    return row!;
  });
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

const EMPTY_VALUES: ProfileValues = {
  skills: [],
  preferredLocations: [],
  expectedSalary: null,
  expectedSalaryMode: null,
};

/**
 * Makes a profile the default: the old default's own values move onto its row and the new one's
 * into seeker_job_preferences, so every profile keeps what it had.
 */
export async function setDefaultProfile(
  userId: string,
  profileId: number,
  options: DbOptions = {},
) {
  const db = await db$(options);
  await db.transaction(async (tx) => {
    await lockProfiles(tx, userId);
    const next = await ownProfile(tx, userId, profileId);
    if (next.isDefault) return;
    const [previous] = await tx
      .select()
      .from(seekerNamedProfiles)
      .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.isDefault, true)))
      .limit(1);
    const previousValues = previous ? await readValues(tx, userId, previous) : EMPTY_VALUES;
    const nextValues = await readValues(tx, userId, next);
    if (previous) {
      await tx
        .update(seekerNamedProfiles)
        .set({ isDefault: false, ...previousValues })
        .where(eq(seekerNamedProfiles.id, previous.id));
    }
    await tx
      .update(seekerNamedProfiles)
      .set({ isDefault: true, ...EMPTY_VALUES })
      .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, profileId)));
    await writeValues(tx, userId, { ...next, isDefault: true }, nextValues);
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

/** Which resume a profile shows: 'latest', 'none' or one of the user's own resumes. */
export async function saveResumeChoice(
  userId: string,
  input: Out<typeof ResumeChoiceSchema>,
  options: DbOptions = {},
) {
  await onProfile(options, userId, input.profileId, async (tx, row) => {
    let set: { resumeId: string | null; withoutResume: boolean };
    if (input.resume === 'latest') set = { resumeId: null, withoutResume: false };
    else if (input.resume === 'none') set = { resumeId: null, withoutResume: true };
    else {
      const own = await listUserResumes(userId, { db: tx });
      if (!own.some((r) => r.id === input.resume)) {
        throw new ProfileError(PROFILE_MESSAGES.resumeChoiceInvalid, 422, 'resume');
      }
      set = { resumeId: input.resume, withoutResume: false };
    }
    await tx
      .update(seekerNamedProfiles)
      .set(set)
      .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, row.id)));
  });
}

/** One profile's expected salary (empty clears it). */
export async function saveExpectedSalary(
  userId: string,
  input: Out<typeof ExpectedSalarySchema>,
  options: DbOptions = {},
) {
  await onProfile(options, userId, input.profileId, (tx, row) =>
    writeValues(tx, userId, row, {
      expectedSalary: input.expectedSalary,
      expectedSalaryMode: input.expectedSalary === null ? null : input.salaryMode,
    }),
  );
}

// --- sections -----------------------------------------------------------------------------------

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
  return saveEntry(db, seekerEmployments, userId, input.id, values);
}

/** An employment or education entry: rows a seeker has several of, each with its own id. */
type EntryTable = typeof seekerEmployments | typeof seekerEducations;

/**
 * Updates the owner's entry `id` (another user's, or none: 'not found') or, with no id, adds one.
 * Returns the entry's id.
 */
async function saveEntry<T extends EntryTable>(
  db: Queryable,
  table: T,
  userId: string,
  id: number | null,
  values: Omit<T['$inferInsert'], 'userId'>,
): Promise<number> {
  // Typed per table for the callers; drizzle's builders take the union.
  const t: EntryTable = table;
  if (id !== null) {
    const rows = await db
      .update(t)
      .set(values)
      .where(and(eq(t.userId, userId), eq(t.id, id)))
      .returning({ id: t.id });
    if (rows.length === 0) throw new ProfileError(PROFILE_MESSAGES.notFound, 404, 'id');
    return rows[0]!.id;
  }
  const [row] = await db
    .insert(t)
    .values({ ...values, userId })
    .returning({ id: t.id });
  return row!.id;
}

/** Deletes the owner's entry with that id; another user's (or none) is 'not found'. */
async function deleteEntry(db: Queryable, table: EntryTable, userId: string, id: number) {
  const rows = await db
    .delete(table)
    .where(and(eq(table.userId, userId), eq(table.id, id)))
    .returning({ id: table.id });
  if (rows.length === 0) throw new ProfileError(PROFILE_MESSAGES.entryNotFound, 404, 'id');
}

export async function deleteEmployment(userId: string, id: number, options: DbOptions = {}) {
  await deleteEntry(await db$(options), seekerEmployments, userId, id);
}

export async function deleteEducation(userId: string, id: number, options: DbOptions = {}) {
  await deleteEntry(await db$(options), seekerEducations, userId, id);
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
  return saveEntry(db, seekerEducations, userId, input.id, values);
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

/** The current location (shared) and / or one profile's preferred locations (default: none). */
export async function saveLocations(
  userId: string,
  input: Partial<Out<typeof LocationsSchema>> & ProfileRef,
  options: DbOptions = {},
) {
  await onProfile(options, userId, input.profileId, async (tx, row) => {
    if (input.currentLocation !== undefined) {
      await upsertSeeker(tx, userId, { currentLocation: input.currentLocation });
    }
    if (input.preferredLocations !== undefined) {
      await writeValues(tx, userId, row, { preferredLocations: input.preferredLocations });
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
    await lockProfiles(tx, userId);
    await saveCurrentSalary(userId, input, salaryCurrency, { db: tx });
    // The expected salary here is the default profile's (seeker_job_preferences).
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

/** Adds skills to a profile (default: the default one); 'This Skill is already added.' on a repeat. */
export async function addSkills(
  userId: string,
  input: Omit<Out<typeof AddSkillsSchema>, 'profileId'> & ProfileRef,
  options: DbOptions = {},
): Promise<string[]> {
  return onProfile(options, userId, input.profileId, async (tx, row) => {
    const have = (await readValues(tx, userId, row)).skills;
    const keys = new Set(have.map((s) => s.toLocaleLowerCase()));
    if (input.skills.some((s) => keys.has(s.toLocaleLowerCase()))) {
      throw new ProfileError(ACCOUNT_MESSAGES.skillDuplicate, 422, 'skills');
    }
    const skills = [...have, ...input.skills];
    if (skills.length > 30) throw new ProfileError(ACCOUNT_MESSAGES.tooManySkills, 422, 'skills');
    await writeValues(tx, userId, row, { skills });
    return skills;
  });
}

export async function deleteSkill(
  userId: string,
  skill: string,
  options: DbOptions & ProfileRef = {},
) {
  return onProfile(options, userId, options.profileId, async (tx, row) => {
    const have = (await readValues(tx, userId, row)).skills;
    const skills = have.filter((s) => s.toLocaleLowerCase() !== skill.toLocaleLowerCase());
    if (skills.length !== have.length) await writeValues(tx, userId, row, { skills });
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
