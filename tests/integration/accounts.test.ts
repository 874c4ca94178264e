/**
 * Accounts on both databases: registration, password hashing and lockout, sessions (create,
 * expire, renew, revoke) and Facebook account linking; the Facebook and Twilio adapters without a
 * database. OTPs and rate limits are accounts-otp.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureCountries } from '~/server/db/countries';
import { seekerProfiles, sessions, users } from '~/server/db/schema';
import { changePassword, loginWithPassword, registerUser } from '~/server/accounts/users';
import {
  createSession,
  getSessionUser,
  revokeSession,
  revokeUserSessions,
} from '~/server/accounts/sessions';
import {
  LOGIN_FREE_FAILURES,
  RATE_LIMITS,
  hitRateLimit,
  loginDelaySeconds,
  peekRateLimit,
} from '~/server/accounts/rate-limit';
import { getRegistration } from '~/server/profiles/registration';
import { accountForFacebook, fetchFacebookProfile } from '~/server/accounts/facebook';
import { twilioSender } from '~/server/adapters/sms/twilio';
import { backends, useFreshDb } from './db';
import { SITE, OTHER_SITE, expectAccountError, person } from './accounts-helpers';

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
