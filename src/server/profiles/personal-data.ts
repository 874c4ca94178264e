/**
 * The profile's part of a seeker's personal data (data export): every profile table's rows of
 * the seeker, and the photo's file.
 */
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '~/server/db/client';
import type { StorageAdapter } from '~/server/adapters/storage';
import * as profileTables from '~/server/db/schema-profiles';

const { seekerProfileExtras } = profileTables;

/** The profile's tables by their names in the export, in its order. */
const EXPORTED = {
  seeker_profiles: profileTables.seekerProfiles,
  seeker_employments: profileTables.seekerEmployments,
  seeker_educations: profileTables.seekerEducations,
  seeker_job_preferences: profileTables.seekerJobPreferences,
  seeker_named_profiles: profileTables.seekerNamedProfiles,
  seeker_profile_extras: seekerProfileExtras,
  seeker_prompt_states: profileTables.seekerPromptStates,
};

function rowsOf(db: Queryable, table: PgTable & { userId: AnyPgColumn }, userId: string) {
  return db.select().from(table).where(eq(table.userId, userId));
}

export async function exportProfileData(userId: string, db: Queryable) {
  const extras = await rowsOf(db, seekerProfileExtras, userId);
  const extra = extras[0] as profileTables.SeekerProfileExtras | undefined;
  const photo = extra?.photoKey
    ? [{ name: `photo.${extra.photoMime?.split('/')[1] ?? 'img'}`, key: extra.photoKey }]
    : [];
  const rows: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(EXPORTED))
    rows[name] = table === seekerProfileExtras ? extras : await rowsOf(db, table, userId);
  return { rows, files: photo };
}

/** Erases the profile photo's file (the profile rows go with the user row). */
export async function eraseProfileFiles(userId: string, db: Queryable, storage: StorageAdapter) {
  const [extras] = await db
    .select({ key: seekerProfileExtras.photoKey })
    .from(seekerProfileExtras)
    .where(eq(seekerProfileExtras.userId, userId));
  if (extras?.key) await storage.delete(extras.key);
  await db
    .update(seekerProfileExtras)
    .set({ photoId: null, photoKey: null, photoMime: null, photoSize: null })
    .where(eq(seekerProfileExtras.userId, userId));
}
