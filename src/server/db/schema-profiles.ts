/**
 * Tables of the profiles domain; migrations are generated from here with npm run db:generate.
 *
 * The profile is built on the accounts tables (seeker_profiles, seeker_employments,
 * seeker_educations, seeker_job_preferences of schema-accounts.ts); these add:
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
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  integer,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';
import { resumes } from './schema-resumes';

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const VISA_STATUSES = [
  'citizen',
  'permanent_resident',
  'work_permit',
  'dependant_visa',
  'visit_visa',
  'need_sponsorship',
] as const;
export type VisaStatus = (typeof VISA_STATUSES)[number];

export const LGBTQ_STATUSES = ['yes', 'no', 'undisclosed'] as const;
export type LgbtqStatus = (typeof LGBTQ_STATUSES)[number];

export const PROMPT_STATES = ['skipped', 'confirmed'] as const;
export type PromptState = (typeof PROMPT_STATES)[number];

export const seekerNamedProfiles = pgTable(
  'seeker_named_profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    check(
      'seeker_named_profiles_salary_mode_check',
      inList('expected_salary_mode', ['monthly', 'annually']),
    ),
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
    check(
      'seeker_profile_extras_visa_check',
      sql.raw(`visa_status in (${VISA_STATUSES.map((v) => `'${v}'`).join(', ')})`),
    ),
    check(
      'seeker_profile_extras_lgbtq_check',
      sql.raw(`lgbtq in (${LGBTQ_STATUSES.map((v) => `'${v}'`).join(', ')})`),
    ),
  ],
);

export const seekerPromptStates = pgTable(
  'seeker_prompt_states',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. "engage:linkedIn", "review:salary", "card:education". */
    prompt: text('prompt').notNull(),
    state: text('state').$type<PromptState>().notNull(),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.prompt] }),
    check(
      'seeker_prompt_states_state_check',
      sql.raw(`state in (${PROMPT_STATES.map((v) => `'${v}'`).join(', ')})`),
    ),
  ],
);

export type SeekerNamedProfile = typeof seekerNamedProfiles.$inferSelect;
export type SeekerProfileExtras = typeof seekerProfileExtras.$inferSelect;
