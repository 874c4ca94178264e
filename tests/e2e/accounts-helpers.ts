/**
 * What the accounts and request-forgery e2e tests share: accounts no other test uses, POSTs from
 * Node, registration by form POST, the SMS outbox's OTPs and, for the browser flows, a Chromium
 * of the file (useBrowser) with pages, waiting for enhancement, logging in and out.
 */
import { request } from 'node:http';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium, port } from './helpers';

let browser: Browser;

/** Starts Chromium before the file's tests and closes it after them. */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync('test-results', { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export const run = Date.now().toString(36);
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
/**
 * A mobile number no other test uses, as typed in its country: India 9 and 9 random digits; the
 * Gulf codes (UAE and Saudi alike) 050 and 7 random digits.
 */
export const mobile = (isdCode = '91') => (isdCode === '91' ? `9${digits(9)}` : `050${digits(7)}`);

export interface Account {
  email: string;
  password: string;
  mobile: string;
  isdCode: string;
  name: string;
}
export const account = (label: string, isdCode = '91'): Account => ({
  email: `${label}-${run}@example.com`,
  password: `pass${label}123`,
  mobile: mobile(isdCode),
  isdCode,
  name: `Tester ${label.replace(/[^a-z]/gi, '')}`,
});

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A POST from Node, as a script or another site would send it. */
export function post(
  host: string,
  pathname: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: pathname,
        method: 'POST',
        headers: {
          host: `${host}:${port()}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
export const originOf = (context: string) => `http://${context}.localhost:${port()}`;

/** Registers through the form POST (the browser flows below cover the pages themselves). */
export async function registerByPost(context: string, a: Account, careerStage = 'fresher') {
  const answer = await post(
    `${context}.localhost`,
    '/seeker/registration',
    form({
      careerStage,
      name: a.name,
      email: a.email,
      password: a.password,
      isdCode: a.isdCode,
      mobile: a.mobile,
    }),
    // Each account registers from an address of its own (derived from its email), so the
    // suite's registrations never meet the hourly limit per address.
    { origin: originOf(context), 'x-forwarded-for': addressFor(a.email) },
  );
  expect(answer.status, answer.body.slice(0, 300)).toBe(303);
  return answer;
}

/** A documentation-range IPv4 address (198.18.0.0/15) that stands for one test account. */
export function addressFor(key: string): string {
  let hash = 2166136261;
  for (const ch of key) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `198.${18 + (hash & 1)}.${(hash >>> 1) & 255}.${1 + ((hash >>> 9) % 254)}`;
}

/** The newest OTP the outbox holds for a number (the embedded SMS adapter's files). */
export function latestOtp(to: string): string {
  const dir = path.join(inject('dataDir'), 'outbox', 'sms');
  const messages = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no OTP in the outbox for ${to}`);
  return code;
}

export async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<{
  context: BrowserContext;
  page: Page;
}> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  return { context, page: await context.newPage() };
}

/**
 * Waits until the page's scripts have enhanced it: islands hydrated (Astro drops the ssr
 * attribute; those that wait for first use or a signal, like the header bell and the cart
 * count, are left out) and the forms
 * checked in the browser wired (FormCheck marks them data-checked).
 */
export async function enhanced(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('astro-island[ssr]:not([client=interaction]):not([client=signal])')
        .length === 0 &&
      Array.from(document.querySelectorAll<HTMLElement>('[data-form-check]')).every(
        (marker) => document.getElementById(marker.dataset.formCheck ?? '')?.dataset.checked,
      ),
  );
}

/** Fills and sends the password form; resolves once the answer has loaded. */
export async function passwordLogin(page: Page, a: Pick<Account, 'email' | 'password'>) {
  await page.locator('#password-login [name=email]').fill(a.email);
  await page.locator('#password-login [name=password]').fill(a.password);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.locator('#password-login button[type=submit]').click(),
  ]);
  await page.waitForLoadState();
}

/** Logs out through the header's user menu (from Settings: other pages may open dialogs). */
export async function logout(page: Page) {
  const lang = (await page.getAttribute('html', 'lang')) ?? 'en';
  const prefix = lang === 'en' ? '' : `/${lang}`;
  await page.goto(new URL(`${prefix}/seeker/settings`, page.url()).href);
  await page.locator('details.user-menu summary').click();
  await page.locator('button.user-menu-logout').click();
  await page.waitForURL(/\/rio\/sign-out$/);
}
