/** Employment and education entries: rows a seeker has several of, each with its own id. */
import { and, desc, eq } from 'drizzle-orm';
import { type Queryable } from '~/server/db/client';
import { seekerEducations, seekerEmployments } from '~/server/db/schema-profiles';
import {
  PROFILE_MESSAGES,
  type ProfileEducationSchema,
  type ProfileEmploymentSchema,
} from '~/lib/validation/profile';
import { type DbOptions, type Out, ProfileError, db$ } from './common';

/** Adds an employment (no id) or updates the owner's one with that id. */
export async function saveEmployment(
  userId: string,
  input: Out<typeof ProfileEmploymentSchema>,
  salaryCurrency: string,
  options: DbOptions = {},
): Promise<number> {
  const db = await db$(options);
  const values = {
    designation: input.designation,
    company: input.company,
    startDate: input.startDate,
    endDate: input.isCurrent ? null : input.endDate || null,
    isCurrent: input.isCurrent,
    noticePeriod: input.isCurrent ? input.noticePeriod : null,
    lastWorkingDate: input.isCurrent && input.lastWorkingDate ? input.lastWorkingDate : null,
    currentSalary: input.currentSalary,
    salaryMode: input.salaryMode,
    salaryCurrency,
  };
  return saveEntry(db, seekerEmployments, userId, input.id, values);
}

/** An employment or education entry: rows a seeker has several of, each with its own id. */
type EntryTable = typeof seekerEmployments | typeof seekerEducations;

/**
 * Updates the owner's entry `id` (another user's, or none: 'not found') or, with no id, adds one.
 * Returns the entry's id.
 */
async function saveEntry<T extends EntryTable>(
  db: Queryable,
  table: T,
  userId: string,
  id: number | null,
  values: Omit<T['$inferInsert'], 'userId'>,
): Promise<number> {
  // Typed per table for the callers; drizzle's builders take the union.
  const t: EntryTable = table;
  if (id !== null) {
    const rows = await db
      .update(t)
      .set(values)
      .where(and(eq(t.userId, userId), eq(t.id, id)))
      .returning({ id: t.id });
    if (rows.length === 0) throw new ProfileError(PROFILE_MESSAGES.notFound, 404, 'id');
    return rows[0]!.id;
  }
  const [row] = await db
    .insert(t)
    .values({ ...values, userId })
    .returning({ id: t.id });
  return row!.id;
}

/** Deletes the owner's entry with that id; another user's (or none) is 'not found'. */
async function deleteEntry(db: Queryable, table: EntryTable, userId: string, id: number) {
  const rows = await db
    .delete(table)
    .where(and(eq(table.userId, userId), eq(table.id, id)))
    .returning({ id: table.id });
  if (rows.length === 0) throw new ProfileError(PROFILE_MESSAGES.entryNotFound, 404, 'id');
}

export async function deleteEmployment(userId: string, id: number, options: DbOptions = {}) {
  await deleteEntry(await db$(options), seekerEmployments, userId, id);
}

export async function deleteEducation(userId: string, id: number, options: DbOptions = {}) {
  await deleteEntry(await db$(options), seekerEducations, userId, id);
}

export async function saveEducation(
  userId: string,
  input: Out<typeof ProfileEducationSchema>,
  options: DbOptions = {},
): Promise<number> {
  const db = await db$(options);
  const values = {
    qualification: input.qualification,
    specialization: input.specialization || null,
    institute: input.institute || null,
    board: input.board || null,
    medium: input.medium || null,
    passingYear: input.passingYear,
    percentageBand: input.percentageBand,
    educationType: input.educationType,
  };
  return saveEntry(db, seekerEducations, userId, input.id, values);
}

/** The seeker's latest employment: the current one first, then the newest added. */
export async function latestEmployment(db: Queryable, userId: string) {
  const [row] = await db
    .select()
    .from(seekerEmployments)
    .where(eq(seekerEmployments.userId, userId))
    .orderBy(desc(seekerEmployments.isCurrent), desc(seekerEmployments.id))
    .limit(1);
  return row ?? null;
}

/** The seeker's newest education entry. */
export async function latestEducation(db: Queryable, userId: string) {
  const [row] = await db
    .select()
    .from(seekerEducations)
    .where(eq(seekerEducations.userId, userId))
    .orderBy(desc(seekerEducations.id))
    .limit(1);
  return row ?? null;
}
