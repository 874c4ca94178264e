/**
 * A login nobody else can lock (decision 0042), on both databases: the device cookie of a browser
 * that logged in before keeps its password login working through a distributed attack; unknown
 * browsers are throttled; OTP requests and wrong codes from an attacker's addresses don't block
 * the owner's own client.
 */
import { describe, expect, it } from 'vitest';
import { ensureCountries } from '~/server/db/countries';
import { loginWithPassword, registerUser } from '~/server/accounts/users';
import { loginWithOtp, requestLoginOtp } from '~/server/accounts/login';
import { deviceCookieAfterLogin } from '~/server/accounts/device';
import { RATE_LIMITS, peekRateLimit } from '~/server/accounts/rate-limit';
import { OTP_RESEND_SECONDS, type OtpTarget } from '~/server/accounts/otp';
import { backends, useFreshDb } from './db';
import { SITE, t, capturingSms, expectAccountError, person } from './accounts-helpers';

describe.each(backends)('accounts: a login nobody else can lock, on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;
  const OWN_IP = '198.51.100.1';

  async function seeker() {
    await ensureCountries(db());
    const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
    // The seeker logged in once from their browser, which then carries the device cookie.
    await loginWithPassword(
      { email: user.email!, password: 'secret1pass', ip: OWN_IP },
      { db: db() },
    );
    return { user, device: deviceCookieAfterLogin(undefined, user.id) };
  }

  it("leaves the seeker's own browser able to log in after sixty failures from other addresses", async () => {
    const { user, device } = await seeker();
    const login = (password: string, ip: string, cookie?: string) =>
      loginWithPassword({ email: user.email!, password, ip, device: cookie ?? null }, { db: db() });
    for (let i = 1; i <= 60; i++) {
      await expectAccountError(login('wrong-password-1', `203.0.113.${i}`), 'invalidCredentials');
    }
    // An unknown browser, even with the right password, is held back for the window ...
    const locked = await expectAccountError(login('secret1pass', '192.0.2.200'), 'lockedOut');
    expect(locked.status).toBe(429);
    expect(locked.message).toBe('Too many failed attempts. Please try again in 15 minutes.');
    // ... and so is the seeker's own address without the cookie (another browser there) ...
    await expectAccountError(login('secret1pass', OWN_IP), 'lockedOut');
    // ... but the browser with the device cookie logs in, from home or from anywhere.
    expect((await login('secret1pass', OWN_IP, device)).id).toBe(user.id);
    expect((await login('secret1pass', '192.0.2.201', device)).id).toBe(user.id);
    // A cookie of another account, or a forged one, is no key to this one.
    const other = deviceCookieAfterLogin(undefined, '00000000-0000-4000-8000-000000000000');
    await expectAccountError(login('secret1pass', OWN_IP, other), 'lockedOut');
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await expectAccountError(login('secret1pass', OWN_IP, forged), 'lockedOut');
  });

  it('throttles an unknown browser with growing waits, not the trusted one', async () => {
    const { user, device } = await seeker();
    const attacker = '203.0.113.50';
    const login = (password: string, cookie?: string) =>
      loginWithPassword(
        { email: user.email!, password, ip: attacker, device: cookie ?? null },
        { db: db() },
      );
    for (let i = 0; i < 4; i++) {
      await expectAccountError(login('wrong-password-1'), 'invalidCredentials');
    }
    const held = await expectAccountError(login('wrong-password-1'), 'lockedOut');
    expect(held.retryAfterSeconds).toBe(2);
    // The same address with the seeker's device cookie (their browser on the same network).
    expect((await login('secret1pass', device)).id).toBe(user.id);
  });

  it("counts a trusted browser's own failures on its cookie, then treats it as unknown", async () => {
    const { user, device } = await seeker();
    const rate = { db: db() };
    const login = (password: string) =>
      loginWithPassword({ email: user.email!, password, ip: OWN_IP, device }, { db: db() });
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerDevice.limit; i++) {
      await expectAccountError(login('wrong-password-1'), 'invalidCredentials');
    }
    // Its failures never counted against the account (nor made it wait) ...
    expect(
      (await peekRateLimit(RATE_LIMITS.loginFailuresPerAccount, user.email!, rate)).count,
    ).toBe(0);
    // ... past its own limit it is one more unknown client.
    await expectAccountError(login('wrong-password-1'), 'invalidCredentials');
    expect(
      (await peekRateLimit(RATE_LIMITS.loginFailuresPerAccount, user.email!, rate)).count,
    ).toBe(1);
  });

  describe('OTPs', () => {
    it("lets the owner's client get and use a code while other addresses ask for and guess codes", async () => {
      const { user, device } = await seeker();
      const sms = capturingSms();
      const target: OtpTarget = { channel: 'sms', isdCode: '91', mobile: user.mobile! };
      const ask = (ip: string, cookie?: string, now?: Date) =>
        requestLoginOtp(
          target,
          { ip, siteContext: SITE, t, device: cookie ?? null },
          { db: db(), sms, ...(now ? { now } : {}) },
        );
      const cap = RATE_LIMITS.otpSendPerDestination.limit;
      for (let i = 1; i <= cap; i++) await ask(`203.0.113.${i}`);
      // The number's cap for unknown clients is reached: the next address is refused ...
      const refused = await expectAccountError(ask('203.0.113.99'), 'otpSendLimit');
      expect(refused.message).toBe('Too many OTPs requested. Please try again in 60 minutes.');
      // ... the owner's browser is not, and its code is not killed by later asks elsewhere.
      await ask(OWN_IP, device);
      const code = sms.lastCode();
      // Mobiles are stored in E.164: the SMS goes to the stored number.
      expect(sms.sent.at(-1)?.to).toBe(user.mobile);
      expect(user.mobile).toMatch(/^\+91\d{10}$/);
      // An attacker guesses from other addresses: the owner's code keeps its tries.
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 8; i++) {
        await expectAccountError(
          loginWithOtp(target, wrong, { ip: `192.0.2.${i}` }, { db: db() }),
          'otpInvalid',
        );
      }
      const loggedIn = await loginWithOtp(target, code, { ip: OWN_IP, device }, { db: db() });
      expect(loggedIn.id).toBe(user.id);
    });

    it('limits each client per number, so one address cannot use up the owner\u2019s allowance', async () => {
      const { user } = await seeker();
      const sms = capturingSms();
      const target: OtpTarget = { channel: 'sms', isdCode: '91', mobile: user.mobile! };
      const start = Date.now();
      const ask = (ip: string, i: number) =>
        requestLoginOtp(
          target,
          { ip, siteContext: SITE, t },
          { db: db(), sms, now: new Date(start + i * (OTP_RESEND_SECONDS + 1) * 1000) },
        );
      const perClient = RATE_LIMITS.otpSendPerDestinationClient.limit;
      for (let i = 0; i < perClient; i++) await ask('203.0.113.7', i);
      await expectAccountError(ask('203.0.113.7', perClient), 'otpSendLimit');
      // The owner, at their own address, still gets a code (no device cookie needed here).
      await ask(OWN_IP, perClient);
      expect(sms.sent).toHaveLength(perClient + 1);
    });
  });
});
