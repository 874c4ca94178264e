/** The applications' part of a seeker's personal data (data export). */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { applications, savedJobs } from '~/server/db/schema-applications';

export async function exportApplicationData(userId: string, db: Queryable) {
  return {
    applications: await db
      .select()
      .from(applications)
      .where(eq(applications.userId, userId))
      .orderBy(asc(applications.appliedAt)),
    saved_jobs: await db
      .select()
      .from(savedJobs)
      .where(eq(savedJobs.userId, userId))
      .orderBy(asc(savedJobs.savedAt)),
  };
}
