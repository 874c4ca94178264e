/**
 * Tables of the profiles domain; migrations are generated from here with npm run db:generate.
 *
 * - seeker_profiles: one per user: personal details and where the registration stands.
 * - seeker_employments, seeker_educations: the seeker's jobs and studies, several each.
 * - seeker_job_preferences: preferred locations, key skills and expected salary (of the default
 *   profile, see below).
 * - seeker_named_profiles: up to 5 named profiles per user, exactly one the default (SPEC §9).
 *   Each holds its own headline and resume choice; a non-default one also its own key skills,
 *   preferred locations and expected salary. The default profile's skills, preferred locations
 *   and expected salary live in seeker_job_preferences (what registration and the rest of the
 *   app read), so its columns here stay empty; making another profile the default swaps them.
 * - seeker_profile_extras: LinkedIn URL, visa / work permit status, the profile photo (a file
 *   in the storage adapter) and the two private flags (covid layoff, LGBTQ self-identification)
 *   — only ever read for their owner.
 * - seeker_prompt_states: what the seeker skipped or confirmed in engagement dialogs, review
 *   dialogs and seeker cards, so they are not asked again.
 *
 * Keep this file free of imports from the rest of the app (but src/lib files that import nothing):
 * drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  integer,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  LGBTQ_STATUSES,
  VISA_STATUSES,
  type LgbtqStatus,
  type VisaStatus,
} from '../../lib/profile/statuses';
import {
  EDUCATION_TYPES,
  GENDERS,
  SALARY_MODES,
  type EducationType,
  type Gender,
  type SalaryMode,
} from '../../lib/profile/kinds';
import { inList, timestamps as timestampColumns, tz } from './columns';
import { users, userIdColumn } from './schema-accounts';
import { resumes } from './schema-resumes';

const timestamps = timestampColumns();

/** Registration steps in order (SPEC §2); 'done' once job preference is saved. */
export const REGISTRATION_STEPS = [
  'personal',
  'employment',
  'education',
  'job-preference',
  'done',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

export { GENDERS, SALARY_MODES, EDUCATION_TYPES, type Gender, type SalaryMode, type EducationType };

/** One per user: personal details and where the registration stands. */
export const seekerProfiles = pgTable(
  'seeker_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The step the seeker has to do next; 'done' when registration is complete. */
    registrationStep: text('registration_step')
      .$type<RegistrationStep>()
      .notNull()
      .default('personal'),
    registrationCompletedAt: tz('registration_completed_at'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').$type<Gender>(),
    currentLocation: text('current_location'),
    /** Total experience (professionals); null for freshers. */
    experienceYears: smallint('experience_years'),
    experienceMonths: smallint('experience_months'),
    ...timestamps,
  },
  () => [
    check('seeker_profiles_step_check', inList('registration_step', REGISTRATION_STEPS)),
    check('seeker_profiles_gender_check', inList('gender', GENDERS)),
    check(
      'seeker_profiles_experience_check',
      sql`(experience_years is null or experience_years between 0 and 50) and (experience_months is null or experience_months between 0 and 11)`,
    ),
  ],
);

export const seekerEmployments = pgTable(
  'seeker_employments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    designation: text('designation').notNull(),
    company: text('company').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null while the seeker still works there. */
    endDate: date('end_date', { mode: 'string' }),
    isCurrent: boolean('is_current').notNull().default(false),
    /** NOTICE_PERIODS id of src/lib/reference-lists.ts (0 = serving notice period). */
    noticePeriod: smallint('notice_period'),
    lastWorkingDate: date('last_working_date', { mode: 'string' }),
    /** Whole units of salary_currency per salary_mode. */
    currentSalary: bigint('current_salary', { mode: 'number' }),
    salaryMode: text('salary_mode').$type<SalaryMode>(),
    salaryCurrency: text('salary_currency'),
    ...timestamps,
  },
  (t) => [
    index('seeker_employments_user_idx').on(t.userId),
    check('seeker_employments_salary_mode_check', inList('salary_mode', SALARY_MODES)),
    check('seeker_employments_dates_check', sql`end_date is null or end_date >= start_date`),
  ],
);

