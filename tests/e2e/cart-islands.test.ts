/**
 * The cart as React islands (src/islands/Cart/) on the built portal: adding from a service page or
 * a catalogue card changes the header count in place, the cart island applies and removes a promo
 * code and removes lines with the server's totals, all without a page load; and with JavaScript
 * off the same forms still add, apply a code and remove, page by page.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, siteUrl } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const origin = () => siteUrl('rexmonster');
const hindi = (
  JSON.parse(readFileSync('locales/hi/commerce.json', 'utf8')) as {
    cart: { notices: { added: string } };
  }
).cart.notices;
const totalOf = async (page: Page) => (await page.locator('dd.cs-grand').textContent())?.trim();
const badgeOf = (page: Page) =>
  page.evaluate(() => {
    const badge = document.querySelector<HTMLElement>('.header-actions .cart-badge');
    return badge && !badge.hidden ? badge.textContent : '';
  });

/** A mark on the window that a page load would wipe. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
}
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

/** Whether keyboard focus is on the element `selector` finds. */
const focusedIs = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Waits for the visitor's part of the header (a server island on cached pages). */
async function headerArrived(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('server-island').length === 0);
}

/** Reaches for the island (hovering hydrates it) and waits until it has hydrated. */
async function hydrate(page: Page, component: string, nth = 0) {
  const island = page.locator(`astro-island[component-url*="/${component}."]`).nth(nth);
  await island.locator('button').first().hover();
  await island.and(page.locator('astro-island:not([ssr])')).waitFor();
  return island;
}

