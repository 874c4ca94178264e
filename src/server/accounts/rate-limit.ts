/**
 * Rate limits kept in the database, so every app server behind a load balancer shares them.
 * Fixed windows: a counter per key that restarts when its window is over; one atomic upsert per
 * hit, so concurrent requests on several servers never lose a count.
 *
 *   const r = await hitRateLimit(RATE_LIMITS.loginPerIp, ip);
 *   if (!r.allowed) throw new HttpError(429, ..., [], { 'retry-after': String(r.retryAfterSeconds) });
 *
 * Other domains (resume upload) use it with their own rule: `{ name: 'resume-upload:ip', limit:
 * 20, windowSeconds: 3600 }`. Subjects (IPs, emails, numbers) are stored hashed.
 */
import { eq, lt, sql } from 'drizzle-orm';
import { getDb, queryRows, type Queryable } from '~/server/db/client';
import { rateLimits } from '~/server/db/schema-accounts';
import { sha256Hex } from '~/server/tokens';

export interface RateRule {
  /** Names the counter, e.g. 'login:ip'; one counter per rule and subject. */
  name: string;
  /** Hits allowed per window; the hit that goes past it is refused. */
  limit: number;
  windowSeconds: number;
}

export interface RateResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  remaining: number;
  /** Seconds until the window restarts (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateOptions {
  db?: Queryable;
  now?: Date;
}

/** The limits of the accounts domain (SPEC does not give numbers; these are ours). */
export const RATE_LIMITS = {
  /** Every password or OTP login attempt from one address. */
  loginPerIp: { name: 'login:ip', limit: 50, windowSeconds: 15 * 60 },
  /**
   * Failed password logins of one account from one client (account and address together): the
   * first LOGIN_FREE_FAILURES cost nothing, each further one makes that client wait longer
   * (loginDelaySeconds). Another client, the account's owner, is not held up by them.
   */
  loginFailuresPerClient: { name: 'login-fail:client', limit: 1_000, windowSeconds: 15 * 60 },
  /** The wait before a client's next password try for the account (a hold, see holdRateLimit). */
  loginWait: { name: 'login-wait:client', limit: 0, windowSeconds: 15 * 60 },
  /**
   * Failed password logins of one account from untrusted clients (browsers without the account's
   * device cookie, device.ts) together: past this many within 15 minutes it is a distributed,
   * clearly automated attack, and password logins from untrusted clients are locked for the window
   * (the OTP login, the forgot-password link and browsers with a device cookie still work). One
   * client alone cannot get there: its growing waits allow about a dozen tries in 15 minutes.
   */
  loginFailuresPerAccount: { name: 'login-fail:account', limit: 60, windowSeconds: 15 * 60 },
  /**
   * Failed password logins from one trusted browser (its device cookie's nonce): past this many,
   * the cookie stops counting and the browser is an untrusted client like any other until the
   * window ends (a stolen cookie gets no more tries than that).
   */
  loginFailuresPerDevice: { name: 'login-fail:device', limit: 10, windowSeconds: 15 * 60 },
  /** Wrong current passwords when a logged-in seeker changes it: the 6th in 15 minutes waits. */
  passwordChangeFailures: { name: 'password-change-fail', limit: 5, windowSeconds: 15 * 60 },
  /** OTPs sent from one address. */
  otpSendPerIp: { name: 'otp-send:ip', limit: 20, windowSeconds: 60 * 60 },
  /** OTPs sent to one number or address for one client address: what a person needs. */
  otpSendPerDestinationClient: { name: 'otp-send:dest-client', limit: 5, windowSeconds: 60 * 60 },
  /**
   * OTPs sent to one number or address for untrusted clients together (SMS bombing from many
   * addresses). The account's trusted browsers and its logged-in owner do not count against it
   * and are not refused by it, so reaching it never blocks the owner's own device.
   */
  otpSendPerDestination: { name: 'otp-send:dest', limit: 20, windowSeconds: 60 * 60 },
  /** OTP checks from one address. */
  otpVerifyPerIp: { name: 'otp-verify:ip', limit: 50, windowSeconds: 15 * 60 },
  /** Wrong OTPs for one number or address from one client address. */
  otpFailuresPerDestinationClient: {
    name: 'otp-fail:dest-client',
    limit: 10,
    windowSeconds: 60 * 60,
  },
  /**
   * Wrong OTPs for one number or address from untrusted clients together: bounds guessing from
   * many addresses (20 guesses of a million an hour); trusted browsers are not held up by it.
   */
  otpFailuresPerDestination: { name: 'otp-fail:dest', limit: 20, windowSeconds: 60 * 60 },
  /** Forgot-password requests from one address. */
  passwordResetPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 60 * 60 },
  /**
   * Forgot-password mails or OTPs for one email or number: past it, the page answers the same
   * but sends nothing (whether the account exists stays unknown).
   */
  passwordResetPerAccount: { name: 'reset:account', limit: 3, windowSeconds: 60 * 60 },
  /** Reset links tried (opened or posted) from one address. */
  passwordResetChecksPerIp: { name: 'reset-check:ip', limit: 30, windowSeconds: 15 * 60 },
  /** Registrations from one address. */
  registerPerIp: { name: 'register:ip', limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

const keyOf = (rule: RateRule, subject: string) =>
  `${rule.name}:${sha256Hex(subject.toLowerCase()).slice(0, 40)}`;

function result(rule: RateRule, count: number, windowStartedAt: Date, now: Date): RateResult {
  const allowed = count <= rule.limit;
  const endsAt = windowStartedAt.getTime() + rule.windowSeconds * 1000;
  return {
    allowed,
    count,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** Counts one hit (or `cost` hits) and says whether it is within the limit. */
export async function hitRateLimit(
  rule: RateRule,
  subject: string,
  options: RateOptions & { cost?: number } = {},
): Promise<RateResult> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const cost = options.cost ?? 1;
  const key = keyOf(rule, subject);
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  const expires = new Date(now.getTime() + rule.windowSeconds * 1000).toISOString();
  const stale = sql`${rateLimits.windowStartedAt} <= ${windowStart}::timestamptz`;
  const [row] = await queryRows<{ count: number; window_started_at: string | Date }>(
    db,
    sql`insert into ${rateLimits} (key, count, window_started_at, expires_at)
        values (${key}, ${cost}, ${now.toISOString()}::timestamptz, ${expires}::timestamptz)
        on conflict (key) do update set
          count = case when ${stale} then excluded.count else ${rateLimits.count} + excluded.count end,
          window_started_at = case when ${stale} then excluded.window_started_at else ${rateLimits.windowStartedAt} end,
          expires_at = case when ${stale} then excluded.expires_at else ${rateLimits.expiresAt} end
        returning count, window_started_at`,
  );
  // Now and then, drop counters whose window ended long ago.
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.expiresAt, new Date(now.getTime() - 86_400_000)))
      .catch(() => {});
  }
  return result(rule, Number(row?.count ?? cost), new Date(row?.window_started_at ?? now), now);
}

