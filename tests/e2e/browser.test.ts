/** What a person sees in Chromium: Arabic mirrored on a phone, switching language and country. */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { launchChromium, siteUrl } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('home page in a browser', () => {
  it('lays out Arabic right to left on a phone without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.goto(siteUrl('monstergulf', '/ar/'));
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    const logo = await page.locator('.brand img').boundingBox();
    expect(logo, 'logo is visible').not.toBeNull();
    // Mirrored: the brand sits at the right edge.
    expect((logo?.x ?? 0) + (logo?.width ?? 0)).toBeGreaterThan(390 / 2);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.locator('h1').first().textContent()).resolves.not.toContain('Find the job');
    await page.screenshot({ path: 'test-results/home-ar-phone.png', fullPage: true });
    await page.close();
  });

  it('keeps the page and query when switching language', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(siteUrl('rexmonster', '/search/results?q=java'));
    await page.getByRole('link', { name: 'हिन्दी' }).click();
    await page.waitForURL(/\/hi\/search\/results\?q=java$/);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/search\/results\?q=java$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.close();
  });

  it('links the nine country sites from the footer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(siteUrl('rexmonster', '/'));
    const links = page.locator('.site-footer .countries a');
    expect(await links.count()).toBe(9);
    await page.locator('.site-footer .countries a', { hasText: 'Gulf' }).click();
    await page.waitForURL(siteUrl('monstergulf', '/'));
    expect(await page.locator('body').getAttribute('data-site')).toBe('monstergulf');
    await page.screenshot({ path: 'test-results/home-gulf-desktop.png' });
    await page.close();
  });

  it("names the site's phone numbers in the page's language", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl('monstergulf', '/ar/'));
    const contact = (await page.locator('.site-footer section').first().textContent()) ?? '';
    expect(contact).toContain('الرقم المجاني');
    expect(contact).toContain('خدمة العملاء');
    expect(contact).not.toContain('Customer care');
    await page.close();
  });

  it('searches from the home page without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl('monstersingapore', '/'));
    await page.locator('.hero-search input[name="q"]').fill('java');
    await page.locator('.hero-search button[type="submit"]').click();
    await page.waitForURL(/\/search\/results\?q=java/);
    expect(await page.locator('body').getAttribute('data-page')).toBe('results');
    await context.close();
  });
});
