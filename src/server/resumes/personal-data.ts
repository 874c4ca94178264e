/** The resumes' part of a seeker's personal data: their rows and files (export, erasure). */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import type { StorageAdapter } from '~/server/adapters/storage';
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

/** Erases the seeker's resumes: their files, then their rows. */
export async function eraseResumeData(userId: string, db: Queryable, storage: StorageAdapter) {
  const rows = await db
    .select({ key: resumes.storageKey })
    .from(resumes)
    .where(eq(resumes.ownerUserId, userId));
  for (const { key } of rows) await storage.delete(key);
  await db.delete(resumes).where(eq(resumes.ownerUserId, userId));
}
