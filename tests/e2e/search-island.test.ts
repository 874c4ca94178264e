/**
 * The search box as a React island (`client:interaction`): home, results and SEO pages load a
 * few kilobytes of script and hydrate nothing while they load; once idle, the box in view gets
 * its code and hydrates (islands out of view wait until they come near or are used);
 * what was typed before it hydrated is kept and answered; the form works without JavaScript; a
 * logged-in seeker's recent searches are shared by the box and the dashboard's widget, and
 * logging out clears the chat state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright';
import { account, originOf, registerByPost } from './accounts-helpers';
import { launchChromium, siteUrl } from './helpers';

/** Issue 24: script loaded before any interaction on home, results and SEO pages. */
const BEFORE_INTERACTION_BUDGET = 25 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Every script the page asks for while it loads (until its load event), with its bytes on the
 * wire. What comes after, once the page is idle, is islands' code prefetched for a first use
 * (src/directives/interaction.ts), counted apart in `later`.
 */
function countScripts(page: Page) {
  const scripts: { url: string; bytes: number }[] = [];
  const later: string[] = [];
  const pending: Promise<void>[] = [];
  const asked = new Set<unknown>();
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    if (loaded) later.push(request.url());
    else asked.add(request);
  });
  page.on('requestfinished', (request) => {
    if (!asked.has(request)) return;
    pending.push(
      request.sizes().then((sizes) => {
        scripts.push({ url: request.url(), bytes: sizes.responseBodySize });
      }),
    );
  });
  const count = async () => {
    await Promise.all(pending);
    return scripts;
  };
  return Object.assign(count, { later });
}

const hasReact = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-searchbox] *')).some((el) =>
      Object.keys(el).some((k) => k.startsWith('__react')),
    ),
  );
const ready = (page: Page) =>
  page.waitForSelector('[data-searchbox][data-ready]', { state: 'attached' });

describe('the search box island', () => {
  for (const path of ['/', '/search/results?q=developer', '/jobs-in-pune', '/ar/']) {
    it(`${path} loads no React while it loads, then hydrates the box in view once idle`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      // What the page had hydrated when its load event fired.
      await context.addInitScript(() =>
        window.addEventListener('load', () => {
          const w = window as unknown as { atLoad: number };
          w.atLoad = document.querySelectorAll('astro-island:not([ssr])').length;
        }),
      );
      const page = await context.newPage();
      const scripts = countScripts(page);
      const site = path.startsWith('/ar/') ? 'monstergulf' : 'rexmonster';
      const answer = await page.goto(siteUrl(site, path), { waitUntil: 'networkidle' });
      expect(answer?.status()).toBe(200);
      const before = await scripts();
      const total = before.reduce((sum, s) => sum + s.bytes, 0);
      expect(total, JSON.stringify(before)).toBeLessThanOrEqual(BEFORE_INTERACTION_BUDGET);
      for (const script of before) expect(script.url).not.toMatch(/SearchBox|react|jsx-runtime/i);
      expect(await page.evaluate(() => (window as unknown as { atLoad: number }).atLoad)).toBe(0);
      // Once the page is idle, the box in view has its code and hydrates, with no one touching it.
      await ready(page);
      expect(scripts.later.some((url) => url.includes('/SearchBox.'))).toBe(true);
      expect(await hasReact(page)).toBe(true);
      if (path === '/') {
        // The drop zone, far below the phone's screen, neither fetched nor hydrated.
        expect(await page.locator('astro-island[ssr] .resume-drop').count()).toBe(1);
        expect(scripts.later.some((url) => url.includes('/ResumeDrop.'))).toBe(false);
      }
      await context.close();
    });
  }

  it('keeps what was typed before it hydrated, suggests for it and searches it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Hold the island's code until the typing is done, as a slow phone would.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/_astro\/SearchBox\.[^/]*\.js$/, (route) =>
      holding ? void held.push(route) : void route.continue(),
    );
    await page.goto(siteUrl('rexmonster', '/'));
    const keywords = page.locator('[data-searchbox] input[name="q"]');
    await keywords.pressSequentially('sales', { delay: 20 });
    await page.locator('[data-searchbox] input[name="location"]').fill('Pune');
    await keywords.focus();
    expect(await page.locator('[data-searchbox][data-ready]').count()).toBe(0);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const suggested = page.waitForResponse(
      (r) =>
        r.url().includes('/auto-fill') && new URL(r.url()).searchParams.get('text') === 'sales',
    );
    holding = false;
    for (const route of held) await route.continue();
    await ready(page);
    expect(await keywords.inputValue()).toBe('sales');
    expect(await page.locator('[data-searchbox] input[name="location"]').inputValue()).toBe('Pune');
    // Focused with text in it: the island asks for suggestions for that text at once.
    await suggested;
    await page.locator('.hero-search button[type="submit"]').click();
    await page.waitForURL(/\/search\/results\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('sales');
    expect(url.searchParams.get('location')).toBe('Pune');
    await context.close();
  });

  it("applies the advanced search's industry rule once hydrated", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', '/'));
    await page.locator('.sb-advanced summary').click();
    await ready(page);
    const boxes = page.locator('fieldset[data-max] input[type="checkbox"]');
    expect(await boxes.count()).toBeGreaterThan(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    // Two ticked: the others are disabled and the SPEC rule is highlighted.
    await expect.poll(() => boxes.nth(2).isDisabled()).toBe(true);
    expect(await page.locator('.sb-rule.sb-rule-active').textContent()).toBe(
      'At most 2 industries may be selected in the industry filter.',
    );
    await boxes.nth(1).uncheck();
    expect(await boxes.nth(2).isDisabled()).toBe(false);
    await context.close();
  });

  it('searches with the server-rendered form when JavaScript is off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', '/jobs-in-pune'));
    const box = page.locator('[data-searchbox] form[role="search"]');
    expect(await box.getAttribute('method')).toBe('get');
    await box.locator('input[name="q"]').fill('sales');
    await box.locator('button[type="submit"]').click();
    await page.waitForURL(/\/search\/results\?q=sales/);
    expect(await page.locator('[data-searchbox] input[name="q"]').inputValue()).toBe('sales');
    await context.close();
  });
});

