/**
 * One-time passwords (SPEC §4 mobile verification: send, enter with resend, verified; SPEC §7
 * register/login OTP). Codes are 6 random digits, stored only as SHA-256("<row id>:<code>"),
 * valid for OTP_TTL_SECONDS, usable once, dead after OTP_MAX_ATTEMPTS wrong tries; a new code
 * replaces the previous one and cannot be asked for within OTP_RESEND_SECONDS of it. Sending and
 * checking are rate-limited per client address, per (destination, client) and per destination for
 * untrusted clients only (src/server/accounts/rate-limit, decision 0042), so requests from
 * elsewhere never block the owner's own device.
 * SMS go through the SMS adapter, email codes through the mail adapter.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { otpCodes, type OtpChannel, type OtpPurpose } from '~/server/db/schema-accounts';
import { getMailSender, type MailSender } from '~/server/adapters/mail';
import { getSmsSender, type SmsSender } from '~/server/adapters/sms';
import { AccountError, rateLimited } from '~/server/errors';
import { RATE_LIMITS, hitRateLimit, peekRateLimit } from './rate-limit';
import { randomDigits, sameHex, sha256Hex } from '~/server/tokens';
import { OTP_LENGTH } from '~/lib/validation/account';
import { mobileE164 } from '~/lib/validation/mobile';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_RESEND_SECONDS = 30;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpTarget =
  { channel: 'sms'; isdCode: string; mobile: string } | { channel: 'email'; email: string };

/** The E.164 number an SMS target goes to (its mobile may be a row's national digits). */
export const smsNumber = (target: { isdCode: string; mobile: string }) =>
  mobileE164(target.mobile, target.isdCode);

export function destinationOf(target: OtpTarget): string {
  return target.channel === 'sms'
    ? `sms:${smsNumber(target)}`
    : `email:${target.email.trim().toLowerCase()}`;
}

/** +91 98•••••210 / a•••@example.com: enough for the owner to recognise, little for others. */
export function maskTarget(target: OtpTarget): string {
  if (target.channel === 'sms') {
    const m = smsNumber(target).slice(1 + target.isdCode.length);
    return `+${target.isdCode} ${m.slice(0, 2)}${'•'.repeat(Math.max(0, m.length - 5))}${m.slice(-3)}`;
  }
  const [local = '', domain = ''] = target.email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export interface OtpOptions {
  db?: Queryable;
  now?: Date;
  sms?: SmsSender;
  mail?: MailSender;
}

export interface SendOtpInput {
  purpose: OtpPurpose;
  target: OtpTarget;
  /** The account the code is for (login: the account owning the destination). */
  userId: string | null;
  ip: string;
  /**
   * The asker is the account's owner for sure (a logged-in seeker verifying their own number, or a
   * browser with the account's device cookie): the per-number cap of untrusted clients neither
   * counts nor refuses it, so nobody elsewhere can use that cap up against them.
   */
  trusted?: boolean;
  siteContext: string;
  /** The message text with the code in it (translated by the caller). */
  compose: (code: string, minutes: number) => { text: string; subject: string };
  /** Mail From address (email codes). */
  from?: string;
}

export interface SentOtp {
  expiresAt: Date;
  /** Seconds before another code may be requested. */
  resendAfterSeconds: number;
  maskedDestination: string;
  channel: OtpChannel;
}

const hashCode = (id: string, code: string) => sha256Hex(`${id}:${code}`);
const clientHash = (ip: string) => sha256Hex(`otp-client:${ip}`).slice(0, 40);

/** Creates, stores and sends a new code; the previous unused code of the destination dies. */
export async function sendOtp(input: SendOtpInput, options: OtpOptions = {}): Promise<SentOtp> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const rate = { db, now };
  const destination = destinationOf(input.target);

  const perIp = await hitRateLimit(RATE_LIMITS.otpSendPerIp, input.ip, rate);
  if (!perIp.allowed) throw rateLimited('otpSendLimit', perIp.retryAfterSeconds);

  // Each client has its own code, cool-down and replacement: asking for a code elsewhere never
  // kills the owner's code or makes their device wait.
  const requestedBy = clientHash(input.ip);
  const sameClient = and(
    eq(otpCodes.destination, destination),
    eq(otpCodes.purpose, input.purpose),
    or(eq(otpCodes.requestedBy, requestedBy), isNull(otpCodes.requestedBy)),
  );
  const [last] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(sameClient)
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (last) {
    const wait = Math.ceil(
      (last.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000,
    );
    if (wait > 0) {
      throw new AccountError('otpCooldown', 429, {
        params: { seconds: wait },
        retryAfterSeconds: wait,
      });
    }
  }
  // Per (number, client): what the owner's own device needs; an attacker elsewhere has their own.
  const perClient = await hitRateLimit(
    RATE_LIMITS.otpSendPerDestinationClient,
    `${destination}\n${input.ip}`,
    rate,
  );
  if (!perClient.allowed) throw rateLimited('otpSendLimit', perClient.retryAfterSeconds);
  if (!input.trusted) {
    const perDestination = await hitRateLimit(RATE_LIMITS.otpSendPerDestination, destination, rate);
    if (!perDestination.allowed) {
      throw rateLimited('otpSendLimit', perDestination.retryAfterSeconds);
    }
  }

  const code = randomDigits(OTP_LENGTH);
  const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(sameClient, isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      id,
      purpose: input.purpose,
      channel: input.target.channel,
      destination,
      userId: input.userId,
      codeHash: hashCode(id, code),
      requestedBy,
      expiresAt,
      createdAt: now,
    });
  });

  const message = input.compose(code, Math.round(OTP_TTL_SECONDS / 60));
  try {
    if (input.target.channel === 'sms') {
      await (options.sms ?? getSmsSender()).send({
        to: smsNumber(input.target),
        text: message.text,
        siteContext: input.siteContext,
      });
    } else {
      await (options.mail ?? getMailSender()).send({
        to: input.target.email,
        subject: message.subject,
        text: message.text,
        siteContext: input.siteContext,
        ...(input.from ? { from: input.from } : {}),
      });
    }
  } catch (error) {
    // Not delivered: the code must not stay usable, and the caller shows a failure.
    await db.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, id));
    throw error;
  }
  return {
    expiresAt,
    resendAfterSeconds: OTP_RESEND_SECONDS,
    maskedDestination: maskTarget(input.target),
    channel: input.target.channel,
  };
}

