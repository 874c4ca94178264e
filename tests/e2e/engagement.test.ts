/**
 * The engagement dialog in Chromium: a new professional adds employment and education inside the
 * dialog (SPEC §5 messages from the browser check and from the server, by field), the score moves,
 * and closing with Escape is remembered on the server as a skip of the step shown; the same
 * dialog works right to left in Arabic. Screenshots go to test-results/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { passwordLogin } from './accounts-helpers';
import { launchChromium, siteUrl } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);
/** India's 9xxxxxxxxx; on the Gulf, whose code the seeker chooses, a Saudi 050xxxxxxx. */
const mobile = (site: string) =>
  site === 'rexmonster'
    ? `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
    : `050${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** A new browser context with a freshly registered professional logged in. */
async function registered(
  site: string,
  label: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  await page.goto(siteUrl(site, '/seeker/registration'));
  await page.locator('input[name=careerStage][value=professional]').check();
  await page.locator('[name=name]').fill('Dialog Tester');
  await page.locator('[name=email]').fill(`engage-${label}-${run}@example.com`);
  await page.locator('[name=password]').fill(`pass${label}123`);
  if (site !== 'rexmonster') await page.locator('[name=isdCode]').selectOption('966');
  await page.locator('[name=mobile]').fill(mobile(site));
  await page.locator('#registration button[type=submit]').click();
  await page.waitForURL(/\/seeker\/personal$/);
  return { context, page };
}

const DIALOG = '[role=dialog][aria-modal=true]';
const stepOf = (dialog: Locator) => dialog.getAttribute('data-step');
/** Waits until the dialog shows another step than `step`. */
const movedOn = (page: Page, step: string) =>
  page.waitForFunction(
    ([selector, s]) => document.querySelector(selector!)?.getAttribute('data-step') !== s,
    [DIALOG, step],
  );
const errorOf = (dialog: Locator, label: string) =>
  dialog
    .getByLabel(label, { exact: true })
    .evaluate(
      (el) =>
        document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent,
    );
const scoreOf = async (page: Page) =>
  Number((await page.locator('.score__gauge').first().getAttribute('aria-valuenow')) ?? 'NaN');
const pendingDialogs = (page: Page) =>
  page.evaluate(async () => {
    const r = await fetch('/api/trex/seeker/v1/profile');
    const body = (await r.json()) as { data: { dialogs: { mode: string; step: string }[] } };
    return body.data.dialogs.map((d) => `${d.mode}:${d.step}`);
  });
const progressOf = async (dialog: Locator) =>
  ((await dialog.locator('.ed-progress').textContent()) ?? '').replace(/\s+/g, '');

describe('engagement dialog', () => {
  it('adds employment inline, refuses a bad date range, and remembers Escape as a skip', async () => {
    const { context, page } = await registered('rexmonster', 'en');
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    const dialog = page.locator(DIALOG);
    await dialog.waitFor();
    expect(await stepOf(dialog)).toBe('engage:employment');
    await expect(dialog.locator('h2').textContent()).resolves.toBe('Add your current employment');
    const scoreBefore = await scoreOf(page);
    const [, totalBefore] = (await progressOf(dialog)).split('/').map(Number);

    // Focus starts on the first input.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'designation',
    );
    // Nothing typed: the SPEC messages, by field.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(errorOf(dialog, 'Current or last designation')).resolves.toBe(
      'Please specify your Current Designation',
    );
    await expect(errorOf(dialog, 'Company')).resolves.toBe('Please specify your Current Company');

    // A past job that ends before it starts.
    await dialog.getByLabel('Current or last designation').fill('Data Analyst');
    await dialog.getByLabel('Company', { exact: true }).fill('Acme');
    await dialog.getByLabel('This is my current job').uncheck();
    expect(await dialog.getByLabel('Notice period').count()).toBe(0);
    await dialog.getByLabel('Working since').fill('2022-05-01');
    await dialog.getByLabel('Worked till').fill('2021-01-01');
    await dialog.getByLabel('Current salary (INR)').fill('600000');
    await dialog.getByLabel('Salary per').selectOption('annually');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(errorOf(dialog, 'Worked till')).resolves.toBe(
      'Please specify a valid date range.',
    );
    expect(await dialog.getByLabel('Worked till').getAttribute('aria-invalid')).toBe('true');
    expect(await stepOf(dialog)).toBe('engage:employment');
    await page.screenshot({ path: 'test-results/engagement-employment-en-1280.png' });

    // Fixed: saved, and the dialog moves on to education.
    await dialog.getByLabel('Worked till').fill('2023-01-31');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await movedOn(page, 'engage:employment');
    expect(await stepOf(dialog)).toBe('engage:education');
    await expect(dialog.locator('[role=status]').textContent()).resolves.toBe('Saved.');
    // A past job answers the notice period step too: it is not asked any more.
    const [position, totalAfter] = (await progressOf(dialog)).split('/').map(Number);
    expect(position).toBe(2);
    expect(totalAfter).toBe(totalBefore! - 1);
    expect(await pendingDialogs(page)).not.toContain('engage:noticePeriod');

    // Education: the qualification decides what else is asked.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(errorOf(dialog, 'Highest qualification')).resolves.toBe(
      'Please specify your Highest Qualification',
    );
    await expect(errorOf(dialog, 'Passing year')).resolves.toBe('Please specify your passing year');
    await dialog.getByLabel('Highest qualification').selectOption('btech');
    await dialog.getByLabel('Passing year').selectOption('2018');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(errorOf(dialog, 'Specialization')).resolves.toBe(
      'Please specify your Specialization',
    );
    await expect(errorOf(dialog, 'Institute')).resolves.toBe('Please specify your Institute');
    await page.screenshot({ path: 'test-results/engagement-education-en-1280.png' });

    // Escape closes it without saving the education, skips that step on the server, and gives
    // focus back to the page.
    const skipped = page.waitForResponse((r) => r.url().endsWith('/seeker/v1/prompts'));
    await page.keyboard.press('Escape');
    await page.waitForFunction((s) => !document.querySelector(s), DIALOG);
    expect(await page.evaluate(() => document.activeElement?.isConnected)).toBe(true);
    expect((await skipped).status()).toBe(200);
    const steps = await pendingDialogs(page);
    expect(steps).not.toContain('engage:education');
    expect(steps).not.toContain('engage:employment');

    // On reload the saved employment shows and moves the score; the education was not saved.
    await page.reload();
    expect(await scoreOf(page)).toBeGreaterThan(scoreBefore);
    await expect(page.locator('#employment').textContent()).resolves.toContain('Data Analyst');
    await expect(page.locator('#education .entry-list').count()).resolves.toBe(0);

    // Closed: not opened again for a week, kept for the seeker on the server, so a new sign-in
    // in another browser has no dialog either (the page carries no dialog island at all).
    expect(await page.locator(DIALOG).count()).toBe(0);
    const engagementIsland = 'astro-island[component-url*="/EngagementDialogs."]';
    expect(await page.locator(engagementIsland).count()).toBe(0);
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const again = await other.newPage();
    await again.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(again, { email: `engage-en-${run}@example.com`, password: 'passen123' });
    await again.goto(siteUrl('rexmonster', '/seeker/profile'));
    expect(await again.locator('#employment').count()).toBe(1);
    expect(await again.locator(engagementIsland).count()).toBe(0);
    await other.close();
    await context.close();
  });

  it('works right to left in Arabic, with the server messages by field', async () => {
    const { context, page } = await registered('monstergulf', 'ar', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    await page.goto(siteUrl('monstergulf', '/ar/seeker/profile'));
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const dialog = page.locator(DIALOG);
    await dialog.waitFor();
    expect(await stepOf(dialog)).toBe('engage:employment');
    expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // The checkbox stands before its label, on the right; the × button on the left.
    const tick = (await dialog.getByRole('checkbox').boundingBox())!;
    const tickLabel = (await dialog.locator('.ed-check label').boundingBox())!;
    expect(tick.x).toBeGreaterThan(tickLabel.x);
    const close = (await dialog.getByRole('button', { name: 'إغلاق' }).boundingBox())!;
    expect(close.x).toBeLessThan((await dialog.locator('.ed-kicker').boundingBox())!.x);

    await dialog.getByLabel('المسمى الوظيفي الحالي أو الأخير').fill('محاسب');
    await dialog.getByLabel('الشركة', { exact: true }).fill('شركة الخليج');
    await dialog.getByLabel('أعمل منذ').fill('2021-03-01');
    await dialog.getByLabel('فترة الإشعار').selectOption('30');
    await dialog.getByLabel('الراتب الحالي', { exact: false }).fill('9000');
    await dialog.getByLabel('الراتب لكل').selectOption('monthly');
    await page.screenshot({ path: 'test-results/engagement-employment-ar-390.png' });

    // The server checks again: a start date it refuses (sent past the browser check) comes
    // back in Arabic on that field, and nothing is saved.
    await page.route('**/api/trex/seeker/v1/employment', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), startDate: '2999-01-01' }),
      }),
    );
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await page.waitForFunction(
      (s) => (document.querySelector(`${s} .ed-error:not(:empty)`)?.textContent ?? '') !== '',
      DIALOG,
    );
    await expect(errorOf(dialog, 'أعمل منذ')).resolves.toBe('يرجى تحديد نطاق تاريخ صحيح.');
    expect(await stepOf(dialog)).toBe('engage:employment');
    await page.unroute('**/api/trex/seeker/v1/employment');

    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await movedOn(page, 'engage:employment');
    expect(await stepOf(dialog)).toBe('engage:education');
    await expect(dialog.locator('h2').textContent()).resolves.toBe('أضف أعلى مؤهل دراسي لديك');

    // School years ask for board and medium.
    await dialog.getByLabel('أعلى مؤهل').selectOption('12th');
    expect(await dialog.getByLabel('التخصص').count()).toBe(0);
    await dialog.getByLabel('سنة التخرج').selectOption('2012');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(errorOf(dialog, 'الجهة المانحة (المجلس التعليمي)')).resolves.toBe(
      'يرجى تحديد الجهة المانحة',
    );
    await page.screenshot({ path: 'test-results/engagement-education-ar-390.png' });
    await dialog.getByLabel('الجهة المانحة (المجلس التعليمي)').fill('CBSE');
    await dialog.getByLabel('لغة الدراسة').fill('الإنجليزية');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await movedOn(page, 'engage:education');
    expect(await stepOf(dialog)).toBe('engage:experience');
    const steps = await pendingDialogs(page);
    for (const done of ['employment', 'education', 'noticePeriod', 'salary'])
      expect(steps).not.toContain(`engage:${done}`);

    // The × button closes it like Escape: the step shown is skipped.
    const skipped = page.waitForResponse((r) => r.url().endsWith('/seeker/v1/prompts'));
    await dialog.getByRole('button', { name: 'إغلاق' }).click();
    expect((await skipped).status()).toBe(200);
    expect(await page.locator(DIALOG).count()).toBe(0);
    expect(await pendingDialogs(page)).not.toContain('engage:experience');
    await context.close();
  });
});