export const seekerEducations = pgTable(
  'seeker_educations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    /** An id of QUALIFICATIONS in src/lib/validation/account.ts, e.g. btech. */
    qualification: text('qualification').notNull(),
    specialization: text('specialization'),
    institute: text('institute'),
    /** School boards and medium of instruction (10th and 12th). */
    board: text('board'),
    medium: text('medium'),
    passingYear: smallint('passing_year'),
    /** PERCENTAGE_BANDS id of src/lib/reference-lists.ts. */
    percentageBand: smallint('percentage_band'),
    educationType: text('education_type').$type<EducationType>(),
    ...timestamps,
  },
  (t) => [
    index('seeker_educations_user_idx').on(t.userId),
    check('seeker_educations_type_check', inList('education_type', EDUCATION_TYPES)),
  ],
);

export const seekerJobPreferences = pgTable(
  'seeker_job_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    preferredLocations: text('preferred_locations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expectedSalary: bigint('expected_salary', { mode: 'number' }),
    salaryMode: text('salary_mode').$type<SalaryMode>(),
    /** JOB_FUNCTIONS / INDUSTRIES ids of src/lib/reference-lists.ts. */
    functionId: smallint('function_id'),
    industryId: smallint('industry_id'),
    ...timestamps,
  },
  () => [check('seeker_job_preferences_salary_mode_check', inList('salary_mode', SALARY_MODES))],
);

export { LGBTQ_STATUSES, VISA_STATUSES, type LgbtqStatus, type VisaStatus };

export const PROMPT_STATES = ['skipped', 'confirmed'] as const;
export type PromptState = (typeof PROMPT_STATES)[number];

export const seekerNamedProfiles = pgTable(
  'seeker_named_profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    name: text('name').notNull(),
    /** The headline recruiters see for this profile (e.g. the designation it targets). */
    headline: text('headline'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** The resume shown with this profile; null: the newest upload (unless without_resume). */
    resumeId: uuid('resume_id').references(() => resumes.id, { onDelete: 'set null' }),
    /** The seeker chose to show this profile without a resume. */
    withoutResume: boolean('without_resume').notNull().default(false),
    // Empty on the default profile: its values are in seeker_job_preferences.
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredLocations: text('preferred_locations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expectedSalary: bigint('expected_salary', { mode: 'number' }),
    expectedSalaryMode: text('expected_salary_mode').$type<'monthly' | 'annually'>(),
  },
  (t) => [
    index('seeker_named_profiles_user_idx').on(t.userId),
    check('seeker_named_profiles_salary_mode_check', inList('expected_salary_mode', SALARY_MODES)),
    // At most one default per user; the service keeps it exactly one.
    uniqueIndex('seeker_named_profiles_default_unique')
      .on(t.userId)
      .where(sql`is_default`),
  ],
);

export const seekerProfileExtras = pgTable(
  'seeker_profile_extras',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedinUrl: text('linkedin_url'),
    visaStatus: text('visa_status').$type<VisaStatus>(),
    /** Private: laid off because of COVID-19 (shown to the owner only). */
    covidLayoff: boolean('covid_layoff').notNull().default(false),
    /** Private: LGBTQ self-identification (shown to the owner only). */
    lgbtq: text('lgbtq').$type<LgbtqStatus>(),
    updatedAt: tz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /** The photo: a random id (in its URL), its storage key, detected type and size. */
    photoId: uuid('photo_id'),
    photoKey: text('photo_key'),
    photoMime: text('photo_mime'),
    photoSize: integer('photo_size'),
  },
  () => [
    check('seeker_profile_extras_visa_check', inList('visa_status', VISA_STATUSES)),
    check('seeker_profile_extras_lgbtq_check', inList('lgbtq', LGBTQ_STATUSES)),
  ],
);

export const seekerPromptStates = pgTable(
  'seeker_prompt_states',
  {
    userId: userIdColumn(),
    /** e.g. "engage:linkedIn", "review:salary", "card:education". */
    prompt: text('prompt').notNull(),
    state: text('state').$type<PromptState>().notNull(),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.prompt] }),
    check('seeker_prompt_states_state_check', inList('state', PROMPT_STATES)),
  ],
);

export type SeekerNamedProfile = typeof seekerNamedProfiles.$inferSelect;
export type SeekerProfileExtras = typeof seekerProfileExtras.$inferSelect;
export type SeekerProfile = typeof seekerProfiles.$inferSelect;
export type SeekerEmployment = typeof seekerEmployments.$inferSelect;
export type SeekerEducation = typeof seekerEducations.$inferSelect;
export type SeekerJobPreference = typeof seekerJobPreferences.$inferSelect;
