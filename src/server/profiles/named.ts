/**
 * Named profiles (SPEC §9): up to 5, exactly one default. Each holds its own headline, resume
 * choice, key skills, preferred locations and expected salary; the default profile's skills,
 * locations and expected salary are seeker_job_preferences, and making another profile the
 * default swaps the two. Writes to one profile take a per-user lock so a swap and a write never
 * interleave.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { type Queryable } from '~/server/db/client';
import {
  seekerJobPreferences,
  seekerNamedProfiles,
  type SalaryMode,
  type SeekerJobPreference,
  type SeekerNamedProfile,
} from '~/server/db/schema-profiles';
import { listUserResumes, type ResumeSummary } from '~/server/resumes/service';
import { MAX_PROFILES } from '~/lib/reference-lists';
import {
  PROFILE_MESSAGES,
  type ExpectedSalarySchema,
  type ResumeChoiceSchema,
} from '~/lib/validation/profile';
import {
  type DbOptions,
  type Out,
  ProfileError,
  db$,
  resolveResume,
  lockProfiles,
  upsertPreference,
} from './common';

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

export const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** What each profile holds on its own (the rest of the profile is shared). */
export interface ProfileValues {
  skills: string[];
  preferredLocations: string[];
  expectedSalary: number | null;
  expectedSalaryMode: SalaryMode | null;
}

export async function readValues(
  db: Queryable,
  userId: string,
  row: SeekerNamedProfile,
): Promise<ProfileValues> {
  if (!row.isDefault) return valuesOf(row);
  const [pref] = await db
    .select()
    .from(seekerJobPreferences)
    .where(eq(seekerJobPreferences.userId, userId))
    .limit(1);
  return preferenceValues(pref ?? null);
}

type PreferenceValues = Pick<
  SeekerJobPreference,
  'skills' | 'preferredLocations' | 'expectedSalary' | 'salaryMode'
>;

/** A profile other than the default holds its values itself. */
const valuesOf = (row: SeekerNamedProfile): ProfileValues => ({
  skills: row.skills,
  preferredLocations: row.preferredLocations,
  expectedSalary: row.expectedSalary,
  expectedSalaryMode: row.expectedSalaryMode,
});

/** The default profile's values are the seeker's job preferences. */
const preferenceValues = (pref: PreferenceValues | null): ProfileValues => ({
  skills: pref?.skills ?? [],
  preferredLocations: pref?.preferredLocations ?? [],
  expectedSalary: pref?.expectedSalary ?? null,
  expectedSalaryMode: pref?.salaryMode ?? null,
});

export async function writeValues(
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
export async function ownProfile(db: Queryable, userId: string, profileId: number, status = 422) {
  const [row] = await db
    .select()
    .from(seekerNamedProfiles)
    .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.id, profileId)))
    .limit(1);
  if (!row) throw new ProfileError(PROFILE_MESSAGES.profileRequired, status, 'profileId');
  return row;
}

/** The profile a per-profile edit goes to: the given one (the user's own), or the default. */
export async function targetProfile(
  db: Queryable,
  userId: string,
  profileId: number | null | undefined,
) {
  if (profileId != null) return ownProfile(db, userId, profileId);
  const rows = await listNamedProfiles(userId, { db });
  return rows.find((r) => r.isDefault) ?? rows[0]!;
}

/** Runs `fn` on the target profile in a transaction holding the user's profile lock. */
export async function onProfile<T>(
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
  const [preference] = await db
    .select()
    .from(seekerJobPreferences)
    .where(eq(seekerJobPreferences.userId, userId))
    .limit(1);
  const resumes = await listUserResumes(userId, { db });
  return namedProfileFrom(rows, profileId, { preference: preference ?? null, resumes });
}

/**
 * One of the user's profiles from their rows, the default's preferences and the resumes (the
 * profile page has them from its own statement). A profile id that is not among the user's is
 * refused (404).
 */
export function namedProfileFrom(
  rows: SeekerNamedProfile[],
  profileId: number | null,
  known: { preference: PreferenceValues | null; resumes: ResumeSummary[] },
) {
  const row =
    profileId === null
      ? (rows.find((r) => r.isDefault) ?? rows[0]!)
      : rows.find((r) => r.id === profileId);
  if (!row) throw new ProfileError(PROFILE_MESSAGES.profileRequired, 404, 'profileId');
  return {
    id: row.id,
    name: row.name,
    headline: row.headline,
    isDefault: row.isDefault,
    ...(row.isDefault ? preferenceValues(known.preference) : valuesOf(row)),
    /** 'latest' (the newest upload), 'none', or the chosen resume's id. */
    resumeChoice: row.withoutResume ? 'none' : (row.resumeId ?? 'latest'),
    resume: resolveResume(row, known.resumes),
    resumes: known.resumes,
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

export const EMPTY_VALUES: ProfileValues = {
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

/**
 * What an application sends: the default profile's name and the resume it shows (its chosen
 * one, or the newest upload). Read only: a seeker without named profiles sends "My profile".
 */
export async function applicationProfile(
  userId: string,
  options: DbOptions = {},
): Promise<{ profileName: string; resumeId: string | null; resumeName: string | null }> {
  const db = await db$(options);
  const [row] = await db
    .select({
      name: seekerNamedProfiles.name,
      resumeId: seekerNamedProfiles.resumeId,
      withoutResume: seekerNamedProfiles.withoutResume,
    })
    .from(seekerNamedProfiles)
    .where(and(eq(seekerNamedProfiles.userId, userId), eq(seekerNamedProfiles.isDefault, true)))
    .limit(1);
  const resume = resolveResume(row ?? null, await listUserResumes(userId, { db }));
  return {
    profileName: row?.name ?? DEFAULT_PROFILE_NAME,
    resumeId: resume?.id ?? null,
    resumeName: resume?.fileName ?? null,
  };
}
