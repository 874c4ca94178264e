/**
 * Accounts on both databases: registration, password hashing and lockout, sessions (create,
 * expire, renew, revoke), OTPs (hashed, expiring, single-use, attempt limit, resend cooldown),
 * rate limits kept in the database, registration steps, applying (once per job, 5/10 limit),
 * pending applies, Facebook account linking, and that one user never reaches another's data.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb, queryRows, type Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import {
  applications,
  companies,
  jobs,
  otpCodes,
  seekerEmployments,
  seekerProfiles,
  sessions,
  users,
} from '~/server/db/schema';
import { AccountError, type AccountErrorCode } from '~/server/errors';
import {
  changePassword,
  getAccount,
  loginWithPassword,
  registerUser,
} from '~/server/accounts/users';
import {
  createSession,
  getSessionUser,
  revokeSession,
  revokeUserSessions,
} from '~/server/accounts/sessions';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  sendOtp,
  verifyOtp,
  type OtpTarget,
} from '~/server/accounts/otp';
import {
  loginWithOtp,
  requestLoginOtp,
  requestVerification,
  confirmVerification,
} from '~/server/accounts/login';
import {
  LOGIN_FREE_FAILURES,
  RATE_LIMITS,
  hitRateLimit,
  loginDelaySeconds,
  peekRateLimit,
  resetRateLimit,
} from '~/server/accounts/rate-limit';
import {
  getRegistration,
  redirectForStep,
  saveEducation,
  saveEmployment,
  saveJobPreference,
  savePersonal,
} from '~/server/profiles/registration';
import { accountForFacebook, fetchFacebookProfile } from '~/server/accounts/facebook';
import {
  appliedJobIds,
  applyLimitFor,
  applyToJobs,
  listApplications,
  savePendingApply,
  takePendingApply,
} from '~/server/applications/service';
import { twilioSender } from '~/server/adapters/sms/twilio';
import type { SmsMessage, SmsSender } from '~/server/adapters/sms';
import type { RegistrationInput } from '~/lib/validation/account';
import { getT } from '~/lib/i18n';
import { backends, useFreshDb } from './db';

const SITE = 'rexmonster';
const OTHER_SITE = 'monstergulf';
/** t as pages get it (locals.t): the brand filled in. */
const t = (key: string, options?: Record<string, unknown>) =>
  getT('en')(key, { brand: 'JobHarbor', ...options });
const compose = (code: string, minutes: number) => ({
  text: `${code} is your OTP (${minutes} min)`,
  subject: `${code} is your OTP`,
});

/** An SMS sender that keeps what it was given. */
function capturingSms(): SmsSender & { sent: SmsMessage[]; lastCode(): string } {
  const sent: SmsMessage[] = [];
  return {
    name: 'test',
    sent,
    async send(message) {
      sent.push(message);
      return { id: String(sent.length) };
    },
    lastCode() {
      return /\d{6}/.exec(sent.at(-1)?.text ?? '')?.[0] ?? '';
    },
  };
}

async function expectAccountError(promise: Promise<unknown>, code: AccountErrorCode) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(AccountError);
  expect((error as AccountError).code).toBe(code);
  return error as AccountError;
}

const person = (n: number, extra: Partial<RegistrationInput> = {}): RegistrationInput => ({
  careerStage: 'fresher',
  name: `Seeker ${String.fromCharCode(65 + n)}`,
  email: `seeker${n}@example.com`,
  password: `secret${n}pass`,
  isdCode: '91',
  mobile: `98765432${String(n).padStart(2, '0')}`,
  ...extra,
});