describe("a seeker's recent searches", () => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  it('are kept on the server, shown by the box and the dashboard widget, until logout', async () => {
    const answer = await registerByPost('rexmonster', account('recentisland'), 'professional');
    const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((c) => {
      const [name, ...value] = (c.split(';')[0] ?? '').split('=');
      return { name: name ?? '', value: value.join('='), url: originOf('rexmonster') };
    });
    context = await browser.newContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', '/search/results?q=islandrecent&location=Pune'));
    await page.waitForSelector('[data-record-search][data-recorded]', { state: 'attached' });

    // The dashboard renders the list on the server (no JavaScript needed) and its island reads
    // the same store once visible.
    await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
    const widget = page.locator('.recent-searches');
    expect(await widget.locator('a').first().textContent()).toBe('islandrecent · Pune');
    expect(await widget.locator('a').first().getAttribute('href')).toBe(
      '/search/results?q=islandrecent&location=Pune',
    );
    await widget.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        !document.querySelector('.recent-searches')?.closest('astro-island')?.hasAttribute('ssr'),
    );
    expect(await widget.locator('a').first().textContent()).toBe('islandrecent · Pune');

    // The hero box lists the same searches from the API, with no clear button (they are the
    // seeker's, on the server).
    await page.goto(siteUrl('rexmonster', '/'));
    await page.locator('[data-searchbox]').hover();
    await ready(page);
    const recent = page.locator('.sb-recent a');
    await expect.poll(() => recent.first().textContent()).toBe('islandrecent · Pune');
    expect(await page.locator('.sb-clear').count()).toBe(0);

    // Logging out through the header clears the chat state the browser kept (SPEC §7).
    await page.evaluate(() => localStorage.setItem('chat:unread', '3'));
    await page.goto(siteUrl('rexmonster', '/seeker/settings'));
    await page.locator('details.user-menu summary').click();
    await page.locator('button.user-menu-logout').click();
    await page.waitForURL(/\/rio\/sign-out$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('chat:unread'))).toBeNull();
  });
});
