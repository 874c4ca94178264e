/**
 * The first interaction with an island is the island's, on a phone as a new visitor taps: the
 * first tap on "Add to cart" stays on the page and the header count rises; "Mark as read" tapped
 * first does not reload the dashboard (and the profile dialog opens once per sign-in); a suggestion picked with ArrowDown and Enter is searched
 * without the comma the box adds for a next term. The splash shows only on home opened by the
 * visitor, as a modal dialog that Escape closes and that keeps focus inside; a page reached from
 * a search engine has nothing over it.
 */
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  account,
  newPage,
  originOf,
  post,
  form,
  registerByPost,
  useBrowser,
} from './accounts-helpers';
import { PHONE } from './chrome-helpers';
import { PROFILE_EVENTS_TOKEN } from './global-setup';
import { get, siteUrl } from './helpers';

useBrowser();

/** A mark on the window that a page load would wipe. */
const markPage = (page: Page) =>
  page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
const headerArrived = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('server-island').length === 0);
const badgeOf = (page: Page) =>
  page.evaluate(() => {
    const badge = document.querySelector<HTMLElement>('.header-actions .cart-badge');
    return badge && !badge.hidden ? badge.textContent : '';
  });

describe('the first tap on an island', () => {
  for (const [site, path] of [
    ['rexmonster', '/career-services'],
    ['monstergulf', '/ar/career-services'],
  ] as const) {
    it(`adds to the cart in place on ${site}${path}, the header count rising`, async () => {
      const { context, page } = await newPage(PHONE);
      try {
        await page.goto(siteUrl(site, path));
        await headerArrived(page);
        expect(await badgeOf(page)).toBe('');
        await markPage(page);
        // No hover first: a finger goes straight down on the button.
        await page.locator('.cs-card-add button[type="submit"]').first().tap();
        await page.waitForFunction(
          () => document.querySelector('.header-actions .cart-badge')?.textContent === '1',
        );
        expect(await stillSamePage(page)).toBe(true);
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.locator('.cs-card-add .cs-added').first().textContent()).not.toBe('');
      } finally {
        await context.close();
      }
    });
  }

  it('marks a notification read in place when "Mark as read" is the first tap', async () => {
    const HOST = 'rexmonster.localhost';
    const a = account('firsttap');
    const answer = await registerByPost('rexmonster', a);
    const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
    const results = await get(HOST, '/search/results?q=developer');
    const job = /href="\/job\/[^"]*-(\d+)"/.exec(results.body)?.[1];
    expect(job).toBeTruthy();
    const applied = await post(HOST, '/seeker/apply', form({ jobIds: job! }), {
      cookie,
      origin: originOf('rexmonster'),
    });
    expect(applied.status).toBe(303);
    const rang = await post(
      HOST,
      '/api/internal/profile-events',
      JSON.stringify({ email: a.email, kind: 'application_viewed', jobId: Number(job) }),
      { 'content-type': 'application/json', authorization: `Bearer ${PROFILE_EVENTS_TOKEN}` },
    );
    expect(rang.status).toBe(200);

    const { context, page } = await newPage(PHONE);
    try {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, domain: HOST, path: '/' }]);
      await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
      // The profile dialog opens once per sign-in: not again on the next pages, even unclosed.
      await page.locator('.ed-dialog').waitFor();
      await page.goto(siteUrl('rexmonster', '/seeker/profile'));
      expect(new URL(page.url()).pathname).toBe('/seeker/profile');
      expect(await page.locator('astro-island[component-url*="/EngagementDialogs."]').count()).toBe(
        0,
      );
      await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
      expect(await page.locator('astro-island[component-url*="/EngagementDialogs."]').count()).toBe(
        0,
      );
      await markPage(page);
      await page.getByRole('button', { name: 'Mark as read' }).first().tap();
      await page.waitForFunction(
        () =>
          document.querySelector('.bell-panel [data-unread]')?.getAttribute('data-unread') === '0',
      );
      expect(await stillSamePage(page)).toBe(true);
      expect(await page.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('a picked suggestion', () => {
  for (const [site, path] of [
    ['rexmonster', '/'],
    ['rexmonster', '/hi/'],
    ['monstergulf', '/ar/'],
  ] as const) {
    it(`is searched without a trailing comma from ${site}${path}`, async () => {
      const { context, page } = await newPage();
      try {
        await page.goto(siteUrl(site, path));
        const keywords = page.locator('[data-searchbox] input[name="q"]').first();
        await keywords.click();
        await keywords.pressSequentially('develop', { delay: 30 });
        await page.locator('[data-searchbox] [role="option"]').first().waitFor();
        await keywords.press('ArrowDown');
        await keywords.press('Enter');
        const picked = await keywords.inputValue();
        expect(picked).toMatch(/, $/);
        await keywords.press('Enter');
        await page.waitForURL(/\/search\/results\?/);
        const q = new URL(page.url()).searchParams.get('q') ?? '';
        expect(q).toBe(picked.replace(/, $/, ''));
        expect(await page.locator('h1').first().textContent()).not.toMatch(/[,،]\s/);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the splash', () => {
  async function phone(): Promise<{ context: BrowserContext; page: Page }> {
    return newPage(PHONE);
  }

  it('opens on home as a modal that keeps focus inside, and Escape closes it', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(siteUrl('rexmonster', '/'));
      const splash = page.locator('dialog.splash');
      await page.locator('dialog.splash[open]').waitFor();
      await page.screenshot({ path: 'test-results/splash-en-phone.png' });
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await splash.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      expect(await splash.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      // Shown once: the next page of the day has none.
      await page.goto(siteUrl('rexmonster', '/'));
      await headerArrived(page);
      expect(await page.locator('dialog.splash').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('never covers a page reached from a search engine or a deep link', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(siteUrl('rexmonster', '/'), { referer: 'https://www.google.com/' });
      await headerArrived(page);
      expect(await page.locator('dialog.splash[open]').count()).toBe(0);
      const results = await get('rexmonster.localhost', '/search/results?q=developer');
      const job = /href="(\/job\/[^"]+)"/.exec(results.body)?.[1];
      await page.goto(siteUrl('rexmonster', job!), { referer: 'https://www.google.com/' });
      await headerArrived(page);
      expect(await page.locator('dialog.splash').count()).toBe(0);
      await page.goto(siteUrl('monstergulf', '/ar/browse-jobs'));
      await headerArrived(page);
      expect(await page.locator('dialog.splash').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('whole names on a phone', () => {
  for (const [site, prefix] of [
    ['rexmonster', ''],
    ['rexmonster', '/hi'],
    ['monstergulf', '/ar'],
  ] as const) {
    it(`the header menu and the dialling codes on ${site}${prefix}`, async () => {
      const { context, page } = await newPage({ viewport: { width: 390, height: 844 } });
      try {
        await page.goto(siteUrl(site, `${prefix}/`));
        // Every menu item inside the screen: nothing scrolled out of sight or cut.
        const items = await page
          .locator('.main-nav li')
          .evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect()));
        expect(items.length).toBeGreaterThan(3);
        for (const box of items) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(390);
        }
        if (site !== 'monstergulf') return;
        await page.goto(siteUrl(site, `${prefix}/seeker/registration`));
        const code = page.locator('select[name=isdCode]');
        await code.selectOption('971');
        await page.locator('select[name=isdCode][data-isd-ready]').waitFor({ state: 'attached' });
        // The chosen country's name fits the closed field.
        const fits = await code.evaluate((select: HTMLSelectElement) => {
          const style = getComputedStyle(select);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontSize} ${style.fontFamily}`;
          const text = select.selectedOptions[0]?.textContent ?? '';
          const room =
            select.clientWidth -
            parseFloat(style.paddingInlineStart) -
            parseFloat(style.paddingInlineEnd);
          return { text, fits: context.measureText(text).width <= room };
        });
        expect(fits.text).toMatch(/971/);
        expect(fits.fits, fits.text).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});

describe('account pages stay light', () => {
  for (const [site, path] of [
    ['rexmonster', '/rio/login'],
    ['monstergulf', '/ar/seeker/registration'],
  ] as const) {
    it(`${site}${path} loads at most 20 KB of script, the mobile rule when a number is typed`, async () => {
      const { context, page } = await newPage();
      try {
        const sizes: Promise<[string, number]>[] = [];
        page.on('requestfinished', (r) => {
          if (r.resourceType() === 'script')
            sizes.push(r.sizes().then((s) => [r.url(), s.responseBodySize]));
        });
        await page.goto(siteUrl(site, path), { waitUntil: 'networkidle' });
        const loaded = await Promise.all(sizes);
        const total = loaded.reduce((sum, [, bytes]) => sum + bytes, 0);
        expect(total, loaded.map(([u, n]) => `${u} ${n}`).join(', ')).toBeLessThanOrEqual(
          20 * 1024,
        );
        expect(loaded.some(([url]) => /\/mobile\.[\w-]+\.js$/.test(url))).toBe(false);
        // Where a number is typed, the rule comes and checks it.
        const rule = page.waitForResponse((r) => /\/mobile\.[\w-]+\.js$/.test(r.url()));
        await page.locator('[name=mobile]').first().focus();
        expect((await rule).status()).toBe(200);
      } finally {
        await context.close();
      }
    });
  }
});
