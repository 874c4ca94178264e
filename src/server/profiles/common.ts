/** What every part of the profiles service shares: options, the rule error, helpers. */
import { desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { getDb, type Queryable } from '~/server/db/client';
import {
  seekerEmployments,
  seekerJobPreferences,
  seekerProfileExtras,
  seekerProfiles,
} from '~/server/db/schema-profiles';
import { type ResumeSummary } from '~/server/resumes/service';

export interface DbOptions {
  db?: Queryable;
}

export type Out<S extends v.GenericSchema> = v.InferOutput<S>;
/** The profile a per-profile change goes to; none: the default profile. */
export type ProfileRef = { profileId?: number | null };

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

export const db$ = async (options: DbOptions) => options.db ?? (await getDb());

/** The resume a profile shows: its chosen one, none, or (no choice) the newest upload. */
export function resolveResume(
  row: { resumeId: string | null; withoutResume: boolean } | null,
  resumes: ResumeSummary[],
): ResumeSummary | null {
  if (row?.withoutResume) return null;
  if (row?.resumeId) return resumes.find((r) => r.id === row.resumeId) ?? resumes[0] ?? null;
  return resumes[0] ?? null;
}

/** Employments as the profile lists them: the current one first, then the latest started. */
export const CURRENT_EMPLOYMENT_FIRST = [
  desc(seekerEmployments.isCurrent),
  desc(seekerEmployments.startDate),
  desc(seekerEmployments.id),
];

/** The employment the profile counts as current (the first of CURRENT_EMPLOYMENT_FIRST), or null. */
export async function currentEmploymentId(db: Queryable, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: seekerEmployments.id })
    .from(seekerEmployments)
    .where(eq(seekerEmployments.userId, userId))
    .orderBy(...CURRENT_EMPLOYMENT_FIRST)
    .limit(1);
  return row?.id ?? null;
}

/** Serialises one user's profile changes (create, swap of the default, per-profile writes). */
export async function lockProfiles(tx: Queryable, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`profiles:${userId}`}))`);
}

/**
 * Writes `set` to the seeker's row of a one-row-per-seeker table (keyed by user_id), making the
 * row with `values` if it is missing. The callers below keep the types of each table's row.
 */
async function upsertPerSeeker(
  db: Queryable,
  table: typeof seekerProfiles | typeof seekerJobPreferences | typeof seekerProfileExtras,
  values: Record<string, unknown>,
  set: Record<string, unknown>,
) {
  await db
    .insert(table)
    .values(values as never)
    .onConflictDoUpdate({ target: table.userId, set: set as never });
}

export async function upsertSeeker(
  db: Queryable,
  userId: string,
  set: Partial<typeof seekerProfiles.$inferInsert>,
) {
  // A profile row made here (no registration) counts as a finished registration.
  await upsertPerSeeker(db, seekerProfiles, { userId, registrationStep: 'done', ...set }, set);
}

export async function upsertPreference(
  db: Queryable,
  userId: string,
  set: Partial<typeof seekerJobPreferences.$inferInsert>,
) {
  await upsertPerSeeker(db, seekerJobPreferences, { userId, ...set }, set);
}

export async function upsertExtras(
  db: Queryable,
  userId: string,
  set: Partial<typeof seekerProfileExtras.$inferInsert>,
) {
  await upsertPerSeeker(db, seekerProfileExtras, { userId, ...set }, set);
}
