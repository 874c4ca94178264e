/**
 * A login nobody else can lock (decision 0042), in Chromium: the browser the seeker logged in
 * with carries the device cookie, and after sixty failed logins for their email from sixty other
 * addresses an unknown browser is held back with the SPEC message while theirs logs in.
 */
import { describe, expect, it } from 'vitest';
import { siteUrl } from './helpers';
import {
  account,
  form,
  logout,
  newPage,
  originOf,
  passwordLogin,
  post,
  useBrowser,
} from './accounts-helpers';

useBrowser();

const victim = account('devicelock');
const ownAddress = { 'x-forwarded-for': '10.43.0.1' };

describe('a login nobody else can lock', () => {
  it("keeps the seeker's own browser able to log in after sixty failures from elsewhere", async () => {
    const registered = await post(
      'rexmonster.localhost',
      '/seeker/registration',
      form({
        careerStage: 'fresher',
        name: victim.name,
        email: victim.email,
        password: victim.password,
        isdCode: victim.isdCode,
        mobile: victim.mobile,
      }),
      { origin: originOf('rexmonster'), ...ownAddress },
    );
    expect(registered.status, registered.body.slice(0, 300)).toBe(303);

    const own = await newPage({ extraHTTPHeaders: ownAddress });
    await own.page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(own.page, victim);
    expect(own.page.url()).not.toContain('/rio/login');
    const device = (await own.context.cookies()).find((c) => c.name === 'MSDEVICE');
    expect(device?.httpOnly).toBe(true);
    await logout(own.page);

    for (let i = 1; i <= 60; i++) {
      const answer = await post(
        'rexmonster.localhost',
        '/rio/login',
        form({ intent: 'password', email: victim.email, password: 'wrong-password-9' }),
        { origin: originOf('rexmonster'), 'x-forwarded-for': `203.0.113.${100 + (i % 100)}` },
      );
      expect(answer.status).toBe(401);
    }

    // A browser that never logged in to the account waits, even with the right password ...
    const stranger = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': '10.43.0.9' } });
    await stranger.page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(stranger.page, victim);
    await expect(
      stranger.page.locator('.account-card .alert-error').first().textContent(),
    ).resolves.toMatch(/^Too many failed attempts\. Please try again in 1[45] minutes\.$/);
    expect(stranger.page.url()).toContain('/rio/login');
    await stranger.context.close();

    // ... the seeker's own browser logs in.
    await own.page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(own.page, victim);
    expect(own.page.url()).not.toContain('/rio/login');
    await own.context.close();
  });
});
