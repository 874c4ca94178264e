/**
 * Searching in Hindi and Arabic as a person does, over the demo jobs (posted in English): a
 * Hindi or Arabic job word finds the jobs its English word finds, the page shows the seeker's own
 * words in the box and heading, and autosuggest answers an Arabic prefix at phone size with a
 * name whose search finds jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { decodeEntities, get, launchChromium, siteUrl } from './helpers';

const totalOf = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1] ?? NaN);
const boxValueOf = (html: string) =>
  decodeEntities(/<input[^>]*name="q"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? '');
const headingOf = (html: string) =>
  decodeEntities(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
const results = (context: string, lang: string, q: string) =>
  get(`${context}.localhost`, `/${lang}/search/results?q=${encodeURIComponent(q)}`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('search in Hindi and Arabic', () => {
  it.each([
    ['rexmonster', 'hi', 'लेखाकार', 'accountant'],
    ['rexmonster', 'hi', 'बिक्री', 'sales'],
    ['monstergulf', 'ar', 'محاسب', 'accountant'],
    ['monstergulf', 'ar', 'المُحاسب', 'accountant'],
    ['monstergulf', 'ar', 'مهندس', 'engineer'],
  ])('on %s /%s/ finds with %s the jobs of %s', async (context, lang, native, english) => {
    const page = await results(context, lang, native);
    expect(page.status).toBe(200);
    const expected = totalOf((await results(context, lang, english)).body);
    expect(expected).toBeGreaterThan(0);
    expect(totalOf(page.body)).toBe(expected);
    // The seeker's own words, not the English, in the box and the heading.
    expect(boxValueOf(page.body)).toBe(native);
    expect(headingOf(page.body)).toContain(native);
    expect(headingOf(page.body)).not.toContain(english);
  });

  it('refuses punctuation alone in the page language', async () => {
    const page = await results('monstergulf', 'ar', '؟،؛');
    expect(page.body).toContain('لا يُسمح بالرموز الخاصة وحدها');
  });

  it('suggests Arabic names as an Arabic seeker types, at phone size', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(siteUrl('monstergulf', '/ar/'));
    // The box's island hydrates on first use: a touch on the keywords.
    await page.getByRole('combobox').first().tap();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-searchbox]')].every((b) => b.hasAttribute('data-ready')),
    );
    const box = page.getByRole('combobox').first();
    const suggested = page.waitForResponse(
      (r) => r.url().includes('/auto-fill') && new URL(r.url()).searchParams.get('text') === 'محا',
    );
    await box.pressSequentially('محا', { delay: 30 });
    await suggested;
    const listbox = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
    // The list drawn for the whole text, not the first key's.
    await expect.poll(() => listbox.getAttribute('data-answers'), { timeout: 5_000 }).toBe('محا');
    await expect.poll(() => box.getAttribute('aria-expanded'), { timeout: 5_000 }).toBe('true');
    const first = (await listbox.locator('[role="option"] span').first().textContent()) ?? '';
    expect(first).toMatch(/[\u0600-\u06FF]/u);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.locator('.hero-search button[type="submit"]').click();
    await page.waitForURL(/\/ar\/search\/results\?q=/);
    expect(await page.locator('li.result').count()).toBeGreaterThan(0);
    await context.close();
  });
});