/** Countries, a company and jobs: 12 open on India, one expired, one closed, one on Gulf. */
async function seedJobs(db: Db) {
  await ensureCountries(db);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Acme', slug: 'acme', siteContext: SITE })
    .returning();
  const [gulfCompany] = await db
    .insert(companies)
    .values({ name: 'Gulf Co', slug: 'gulf-co', siteContext: OTHER_SITE })
    .returning();
  const base = {
    companyId: company!.id,
    companyName: 'Acme',
    description: 'Build things.',
    siteContext: SITE,
    countryCode: 'IN',
  };
  const open = await db
    .insert(jobs)
    .values(
      Array.from({ length: 12 }, (_, i) => ({ ...base, slug: `job-${i}`, title: `Job ${i}` })),
    )
    .returning({ id: jobs.id });
  const [expired] = await db
    .insert(jobs)
    .values({
      ...base,
      slug: 'old',
      title: 'Old job',
      expiresAt: new Date(Date.now() - 86_400_000),
    })
    .returning({ id: jobs.id });
  const [closed] = await db
    .insert(jobs)
    .values({ ...base, slug: 'closed', title: 'Closed job', status: 'closed' })
    .returning({ id: jobs.id });
  const [gulf] = await db
    .insert(jobs)
    .values({
      ...base,
      companyId: gulfCompany!.id,
      companyName: 'Gulf Co',
      siteContext: OTHER_SITE,
      countryCode: 'AE',
      slug: 'gulf',
      title: 'Gulf job',
    })
    .returning({ id: jobs.id });
  return {
    open: open.map((j) => j.id),
    expired: expired!.id,
    closed: closed!.id,
    gulf: gulf!.id,
  };
}