describe('cart islands, with JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];
  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    // A hydration mismatch or a script refused by the page's policy shows here.
    page.on('console', (m) => {
      // The refused code's 422 is logged by the browser as a failed load; it is expected.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => void consoleErrors.push(e.message));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a service page adds to the cart in place and the header count follows', async () => {
    await page.goto(`${origin()}/career-services/career-booster`);
    await headerArrived(page);
    expect(await badgeOf(page)).toBe('');
    await markPage(page);
    const island = await hydrate(page, 'AddToCart');
    await island.locator('input[value="career-booster/3-months"]').check();
    await island.locator('button[type=submit]').click();
    await expect
      .poll(() => island.locator('[role=status]').textContent())
      .toContain('Added to your cart.');
    await expect.poll(() => badgeOf(page)).toBe('1');
    // Its name begins with what it shows (WCAG 2.5.3), the count included.
    expect(await page.locator('.header-actions .cart-link').textContent()).toMatch(/^Cart\s*1/);
    await page
      .getByRole('link', { name: /^Cart\s*1\s+item$/ })
      .and(page.locator('.header-actions .cart-link'))
      .waitFor();
    expect(page.url()).toBe(`${origin()}/career-services/career-booster`);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('a catalogue card adds its lowest plan in place', async () => {
    await page.goto(`${origin()}/career-services`);
    await headerArrived(page);
    expect(await badgeOf(page)).toBe('1');
    await markPage(page);
    const card = page.locator('.cs-card').filter({
      has: page.getByRole('heading', { name: 'Featured Profile', exact: true }),
    });
    const island = card.locator('astro-island');
    await island.locator('button').hover();
    await island.and(page.locator('astro-island:not([ssr])')).waitFor();
    await island.locator('button').click();
    await expect.poll(() => card.locator('[role=status]').textContent()).toContain('Added');
    await expect.poll(() => badgeOf(page)).toBe('2');
    expect(await stillSamePage(page)).toBe(true);
  });

  it('the cart island applies a promo code and the total changes without a reload', async () => {
    await page.goto(`${origin()}/career-services/cart`);
    const before = await totalOf(page);
    await markPage(page);
    // Typed before the island hydrated: the island keeps it.
    await page.locator('#promoCode').fill('WELCOME20');
    await page.locator('astro-island[component-url*="/Cart."]:not([ssr])').waitFor();
    expect(await page.locator('#promoCode').inputValue()).toBe('WELCOME20');
    await page.locator('form:has(#promoCode) button').click();
    await expect
      .poll(() => page.locator('.cs-notice').textContent())
      .toBe('Your promo code is applied.');
    const after = await totalOf(page);
    expect(after).not.toBe(before);
    expect(await page.locator('.cs-totals').textContent()).toContain('WELCOME20');
    // Focus moves to the new totals (the form pressed is gone), not to the page's body.
    await expect.poll(() => focusedIs(page, '[data-cart-totals]')).toBe(true);
    // The total is the server's: the same as getCart answers.
    const cart = await page.evaluate(async () =>
      (await fetch('/api/trex/career-services/api/v1/getCart')).json(),
    );
    expect(after).toBe(cart.data.total.exact);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('a refused code shows its message by the field and changes nothing', async () => {
    await page.locator('form:has(.cs-link-button) >> text=Remove code').click();
    await expect.poll(() => page.locator('#promoCode').count()).toBe(1);
    const before = await totalOf(page);
    await page.locator('#promoCode').fill('DIWALI25');
    await page.locator('form:has(#promoCode) button').click();
    await expect
      .poll(() => page.locator('#promo-error').textContent())
      .toBe('This promo code has expired.');
    expect(await page.locator('#promoCode').getAttribute('aria-invalid')).toBe('true');
    expect(await totalOf(page)).toBe(before);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('removes lines in place; the header count and the cart agree', async () => {
    const lines = page.locator('#cart-items + ul.cs-lines > li');
    expect(await lines.count()).toBe(2);
    await lines.first().locator('button').click();
    await expect.poll(() => lines.count()).toBe(1);
    await expect.poll(() => badgeOf(page)).toBe('1');
    // Focus moves to the next line, and to the empty cart once the last one goes.
    await expect.poll(() => focusedIs(page, '#cart-items + ul.cs-lines > li')).toBe(true);
    expect(await page.locator('#cart-items').textContent()).toBe('Items in your cart: 1');
    await lines.first().locator('button').click();
    await expect
      .poll(() => page.locator('.cs-panel p').first().textContent())
      .toBe('Your cart is empty.');
    await expect.poll(() => badgeOf(page)).toBe('');
    await expect.poll(() => focusedIs(page, '[data-cart-empty]')).toBe(true);
    expect(await stillSamePage(page)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});

describe('cart islands in Hindi', () => {
  it("a service page's island answers in the page's language", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin()}/hi/career-services/featured-profile`);
    const island = await hydrate(page, 'AddToCart');
    await island.locator('button[type=submit]').click();
    await expect.poll(() => island.locator('[role=status]').textContent()).toContain(hindi.added);
    await context.close();
  });
});

describe('cart without JavaScript', () => {
  it('adds from a service page, applies a code and removes, page by page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin()}/career-services/career-booster`);
    await page.locator('input[value="career-booster/3-months"]').check();
    await Promise.all([
      page.waitForURL(/\/career-services\/cart\?notice=added/),
      page.locator('form.cs-panel button[type=submit]').click(),
    ]);
    expect(await page.locator('.cs-notice').textContent()).toBe('Added to your cart.');
    expect(await page.locator('.header-actions .cart-badge').textContent()).toBe('1');
    expect(await totalOf(page)).toBe('₹ 4,000');
    await page.locator('#promoCode').fill('WELCOME20');
    await Promise.all([
      page.waitForURL(/notice=promoApplied/),
      page.locator('form:has(#promoCode) button').click(),
    ]);
    expect(await totalOf(page)).toBe('₹ 3,200');
    await Promise.all([
      page.waitForURL(/notice=removed/),
      page.locator('.cs-lines li button').first().click(),
    ]);
    expect(await page.locator('.cs-panel p').first().textContent()).toBe('Your cart is empty.');
    await context.close();
  });
});
