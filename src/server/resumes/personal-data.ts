/** The resumes' part of a seeker's personal data (data export): their rows and their files. */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { resumes } from '~/server/db/schema-resumes';

export async function exportResumeData(userId: string, db: Queryable) {
  const rows = await db
    .select()
    .from(resumes)
    .where(eq(resumes.ownerUserId, userId))
    .orderBy(asc(resumes.createdAt));
  return {
    rows: { resumes: rows.map(({ guestTokenHash: _hash, ...row }) => row) },
    // The id keeps two uploads of the same name apart in the ZIP.
    files: rows.map((r) => ({ name: `${r.id}-${r.fileName}`, key: r.storageKey })),
  };
}

/** Bytes of the seeker's resume files: whether an export is small enough to build at once. */
export async function resumeBytes(userId: string, db: Queryable): Promise<number> {
  const rows = await db
    .select({ size: resumes.size })
    .from(resumes)
    .where(eq(resumes.ownerUserId, userId));
  return rows.reduce((n, r) => n + r.size, 0);
}
