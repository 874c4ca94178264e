/**
 * Accounts: registration (step 1), password login with lockout, password changes, lookups.
 * Every function takes the acting user's id from the session, never from the request body, so
 * one user can never read or change another's account.
 */
import { type SQL, and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { onePart } from '~/server/db/json-rows';
import { users, type User } from '~/server/db/schema-accounts';
import { beginRegistration } from '~/server/profiles/registration';
import type { RegistrationInput } from '~/lib/validation/account-mobile';
import { mobileE164 } from '~/lib/validation/mobile';
import { AccountError, rateLimited } from '~/server/errors';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './passwords';
import {
  RATE_LIMITS,
  heldSeconds,
  hitRateLimit,
  holdRateLimit,
  loginDelaySeconds,
  peekRateLimit,
  resetRateLimit,
} from './rate-limit';
import { CONTACT_COLUMNS, revokeUserSessions } from './sessions';
import { deviceNonce } from './device';

export interface DbOptions {
  db?: Queryable;
  now?: Date;
}

const db$ = async (options: DbOptions) => options.db ?? (await getDb());

/** The one account matching `where`, or null. */
async function findUser(where: SQL | undefined, options: DbOptions): Promise<User | null> {
  const db = await db$(options);
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

export async function findUserByEmail(
  email: string,
  options: DbOptions = {},
): Promise<User | null> {
  return findUser(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, options);
}

/**
 * The row condition of a mobile number (E.164, or national digits beside the code): stored in
 * E.164, or as the national digits rows written before E.164 hold (decision 0037).
 */
function mobileIs(isdCode: string, mobile: string): SQL | undefined {
  const e164 = mobileE164(mobile, isdCode);
  const national = e164.slice(1 + isdCode.length);
  return and(eq(users.isdCode, isdCode), inArray(users.mobile, [e164, national]));
}

export async function findUserByMobile(
  isdCode: string,
  mobile: string,
  options: DbOptions = {},
): Promise<User | null> {
  return findUser(mobileIs(isdCode, mobile), options);
}

export async function getUser(userId: string, options: DbOptions = {}): Promise<User | null> {
  return findUser(eq(users.id, userId), options);
}

/** Postgres unique_violation, from either driver. */
function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause) return uniqueViolation(e.cause);
  return null;
}

/**
 * Creates the account of registration step 1 and its profile row (next step: personal details).
 * A taken email or mobile number is refused with emailTaken / mobileTaken on that field.
 */
export async function registerUser(
  input: RegistrationInput & { siteContext: string },
  options: DbOptions & { ip?: string } = {},
): Promise<User> {
  const db = await db$(options);
  if (options.ip) {
    const limit = await hitRateLimit(RATE_LIMITS.registerPerIp, options.ip, options);
    if (!limit.allowed) throw rateLimited('tooManyRequests', limit.retryAfterSeconds);
  }
  if (await findUserByEmail(input.email, { db })) {
    throw new AccountError('emailTaken', 409, { field: 'email' });
  }
  if (await findUserByMobile(input.isdCode, input.mobile, { db })) {
    throw new AccountError('mobileTaken', 409, { field: 'mobile' });
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          mobile: mobileE164(input.mobile, input.isdCode),
          isdCode: input.isdCode,
          name: input.name.replace(/\s+/g, ' '),
          passwordHash,
          careerStage: input.careerStage,
          siteContext: input.siteContext,
        })
        .returning();
      await beginRegistration(tx, user!.id);
      return user!;
    });
  } catch (error) {
    // Two registrations racing for the same email or number: the index decides.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    if (constraint.includes('mobile'))
      throw new AccountError('mobileTaken', 409, { field: 'mobile' });
    throw new AccountError('emailTaken', 409, { field: 'email' });
  }
}

/**
 * Email and password login. Refused with tooManyRequests past the per-address limit. A browser
 * with the account's device cookie (`device`, device.ts) is trusted: only its own failures count
 * against it, so failures from elsewhere never lock it out. Any other client is refused with
 * lockedOut while it must wait after repeated failures on this account (growing waits, rate-limit.ts
 * loginDelaySeconds), or while the account is under a clearly automated attack from many untrusted
 * clients (RATE_LIMITS.loginFailuresPerAccount). invalidCredentials otherwise; unknown emails take
 * as long as known ones. Returns the user on success.
 */
