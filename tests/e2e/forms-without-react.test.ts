/**
 * The login and registration pages are plain forms: in Chromium they load a few kilobytes of
 * script and no React, check what is typed before sending it (in the page's language), and do
 * everything without JavaScript too, the server answering with the messages by field.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium, siteUrl } from './helpers';

/**
 * Script bytes on the wire (compressed) a login or registration page may load in all. 24 KB since
 * the form check carries the mobile rule of every site's country (libphonenumber-js with its
 * metadata cut to the sites' codes, about 13 KB of it: decision 0037), so the browser refuses
 * exactly what the server refuses.
 */
const SCRIPT_BUDGET_BYTES = 24 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);
const arabic = JSON.parse(readFileSync('locales/ar/account.json', 'utf8')) as {
  messages: Record<string, string>;
};

async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<{
  context: BrowserContext;
  page: Page;
}> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  return { context, page: await context.newPage() };
}

/** Every script the page loads until the network is quiet, with its bytes on the wire. */
async function scriptsOf(page: Page, url: string) {
  const scripts: { url: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then((sizes) => {
        scripts.push({ url: request.url(), bytes: sizes.responseBodySize });
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return scripts;
}

describe('login and registration pages', () => {
  for (const [context, path] of [
    ['rexmonster', '/rio/login'],
    ['rexmonster', '/seeker/registration'],
    ['monstergulf', '/ar/rio/login'],
    ['monstergulf', '/ar/seeker/registration'],
  ] as const) {
    it(`${context}${path} loads a few kilobytes of script and no React`, async () => {
      const { context: browserContext, page } = await newPage();
      const scripts = await scriptsOf(page, siteUrl(context, path));
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      expect(total, JSON.stringify(scripts)).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
      expect(await page.locator('astro-island').count()).toBe(0);
      const hasReact = await page.evaluate(() =>
        Array.from(document.querySelectorAll('*')).some((el) =>
          Object.keys(el).some((k) => k.startsWith('__react')),
        ),
      );
      expect(hasReact).toBe(false);
      await browserContext.close();
    });
  }

  it('checks the login form in the browser, in Arabic on the Gulf site', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('monstergulf', '/ar/rio/login'));
    await page.waitForSelector('#password-login[data-checked]');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.locator('#password-login button[type=submit]').click();
    await expect(
      page.locator('#password-login [data-error-for=email]').textContent(),
    ).resolves.toBe(arabic.messages.emailRequired);
    await expect(
      page.locator('#password-login [data-error-for=password]').textContent(),
    ).resolves.toBe(arabic.messages.passwordRequired);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    // Corrected, the field's message goes as the user types.
    await page.locator('#password-login [name=email]').fill('someone@example.com');
    await expect(
      page.locator('#password-login [data-error-for=email]').textContent(),
    ).resolves.toBe('');
    expect(posts).toEqual([]);
    await context.close();
  });

  it('registers and logs in without JavaScript, messages by field from the server', async () => {
    const email = `nojs-${run}@example.com`;
    const password = 'nojsPass123';
    const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    // A client of its own: the suite's other registrations count against the hourly limit per address.
    const guest = await newPage({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.21' },
    });
    await guest.page.goto(siteUrl('rexmonster', '/seeker/registration'));
    await guest.page.locator('input[name=careerStage][value=fresher]').check();
    await guest.page.locator('[name=name]').fill('Nora Iyer');
    await guest.page.locator('[name=email]').fill(email);
    await guest.page.locator('[name=password]').fill(password);
    await guest.page.locator('[name=mobile]').fill(mobile);
    await guest.page.locator('#registration button[type=submit]').click();
    await guest.page.waitForURL(/\/seeker\/personal$/);
    await guest.context.close();

    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(siteUrl('rexmonster', '/rio/login?returnUrl=%2Fseeker%2Fsettings'));
    // Nothing typed: the server names each field.
    const [empty] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#password-login button[type=submit]').click(),
    ]);
    expect(empty.status()).toBe(422);
    await page.waitForLoadState();
    await expect(
      page.locator('#password-login [data-error-for=email]').textContent(),
    ).resolves.toBe('Please enter your email address');
    await expect(
      page.locator('#password-login [data-error-for=password]').textContent(),
    ).resolves.toBe('Please enter your password');
    // A wrong password, then the right one: back to where the login was asked from.
    await page.locator('#password-login [name=email]').fill(email);
    await page.locator('#password-login [name=password]').fill('notThePassword1');
    await page.locator('#password-login button[type=submit]').click();
    await page.waitForLoadState();
    await expect(page.locator('#main').textContent()).resolves.toContain(
      'The email or password is not correct',
    );
    expect(await page.locator('#password-login [name=email]').inputValue()).toBe(email);
    await page.locator('#password-login [name=password]').fill(password);
    await page.locator('#password-login button[type=submit]').click();
    await page.waitForURL(/\/seeker\/settings$/);
    await context.close();
  });
});