export interface VerifyOtpInput {
  purpose: OtpPurpose;
  target: OtpTarget;
  code: string;
  ip: string;
  /** When set, the code must have been issued to this user (verification of one's own number). */
  userId?: string;
  /**
   * Whether the checking client is trusted for the code's account (its device cookie, device.ts;
   * a logged-in owner): the per-number failure cap of untrusted clients does not apply to it.
   */
  trustedFor?: (userId: string | null) => boolean;
}

/**
 * Checks a code. Success uses it up and returns the user it was issued for. Failures:
 * otpInvalid (wrong or no code), otpExpired, otpTooManyAttempts (this code, or the destination
 * across codes), tooManyRequests (the client address).
 */
export async function verifyOtp(
  input: VerifyOtpInput,
  options: OtpOptions = {},
): Promise<{ userId: string | null }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const rate = { db, now };
  const destination = destinationOf(input.target);

  const perIp = await hitRateLimit(RATE_LIMITS.otpVerifyPerIp, input.ip, rate);
  if (!perIp.allowed) throw rateLimited('tooManyRequests', perIp.retryAfterSeconds);

  // The code this client asked for; a client with none (its address changed) checks the newest.
  const requestedBy = clientHash(input.ip);
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.destination, destination), eq(otpCodes.purpose, input.purpose)))
    .orderBy(
      sql`${otpCodes.requestedBy} = ${requestedBy} desc nulls last`,
      desc(otpCodes.createdAt),
    )
    .limit(1);
  const trusted = input.trustedFor?.(row?.userId ?? null) ?? false;
  const clientKey = `${destination}\n${input.ip}`;
  const tooMany = (retryAfterSeconds: number) =>
    new AccountError('otpTooManyAttempts', 429, { field: 'otp', retryAfterSeconds });
  const perClient = await peekRateLimit(
    RATE_LIMITS.otpFailuresPerDestinationClient,
    clientKey,
    rate,
  );
  if (!perClient.allowed) throw tooMany(perClient.retryAfterSeconds);
  if (!trusted) {
    const failures = await peekRateLimit(RATE_LIMITS.otpFailuresPerDestination, destination, rate);
    if (!failures.allowed) throw tooMany(failures.retryAfterSeconds);
  }

  const invalid = () => new AccountError('otpInvalid', 422, { field: 'otp' });
  if (!row || (input.userId !== undefined && row.userId !== input.userId)) throw invalid();
  if (row.consumedAt) {
    // Used already, or killed by too many wrong tries.
    if (row.attempts >= OTP_MAX_ATTEMPTS) {
      throw new AccountError('otpTooManyAttempts', 429, { field: 'otp' });
    }
    throw invalid();
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AccountError('otpExpired', 410, { field: 'otp' });
  }

  if (!sameHex(row.codeHash, hashCode(row.id, input.code.trim()))) {
    await hitRateLimit(RATE_LIMITS.otpFailuresPerDestinationClient, clientKey, rate);
    if (!trusted) await hitRateLimit(RATE_LIMITS.otpFailuresPerDestination, destination, rate);
    // Only the asking client's wrong codes use the code up: guesses from elsewhere (bounded by
    // the caps above) cannot kill the owner's code.
    if (row.requestedBy !== null && row.requestedBy !== requestedBy) throw invalid();
    const [updated] = await db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        consumedAt: sql`case when ${otpCodes.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else ${otpCodes.consumedAt} end`,
      })
      .where(eq(otpCodes.id, row.id))
      .returning({ attempts: otpCodes.attempts });
    if ((updated?.attempts ?? 0) >= OTP_MAX_ATTEMPTS) {
      throw new AccountError('otpTooManyAttempts', 429, { field: 'otp' });
    }
    throw invalid();
  }

  // Single use even when two requests race: only one update finds consumed_at still null.
  const used = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (used.length === 0) throw invalid();
  // The destination is proven: codes other clients asked for meanwhile die with it.
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.destination, destination),
        eq(otpCodes.purpose, input.purpose),
        isNull(otpCodes.consumedAt),
      ),
    );
  return { userId: row.userId };
}
