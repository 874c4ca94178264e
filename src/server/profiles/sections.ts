/** The profile's other sections (experience, locations, mobile, salary, skills...) and the private flags. */
import { changeMobile } from '~/server/accounts/users';
import { and, eq } from 'drizzle-orm';
import { type Queryable } from '~/server/db/client';
import {
  seekerEmployments,
  seekerNamedProfiles,
  seekerProfileExtras,
} from '~/server/db/schema-profiles';
import { ACCOUNT_MESSAGES } from '~/lib/validation/account';
import {
  PROFILE_MESSAGES,
  type AddSkillsSchema,
  type CurrentSalarySchema,
  type DesignationSchema,
  type ExperienceSchema,
  type LgbtqStatus,
  type LocationsSchema,
  type MobileUpdateSchema,
  type NoticePeriodSchema,
  type SalarySchema,
  type VisaStatus,
} from '~/lib/validation/profile';
import {
  type DbOptions,
  type Out,
  type ProfileRef,
  ProfileError,
  currentEmploymentId,
  db$,
  lockProfiles,
  upsertSeeker,
  upsertPreference,
  upsertExtras,
} from './common';
import { onProfile, readValues, writeValues, listNamedProfiles } from './named';

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
  const result = await changeMobile(userId, input.isdCode, input.mobile, { db });
  if (result === 'taken') throw new ProfileError(PROFILE_MESSAGES.mobileTaken, 422, 'mobile');
}

/** The current employment's id; none: the section's message that there is no employment. */
async function requireEmployment(db: Queryable, userId: string, field: string): Promise<number> {
  const id = await currentEmploymentId(db, userId);
  if (id === null) throw new ProfileError(PROFILE_MESSAGES.noEmployment, 422, field);
  return id;
}

/** Current salary and mode (on the current employment). */
export async function saveCurrentSalary(
  userId: string,
  input: Out<typeof CurrentSalarySchema>,
  salaryCurrency: string,
  options: DbOptions = {},
) {
  const db = await db$(options);
  const id = await requireEmployment(db, userId, 'currentSalary');
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
  const id = await requireEmployment(db, userId, 'noticePeriod');
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
    const current = await currentEmploymentId(tx, userId);
    if (current !== null) {
      await tx
        .update(seekerEmployments)
        .set({ designation: input.designation })
        .where(and(eq(seekerEmployments.userId, userId), eq(seekerEmployments.id, current)));
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
