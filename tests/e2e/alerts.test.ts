/**
 * Job alerts as a guest meets them, in Chromium against the running portal (its in-process alert
 * worker on the embedded database): the results page's "Create an alert for this search", the
 * form, the confirmation mail from the outbox, exactly one digest with the matching jobs, the
 * one-POST unsubscribe a mail client sends, and the 6th alert of an address going to the replace
 * choice (through the mailed link, since a guest's address must be proven).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, port, siteUrl } from './helpers';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

function mailsTo(address: string): Mail[] {
  const dir = path.join(inject('dataDir'), 'outbox', 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === address);
}

async function waitFor<T>(what: string, get: () => T | undefined, ms = 45_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A POST the way a mail client sends RFC 8058's one click: no cookies, no Origin. */
function oneClickPost(url: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  const body = 'List-Unsubscribe=One-Click';
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: `${u.pathname}${u.search}`,
        method: 'POST',
        headers: {
          host: u.host,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('job alerts', () => {
  it('a guest creates, confirms, gets one digest and unsubscribes with one POST', async () => {
    const email = `guest${Date.now()}@example.com`;
    const page = await browser.newPage();
    await page.goto(siteUrl('rexmonster', '/search/results?q=developer'));
    await page.getByRole('link', { name: 'Create an alert for this search' }).click();
    expect(new URL(page.url()).pathname).toBe('/seeker/free-job-alert');
    await expect.poll(() => page.locator('#f-keywords').inputValue()).toBe('developer');

    // SPEC §5 formats: a bad name and address are refused with their messages, nothing saved.
    await page.locator('#f-name').fill('A');
    await page.locator('#f-email').fill('not-an-email');
    await page.locator('#alert-form button[type=submit]').click();
    await expect
      .poll(() => page.locator('[data-error-for=name]').first().textContent())
      .toBe('Please enter a name of 2-30 letters');
    expect(await page.locator('[data-error-for=email]').first().textContent()).toBe(
      'Please enter a valid email address',
    );
    expect(mailsTo(email)).toHaveLength(0);

    await page.locator('#f-name').fill('Asha Rao');
    await page.locator('#f-email').fill(email);
    await page.locator('#alert-form button[type=submit]').click();
    await page.waitForURL(/job-alert-success\?status=pending/);
    expect(await page.locator('[data-status]').textContent()).toContain(email);
    // The address is on the page, never in its URL (history, proxy logs).
    expect(page.url()).not.toContain(encodeURIComponent(email).split('%40')[0]!);
    expect(await page.locator('h1').textContent()).toBe('Check your inbox to start your job alert');

    const confirmation = await waitFor('the confirmation mail', () => mailsTo(email)[0]);
    const link = /(http:\/\/\S+confirm=\S+)/.exec(confirmation.text)?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL(/status=confirmed/);

    // Confirming wakes the in-process worker: the first digest covers the last 7 days.
    const digest = await waitFor('the digest', () => mailsTo(email).find((m) => m.headers));
    expect(digest.subject).toMatch(/new jobs? for developer/);
    expect(digest.text).toMatch(/\/job\/\S+utm_source=job_alert/);
    expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await new Promise((r) => setTimeout(r, 3000));
    expect(mailsTo(email).filter((m) => m.headers)).toHaveLength(1);

    // A guest manages the alert through the mail's signed link: no login.
    const manage = /Manage job alerts: (\S+)/.exec(digest.text)?.[1];
    expect(manage).toContain('manage=');
    await page.goto(manage!);
    expect(new URL(page.url()).pathname).toBe('/seeker/job-alert-list');
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForURL(/done=paused/);
    expect(await page.locator('.badge').first().textContent()).toBe('Paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.waitForURL(/done=resumed/);
    // A forged manage link shows nothing of anyone's alerts.
    const forgedManage = await page.goto(manage!.replace(/manage=[^&]+/, 'manage=x.y'));
    expect(forgedManage?.status()).toBe(400);
    expect(await page.locator('.alert-list').count()).toBe(0);

    const oneClick = /^<(.+)>$/.exec(digest.headers?.['List-Unsubscribe'] ?? '')?.[1];
    // Opened in a browser, the one-click URL shows a page with a button instead of a 404.
    await page.goto(oneClick!);
    expect(new URL(page.url()).pathname).toBe('/seeker/job-alert-list');
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(1);
    const answer = await oneClickPost(oneClick!);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
    // The footer link now says it is done.
    const footer = /Unsubscribe: (\S+)/.exec(digest.text)?.[1];
    await page.goto(footer!);
    await page.waitForURL(/status=unsubscribed/);
    expect(await page.locator('h1').textContent()).toBe('You are unsubscribed');
    // A forged token is refused.
    const forged = await oneClickPost(oneClick!.replace(/token=[^&]+/, 'token=forged'));
    expect(forged.status).toBe(400);
    await page.close();
  });

  it('the 6th alert of an address goes to the replace choice', async () => {
    const email = `six${Date.now()}@example.com`;
    const page = await browser.newPage();
    const create = async (keywords: string) => {
      await page.goto(siteUrl('rexmonster', `/seeker/free-job-alert?q=${keywords}`));
      await page.locator('#f-name').fill('Ravi Kumar');
      await page.locator('#f-email').fill(email);
      await page.locator('#alert-form button[type=submit]').click();
      await page.waitForURL(/job-alert-success/);
    };
    for (const k of ['java', 'python', 'sales', 'nurse', 'driver']) await create(k);
    await create('accountant');
    expect(page.url()).toContain('status=replaceMailed');
    const mail = await waitFor('the replace mail', () =>
      mailsTo(email).find((m) => m.subject === 'Choose a job alert to replace'),
    );
    await page.goto(/(http:\/\/\S+token=\S+)/.exec(mail.text)![1]!);
    expect(new URL(page.url()).pathname).toBe('/seeker/job-alert-replace');
    const choices = page.locator('input[name=replace]');
    expect(await choices.count()).toBe(5);
    await page.getByLabel(/^python/).check();
    await page.getByRole('button', { name: 'Replace' }).click();
    await page.waitForURL(/status=replaced/);
    await page.close();
  });
});
