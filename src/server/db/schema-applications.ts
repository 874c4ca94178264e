/**
 * Tables of the applications domain; migrations are generated from here with npm run db:generate.
 *
 * - applications: one row per user and job (applied once), with the profile and resume it sent
 *   (names as they were then) and when the employer side first opened it (viewed_at).
 * - pending_applies: a guest's apply, kept until they log in (cookie holds the raw token).
 * - saved_jobs: jobs a seeker keeps for later; a job that closed is shown once with a notice
 *   (closed_noticed_at), then dropped from the list.
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { bigint, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz, siteContextColumn } from './columns';
import { userIdColumn } from './schema-accounts';
import { jobIdColumn } from './schema-jobs';

export const applications = pgTable(
  'applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    jobId: jobIdColumn(),
    siteContext: siteContextColumn(),
    appliedAt: tz('applied_at').notNull().defaultNow(),
    /** The default profile's name when applying (null: applied before this was kept). */
    profileName: text('profile_name'),
    /** The resume sent: its id (the file may be deleted since) and file name. */
    resumeId: uuid('resume_id'),
    resumeName: text('resume_name'),
    /** When a recruiter first opened the application (the employer system's profile events). */
    viewedAt: tz('viewed_at'),
  },
  (t) => [
    uniqueIndex('applications_user_job_unique').on(t.userId, t.jobId),
    index('applications_user_applied_idx').on(t.userId, t.appliedAt.desc()),
    index('applications_job_idx').on(t.jobId),
  ],
);

export const pendingApplies = pgTable(
  'pending_applies',
  {
    /** SHA-256 (hex) of the token in the guest's short-lived cookie. */
    tokenHash: text('token_hash').primaryKey(),
    jobIds: bigint('job_ids', { mode: 'number' }).array().notNull(),
    /** Same-site path the guest applied from. */
    returnUrl: text('return_url').notNull(),
    siteContext: siteContextColumn(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('pending_applies_expires_idx').on(t.expiresAt)],
);

export const savedJobs = pgTable(
  'saved_jobs',
  {
    userId: userIdColumn(),
    jobId: jobIdColumn(),
    siteContext: siteContextColumn(),
    savedAt: tz('saved_at').notNull().defaultNow(),
    /** When the list first showed the seeker that this job closed; removed a day later. */
    closedNoticedAt: tz('closed_noticed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.jobId] }),
    index('saved_jobs_user_saved_idx').on(t.userId, t.savedAt.desc()),
    index('saved_jobs_job_idx').on(t.jobId),
  ],
);

export type Application = typeof applications.$inferSelect;
