/**
 * The profile's part of a seeker's personal data (data export): every profile table's rows of
 * the seeker, and the photo's file.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import type { StorageAdapter } from '~/server/adapters/storage';
import {
  seekerEducations,
  seekerEmployments,
  seekerJobPreferences,
  seekerNamedProfiles,
  seekerProfileExtras,
  seekerProfiles,
  seekerPromptStates,
} from '~/server/db/schema-profiles';

export async function exportProfileData(userId: string, db: Queryable) {
  const extras = await db
    .select()
    .from(seekerProfileExtras)
    .where(eq(seekerProfileExtras.userId, userId));
  const photo = extras[0]?.photoKey
    ? [{ name: `photo.${extras[0].photoMime?.split('/')[1] ?? 'img'}`, key: extras[0].photoKey }]
    : [];
  return {
    rows: {
      seeker_profiles: await db
        .select()
        .from(seekerProfiles)
        .where(eq(seekerProfiles.userId, userId)),
      seeker_employments: await db
        .select()
        .from(seekerEmployments)
        .where(eq(seekerEmployments.userId, userId)),
      seeker_educations: await db
        .select()
        .from(seekerEducations)
        .where(eq(seekerEducations.userId, userId)),
      seeker_job_preferences: await db
        .select()
        .from(seekerJobPreferences)
        .where(eq(seekerJobPreferences.userId, userId)),
      seeker_named_profiles: await db
        .select()
        .from(seekerNamedProfiles)
        .where(eq(seekerNamedProfiles.userId, userId)),
      seeker_profile_extras: extras,
      seeker_prompt_states: await db
        .select()
        .from(seekerPromptStates)
        .where(eq(seekerPromptStates.userId, userId)),
    },
    files: photo,
  };
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
