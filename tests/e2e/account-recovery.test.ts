/**
 * Forgot password and sessions in Chromium (decision 0042): a seeker who forgot the password asks
 * for a link on the login page (without JavaScript), sets a new password from the mailed link,
 * which then no longer works; the other browser's session ended with it. Settings lists both
 * browsers, and "Log out of all other devices" ends the other one. Screenshots: the forgot page in
 * Arabic on a phone, the sessions list in English on a desktop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { siteUrl } from './helpers';
import {
  account,
  enhanced,
  form,
  latestOtp,
  newPage,
  originOf,
  passwordLogin,
  post,
  useBrowser,
} from './accounts-helpers';

useBrowser();

interface Mail {
  to: string;
  subject: string;
  text: string;
}

function mailsTo(address: string): Mail[] {
  const dir = path.join(inject('dataDir'), 'outbox', 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === address);
}

async function waitForMail(address: string, matching: RegExp): Promise<Mail> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mail = mailsTo(address).find((m) => matching.test(m.text));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${address} matching ${matching}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const seeker = account('recover');
const home = { 'x-forwarded-for': '10.42.0.1' };
const office = { 'x-forwarded-for': '10.42.0.2' };

describe('forgot password and sessions', () => {
  it('sets a new password from the mailed link, which then no longer works', async () => {
    const registered = await post(
      'rexmonster.localhost',
      '/seeker/registration',
      form({
        careerStage: 'fresher',
        name: seeker.name,
        email: seeker.email,
        password: seeker.password,
        isdCode: seeker.isdCode,
        mobile: seeker.mobile,
      }),
      { origin: originOf('rexmonster'), ...home },
    );
    expect(registered.status, registered.body.slice(0, 300)).toBe(303);

    // The office browser is logged in.
    const officeBrowser = await newPage({ extraHTTPHeaders: office });
    await officeBrowser.page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(officeBrowser.page, seeker);
    expect(officeBrowser.page.url()).not.toContain('/rio/login');

    // At home, without JavaScript, the seeker has forgotten the password.
    const { context, page } = await newPage({ javaScriptEnabled: false, extraHTTPHeaders: home });
    await page.goto(siteUrl('rexmonster', '/rio/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    expect(new URL(page.url()).pathname).toBe('/rio/forgot-password');
    await page.locator('#forgot-email [name=email]').fill(seeker.email);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#forgot-email button[type=submit]').click(),
    ]);
    await page.waitForLoadState();
    await expect(
      page.locator('section:has(#forgot-email) .alert-info').textContent(),
    ).resolves.toContain(
      `If an account uses ${seeker.email}, we have sent it a link to set a new password.`,
    );
    const mail = await waitForMail(seeker.email, /token=/);
    const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
    expect(new URL(link).pathname).toBe('/rio/reset-password');

    await page.goto(link);
    await page.locator('[name=newPassword]').fill('Fresh-start-42');
    await page.locator('[name=confirmPassword]').fill('Fresh-start-42');
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#reset-password button[type=submit]').click(),
    ]);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname, (await page.textContent('main')) ?? '').toBe('/rio/login');
    await expect(page.locator('.alert-success').first().textContent()).resolves.toBe(
      'Your password has been changed. Please log in with your new password.',
    );
    await waitForMail(seeker.email, /password of your .* account was changed/);

    // The link works once.
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'This link to set a new password has expired or was already used.',
    );
    // The old password is gone, the new one works.
    await page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(page, seeker);
    await expect(page.locator('[data-error-for=password]').textContent()).resolves.toBe(
      'The email or password is not correct',
    );
    await passwordLogin(page, { email: seeker.email, password: 'Fresh-start-42' });
    expect(page.url()).not.toContain('/rio/login');

    // The office browser's session ended with the reset.
    await officeBrowser.page.goto(siteUrl('rexmonster', '/seeker/settings'));
    expect(new URL(officeBrowser.page.url()).pathname).toBe('/rio/login');
    await officeBrowser.context.close();
    await context.close();
  });

  it('lists the sessions in Settings and logs out the other browser', async () => {
    const password = 'Fresh-start-42';
    const other = await newPage({
      extraHTTPHeaders: office,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    });
    await other.page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(other.page, { email: seeker.email, password });

    const { context, page } = await newPage({ extraHTTPHeaders: home });
    await page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(page, { email: seeker.email, password });
    await page.goto(siteUrl('rexmonster', '/seeker/settings'));
    const list = page.locator('.session-list');
    // Three: this browser, the other one, and the one that set the new password.
    await expect(list.locator('.session').count()).resolves.toBe(3);
    await expect(list.locator('[data-session=current]').textContent()).resolves.toContain(
      'This device',
    );
    const otherRow = list.locator('[data-session=other]', { hasText: 'Android' });
    await expect(otherRow.textContent()).resolves.toContain('Chrome on Android');
    await expect(otherRow.textContent()).resolves.toContain('10.42.0.•');
    await page.locator('#sessions-heading').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: 'test-results/settings-sessions-en-desktop.png',
      fullPage: true,
    });

    await page.getByRole('button', { name: 'Log out of all other devices' }).click();
    await expect(page.locator('.alert-success').first().textContent()).resolves.toBe(
      'Other devices logged out: 2',
    );
    await expect(page.locator('.session-list .session').count()).resolves.toBe(1);
    await other.page.goto(siteUrl('rexmonster', '/seeker/settings'));
    expect(new URL(other.page.url()).pathname).toBe('/rio/login');
    // This browser is still logged in.
    await page.goto(siteUrl('rexmonster', '/seeker/settings'));
    expect(new URL(page.url()).pathname).toBe('/seeker/settings');
    await other.context.close();
    await context.close();
  });

  it('sets a new password after an OTP to the mobile number, in Hindi on a phone', async () => {
    const byMobile = account('mobreset');
    const registered = await post(
      'rexmonster.localhost',
      '/seeker/registration',
      form({
        careerStage: 'fresher',
        name: byMobile.name,
        email: byMobile.email,
        password: byMobile.password,
        isdCode: byMobile.isdCode,
        mobile: byMobile.mobile,
      }),
      { origin: originOf('rexmonster'), ...home },
    );
    expect(registered.status).toBe(303);
    const { context, page } = await newPage({
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: home,
    });
    await page.goto(siteUrl('rexmonster', '/hi/rio/forgot-password'));
    await expect(page.locator('h1').textContent()).resolves.toBe('पासवर्ड भूल गए?');
    await enhanced(page);
    await page.locator('#forgot-otp-request [name=mobile]').fill(byMobile.mobile);
    await page.locator('#forgot-otp-request button[type=submit]').click();
    await page.waitForSelector('#forgot-otp-verify');
    await expect(
      page.locator('section:has(#forgot-otp-verify) .alert-info').textContent(),
    ).resolves.toContain('अगर इस नंबर से कोई अकाउंट जुड़ा है');
    await enhanced(page);
    await page.locator('#forgot-otp-verify [name=otp]').fill(latestOtp(`+91${byMobile.mobile}`));
    await page.locator('#forgot-otp-verify button[value=verify-otp]').click();
    await page.waitForURL(/\/hi\/rio\/reset-password\?token=/);
    await enhanced(page);
    await page.locator('[name=newPassword]').fill('Naya-pass-77');
    await page.locator('[name=confirmPassword]').fill('Naya-pass-77');
    await page.locator('#reset-password button[type=submit]').click();
    await page.waitForURL(/\/hi\/rio\/login\?reset=done$/);
    await expect(page.locator('.alert-success').first().textContent()).resolves.toBe(
      'आपका पासवर्ड बदल दिया गया है। कृपया नए पासवर्ड से लॉगिन करें।',
    );
    await passwordLogin(page, { email: byMobile.email, password: 'Naya-pass-77' });
    expect(page.url()).not.toContain('/rio/login');
    await context.close();
  });

  it('shows the forgot-password page in Arabic on a phone', async () => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 844 } });
    const answer = await page.goto(siteUrl('monstergulf', '/ar/rio/forgot-password'));
    expect(answer?.status()).toBe(200);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await expect(page.locator('h1').textContent()).resolves.toBe('هل نسيت كلمة المرور؟');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/forgot-password-ar-phone.png', fullPage: true });
    await context.close();
  });
});