/** Whether the next hit would be allowed, without counting it. */
export async function peekRateLimit(
  rule: RateRule,
  subject: string,
  options: RateOptions = {},
): Promise<RateResult> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(rule, subject)))
    .limit(1);
  if (!row || row.windowStartedAt.getTime() + rule.windowSeconds * 1000 <= now.getTime()) {
    return result(rule, 0, now, now);
  }
  // The count the next hit would reach decides; report as if it were made.
  const next = result(rule, row.count + 1, row.windowStartedAt, now);
  return { ...next, count: row.count, remaining: Math.max(0, rule.limit - row.count) };
}

/** Failed logins a client may make on an account before it has to wait. */
export const LOGIN_FREE_FAILURES = 3;
const LOGIN_MAX_WAIT_SECONDS = 5 * 60;

/** The wait after a client's n-th failed login on an account: 0, 0, 0, 2, 4, 8 ... 300 seconds. */
export function loginDelaySeconds(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_WAIT_SECONDS, 2 ** (failures - LOGIN_FREE_FAILURES));
}

/** Holds a subject for `seconds` from now (e.g. a client's wait before its next login try). */
export async function holdRateLimit(
  rule: RateRule,
  subject: string,
  seconds: number,
  options: RateOptions = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() + seconds * 1000);
  await db
    .insert(rateLimits)
    .values({ key: keyOf(rule, subject), count: 0, windowStartedAt: now, expiresAt: until })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: 0, windowStartedAt: now, expiresAt: until },
    });
}

/** Seconds left of a hold set by holdRateLimit (0 when there is none). */
export async function heldSeconds(
  rule: RateRule,
  subject: string,
  options: RateOptions = {},
): Promise<number> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(rule, subject)))
    .limit(1);
  const left = row ? row.expiresAt.getTime() - now.getTime() : 0;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Forgets a counter (e.g. failed logins after a successful one). */
export async function resetRateLimit(
  rule: RateRule,
  subject: string,
  options: RateOptions = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(rule, subject)));
}
