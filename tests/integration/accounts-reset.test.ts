/**
 * Forgot password and the sessions list (decision 0042), on both databases: a mailed single-use
 * link valid for 30 minutes (stored hashed), the same answer for unknown accounts, limits per
 * account and client, the mobile OTP way, every other session ended; Settings' sessions listed
 * and ended one by one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureCountries } from '~/server/db/countries';
import { passwordResets, sessions } from '~/server/db/schema';
import { loginWithPassword, registerUser } from '~/server/accounts/users';
import {
  RESET_TTL_SECONDS,
  checkResetToken,
  requestResetByEmail,
  requestResetOtp,
  resetPassword,
  verifyResetOtp,
} from '~/server/accounts/password-reset';
import {
  createSession,
  getSessionUser,
  listSessions,
  maskAddress,
  revokeSessionById,
} from '~/server/accounts/sessions';
import { RATE_LIMITS } from '~/server/accounts/rate-limit';
import type { MailMessage, MailSender } from '~/server/adapters/mail';
import { sha256Hex } from '~/server/tokens';
import { backends, useFreshDb } from './db';
import { SITE, capturingSms, compose, expectAccountError, person } from './accounts-helpers';

function capturingMail(): MailSender & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: 'test',
    sent,
    async send(message) {
      sent.push(message);
      return { id: String(sent.length) };
    },
  };
}

const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

describe.each(backends)('accounts: forgot password and sessions on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;
  const IP = '198.51.100.40';

  async function seeker(n = 1) {
    await ensureCountries(db());
    return registerUser({ ...person(n), siteContext: SITE }, { db: db() });
  }

  function ask(email: string, mail: MailSender, ip = IP, now?: Date) {
    return requestResetByEmail(
      email,
      {
        ip,
        siteContext: SITE,
        linkFor: (token) => `https://jobs.example/rio/reset-password?token=${token}`,
        compose: (link, minutes) => ({ subject: 'Reset', text: `${link} (${minutes} min)` }),
      },
      { db: db(), mail, ...(now ? { now } : {}) },
    );
  }

  describe('forgot password', () => {
    it('mails a single-use link, stored hashed, that sets a new password and ends every session', async () => {
      const user = await seeker();
      const a = await createSession(user.id, { db: db() });
      const b = await createSession(user.id, { db: db() });
      const mail = capturingMail();
      await (
        await ask('Seeker1@Example.com', mail)
      ).delivery;
      expect(mail.sent).toHaveLength(1);
      expect(mail.sent[0]?.to).toBe('seeker1@example.com');
      expect(mail.sent[0]?.text).toContain('(30 min)');
      const token = tokenIn(mail.sent[0]!.text);
      expect(token).not.toBe('');
      const [row] = await db().select().from(passwordResets);
      expect(row?.tokenHash).toBe(sha256Hex(token));
      expect(JSON.stringify(row)).not.toContain(token);

      await checkResetToken(token, { ip: IP }, { db: db() });
      const changed = await resetPassword(
        token,
        'brand-new-1',
        { ip: IP, keepSessionToken: b.token },
        { db: db() },
      );
      expect(changed.id).toBe(user.id);
      // The new password works, the old one does not.
      await loginWithPassword(
        { email: 'seeker1@example.com', password: 'brand-new-1', ip: IP },
        { db: db() },
      );
      await expectAccountError(
        loginWithPassword(
          { email: 'seeker1@example.com', password: 'secret1pass', ip: '198.51.100.41' },
          { db: db() },
        ),
        'invalidCredentials',
      );
      // Every other session ended; the one kept is the resetting browser's.
      expect(await getSessionUser(a.token, { db: db() })).toBeNull();
      expect((await getSessionUser(b.token, { db: db() }))?.user.id).toBe(user.id);
      // The link works once.
      await expectAccountError(
        checkResetToken(token, { ip: IP }, { db: db() }),
        'resetLinkInvalid',
      );
      const again = await expectAccountError(
        resetPassword(token, 'another-pass-2', { ip: IP }, { db: db() }),
        'resetLinkInvalid',
      );
      expect(again.status).toBe(410);
    });

    it('answers the same for an unknown address, and sends nothing', async () => {
      await seeker();
      const mail = capturingMail();
      const known = await ask('seeker1@example.com', mail);
      const unknown = await ask('nobody@example.com', mail);
      await Promise.all([known.delivery, unknown.delivery]);
      expect(Object.keys(known)).toEqual(Object.keys(unknown));
      expect(mail.sent.map((m) => m.to)).toEqual(['seeker1@example.com']);
    });

    it('expires after 30 minutes', async () => {
      await seeker();
      const mail = capturingMail();
      const now = new Date();
      await (
        await ask('seeker1@example.com', mail, IP, now)
      ).delivery;
      const token = tokenIn(mail.sent[0]!.text);
      const later = new Date(now.getTime() + (RESET_TTL_SECONDS + 1) * 1000);
      await checkResetToken(token, { ip: IP }, { db: db(), now: new Date(now.getTime() + 60_000) });
      await expectAccountError(
        resetPassword(token, 'brand-new-1', { ip: IP }, { db: db(), now: later }),
        'resetLinkInvalid',
      );
    });

    it('limits asks per account (silently) and per client address', async () => {
      await seeker();
      const mail = capturingMail();
      const perAccount = RATE_LIMITS.passwordResetPerAccount.limit;
      for (let i = 0; i <= perAccount; i++) {
        await (
          await ask('seeker1@example.com', mail, `203.0.113.${i + 1}`)
        ).delivery;
      }
      // Past the account's limit the answer is the same, but no more mail goes out.
      expect(mail.sent).toHaveLength(perAccount);
      for (let i = 0; i < RATE_LIMITS.passwordResetPerIp.limit; i++) {
        await ask(`someone${i}@example.com`, mail, '192.0.2.9');
      }
      const refused = await expectAccountError(
        ask('x@example.com', mail, '192.0.2.9'),
        'tooManyRequests',
      );
      expect(refused.status).toBe(429);
    });

    it('gives a reset token for a right OTP to the mobile number, nothing for unknown numbers', async () => {
      const user = await seeker();
      const sms = capturingSms();
      const context = { ip: IP, siteContext: SITE, compose };
      await requestResetOtp({ isdCode: '91', mobile: '9000000001' }, context, { db: db(), sms });
      expect(sms.sent).toHaveLength(0);
      const mine = { isdCode: '91', mobile: user.mobile! };
      await requestResetOtp(mine, context, { db: db(), sms });
      expect(sms.sent).toHaveLength(1);
      const wrong = sms.lastCode() === '000000' ? '111111' : '000000';
      await expectAccountError(verifyResetOtp(mine, wrong, { ip: IP }, { db: db() }), 'otpInvalid');
      const token = await verifyResetOtp(mine, sms.lastCode(), { ip: IP }, { db: db() });
      await resetPassword(token, 'by-mobile-3', { ip: IP }, { db: db() });
      const [row] = await db()
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, user.id));
      expect(row?.channel).toBe('sms');
      expect(row?.usedAt).not.toBeNull();
    });
  });

  describe('sessions', () => {
    it('lists the live sessions with device, masked address and last use, and ends one', async () => {
      const user = await seeker();
      const other = await seeker(2);
      const phone = await createSession(user.id, {
        db: db(),
        userAgent:
          'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
        clientAddress: '203.0.113.77',
      });
      const laptop = await createSession(user.id, {
        db: db(),
        clientAddress: '2001:db8:85a3::8a2e:370:7334',
      });
      const stranger = await createSession(other.id, { db: db() });
      const listed = await listSessions(user.id, laptop.token, { db: db() });
      expect(listed).toHaveLength(2);
      expect(listed[0]).toMatchObject({ current: true, clientAddress: '2001:db8:85a3:…' });
      expect(listed[1]).toMatchObject({ current: false, clientAddress: '203.0.113.•' });
      expect(listed[1]?.userAgent).toContain('Android');
      // Nothing in the listing gives the token or its hash away.
      const stored = await db().select({ h: sessions.tokenHash }).from(sessions);
      for (const { h } of stored) expect(JSON.stringify(listed)).not.toContain(h);

      // Another seeker cannot end this seeker's session by its id.
      expect(await revokeSessionById(other.id, listed[1]!.id, { db: db() })).toBe(false);
      expect(await revokeSessionById(user.id, listed[1]!.id, { db: db() })).toBe(true);
      expect(await getSessionUser(phone.token, { db: db() })).toBeNull();
      expect(await getSessionUser(laptop.token, { db: db() })).not.toBeNull();
      expect(await getSessionUser(stranger.token, { db: db() })).not.toBeNull();
      expect(await revokeSessionById(user.id, listed[1]!.id, { db: db() })).toBe(false);
    });

    it('masks addresses', () => {
      expect(maskAddress('203.0.113.77')).toBe('203.0.113.•');
      expect(maskAddress('::ffff:192.0.2.1')).toBe('192.0.2.•');
      expect(maskAddress('2001:DB8:85a3:1:2:3:4:5')).toBe('2001:db8:85a3:…');
      expect(maskAddress('unknown')).toBeNull();
      expect(maskAddress(null)).toBeNull();
    });
  });
});
