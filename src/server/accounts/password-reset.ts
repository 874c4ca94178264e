/**
 * Forgot password (decision 0042): the seeker proves the account is theirs by a link mailed to
 * its address, or by an OTP to its mobile number; either gives a single-use token valid for
 * RESET_TTL_SECONDS (only its SHA-256 is stored, in password_resets). Setting a new password with
 * it spends every link of the account and ends every other session, in one transaction; a mail
 * then tells the owner the password changed.
 *
 * Asking answers the same whether or not an account exists: the caller shows one notice, and
 * past the per-account limit nothing is sent (silently). Asks are limited per client address.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { passwordResets, users, type PasswordResetChannel } from '~/server/db/schema-accounts';
import { getMailSender, type MailSender } from '~/server/adapters/mail';
import { AccountError, rateLimited } from '~/server/errors';
import { randomToken, sha256Hex } from '~/server/tokens';
import { RATE_LIMITS, hitRateLimit } from './rate-limit';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { findUserByEmail, findUserByMobile, getUser } from './users';
import { sendOtp, verifyOtp, type OtpOptions } from './otp';
import { deviceNonce } from './device';
import type { User } from '~/server/db/schema-accounts';

export const RESET_TTL_SECONDS = 30 * 60;
export const RESET_TTL_MINUTES = RESET_TTL_SECONDS / 60;

export interface ResetOptions extends OtpOptions {
  db?: Queryable;
  now?: Date;
  mail?: MailSender;
}

interface AskContext {
  ip: string;
  siteContext: string;
  /** Mail From for the site. */
  from?: string;
}

const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Counts an ask against the client (refused: tooManyRequests) and the account (silent). */
async function countAsk(subject: string, ip: string, options: ResetOptions): Promise<boolean> {
  const rate = { db: options.db ?? (await getDb()), ...(options.now ? { now: options.now } : {}) };
  const perIp = await hitRateLimit(RATE_LIMITS.passwordResetPerIp, ip, rate);
  if (!perIp.allowed) throw rateLimited('tooManyRequests', perIp.retryAfterSeconds);
  const perAccount = await hitRateLimit(RATE_LIMITS.passwordResetPerAccount, subject, rate);
  return perAccount.allowed;
}

/** A new reset token for the user; the raw token is returned, its hash stored. */
async function issueToken(
  userId: string,
  channel: PasswordResetChannel,
  options: ResetOptions,
): Promise<string> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const token = randomToken();
  await db.insert(passwordResets).values({
    userId,
    tokenHash: sha256Hex(token),
    channel,
    expiresAt: new Date(now.getTime() + RESET_TTL_SECONDS * 1000),
    createdAt: now,
  });
  // Now and then, drop links that ended a day ago or more.
  if (Math.random() < 0.05) {
    await db
      .delete(passwordResets)
      .where(lt(passwordResets.expiresAt, new Date(now.getTime() - 86_400_000)))
      .catch(() => {});
  }
  return token;
}

/**
 * Mails a reset link to the account with this address, if there is one and it has not had too
 * many. `delivery` settles when the mail is handed over (the page does not wait for it, so an
 * existing account answers no slower than a missing one); a failed delivery is logged.
 */
export async function requestResetByEmail(
  email: string,
  context: AskContext & {
    linkFor: (token: string) => string;
    compose: (link: string, minutes: number) => { subject: string; text: string };
  },
  options: ResetOptions = {},
): Promise<{ delivery: Promise<void> }> {
  const address = email.trim().toLowerCase();
  const nothing = { delivery: Promise.resolve() };
  if (!(await countAsk(`email:${address}`, context.ip, options))) return nothing;
  const user = await findUserByEmail(address, options);
  if (!user?.email) return nothing;
  const token = await issueToken(user.id, 'email', options);
  const message = context.compose(context.linkFor(token), RESET_TTL_MINUTES);
  const delivery = (options.mail ?? getMailSender())
    .send({
      to: user.email,
      subject: message.subject,
      text: message.text,
      siteContext: context.siteContext,
      ...(context.from ? { from: context.from } : {}),
    })
    .then(
      () => undefined,
      (error: unknown) => console.error('[password-reset] link not mailed:', error),
    );
  return { delivery };
}