describe.each(backends)('accounts on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  describe('registration and passwords', () => {
    it('creates the account with an argon2id hash and a profile at the personal step', async () => {
      await ensureCountries(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      expect(user.email).toBe('seeker1@example.com');
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user.passwordHash).not.toContain('secret1pass');
      const [profile] = await db()
        .select()
        .from(seekerProfiles)
        .where(eq(seekerProfiles.userId, user.id));
      expect(profile?.registrationStep).toBe('personal');
    });

    it('refuses a taken email (any case) or mobile number', async () => {
      await ensureCountries(db());
      await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const email = await expectAccountError(
        registerUser(
          { ...person(2), email: 'SEEKER1@example.com', siteContext: OTHER_SITE },
          { db: db() },
        ),
        'emailTaken',
      );
      expect(email.field).toBe('email');
      await expectAccountError(
        registerUser({ ...person(2), mobile: person(1).mobile, siteContext: SITE }, { db: db() }),
        'mobileTaken',
      );
      // The same number under another ISD code is another number.
      await registerUser(
        { ...person(3), mobile: person(1).mobile, isdCode: '971', siteContext: OTHER_SITE },
        { db: db() },
      );
    });

    it('slows down wrong passwords per account and client, never locking out another client', async () => {
      await ensureCountries(db());
      await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const login = (password: string, ip: string, now?: Date) =>
        loginWithPassword(
          { email: 'Seeker1@Example.com', password, ip },
          { db: db(), ...(now ? { now } : {}) },
        );
      expect((await login('secret1pass', '198.51.100.1')).email).toBe('seeker1@example.com');
      // An attacker at one address: the first wrong passwords cost nothing, then waits grow.
      for (let i = 0; i < LOGIN_FREE_FAILURES + 1; i++) {
        await expectAccountError(login('wrong-password-1', '203.0.113.7'), 'invalidCredentials');
      }
      const held = await expectAccountError(login('wrong-password-1', '203.0.113.7'), 'lockedOut');
      expect(held.status).toBe(429);
      expect(held.retryAfterSeconds).toBe(loginDelaySeconds(LOGIN_FREE_FAILURES + 1));
      // The owner, from their own address, logs in all the same.
      expect((await login('secret1pass', '198.51.100.1')).email).toBe('seeker1@example.com');
      // Even the right password waits at the attacker's address until the wait is over ...
      await expectAccountError(login('secret1pass', '203.0.113.7'), 'lockedOut');
      const later = new Date(Date.now() + 5_000);
      expect((await login('secret1pass', '203.0.113.7', later)).email).toBe('seeker1@example.com');
      // ... and a success there clears that client's failures.
      const client = 'seeker1@example.com\n203.0.113.7';
      const rate = { db: db(), now: later };
      expect((await peekRateLimit(RATE_LIMITS.loginFailuresPerClient, client, rate)).count).toBe(0);
    });

    it('grows the wait with every further failure, up to five minutes', () => {
      const waits = Array.from({ length: 14 }, (_, i) => loginDelaySeconds(i + 1));
      expect(waits).toEqual([0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    });

    it('locks the password login during a burst of failures from many clients', async () => {
      await ensureCountries(db());
      await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const login = (password: string, ip: string, now?: Date) =>
        loginWithPassword(
          { email: 'seeker1@example.com', password, ip },
          { db: db(), ...(now ? { now } : {}) },
        );
      const limit = RATE_LIMITS.loginFailuresPerAccount.limit;
      // A botnet: each address tries once (a few for real, the rest counted in one go).
      for (let i = 1; i <= 4; i++) {
        await expectAccountError(login('wrong-password-1', `192.0.2.${i}`), 'invalidCredentials');
      }
      await hitRateLimit(RATE_LIMITS.loginFailuresPerAccount, 'seeker1@example.com', {
        db: db(),
        cost: limit - 4,
      });
      const locked = await expectAccountError(login('secret1pass', '198.51.100.9'), 'lockedOut');
      expect(locked.status).toBe(429);
      expect(locked.message).toMatch(/try again in 15 minutes/);
      // Once the window has passed, the right password works again.
      const later = new Date(Date.now() + 16 * 60_000);
      expect((await login('secret1pass', '198.51.100.9', later)).email).toBe('seeker1@example.com');
    });

    it('answers an unknown email like a wrong password', async () => {
      await ensureCountries(db());
      await expectAccountError(
        loginWithPassword(
          { email: 'nobody@example.com', password: 'x', ip: '198.51.100.2' },
          { db: db() },
        ),
        'invalidCredentials',
      );
    });

    it('limits login attempts per client address', async () => {
      await ensureCountries(db());
      const ip = '198.51.100.9';
      for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) {
        await hitRateLimit(RATE_LIMITS.loginPerIp, ip, { db: db() });
      }
      await expectAccountError(
        loginWithPassword({ email: 'a@example.com', password: 'x', ip }, { db: db() }),
        'tooManyRequests',
      );
      // Another address is not affected.
      await expectAccountError(
        loginWithPassword(
          { email: 'a@example.com', password: 'x', ip: '198.51.100.10' },
          { db: db() },
        ),
        'invalidCredentials',
      );
    });

    it('changes the password only with the current one, ending other sessions', async () => {
      await ensureCountries(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const here = await createSession(user.id, { db: db() });
      const there = await createSession(user.id, { db: db() });
      await expectAccountError(
        changePassword(
          user.id,
          { currentPassword: 'nope', newPassword: 'n3wpassword' },
          { db: db() },
        ),
        'wrongCurrentPassword',
      );
      await changePassword(
        user.id,
        {
          currentPassword: 'secret1pass',
          newPassword: 'n3wpassword',
          keepSessionToken: here.token,
        },
        { db: db() },
      );
      expect(await getSessionUser(here.token, { db: db() })).not.toBeNull();
      expect(await getSessionUser(there.token, { db: db() })).toBeNull();
      await loginWithPassword(
        { email: user.email!, password: 'n3wpassword', ip: '1' },
        { db: db() },
      );
      await expectAccountError(
        loginWithPassword({ email: user.email!, password: 'secret1pass', ip: '1' }, { db: db() }),
        'invalidCredentials',
      );
    });
  });

  describe('sessions', () => {
    it('stores only the token hash and finds the user by the token', async () => {
      await ensureCountries(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const { token, expiresAt } = await createSession(user.id, { db: db(), userAgent: 'test' });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await db().select().from(sessions);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).not.toBe(token);
      expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
      const found = await getSessionUser(token, { db: db() });
      expect(found?.user).toMatchObject({
        id: user.id,
        name: 'Seeker B',
        careerStage: 'fresher',
        registrationStep: 'personal',
        mobileVerified: false,
        hasPassword: true,
      });
      expect(await getSessionUser(`${token.slice(0, -1)}x`, { db: db() })).toBeNull();
      expect(await getSessionUser('not a token', { db: db() })).toBeNull();
      expect(await getSessionUser(undefined, { db: db() })).toBeNull();
    });

    it('expires, renews while used, and is revoked', async () => {
      await ensureCountries(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const start = new Date('2026-01-01T00:00:00Z');
      const { token, expiresAt } = await createSession(user.id, { db: db(), now: start });
      // Used within the hour: no write, no renewal.
      expect(
        (await getSessionUser(token, { db: db(), now: new Date(start.getTime() + 60_000) }))
          ?.renewedUntil,
      ).toBeNull();
      // Used a day later: renewed for another full lifetime.
      const dayLater = new Date(start.getTime() + 86_400_000);
      const renewed = await getSessionUser(token, { db: db(), now: dayLater });
      expect(renewed?.renewedUntil?.getTime()).toBe(
        dayLater.getTime() + (expiresAt.getTime() - start.getTime()),
      );
      // Past its expiry it is gone.
      const after = new Date((renewed?.renewedUntil as Date).getTime() + 1000);
      expect(await getSessionUser(token, { db: db(), now: after })).toBeNull();

      const other = await createSession(user.id, { db: db() });
      await revokeSession(other.token, { db: db() });
      expect(await getSessionUser(other.token, { db: db() })).toBeNull();
      const a = await createSession(user.id, { db: db() });
      const b = await createSession(user.id, { db: db() });
      expect(
        await revokeUserSessions(user.id, { db: db(), exceptToken: a.token }),
      ).toBeGreaterThanOrEqual(1);
      expect(await getSessionUser(a.token, { db: db() })).not.toBeNull();
      expect(await getSessionUser(b.token, { db: db() })).toBeNull();
    });
  });

  describe('OTP', () => {
    const target: OtpTarget = { channel: 'sms', isdCode: '91', mobile: '9876543201' };
    const send = (sms: SmsSender, now?: Date, ip = '198.51.100.20') =>
      sendOtp(
        { purpose: 'login', target, userId: null, ip, siteContext: SITE, compose },
        { db: db(), sms, ...(now ? { now } : {}) },
      );
    const verify = (code: string, now?: Date, ip = '198.51.100.20') =>
      verifyOtp({ purpose: 'login', target, code, ip }, { db: db(), ...(now ? { now } : {}) });

    it('sends a 6-digit code it stores only hashed, usable once', async () => {
      await ensureCountries(db());
      const sms = capturingSms();
      const sent = await send(sms);
      expect(sms.sent[0]?.to).toBe('+919876543201');
      const code = sms.lastCode();
      expect(code).toMatch(/^\d{6}$/);
      expect(sent.maskedDestination).toBe('+91 98•••••201');
      const [row] = await db().select().from(otpCodes);
      expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.codeHash).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(`"${code}"`);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(OTP_TTL_SECONDS * 1000);

      await expectAccountError(verify(code === '000000' ? '111111' : '000000'), 'otpInvalid');
      await verify(code);
      await expectAccountError(verify(code), 'otpInvalid');
    });

    it('expires', async () => {
      await ensureCountries(db());
      const sms = capturingSms();
      const now = new Date();
      await send(sms, now);
      const later = new Date(now.getTime() + (OTP_TTL_SECONDS + 1) * 1000);
      const error = await expectAccountError(verify(sms.lastCode(), later), 'otpExpired');
      expect(error.message).toBe('This OTP has expired. Please request a new one.');
    });

    it('dies after too many wrong tries, even for the right code', async () => {
      await ensureCountries(db());
      const sms = capturingSms();
      await send(sms);
      const wrong = sms.lastCode() === '999999' ? '888888' : '999999';
      for (let i = 1; i < OTP_MAX_ATTEMPTS; i++)
        await expectAccountError(verify(wrong), 'otpInvalid');
      await expectAccountError(verify(wrong), 'otpTooManyAttempts');
      await expectAccountError(verify(sms.lastCode()), 'otpTooManyAttempts');
    });

    it('waits before resending, and a new code replaces the old one', async () => {
      await ensureCountries(db());
      const sms = capturingSms();
      const now = new Date();
      await send(sms, now);
      const first = sms.lastCode();
      const early = await expectAccountError(
        send(sms, new Date(now.getTime() + 10_000)),
        'otpCooldown',
      );
      expect(early.params.seconds).toBe(OTP_RESEND_SECONDS - 10);
      expect(early.message).toBe(
        `Please wait ${OTP_RESEND_SECONDS - 10} seconds before requesting another OTP.`,
      );
      expect(sms.sent).toHaveLength(1);
      const resendAt = new Date(now.getTime() + (OTP_RESEND_SECONDS + 1) * 1000);
      await send(sms, resendAt);
      const second = sms.lastCode();
      if (first !== second) await expectAccountError(verify(first, resendAt), 'otpInvalid');
      await verify(second, resendAt);
    });

    it('limits codes per destination and per client address', async () => {
      await ensureCountries(db());
      const sms = capturingSms();
      const start = Date.now();
      for (let i = 0; i < RATE_LIMITS.otpSendPerDestination.limit; i++) {
        await send(sms, new Date(start + i * (OTP_RESEND_SECONDS + 1) * 1000));
      }
      await expectAccountError(
        send(sms, new Date(start + 10 * (OTP_RESEND_SECONDS + 1) * 1000)),
        'otpSendLimit',
      );
      for (let i = 0; i < RATE_LIMITS.otpVerifyPerIp.limit; i++) {
        await hitRateLimit(RATE_LIMITS.otpVerifyPerIp, '198.51.100.99', { db: db() });
      }
      await expectAccountError(verify('123456', undefined, '198.51.100.99'), 'tooManyRequests');
    });

    it('logs in the account owning the number and marks the number verified', async () => {
      await ensureCountries(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const sms = capturingSms();
      const mine: OtpTarget = { channel: 'sms', isdCode: '91', mobile: user.mobile! };
      const context = { ip: '198.51.100.30', siteContext: SITE, t };
      await expectAccountError(
        requestLoginOtp({ ...mine, mobile: '9000000000' }, context, { db: db(), sms }),
        'noAccountForMobile',
      );
      await requestLoginOtp(mine, context, { db: db(), sms });
      expect(sms.sent[0]?.text).toMatch(
        /^\d{6} is your JobHarbor OTP\. It is valid for 10 minutes\./,
      );
      const loggedIn = await loginWithOtp(mine, sms.lastCode(), context, { db: db() });
      expect(loggedIn.id).toBe(user.id);
      expect((await getAccount(user.id, { db: db() }))?.mobileVerifiedAt).not.toBeNull();
    });

    it("verifies the seeker's own number only with a code sent to them", async () => {
      await ensureCountries(db());
      const a = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const b = await registerUser({ ...person(2), siteContext: SITE }, { db: db() });
      const sms = capturingSms();
      const context = { ip: '198.51.100.31', siteContext: SITE, t };
      await requestVerification(a.id, 'sms', context, { db: db(), sms });
      expect(sms.sent[0]?.to).toBe(`+91${a.mobile}`);
      // B cannot use A's code (it is bound to A's number and user).
      await expectAccountError(
        confirmVerification(b.id, 'sms', sms.lastCode(), context, { db: db() }),
        'otpInvalid',
      );
      await confirmVerification(a.id, 'sms', sms.lastCode(), context, { db: db() });
      expect((await getAccount(a.id, { db: db() }))?.mobileVerifiedAt).not.toBeNull();
      expect((await getAccount(b.id, { db: db() }))?.mobileVerifiedAt).toBeNull();
    });

    it('does not keep a code that could not be delivered', async () => {
      await ensureCountries(db());
      const failing: SmsSender = {
        name: 'down',
        send: () => Promise.reject(new Error('provider down')),
      };
      await expect(send(failing)).rejects.toThrow('provider down');
      const [row] = await db().select().from(otpCodes);
      expect(row?.consumedAt).not.toBeNull();
    });
  });

  describe('rate limits', () => {
    const rule = { name: 'test:rule', limit: 3, windowSeconds: 60 };

    it('count within a window and start over after it', async () => {
      const now = new Date('2026-01-01T00:00:00Z');
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await hitRateLimit(rule, 'who', { db: db(), now }));
      expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
      expect(hits[3]?.retryAfterSeconds).toBe(60);
      expect((await peekRateLimit(rule, 'who', { db: db(), now })).allowed).toBe(false);
      const later = new Date(now.getTime() + 61_000);
      expect((await peekRateLimit(rule, 'who', { db: db(), now: later })).allowed).toBe(true);
      expect((await hitRateLimit(rule, 'who', { db: db(), now: later })).count).toBe(1);
      await resetRateLimit(rule, 'who', { db: db() });
      expect((await peekRateLimit(rule, 'who', { db: db(), now: later })).count).toBe(0);
      // Subjects are stored hashed.
      const keys = await queryRows<{ key: string }>(db(), sql`select key from rate_limits`);
      expect(keys.every((k) => !k.key.includes('who'))).toBe(true);
    });

    it('are counted exactly under concurrent hits', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => hitRateLimit(rule, 'burst', { db: db() })),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
    });

    if (backend === 'postgres') {
      it('are shared by every server using the database', async () => {
        const url = t$.handle.url as string;
        const second = await createDb({ url, poolSize: 2, migrate: false });
        try {
          await hitRateLimit(rule, 'shared', { db: db() });
          await hitRateLimit(rule, 'shared', { db: second.db });
          await hitRateLimit(rule, 'shared', { db: db() });
          expect((await hitRateLimit(rule, 'shared', { db: second.db })).allowed).toBe(false);
        } finally {
          await second.close();
        }
      });
    }
  });

  describe('registration steps', () => {
    it('save on their own and move the seeker forward, never back', async () => {
      await ensureCountries(db());
      const user = await registerUser(
        { ...person(1, { careerStage: 'professional' }), siteContext: SITE },
        { db: db() },
      );
      expect(redirectForStep('education', 'personal', 'professional')).toBe('/seeker/personal');
      expect(redirectForStep('employment', 'education', 'fresher')).toBe('/seeker/education');
      expect(redirectForStep('personal', 'education', 'professional')).toBeNull();

      const next = await savePersonal(
        user.id,
        'professional',
        {
          dateOfBirth: '1990-01-01',
          gender: 'male',
          currentLocation: 'Pune',
          experienceYears: 5,
          experienceMonths: 2,
        },
        { db: db() },
      );
      expect(next).toBe('/seeker/employment');
      const job = {
        designation: 'Engineer',
        company: 'Acme',
        startDate: '2020-01-01',
        isCurrent: true,
        endDate: '',
        noticePeriod: 30,
        lastWorkingDate: '',
        currentSalary: 1_200_000,
        salaryMode: 'annually' as const,
      };
      expect(await saveEmployment(user.id, job, 'INR', { db: db() })).toBe('/seeker/education');
      // Saving the step again updates the same row.
      await saveEmployment(user.id, { ...job, designation: 'Senior Engineer' }, 'INR', {
        db: db(),
      });
      const employments = await db()
        .select()
        .from(seekerEmployments)
        .where(eq(seekerEmployments.userId, user.id));
      expect(employments.map((e) => e.designation)).toEqual(['Senior Engineer']);
      // Going back to personal details keeps the marker at education.
      await savePersonal(
        user.id,
        'professional',
        {
          dateOfBirth: '1990-01-01',
          gender: 'male',
          currentLocation: 'Mumbai',
          experienceYears: 5,
          experienceMonths: 3,
        },
        { db: db() },
      );
      expect((await getRegistration(user.id, { db: db() })).profile?.registrationStep).toBe(
        'education',
      );

      await saveEducation(
        user.id,
        {
          qualification: 'btech',
          specialization: 'CS',
          institute: 'IIT',
          board: '',
          medium: '',
          passingYear: 2012,
          percentageBand: 70,
          educationType: 'full_time',
        },
        { db: db() },
      );
      expect(
        await saveJobPreference(
          user.id,
          {
            preferredLocations: ['Pune'],
            skills: ['Java'],
            expectedSalary: null,
            salaryMode: null,
          },
          { db: db() },
        ),
      ).toBe('/seeker/dashboard');
      const all = await getRegistration(user.id, { db: db() });
      expect(all.profile).toMatchObject({
        registrationStep: 'done',
        currentLocation: 'Mumbai',
        experienceMonths: 3,
      });
      expect(all.profile?.registrationCompletedAt).not.toBeNull();
      expect(all.education).toMatchObject({ qualification: 'btech', passingYear: 2012 });
      expect(all.jobPreference).toMatchObject({ preferredLocations: ['Pune'], skills: ['Java'] });
    });
  });

  describe('applying', () => {
    it('applies once per job', async () => {
      const ids = await seedJobs(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const first = await applyToJobs(user, [ids.open[0]!, ids.open[1]!], SITE, { db: db() });
      expect(first).toEqual({
        applied: [ids.open[0], ids.open[1]],
        alreadyApplied: [],
        unavailable: [],
      });
      const again = await applyToJobs(user, [ids.open[0]!, ids.open[0]!, ids.open[2]!], SITE, {
        db: db(),
      });
      expect(again).toEqual({
        applied: [ids.open[2]],
        alreadyApplied: [ids.open[0]],
        unavailable: [],
      });
      // Two requests racing for the same job still make one application.
      await Promise.all([
        applyToJobs(user, [ids.open[3]!], SITE, { db: db() }),
        applyToJobs(user, [ids.open[3]!], SITE, { db: db() }),
      ]);
      const rows = await db().select().from(applications).where(eq(applications.userId, user.id));
      expect(rows).toHaveLength(4);
    });

    it('takes at most 5 jobs at once for freshers and 10 for professionals', async () => {
      const ids = await seedJobs(db());
      const fresher = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const pro = await registerUser(
        { ...person(2, { careerStage: 'professional' }), siteContext: SITE },
        { db: db() },
      );
      expect(applyLimitFor('fresher')).toBe(5);
      expect(applyLimitFor('professional')).toBe(10);
      const limit = await expectAccountError(
        applyToJobs(fresher, ids.open.slice(0, 6), SITE, { db: db() }),
        'applyLimit',
      );
      expect(limit.message).toBe('You can apply to at most 5 jobs at a time.');
      expect(
        (await applyToJobs(fresher, ids.open.slice(0, 5), SITE, { db: db() })).applied,
      ).toHaveLength(5);
      await expectAccountError(
        applyToJobs(pro, ids.open.slice(0, 11), SITE, { db: db() }),
        'applyLimit',
      );
      expect(
        (await applyToJobs(pro, ids.open.slice(0, 10), SITE, { db: db() })).applied,
      ).toHaveLength(10);
      await expectAccountError(applyToJobs(pro, [], SITE, { db: db() }), 'applyNothingSelected');
    });

    it('refuses expired, closed and other-site jobs', async () => {
      const ids = await seedJobs(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      await expectAccountError(
        applyToJobs(user, [ids.expired], SITE, { db: db() }),
        'applyJobUnavailable',
      );
      await expectAccountError(
        applyToJobs(user, [ids.closed, ids.gulf, 999_999], SITE, { db: db() }),
        'applyJobUnavailable',
      );
      const mixed = await applyToJobs(user, [ids.open[0]!, ids.gulf], SITE, { db: db() });
      expect(mixed).toEqual({
        applied: [ids.open[0]],
        alreadyApplied: [],
        unavailable: [ids.gulf],
      });
    });

    it('keeps a guest apply until login, once, on its own site', async () => {
      await seedJobs(db());
      const token = await savePendingApply([5, 6, 5], '/search/results?q=java', SITE, { db: db() });
      expect(await takePendingApply(token, OTHER_SITE, { db: db() })).toBeNull();
      const again = await savePendingApply([7], '/srp/results', SITE, { db: db() });
      expect(await takePendingApply(again, SITE, { db: db() })).toEqual({
        jobIds: [7],
        returnUrl: '/srp/results',
      });
      expect(await takePendingApply(again, SITE, { db: db() })).toBeNull();
      const old = await savePendingApply([8], '/x', SITE, {
        db: db(),
        now: new Date(Date.now() - 2 * 3_600_000),
      });
      expect(await takePendingApply(old, SITE, { db: db() })).toBeNull();
      expect(await takePendingApply('short', SITE, { db: db() })).toBeNull();
    });
  });

  describe("one user never reaches another's data", () => {
    it('lists and checks applications of the session user only', async () => {
      const ids = await seedJobs(db());
      const a = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const b = await registerUser({ ...person(2), siteContext: SITE }, { db: db() });
      await applyToJobs(a, [ids.open[0]!, ids.open[1]!], SITE, { db: db() });
      await applyToJobs(b, [ids.open[2]!], SITE, { db: db() });
      expect((await listApplications(a.id, {}, { db: db() })).map((j) => j.id).sort()).toEqual(
        [ids.open[0], ids.open[1]].sort(),
      );
      // B asking for A's jobs by id gets nothing of A's.
      expect(
        await listApplications(b.id, { jobIds: [ids.open[0]!, ids.open[1]!] }, { db: db() }),
      ).toEqual([]);
      expect([...(await appliedJobIds(b.id, [ids.open[0]!, ids.open[2]!], { db: db() }))]).toEqual([
        ids.open[2],
      ]);
      // A session token reads its own user only.
      const sa = await createSession(a.id, { db: db() });
      expect((await getSessionUser(sa.token, { db: db() }))?.user.id).toBe(a.id);
      // B's registration steps write B's rows only.
      await savePersonal(
        b.id,
        'fresher',
        { dateOfBirth: '1999-01-01', gender: 'female', currentLocation: 'Delhi' },
        { db: db() },
      );
      expect((await getRegistration(a.id, { db: db() })).profile?.currentLocation).toBeNull();
      // B cannot change A's password without A's current password (and acts on B only).
      await expectAccountError(
        changePassword(
          b.id,
          { currentPassword: 'secret1pass', newPassword: 'hijack123' },
          { db: db() },
        ),
        'wrongCurrentPassword',
      );
      await loginWithPassword({ email: a.email!, password: 'secret1pass', ip: '2' }, { db: db() });
    });
  });

  describe('Facebook accounts', () => {
    it('links by Facebook id, then by email, else makes an account', async () => {
      await ensureCountries(db());
      const existing = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const linked = await accountForFacebook(
        { id: '1001', name: 'Seeker B', email: existing.email },
        SITE,
        { db: db() },
      );
      expect(linked.id).toBe(existing.id);
      // Same Facebook id later, even with another email: the same account.
      expect(
        (
          await accountForFacebook({ id: '1001', name: 'x', email: 'other@example.com' }, SITE, {
            db: db(),
          })
        ).id,
      ).toBe(existing.id);
      const fresh = await accountForFacebook(
        { id: '1002', name: 'New Person 9', email: 'new@example.com' },
        SITE,
        { db: db() },
      );
      expect(fresh).toMatchObject({
        email: 'new@example.com',
        name: 'New Person',
        passwordHash: null,
      });
      expect(fresh.emailVerifiedAt).not.toBeNull();
      expect((await getRegistration(fresh.id, { db: db() })).profile?.registrationStep).toBe(
        'personal',
      );
      await expectAccountError(
        accountForFacebook({ id: '1003', name: 'No Mail', email: null }, SITE, { db: db() }),
        'facebookNoEmail',
      );
      const count = await db().select().from(users);
      expect(count).toHaveLength(2);
    });
  });
});