export async function loginWithPassword(
  input: { email: string; password: string; ip: string; device?: string | null },
  options: DbOptions = {},
): Promise<User> {
  const db = await db$(options);
  const rate = { db, ...(options.now ? { now: options.now } : {}) };
  const email = input.email.trim().toLowerCase();
  const client = `${email}\n${input.ip}`;
  const perIp = await hitRateLimit(RATE_LIMITS.loginPerIp, input.ip, rate);
  if (!perIp.allowed) throw rateLimited('tooManyRequests', perIp.retryAfterSeconds);

  const user = await findUserByEmail(email, { db });
  const nonce = user ? deviceNonce(input.device, user.id) : null;
  // A trusted browser that failed too often itself counts as untrusted until its window ends.
  const trusted =
    nonce && (await peekRateLimit(RATE_LIMITS.loginFailuresPerDevice, nonce, rate)).allowed
      ? nonce
      : null;
  if (!trusted) {
    const attack = await peekRateLimit(RATE_LIMITS.loginFailuresPerAccount, email, rate);
    if (!attack.allowed) throw rateLimited('lockedOut', attack.retryAfterSeconds);
    const wait = await heldSeconds(RATE_LIMITS.loginWait, client, rate);
    if (wait > 0) throw rateLimited('lockedOut', wait);
  }

  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);

  if (!user || !ok) {
    if (trusted) {
      await hitRateLimit(RATE_LIMITS.loginFailuresPerDevice, trusted, rate);
    } else {
      const failures = await hitRateLimit(RATE_LIMITS.loginFailuresPerClient, client, rate);
      await hitRateLimit(RATE_LIMITS.loginFailuresPerAccount, email, rate);
      const delay = loginDelaySeconds(failures.count);
      if (delay > 0) await holdRateLimit(RATE_LIMITS.loginWait, client, delay, rate);
    }
    throw new AccountError('invalidCredentials', 401, { field: 'password' });
  }
  if (trusted) await resetRateLimit(RATE_LIMITS.loginFailuresPerDevice, trusted, rate);
  await resetRateLimit(RATE_LIMITS.loginFailuresPerClient, client, rate);
  await resetRateLimit(RATE_LIMITS.loginWait, client, rate);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return user;
}

/**
 * Changes (or, for an account without one, sets) the password of the logged-in user, then ends
 * their other sessions. A wrong current password counts as a failed login of the account.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; newPassword: string; keepSessionToken?: string },
  options: DbOptions = {},
): Promise<void> {
  const db = await db$(options);
  const user = await getUser(userId, { db });
  if (!user) throw new AccountError('loginRequired', 401);
  const key = user.email ?? user.id;
  const rate = { db, ...(options.now ? { now: options.now } : {}) };
  if (user.passwordHash) {
    const failures = await peekRateLimit(RATE_LIMITS.passwordChangeFailures, key, rate);
    if (!failures.allowed) throw rateLimited('lockedOut', failures.retryAfterSeconds);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await hitRateLimit(RATE_LIMITS.passwordChangeFailures, key, rate);
      throw new AccountError('wrongCurrentPassword', 422, { field: 'currentPassword' });
    }
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(users.id, userId));
  await revokeUserSessions(userId, {
    db,
    ...(input.keepSessionToken ? { exceptToken: input.keepSessionToken } : {}),
  });
}

/** Records that the user proved they own their mobile number or email address, now. */
const markVerified =
  (column: 'mobileVerifiedAt' | 'emailVerifiedAt') =>
  async (userId: string, options: DbOptions = {}) => {
    const db = await db$(options);
    await db
      .update(users)
      .set({ [column]: options.now ?? new Date() })
      .where(eq(users.id, userId));
  };

export const markMobileVerified = markVerified('mobileVerifiedAt');
export const markEmailVerified = markVerified('emailVerifiedAt');

/** The account as its owner sees it (settings page, the "me" call): no password hash. */
export async function getAccount(userId: string, options: DbOptions = {}) {
  const user = await getUser(userId, options);
  if (!user) return null;
  const { passwordHash, ...rest } = user;
  return { ...rest, hasPassword: passwordHash !== null };
}

/** The account fields the profile page shows (no password hash), or null for no such user. */
export async function accountContact(userId: string, options: DbOptions = {}) {
  const db = options.db ?? (await getDb());
  const [account] = await db
    .select(CONTACT_COLUMNS)
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return account ?? null;
}

/** accountContact as a value of a statement that reads more beside it (decision 0074). */
export const accountContactPart = (userId: string) =>
  onePart(CONTACT_COLUMNS, sql`${users} where ${eq(users.id, userId)}`);

/**
 * Changes the mobile number (stored in E.164): 'taken' when another account has it, 'same' when it is already
 * this account's (it stays verified if it was), else 'changed' (unverified until its OTP).
 */
export async function changeMobile(
  userId: string,
  isdCode: string,
  mobile: string,
  options: DbOptions = {},
): Promise<'taken' | 'same' | 'changed'> {
  const db = options.db ?? (await getDb());
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(mobileIs(isdCode, mobile))
    .limit(1);
  if (taken) return taken.id === userId ? 'same' : 'taken';
  await db
    .update(users)
    .set({ isdCode, mobile: mobileE164(mobile, isdCode), mobileVerifiedAt: null })
    .where(eq(users.id, userId));
  return 'changed';
}

/**
 * Seekers in id order after `after` (keyset pages), for jobs that walk every account; with
 * `registeredBefore`, only accounts created before then.
 */
export async function listSeekersAfter(
  after: string,
  limit: number,
  options: DbOptions & { registeredBefore?: Date } = {},
): Promise<{ id: string; email: string | null; name: string | null; siteContext: string }[]> {
  const db = await db$(options);
  const { registeredBefore } = options;
  return db
    .select({ id: users.id, email: users.email, name: users.name, siteContext: users.siteContext })
    .from(users)
    .where(
      and(
        gt(users.id, after),
        registeredBefore ? lt(users.createdAt, registeredBefore) : undefined,
        // Deleted accounts are left alone (no reminders) until restored or erased.
        isNull(users.closedAt),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}
