/**
 * The applications' part of a seeker's personal data (data export): each application and saved
 * job with the job's title and company beside its id (a job still in the jobs table), so the
 * seeker can read what they applied to.
 */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { applications, savedJobs } from '~/server/db/schema-applications';
import { jobSummaries } from '~/server/jobs/service';

/** The rows with jobTitle and company right after their jobId. */
async function withJobTitles<T extends { jobId: number }>(db: Queryable, rows: T[]) {
  const jobs = await jobSummaries([...new Set(rows.map((r) => r.jobId))], db);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).flatMap(([key, value]) =>
        key === 'jobId'
          ? [
              [key, value],
              ['jobTitle', jobs.get(row.jobId)?.title ?? null],
              ['company', jobs.get(row.jobId)?.companyName ?? null],
            ]
          : [[key, value]],
      ),
    ),
  );
}

export async function exportApplicationData(userId: string, db: Queryable) {
  const applied = db.select().from(applications).where(eq(applications.userId, userId));
  const saved = db.select().from(savedJobs).where(eq(savedJobs.userId, userId));
  return {
    applications: await withJobTitles(db, await applied.orderBy(asc(applications.appliedAt))),
    saved_jobs: await withJobTitles(db, await saved.orderBy(asc(savedJobs.savedAt))),
  };
}