describe('adapters and providers (no database)', () => {
  it('exchanges a Facebook code and reads the profile with an appsecret proof', async () => {
    const calls: URL[] = [];
    const fake = (async (input: URL | string) => {
      const url = new URL(String(input));
      calls.push(url);
      const body = url.pathname.endsWith('/oauth/access_token')
        ? { access_token: 'token-1', token_type: 'bearer' }
        : { id: '4242', name: 'Asha Rao', email: 'Asha@Example.com' };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const settings = {
      appId: 'app-1',
      appSecret: 'secret-1',
      dialogUrl: 'http://fb.test/dialog/oauth',
      graphUrl: 'http://fb.test/v19.0',
    };
    const profile = await fetchFacebookProfile(
      settings,
      'code-1',
      'http://h/rio/facebook/callback',
      fake,
    );
    expect(profile).toEqual({ id: '4242', name: 'Asha Rao', email: 'asha@example.com' });
    expect(calls[0]?.searchParams.get('code')).toBe('code-1');
    expect(calls[0]?.searchParams.get('client_secret')).toBe('secret-1');
    expect(calls[1]?.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);

    const failing = (async () =>
      new Response(JSON.stringify({ error: { message: 'bad code' } }), {
        status: 400,
      })) as typeof fetch;
    await expectAccountError(
      fetchFacebookProfile(settings, 'x', 'http://h/cb', failing),
      'facebookFailed',
    );
  });

  it('sends SMS through the Twilio API format', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const fake = (async (url: string, init: RequestInit) => {
      seen = { url: String(url), init };
      return new Response(JSON.stringify({ sid: 'SM123' }), { status: 201 });
    }) as unknown as typeof fetch;
    const sender = twilioSender({
      accountSid: 'AC1',
      authToken: 'tok',
      from: '+15550001',
      apiUrl: 'http://twilio.test',
      fetch: fake,
    });
    expect(await sender.send({ to: '+919876543210', text: 'hello' })).toEqual({ id: 'SM123' });
    expect(seen?.url).toBe('http://twilio.test/2010-04-01/Accounts/AC1/Messages.json');
    const body = new URLSearchParams(String(seen?.init.body));
    expect(Object.fromEntries(body)).toEqual({
      To: '+919876543210',
      Body: 'hello',
      From: '+15550001',
    });
    expect(new Headers(seen?.init.headers).get('authorization')).toBe(
      `Basic ${Buffer.from('AC1:tok').toString('base64')}`,
    );
    const refusing = twilioSender({
      accountSid: 'AC1',
      authToken: 'tok',
      from: '+1',
      apiUrl: 'http://twilio.test',
      fetch: (async () =>
        new Response(JSON.stringify({ message: 'invalid number' }), {
          status: 400,
        })) as unknown as typeof fetch,
    });
    await expect(refusing.send({ to: '+1', text: 'x' })).rejects.toThrow(/invalid number/);
  });
});
