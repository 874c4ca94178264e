/**
 * Registration steps 2-5 (SPEC §2): personal details, employment (professionals only), education
 * and job preference. Each step saves on its own; seeker_profiles.registration_step remembers the
 * next step to do, so a seeker who leaves resumes where they were. Going back to an earlier step
 * and saving it again never moves that marker backwards. Registration keeps one employment and
 * one education (the latest), saved through the same entry functions as the profile page.
 */
import { type SQL, type SQLWrapper, eq, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import {
  REGISTRATION_STEPS,
  seekerJobPreferences,
  seekerProfiles,
  type RegistrationStep,
} from '~/server/db/schema-profiles';
import type { CareerStage } from '~/lib/validation/account';
import type {
  EducationInput,
  EmploymentInput,
  JobPreferenceInput,
  PersonalInput,
} from '~/lib/validation/account';
import {
  latestEducation,
  latestEmployment,
  saveEducation as saveEducationEntry,
  saveEmployment as saveEmploymentEntry,
} from './entries';

export type { RegistrationStep };

export interface DbOptions {
  db?: Queryable;
}

/** The page of each step ('done' goes to the dashboard). */
export const STEP_PATHS: Record<RegistrationStep, string> = {
  personal: '/seeker/personal',
  employment: '/seeker/employment',
  education: '/seeker/education',
  'job-preference': '/seeker/job-preference',
  done: '/seeker/dashboard',
};

const order = (step: RegistrationStep) => REGISTRATION_STEPS.indexOf(step);

/** One entry of the registration progress list; a step the seeker may go back to has a path. */
export interface StepLink {
  step: Exclude<RegistrationStep, 'done'> | 'registration';
  current: boolean;
  /** Unlocalised page path, or null (the current step, one not reached, or the account step). */
  path: string | null;
}

/** The registration steps as a progress list (freshers have no employment step). */
export function registrationProgress(
  current: StepLink['step'],
  user: { registrationStep: RegistrationStep; careerStage: CareerStage | null } | null,
): StepLink[] {
  const reached = user?.registrationStep ?? 'personal';
  const steps = (
    ['registration', ...REGISTRATION_STEPS.filter((s) => s !== 'done')] as const
  ).filter((s) => s !== 'employment' || user?.careerStage !== 'fresher');
  return steps.map((step) => {
    const isCurrent = step === current;
    const canVisit =
      !isCurrent && step !== 'registration' && user !== null && order(step) <= order(reached);
    return { step, current: isCurrent, path: canVisit ? STEP_PATHS[step] : null };
  });
}

/** The step after `step`: freshers skip employment. */
export function stepAfter(
  step: RegistrationStep,
  careerStage: CareerStage | null,
): RegistrationStep {
  switch (step) {
    case 'personal':
      return careerStage === 'professional' ? 'employment' : 'education';
    case 'employment':
      return 'education';
    case 'education':
      return 'job-preference';
    default:
      return 'done';
  }
}

/**
 * Where a seeker asking for `step` should be instead, or null when they may see it: a step they
 * have not reached yet sends them to the one they are at; employment is not a fresher's step.
 */
export function redirectForStep(
  step: Exclude<RegistrationStep, 'done'>,
  current: RegistrationStep,
  careerStage: CareerStage | null,
): string | null {
  if (step === 'employment' && careerStage !== 'professional') {
    return STEP_PATHS[order(current) <= order('education') ? current : 'education'];
  }
  if (order(step) > order(current)) return STEP_PATHS[current];
  return null;
}

/** Everything the steps have saved, for pre-filling their forms. */
export async function getRegistration(userId: string, options: DbOptions = {}) {
  const db = options.db ?? (await getDb());
  const [profile] = await db
    .select()
    .from(seekerProfiles)
    .where(eq(seekerProfiles.userId, userId))
    .limit(1);
  const employment = await latestEmployment(db, userId);
  const education = await latestEducation(db, userId);
  const [jobPreference] = await db
    .select()
    .from(seekerJobPreferences)
    .where(eq(seekerJobPreferences.userId, userId))
    .limit(1);
  return {
    profile: profile ?? null,
    employment: employment ?? null,
    education: education ?? null,
    jobPreference: jobPreference ?? null,
  };
}

/** A new account's profile row: registration starts at the personal details step. */
export async function beginRegistration(db: Queryable, userId: string): Promise<void> {
  await db.insert(seekerProfiles).values({ userId, registrationStep: 'personal' });
}

/** Moves the marker forward to `next` (never back); returns the marker after the move. */
async function advance(
  db: Queryable,
  userId: string,
  next: RegistrationStep,
): Promise<RegistrationStep> {
  const [profile] = await db
    .select({ step: seekerProfiles.registrationStep })
    .from(seekerProfiles)
    .where(eq(seekerProfiles.userId, userId))
    .limit(1);
  const current = profile?.step ?? 'personal';
  const step = order(next) > order(current) ? next : current;
  await db
    .insert(seekerProfiles)
    .values({
      userId,
      registrationStep: step,
      registrationCompletedAt: step === 'done' ? new Date() : null,
    })
    .onConflictDoUpdate({
      target: seekerProfiles.userId,
      set: {
        registrationStep: step,
        ...(step === 'done' && current !== 'done' ? { registrationCompletedAt: new Date() } : {}),
      },
    });
  return step;
}

/** Saves a step; returns the path of the step to show next. */
export async function savePersonal(
  userId: string,
  careerStage: CareerStage | null,
  input: PersonalInput,
  options: DbOptions = {},
): Promise<string> {
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const values = {
      dateOfBirth: input.dateOfBirth,
      gender: input.gender,
      currentLocation: input.currentLocation,
      experienceYears: careerStage === 'professional' ? (input.experienceYears ?? 0) : null,
      experienceMonths: careerStage === 'professional' ? (input.experienceMonths ?? 0) : null,
    };
    await tx
      .insert(seekerProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: seekerProfiles.userId, set: values });
    const next = stepAfter('personal', careerStage);
    await advance(tx, userId, next);
    return STEP_PATHS[next];
  });
}

