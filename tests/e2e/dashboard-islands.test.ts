/**
 * The dashboard's React islands in Chromium: the notifications panel and the header bell share
 * one store, so marking one read in the panel drops the bell's count without a page load;
 * dismiss and refresh change the list in place (and the server agrees after a reload); the
 * profile views chart switches to 90 days in place. Without JavaScript the same buttons are forms
 * that do the same through /seeker/notifications.
 */
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { PROFILE_EVENTS_TOKEN } from './global-setup';
import {
  account,
  form,
  newPage,
  originOf,
  post,
  registerByPost,
  useBrowser,
} from './accounts-helpers';
import { get, siteUrl } from './helpers';

useBrowser();
const HOST = 'rexmonster.localhost';

/** A seeker who applied to four jobs; `ring(i)` makes the i-th job's "application viewed". */
async function seekerWithApplications(label: string) {
  const a = account(label);
  const answer = await registerByPost('rexmonster', a);
  const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
  const results = await get(HOST, '/search/results?q=developer');
  const ids = [
    ...new Set([...results.body.matchAll(/href="\/job\/[^"]*-(\d+)"/g)].map((m) => m[1]!)),
  ];
  expect(ids.length).toBeGreaterThanOrEqual(4);
  const jobs = ids.slice(0, 4);
  const applied = await post(HOST, '/seeker/apply', form({ jobIds: jobs.join(',') }), {
    cookie,
    origin: originOf('rexmonster'),
  });
  expect(applied.status, applied.body.slice(0, 200)).toBe(303);
  const ring = async (i: number) => {
    const body = JSON.stringify({
      email: a.email,
      kind: 'application_viewed',
      jobId: Number(jobs[i]),
    });
    const rang = await post(HOST, '/api/internal/profile-events', body, {
      'content-type': 'application/json',
      authorization: `Bearer ${PROFILE_EVENTS_TOKEN}`,
    });
    expect(rang.status, rang.body).toBe(200);
  };
  return { cookie, ring };
}

async function withCookie(cookie: string, javaScriptEnabled = true) {
  const { context, page } = await newPage({ javaScriptEnabled });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, domain: HOST, path: '/' }]);
  return { context, page };
}

const bellCount = (page: Page) => page.locator('.header-bell').getAttribute('aria-label');
const panelUnread = (page: Page) => page.locator('.bell-panel [data-unread]').textContent();
const panelItems = (page: Page) => page.locator('.bell-panel-list li a').allTextContents();

/** Hydrates the panel (it wakes on first use) and waits for it. */
async function wakePanel(page: Page) {
  await page.locator('.bell-panel').hover();
  await page.waitForFunction(() => {
    const island = document.querySelector('.bell-panel')?.closest('astro-island');
    return island && !island.hasAttribute('ssr');
  });
}

