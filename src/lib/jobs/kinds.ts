/**
 * The kinds of employer and job a posting has, as stored on jobs and read by search. No imports:
 * the database schema (src/server/db/schema-jobs.ts, loaded by drizzle-kit on its own) uses it too.
 */
export const EMPLOYER_TYPES = ['company', 'consultant'] as const;
export type EmployerType = (typeof EMPLOYER_TYPES)[number];

export const JOB_TYPES = [
  'full_time',
  'part_time',
  'contract',
  'temporary',
  'internship',
  'freelance',
  'volunteer',
  'other',
] as const;
export type JobType = (typeof JOB_TYPES)[number];
