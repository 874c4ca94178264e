/**
 * Sessions: an opaque random token in the MSSOCLIENT cookie (SPEC §3, §6), stored server-side as
 * its SHA-256 with an expiry. A session slides: used within its lifetime, it is renewed (at most
 * once an hour, so a page view is not a write). Sign-out deletes the row, so a stolen cookie dies
 * with it.
 */
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import { config } from '~/server/config';
import { getDb, type Queryable } from '~/server/db/client';
import { sessions, users, type CareerStage } from '~/server/db/schema-accounts';
import { registrationStepSql, type RegistrationStep } from '~/server/profiles/registration';
import { randomToken, sha256Hex } from '~/server/tokens';
import { formatMobile } from '~/lib/validation/mobile';

/** A user's contact fields and state: what pages show of the account (never the password hash). */
export const CONTACT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  isdCode: users.isdCode,
  careerStage: users.careerStage,
  siteContext: users.siteContext,
  mobileVerifiedAt: users.mobileVerifiedAt,
  emailVerifiedAt: users.emailVerifiedAt,
};

/** An account's career stage, site and whether its number and address are verified. */
export function accountState(row: {
  careerStage: CareerStage | null;
  siteContext: string;
  mobileVerifiedAt: Date | null;
  emailVerifiedAt: Date | null;
}) {
  return {
    careerStage: row.careerStage,
    siteContext: row.siteContext,
    mobileVerified: row.mobileVerifiedAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/** SPEC §3: the cookie that marks a logged-in session. */
export const SESSION_COOKIE = 'MSSOCLIENT';
const RENEW_AFTER_MS = 60 * 60 * 1000;

/** What every request knows about the logged-in seeker (Astro.locals.user). */
export interface SessionUser {
  id: string;
  /** Display name; the email or number when the account has no name. */
  name: string;
  email: string | null;
  mobile: string | null;
  isdCode: string | null;
  careerStage: CareerStage | null;
  siteContext: string;
  mobileVerified: boolean;
  emailVerified: boolean;
  hasPassword: boolean;
  /** The registration step to do next; 'done' when complete. */
  registrationStep: RegistrationStep;
  /** When this sign-in began: what "once per session" counts from (the profile dialog). */
  sessionStartedAt: Date;
}

export interface SessionOptions {
  db?: Queryable;
  now?: Date;
}

const lifetimeMs = () => config.SESSION_DAYS * 86_400_000;

/** Starts a session for the user; the token goes into the cookie, never into the database. */
export async function createSession(
  userId: string,
  options: SessionOptions & { userAgent?: string | null; clientAddress?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs());
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId,
    expiresAt,
    createdAt: now,
    lastSeenAt: now,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    clientAddress: maskAddress(options.clientAddress),
  });
  // Now and then, drop sessions that ended long ago.
  if (Math.random() < 0.02) {
    await db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date(now.getTime() - 86_400_000)))
      .catch(() => {});
  }
  return { token, expiresAt };
}

const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/**
 * The user of a live session, or null (unknown, expired or malformed token). `renewedUntil` is
 * set when the session was extended by this call, so the caller refreshes the cookie.
 */
export async function getSessionUser(
  token: string | undefined,
  options: SessionOptions = {},
): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
  if (!token || !looksLikeToken(token)) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const tokenHash = sha256Hex(token);
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      ...CONTACT_COLUMNS,
      passwordHash: users.passwordHash,
      registrationStep: registrationStepSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;

  let renewedUntil: Date | null = null;
  if (now.getTime() - row.lastSeenAt.getTime() >= RENEW_AFTER_MS) {
    renewedUntil = new Date(now.getTime() + lifetimeMs());
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: renewedUntil })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const contact = row.email ?? (row.mobile ? formatMobile(row.mobile, row.isdCode) : '');
  return {
    user: {
      id: row.id,
      name: row.name?.trim() || contact,
      email: row.email,
      mobile: row.mobile,
      isdCode: row.isdCode,
      ...accountState(row),
      hasPassword: row.passwordHash !== null,
      registrationStep: row.registrationStep,
      sessionStartedAt: row.createdAt,
    },
    renewedUntil,
  };
}

/** Ends one session (sign-out). Unknown tokens are ignored. */
export async function revokeSession(token: string | undefined, options: SessionOptions = {}) {
  if (!token || !looksLikeToken(token)) return;
  const db = options.db ?? (await getDb());
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256Hex(token)));
}

/** Ends every session of a user, except the one with `exceptToken` (e.g. after a password change). */
export async function revokeUserSessions(
  userId: string,
  options: SessionOptions & { exceptToken?: string } = {},
): Promise<number> {
  const db = options.db ?? (await getDb());
  const where = options.exceptToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, sha256Hex(options.exceptToken)))
    : eq(sessions.userId, userId);
  const gone = await db.delete(sessions).where(where).returning({ t: sessions.tokenHash });
  return gone.length;
}

/**
 * A client address with its last part hidden (203.0.113.•, 2001:db8:85a3:…): enough for the
 * seeker to tell their home network from a stranger's, without keeping where exactly they were.
 */
export function maskAddress(address: string | null | undefined): string | null {
  const ip = (address ?? '').trim().replace(/^::ffff:(?=\d+\.)/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.•`;
  if (/^[0-9a-f:]+$/i.test(ip) && ip.includes(':')) {
    const groups = ip.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return groups.length > 0 ? `${groups.join(':').toLowerCase()}:…` : null;
  }
  return null;
}

/** A session as its owner sees it in Settings. */
export interface SessionListing {
  /** Names the session in a form without giving away its token or token hash. */
  id: string;
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** The session this request came with. */
  current: boolean;
}

const publicId = (tokenHash: string) => sha256Hex(`session-id:${tokenHash}`).slice(0, 32);

/** The user's live sessions, the current one first, then by last use. */
export async function listSessions(
  userId: string,
  currentToken: string | undefined,
  options: SessionOptions = {},
): Promise<SessionListing[]> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  const currentHash = currentToken ? sha256Hex(currentToken) : '';
  return rows
    .map((row) => ({
      id: publicId(row.tokenHash),
      userAgent: row.userAgent,
      clientAddress: row.clientAddress,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.tokenHash === currentHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the user's sessions by its listing id; false when it is not theirs or gone. */
export async function revokeSessionById(
  userId: string,
  id: string,
  options: SessionOptions = {},
): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/.test(id)) return false;
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const match = rows.find((row) => publicId(row.tokenHash) === id);
  if (!match) return false;
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, match.tokenHash)))
    .returning({ t: sessions.tokenHash });
  return gone.length > 0;
}
