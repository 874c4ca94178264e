/**
 * The choices of the account and profile forms that a seeker's rows store: career stage, gender,
 * salary mode, education type. No imports: the database schema (schema-accounts.ts and
 * schema-profiles.ts, loaded by drizzle-kit on their own) uses it too.
 */
export const CAREER_STAGES = ['fresher', 'professional'] as const;
export type CareerStage = (typeof CAREER_STAGES)[number];

export const GENDERS = ['male', 'female', 'other', 'undisclosed'] as const;
export type Gender = (typeof GENDERS)[number];

export const SALARY_MODES = ['monthly', 'annually'] as const;
export type SalaryMode = (typeof SALARY_MODES)[number];

export const EDUCATION_TYPES = ['full_time', 'part_time', 'correspondence'] as const;
export type EducationType = (typeof EDUCATION_TYPES)[number];
