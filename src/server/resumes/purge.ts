/**
 * Guest uploads that nobody claimed: once a guest's last upload is older than the cookie's life
 * (GUEST_COOKIE_DAYS, renewed at each upload), no browser can reach their files any more and no
 * registration can claim them, so the rows and the stored files go.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '~/server/db/client';
import { getStorage } from '~/server/adapters/storage';
import { GUEST_COOKIE_DAYS } from './service';

/** Rows handled per call: a purge never holds the database for long. */
const PURGE_BATCH = 200;

/** Deletes up to PURGE_BATCH unclaimed guest resumes past their cookie's life; returns how many. */
export async function purgeUnclaimedGuestResumes(db: Queryable, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GUEST_COOKIE_DAYS * 86_400_000);
  // Rows first (a claim racing the purge wins: the owner check is repeated in the DELETE), then
  // files: a file left behind by a crash in between is unreachable, never a row without its file.
  const gone = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM resumes WHERE id IN (
        SELECT r.id FROM resumes r
        WHERE r.owner_user_id IS NULL AND r.guest_token_hash IN (
          SELECT guest_token_hash FROM resumes
          WHERE owner_user_id IS NULL AND guest_token_hash IS NOT NULL
          GROUP BY guest_token_hash
          HAVING max(created_at) < ${cutoff.toISOString()}::timestamptz)
        LIMIT ${PURGE_BATCH})
      AND owner_user_id IS NULL
      RETURNING storage_key AS key`,
  );
  const storage = getStorage();
  for (const { key } of gone) {
    await storage.delete(key).catch((error: unknown) => {
      console.error('[resumes] could not delete an unclaimed upload:', (error as Error).message);
    });
  }
  return gone.length;
}
