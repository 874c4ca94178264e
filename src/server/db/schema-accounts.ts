/**
 * Tables of the accounts domain; migrations are generated from here with npm run db:generate.
 *
 * - otp_codes: one-time passwords (hashed, expiring, single-use, attempt-limited).
 * - rate_limits: fixed-window counters shared by every app server (login, OTP send and verify).
 * - pending_applies: a guest's apply, kept until they log in (cookie holds the raw token).
 * - user_identities: sign-ins through another provider (Facebook) linked to a user.
 * - seeker_profiles, seeker_employments, seeker_educations, seeker_job_preferences: what the
 *   registration steps save; the profile issue extends these tables.
 * - applications: one row per user and job (applied once).
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { countries, jobs, users } from './schema';

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const timestamps = {
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** What an OTP proves: a login, or ownership of the mobile number / email of a logged-in user. */
export const OTP_PURPOSES = ['login', 'verify_mobile', 'verify_email'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export const OTP_CHANNELS = ['sms', 'email'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    channel: text('channel').$type<OtpChannel>().notNull(),
    /** Normalised address: "sms:<isd>:<number>" or "email:<lower-case address>". */
    destination: text('destination').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of "<id>:<code>"; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    /** Wrong codes entered against this row. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    /** Set when the code was used or replaced by a newer one: a code works once. */
    consumedAt: tz('consumed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('otp_codes_destination_idx').on(t.destination, t.purpose, t.createdAt.desc()),
    index('otp_codes_expires_idx').on(t.expiresAt),
    check('otp_codes_purpose_check', inList('purpose', OTP_PURPOSES)),
    check('otp_codes_channel_check', inList('channel', OTP_CHANNELS)),
  ],
);

/**
 * Fixed-window counters: `key` names what is counted (e.g. "login:ip:203.0.113.9"); the window
 * restarts when it is older than its length. Rows past expires_at are dead and may be deleted.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: tz('window_started_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const pendingApplies = pgTable(
  'pending_applies',
  {
    /** SHA-256 (hex) of the token in the guest's short-lived cookie. */
    tokenHash: text('token_hash').primaryKey(),
    jobIds: bigint('job_ids', { mode: 'number' }).array().notNull(),
    /** Same-site path the guest applied from. */
    returnUrl: text('return_url').notNull(),
    siteContext: text('site_context')
      .notNull()
      .references(() => countries.siteContext),
    expiresAt: tz('expires_at').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('pending_applies_expires_idx').on(t.expiresAt)],
);

export const IDENTITY_PROVIDERS = ['facebook'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').$type<IdentityProvider>().notNull(),
    /** The provider's user id. */
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('user_identities_user_idx').on(t.userId),
    check('user_identities_provider_check', inList('provider', IDENTITY_PROVIDERS)),
  ],
);

/** Registration steps in order (SPEC §2); 'done' once job preference is saved. */
export const REGISTRATION_STEPS = [
  'personal',
  'employment',
  'education',
  'job-preference',
  'done',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

export const GENDERS = ['male', 'female', 'other', 'undisclosed'] as const;
export type Gender = (typeof GENDERS)[number];
export const SALARY_MODES = ['monthly', 'annually'] as const;
export type SalaryMode = (typeof SALARY_MODES)[number];
export const EDUCATION_TYPES = ['full_time', 'part_time', 'correspondence'] as const;
export type EducationType = (typeof EDUCATION_TYPES)[number];

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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const applications = pgTable(
  'applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    siteContext: text('site_context')
      .notNull()
      .references(() => countries.siteContext),
    appliedAt: tz('applied_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_user_job_unique').on(t.userId, t.jobId),
    index('applications_user_applied_idx').on(t.userId, t.appliedAt.desc()),
    index('applications_job_idx').on(t.jobId),
  ],
);

export type OtpCode = typeof otpCodes.$inferSelect;
export type SeekerProfile = typeof seekerProfiles.$inferSelect;
export type SeekerEmployment = typeof seekerEmployments.$inferSelect;
export type SeekerEducation = typeof seekerEducations.$inferSelect;
export type SeekerJobPreference = typeof seekerJobPreferences.$inferSelect;
export type Application = typeof applications.$inferSelect;
