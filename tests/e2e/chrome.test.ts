/**
 * The site chrome as a person on a phone meets it, on India and Gulf, in English and Arabic: the
 * app banner shows, closes (with and without JavaScript), stays closed, never shows with
 * app=true, on a job page or on a desktop; the tracking queue holds the SPEC §3 fields with UTM
 * values; the poll takes one vote and shows results; the header moves nothing as it loads.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { launchChromium, siteUrl } from './helpers';
import { PHONE, postForm, withVisitorParts } from './chrome-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const BANNER_TEXT = {
  en: 'Finding the right job is easier with our app',
  ar: 'العثور على الوظيفة المناسبة أسهل مع تطبيقنا',
};

describe.each([
  ['rexmonster', 'en', ''],
  ['rexmonster', 'ar', '/ar'],
  ['monstergulf', 'en', ''],
  ['monstergulf', 'ar', '/ar'],
] as const)('app banner on %s in %s', (context, lang, prefix) => {
  it('shows on home, closes, stays closed, never with app=true or on a job page', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(siteUrl(context, `${prefix}/`));
    const banner = page.locator('#app-banner');
    await expect(banner.textContent()).resolves.toContain(BANNER_TEXT[lang]);
    expect(await banner.getAttribute('data-label')).toBe('Home_Screen');
    await page.screenshot({ path: `test-results/chrome-banner-${context}-${lang}-phone.png` });

    expect(await banner.getAttribute('data-deep-link')).toMatch(/^jobharbor:\/\/open\//);

    await banner.locator('.app-banner-close button').click();
    await expect(page.locator('#app-banner').count()).resolves.toBe(0);
    const cookies = await ctx.cookies();
    const ad = cookies.find((c) => c.name === 'AD');
    expect(ad?.value).toBe('1');
    // About a day: the cookie expires between 23 and 25 hours from now.
    const hours = ((ad?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);
    const queued = await page.evaluate(() => window.jpq?.map((e) => e.event));
    expect(queued).toContain('install_banner');

    // The next pages within the day: no banner at all (never shown, then hidden: no flash).
    await page.goto(siteUrl(context, `${prefix}/search/results`), { waitUntil: 'networkidle' });
    expect(await page.locator('#app-banner').count()).toBe(0);
    await ctx.close();

    // app=true and a job page never show it.
    const fresh = await browser.newContext(PHONE);
    const p2 = await fresh.newPage();
    await p2.goto(siteUrl(context, `${prefix}/?app=true`), { waitUntil: 'networkidle' });
    expect(await p2.locator('#app-banner').count()).toBe(0);
    await p2.goto(siteUrl(context, `${prefix}/search/results`));
    expect(await p2.locator('#app-banner').getAttribute('data-label')).toBe('SRP');
    const jobHref = await p2.locator('a[href*="/job/"]').first().getAttribute('href');
    await p2.goto(new URL(jobHref!, p2.url()).href, { waitUntil: 'networkidle' });
    expect(await p2.locator('#app-banner').count()).toBe(0);
    // A logged-out visitor gets extra bottom margin on job detail (5rem).
    expect(await p2.evaluate(() => getComputedStyle(document.body).paddingBlockEnd)).toBe('80px');
    await fresh.close();
  });
});

describe('app banner without JavaScript', () => {
  it('closes by its form, which sets the AD cookie for a day and comes back', async () => {
    const answer = await postForm('monstergulf', '/ar/app-banner/close', {
      returnUrl: '/ar/search/results?q=sales',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/ar/search/results?q=sales');
    expect(String(answer.headers['set-cookie'])).toMatch(/AD=1; Max-Age=86400; Path=\//);
    // Without the cookie a phone still gets the banner there; with it, not.
    const withCookie = await withVisitorParts('monstergulf', '/ar/search/results?q=sales', 'AD=1');
    expect(withCookie).toContain('/_server-islands/AppBannerSlot');
    expect(withCookie).not.toContain('id="app-banner"');
    expect(await withVisitorParts('monstergulf', '/ar/search/results?q=sales')).toContain(
      'id="app-banner"',
    );
    // A desktop never gets it (the mobile web's prompt).
    const desktop = await withVisitorParts(
      'monstergulf',
      '/ar/search/results?q=sales',
      '',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    );
    expect(desktop).not.toContain('id="app-banner"');
    // Elsewhere it refuses to send the visitor off-site.
    const off = await postForm('rexmonster', '/app-banner/close', {
      returnUrl: 'https://evil.example/',
    });
    expect(off.headers.location).toBe('/');
  });
});

describe('tracking queue', () => {
  it('holds the SPEC §3 page view with the UTM values of the address', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(
      siteUrl(
        'monstergulf',
        '/ar/search/results?q=sales&spl=ramadan&utm_source=mail&utm_medium=email&utm_campaign=spring&utm_content=hero&utm_term=sales',
      ),
    );
    const view = await page.evaluate(() => window.jpq?.find((e) => e.event === 'page_view'));
    expect(view).toMatchObject({
      page_name: 'results',
      campaign_name: 'ramadan',
      channel_id: 2,
      sub_channel_id: 2,
      platform: 'Mobile',
      user_type: 'guest',
      utm_source: 'mail',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_content: 'hero',
      utm_term: 'sales',
    });
    expect(view?.referrer).toBe(page.url());
    expect(new Date(String(view?.date_time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await ctx.close();
  });
});

describe('home poll', () => {
  it.each([
    ['rexmonster', '', 'From home', 'office'],
    ['monstergulf', '/ar', 'خلال 6 أشهر', 'now'],
  ])(
    'on %s%s asks for an option, takes one vote and shows the results',
    async (context, prefix, choice, otherOption) => {
      const ctx = await browser.newContext(PHONE);
      const page = await ctx.newPage();
      await page.goto(siteUrl(context, `${prefix}/`));
      const poll = page.locator('#poll');
      await poll.locator('button[type=submit]').click();
      await page.waitForURL(/poll=select/);
      await expect(page.locator('#poll-error').textContent()).resolves.toBe(
        prefix ? 'يرجى اختيار خيار للتصويت' : 'Please select option for vote',
      );
      await poll.getByLabel(choice).check();
      await poll.locator('button[type=submit]').click();
      await page.waitForURL(/poll=voted/);
      // The poll is the visitor's own: it arrives in a server island after the page.
      const bars = page.locator('#poll progress');
      await bars.first().waitFor();
      expect(await bars.count()).toBeGreaterThanOrEqual(2);
      await expect(page.locator('#poll').textContent()).resolves.toContain(choice);
      await page.locator('#poll').screenshot({ path: `test-results/chrome-poll-${context}.png` });

      // The same browser cannot vote again: the page shows results, and a forged post keeps one vote.
      await page.goto(siteUrl(context, `${prefix}/`));
      expect(await page.locator('#poll input[type=radio]').count()).toBe(0);
      const totals = await page.evaluate(async (option) => {
        const total = async () =>
          (
            (await (await fetch('/api/trex/poll-results')).json()) as {
              data: { results: { total: number } };
            }
          ).data.results.total;
        const before = await total();
        await fetch('/api/trex/poll-feedback', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ option }),
        });
        return { before, after: await total() };
      }, otherOption);
      expect(totals.after).toBe(totals.before);
      await ctx.close();
    },
  );
});

describe('the header while a page loads', () => {
  // Cached pages stream the visitor's part of the header (cart, login, or the seeker's menu) in
  // after the page; nothing below it may move when it arrives, nor while the header streams in.
  it.each([
    ['rexmonster', '/', 'phone'],
    ['monstergulf', '/ar/', 'phone'],
    ['monstergulf', '/ar/career-advice', 'phone'],
    ['rexmonster', '/', 'desktop'],
    ['monstergulf', '/ar/', 'desktop'],
  ] as const)('on %s%s (%s) shifts no layout', async (context, path, device) => {
    const ctx = await browser.newContext(
      device === 'phone' ? PHONE : { viewport: { width: 1366, height: 800 } },
    );
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        }[])
          if (!entry.hadRecentInput)
            shifts.push({
              value: entry.value,
              nodes: entry.sources.map((s) => (s.node as Element | undefined)?.className ?? ''),
            });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(siteUrl(context, path), { waitUntil: 'networkidle' });
    // The island has replaced its fallback (its script tag is gone).
    await expect(page.locator('script[data-island-id]').count()).resolves.toBe(0);
    await expect(page.locator('.header-actions .cart-link').count()).resolves.toBe(1);
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: { value: number }[] }).layoutShifts,
    );
    // Lighthouse's layout shift score, to its three decimals: 0. (A language link written in
    // another script can settle by a pixel as its font comes in: 0.0001 at most here.)
    const score = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(score, JSON.stringify(shifts)).toBeLessThan(0.0005);
    await ctx.close();
  });
});