export async function saveEmployment(
  userId: string,
  input: EmploymentInput,
  salaryCurrency: string,
  options: DbOptions = {},
): Promise<string> {
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    // Registration keeps one employment (the latest); the profile can add more later.
    const existing = await latestEmployment(tx, userId);
    await saveEmploymentEntry(userId, { ...input, id: existing?.id ?? null }, salaryCurrency, {
      db: tx,
    });
    await advance(tx, userId, 'education');
    return STEP_PATHS.education;
  });
}

export async function saveEducation(
  userId: string,
  input: EducationInput,
  options: DbOptions = {},
): Promise<string> {
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const existing = await latestEducation(tx, userId);
    await saveEducationEntry(userId, { ...input, id: existing?.id ?? null }, { db: tx });
    await advance(tx, userId, 'job-preference');
    return STEP_PATHS['job-preference'];
  });
}

export async function saveJobPreference(
  userId: string,
  input: JobPreferenceInput,
  options: DbOptions = {},
): Promise<string> {
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const values = {
      preferredLocations: input.preferredLocations,
      skills: input.skills,
      expectedSalary: input.expectedSalary,
      salaryMode: input.salaryMode,
    };
    await tx
      .insert(seekerJobPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: seekerJobPreferences.userId, set: values });
    await advance(tx, userId, 'done');
    return STEP_PATHS.done;
  });
}

/** The step the seeker has to do next ('done' for accounts without a profile row). */
/**
 * registrationStepOf as an expression of a statement that reads more beside it (the session
 * lookup: decision 0074), for the user whose id is `userId` (a column or a value).
 */
export const registrationStepSql = (userId: SQLWrapper | string): SQL<RegistrationStep> =>
  sql<RegistrationStep>`coalesce((select ${seekerProfiles.registrationStep} from ${seekerProfiles} where ${seekerProfiles.userId} = ${userId} limit 1), 'done')`;

export async function registrationStepOf(
  userId: string,
  options: DbOptions = {},
): Promise<RegistrationStep> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ step: seekerProfiles.registrationStep })
    .from(seekerProfiles)
    .where(eq(seekerProfiles.userId, userId))
    .limit(1);
  return row?.step ?? 'done';
}