describe('dashboard islands', () => {
  it('marks read, dismisses and refreshes in place, with the bell agreeing at once', async () => {
    const { cookie, ring } = await seekerWithApplications('dashbell');
    for (const i of [0, 1, 2]) await ring(i);
    let context: BrowserContext | undefined;
    try {
      ({ context } = await withCookie(cookie));
      const page = await context.newPage();
      await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
      expect(await bellCount(page)).toBe('Notifications: 3 unread');
      expect(await page.locator('.header-bell-count').textContent()).toBe('3');
      expect(await panelUnread(page)).toBe('3 unread notifications');
      expect(await panelItems(page)).toHaveLength(3);
      // Once the page is idle the bell, in view, hydrates with no one touching it.
      await page.locator('astro-island:not([ssr]) .header-bell').waitFor();

      // The engagement dialog opens when the page is idle; closing it keeps it shut this session.
      await page.locator('.ed-dialog .ed-close').click();
      await wakePanel(page);
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const first = page.locator('.bell-panel-list li').first();
      await first.getByRole('button', { name: 'Mark as read' }).click();
      await page.waitForFunction(
        () => document.querySelector('.header-bell-count')?.textContent === '2',
      );
      expect(await bellCount(page)).toBe('Notifications: 2 unread');
      expect(await panelUnread(page)).toBe('2 unread notifications');
      expect(await first.getAttribute('class')).toBeNull();
      expect(await first.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);

      // Dismiss an unread one: gone from the list and from both counts.
      const second = page.locator('.bell-panel-list li').nth(1);
      const dismissed = await second.locator('a').textContent();
      await second.getByRole('button', { name: 'Dismiss' }).click();
      await page.waitForFunction(
        () => document.querySelectorAll('.bell-panel-list li').length === 2,
      );
      expect(await panelItems(page)).not.toContain(dismissed);
      await page.waitForFunction(
        () => document.querySelector('.header-bell-count')?.textContent === '1',
      );

      // A new notification arrives; refresh shows it and the bell counts it.
      await ring(3);
      await page.locator('.bell-panel').getByRole('link', { name: 'Refresh' }).click();
      await page.waitForFunction(
        () => document.querySelectorAll('.bell-panel-list li').length === 3,
      );
      await page.waitForFunction(
        () => document.querySelector('.header-bell-count')?.textContent === '2',
      );
      expect(await panelUnread(page)).toBe('2 unread notifications');
      // All of it without a page load.
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );

      // The profile views chart switches to 90 days in place.
      const views = page.locator('.views-widget');
      await views.scrollIntoViewIfNeeded();
      await views.getByRole('link', { name: 'Last 90 days' }).click();
      await page.waitForSelector('.views-widget[data-days="90"]');
      expect(await page.locator('.daily-chart rect').count()).toBe(90);
      expect(page.url()).not.toContain('views=90');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );

      // The server holds the same: after a reload the counts and the list are those shown.
      await page.reload();
      expect(await bellCount(page)).toBe('Notifications: 2 unread');
      expect(await panelItems(page)).toHaveLength(3);
      expect(await panelItems(page)).not.toContain(dismissed);

      // On a shared (cached) page the bell comes in the header's server island and wakes on use.
      await page.goto(siteUrl('rexmonster', '/'));
      await page.locator('.header-bell').waitFor();
      expect(await bellCount(page)).toBe('Notifications: 2 unread');
      await page.locator('.header-bell').hover();
      await page.waitForFunction(() => {
        const island = document.querySelector('.header-bell')?.closest('astro-island');
        return island && !island.hasAttribute('ssr');
      });
      expect(await bellCount(page)).toBe('Notifications: 2 unread');
    } finally {
      await context?.close();
    }
  });

  it('works without JavaScript: mark read and dismiss are forms back to the dashboard', async () => {
    const { cookie, ring } = await seekerWithApplications('dashnojs');
    for (const i of [0, 1]) await ring(i);
    const { context, page } = await withCookie(cookie, false);
    try {
      await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
      expect(await page.locator('.header-bell-count').textContent()).toBe('2');
      await Promise.all([
        page.waitForURL(/\/seeker\/dashboard#notifications-h$/),
        page
          .locator('.bell-panel-list li')
          .first()
          .getByRole('button', { name: 'Mark as read' })
          .click(),
      ]);
      expect(await page.locator('.header-bell-count').textContent()).toBe('1');
      expect(await panelUnread(page)).toBe('1 unread notification');
      const last = page.locator('.bell-panel-list li').last();
      const text = await last.locator('a').textContent();
      await Promise.all([
        page.waitForURL(/\/seeker\/dashboard#notifications-h$/),
        last.getByRole('button', { name: 'Dismiss' }).click(),
      ]);
      expect(await panelItems(page)).toHaveLength(1);
      expect(await panelItems(page)).not.toContain(text);
      // Another seeker's notification cannot be touched: 404 and nothing changes.
      const refused = await post(
        HOST,
        '/seeker/notifications',
        form({ op: 'dismiss', id: '999999', back: 'dashboard' }),
        { cookie, origin: originOf('rexmonster') },
      );
      expect(refused.status).toBe(404);
      // The 90 days link is a plain link.
      await page.getByRole('link', { name: 'Last 90 days' }).click();
      await page.waitForURL(/views=90/);
      expect(await page.locator('.daily-chart rect').count()).toBe(90);
    } finally {
      await context.close();
    }
  });
});
