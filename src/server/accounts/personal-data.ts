/**
 * The account's part of a seeker's personal data (data export): the account without its
 * password hash, the browsers logged in (without their token hashes) and linked sign-ins.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { sessions, userIdentities, users } from '~/server/db/schema-accounts';

export async function exportAccountData(userId: string, db: Queryable) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const { passwordHash, ...account } = user;
  return {
    users: [{ ...account, hasPassword: passwordHash !== null }],
    sessions: await db
      .select({
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    user_identities: await db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId)),
  };
}
