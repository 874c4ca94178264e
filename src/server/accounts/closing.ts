/**
 * Deleting an account, the accounts' part (the privacy domain runs the whole): proving it is the
 * owner (password), closing the account at once (closed_at, every session ended), opening it
 * again within the grace period, and erasing it for good (its OTP codes and the user row, whose
 * foreign keys take every row of other domains that points at it with them).
 */
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { otpCodes, users } from '~/server/db/schema-accounts';
import { rateLimited } from '~/server/errors';
import { verifyPassword } from './passwords';
import { RATE_LIMITS, hitRateLimit, peekRateLimit } from './rate-limit';
import { revokeUserSessions } from './sessions';

/**
 * Whether the password is the account's own (deleting it asks for it). Wrong ones count like a
 * wrong current password when changing it: past the limit, lockedOut.
 */
export async function confirmOwnPassword(
  userId: string,
  password: string,
  db: Queryable,
  now = new Date(),
): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.passwordHash) return false;
  const key = user.email ?? user.id;
  const rate = { db, now };
  const failures = await peekRateLimit(RATE_LIMITS.passwordChangeFailures, key, rate);
  if (!failures.allowed) throw rateLimited('lockedOut', failures.retryAfterSeconds);
  if (await verifyPassword(user.passwordHash, password)) return true;
  await hitRateLimit(RATE_LIMITS.passwordChangeFailures, key, rate);
  return false;
}

/** Closes the account: it stops working at once (sessions ended). False when already closed. */
export async function closeUser(userId: string, db: Queryable, now = new Date()) {
  const [closed] = await db
    .update(users)
    .set({ closedAt: now })
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .returning({ id: users.id });
  await revokeUserSessions(userId, { db });
  return closed !== undefined;
}

/** Opens a closed account again (restored in its grace period). */
export async function reopenUser(userId: string, db: Queryable) {
  await db
    .update(users)
    .set({ closedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.closedAt)));
}

/**
 * Erases a closed account: the OTP codes sent to its number or address, then the user row (the
 * rest goes by ON DELETE CASCADE / SET NULL). Returns its contact details, null when it is
 * gone already (erasing twice is harmless).
 */
export async function eraseUser(
  userId: string,
  db: Queryable,
): Promise<{ email: string | null; isdCode: string | null; mobile: string | null } | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const destinations = [
    ...(user.email ? [`email:${user.email.toLowerCase()}`] : []),
    ...(user.mobile ? [`sms:${user.isdCode}:${user.mobile}`] : []),
  ];
  await db
    .delete(otpCodes)
    .where(
      destinations.length
        ? or(eq(otpCodes.userId, userId), inArray(otpCodes.destination, destinations))
        : eq(otpCodes.userId, userId),
    );
  await db.delete(users).where(eq(users.id, userId));
  return { email: user.email, isdCode: user.isdCode, mobile: user.mobile };
}
