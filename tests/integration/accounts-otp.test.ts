/**
 * OTPs on both databases (hashed, expiring, single-use, attempt limit, resend cooldown; login and
 * verification by OTP) and the rate limits kept in the database.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb, queryRows } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { otpCodes } from '~/server/db/schema';
import { getAccount, registerUser } from '~/server/accounts/users';
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
  RATE_LIMITS,
  hitRateLimit,
  peekRateLimit,
  resetRateLimit,
} from '~/server/accounts/rate-limit';
import type { SmsSender } from '~/server/adapters/sms';
import { backends, useFreshDb } from './db';
import { SITE, t, compose, capturingSms, expectAccountError, person } from './accounts-helpers';

describe.each(backends)('accounts: OTP and rate limits on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

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

    it('limits codes per destination and client, and per client address', async () => {
      await ensureCountries(db());
      const sms = capturingSms();
      const start = Date.now();
      for (let i = 0; i < RATE_LIMITS.otpSendPerDestinationClient.limit; i++) {
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
      expect(a.mobile).toBe('+919876543201');
      expect(sms.sent[0]?.to).toBe('+919876543201');
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
});