/**
 * Sends a reset OTP to the account with this mobile number, if there is one. Refusals that would
 * tell an account exists (its cool-down, its limits) are kept quiet: the page answers the same.
 */
export async function requestResetOtp(
  target: { isdCode: string; mobile: string },
  context: AskContext & {
    device?: string | null;
    compose: (code: string, minutes: number) => { text: string; subject: string };
  },
  options: ResetOptions = {},
): Promise<void> {
  const subject = `sms:${target.isdCode}:${target.mobile}`;
  if (!(await countAsk(subject, context.ip, options))) return;
  const user = await findUserByMobile(target.isdCode, target.mobile, options);
  if (!user) return;
  try {
    await sendOtp(
      {
        purpose: 'reset_password',
        target: { channel: 'sms', ...target },
        userId: user.id,
        ip: context.ip,
        trusted: deviceNonce(context.device, user.id) !== null,
        siteContext: context.siteContext,
        compose: context.compose,
      },
      options,
    );
  } catch (error) {
    if (error instanceof AccountError) return;
    console.error('[password-reset] OTP not sent:', error);
  }
}

/** Checks a reset OTP; right, it gives the token of the page where the new password is set. */
export async function verifyResetOtp(
  target: { isdCode: string; mobile: string },
  code: string,
  context: { ip: string; device?: string | null },
  options: ResetOptions = {},
): Promise<string> {
  const { userId } = await verifyOtp(
    {
      purpose: 'reset_password',
      target: { channel: 'sms', ...target },
      code,
      ip: context.ip,
      trustedFor: (id) => id !== null && deviceNonce(context.device, id) !== null,
    },
    options,
  );
  if (!userId) throw new AccountError('otpInvalid', 422, { field: 'otp' });
  return issueToken(userId, 'sms', options);
}

/** Counts a try of a reset token from the client (refused: tooManyRequests). */
async function countCheck(ip: string, options: ResetOptions) {
  const db = options.db ?? (await getDb());
  const rate = { db, ...(options.now ? { now: options.now } : {}) };
  const perIp = await hitRateLimit(RATE_LIMITS.passwordResetChecksPerIp, ip, rate);
  if (!perIp.allowed) throw rateLimited('tooManyRequests', perIp.retryAfterSeconds);
}

/** Whether the token is a live reset link (not used, not expired); resetLinkInvalid if not. */
export async function checkResetToken(
  token: string,
  context: { ip: string },
  options: ResetOptions = {},
): Promise<void> {
  await countCheck(context.ip, options);
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = looksLikeToken(token)
    ? await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, sha256Hex(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .limit(1)
    : [];
  if (!row) throw new AccountError('resetLinkInvalid', 410);
}

/**
 * Sets the new password with a reset token: the token is spent (once, even when two tabs race),
 * with every other link of the account, and every session of the account ends except
 * `keepSessionToken`'s. Returns the account (for the "password changed" mail).
 */
export async function resetPassword(
  token: string,
  newPassword: string,
  context: { ip: string; keepSessionToken?: string },
  options: ResetOptions = {},
): Promise<User> {
  await countCheck(context.ip, options);
  if (!looksLikeToken(token)) throw new AccountError('resetLinkInvalid', 410);
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(newPassword);
  const userId = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256Hex(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await revokeUserSessions(spent.userId, {
      db: tx,
      ...(context.keepSessionToken ? { exceptToken: context.keepSessionToken } : {}),
    });
    return spent.userId;
  });
  const user = userId ? await getUser(userId, { db }) : null;
  if (!user) throw new AccountError('resetLinkInvalid', 410);
  return user;
}

/** Tells the owner their password was changed (after a reset); a failed delivery is logged. */
export async function mailPasswordChanged(
  user: Pick<User, 'email' | 'siteContext'>,
  message: { subject: string; text: string; from?: string },
  options: ResetOptions = {},
): Promise<void> {
  if (!user.email) return;
  try {
    await (options.mail ?? getMailSender()).send({
      to: user.email,
      subject: message.subject,
      text: message.text,
      siteContext: user.siteContext,
      ...(message.from ? { from: message.from } : {}),
    });
  } catch (error) {
    console.error('[password-reset] change notice not mailed:', error);
  }
}
