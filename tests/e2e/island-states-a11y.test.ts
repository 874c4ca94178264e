/**
 * The states a page reaches once its islands are used, in English and Arabic: the search box with
 * its suggestions open, registration with its messages, the cart count after an add, the
 * dashboard's profile dialog over the page and the splash on home. Each state has no axe-core
 * violation, label-content-name-mismatch (WCAG 2.5.3) included, and its document as the browser
 * then holds it (serialized with its doctype) no error from the Nu HTML Checker.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { account, newPage, registerByPost, useBrowser } from './accounts-helpers';
import { PHONE } from './chrome-helpers';
import { siteUrl } from './helpers';
import { nuErrors } from './nu-checker';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

useBrowser();

const SITES = [
  { site: 'rexmonster', prefix: '' },
  { site: 'monstergulf', prefix: '/ar' },
] as const;

/** Each state's document as the browser holds it, for the HTML check at the end. */
const documents: { name: string; html: string }[] = [];

/**
 * The violations axe finds on the page as it is now, as "rule at selector" lines; the document
 * as it is (before the checker is injected) is kept under `name`.
 */
async function violations(page: Page, name: string): Promise<string[]> {
  documents.push({
    name,
    html: await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`),
  });
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (o: unknown) => Promise<{
            violations: { id: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    return axe.run({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  });
  return result.violations.map(
    (v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** A context whose pages let the injected checker run (the pages' script policy would not). */
const open = (options: Parameters<typeof newPage>[0] = {}) =>
  newPage({ bypassCSP: true, ...options });

const headerArrived = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('server-island').length === 0);

async function closing<T>(
  made: { context: BrowserContext; page: Page },
  run: (page: Page) => Promise<T>,
) {
  try {
    return await run(made.page);
  } finally {
    await made.context.close();
  }
}

describe('island states have no axe-core violation and no HTML error', () => {
  for (const { site, prefix } of SITES) {
    it(`search suggestions open on ${site}${prefix}/`, async () => {
      await closing(await open(), async (page) => {
        await page.goto(siteUrl(site, `${prefix}/`));
        const keywords = page.locator('[data-searchbox] input[name="q"]').first();
        await keywords.click();
        await keywords.pressSequentially('develop', { delay: 30 });
        await page.locator('[data-searchbox] [role="option"]').first().waitFor();
        await keywords.press('ArrowDown');
        expect(await violations(page, `${site} suggestions`)).toEqual([]);
      });
    });

    it(`registration with its messages on ${site}${prefix}`, async () => {
      await closing(await open(), async (page) => {
        await page.goto(siteUrl(site, `${prefix}/seeker/registration`));
        await page.locator('#registration button[type=submit]').click();
        await page.locator('#registration [aria-invalid="true"]').first().waitFor();
        expect(await violations(page, `${site} registration errors`)).toEqual([]);
      });
    });

    it(`the cart count after an add on ${site}${prefix}`, async () => {
      await closing(await open(PHONE), async (page) => {
        await page.goto(siteUrl(site, `${prefix}/career-services`));
        await headerArrived(page);
        await page.locator('.cs-card-add button[type="submit"]').first().tap();
        await page.waitForFunction(
          () => document.querySelector('.header-actions .cart-badge')?.textContent === '1',
        );
        expect(await violations(page, `${site} cart after an add`)).toEqual([]);
        await page.screenshot({ path: `test-results/cart-added-${site}-phone.png` });
        // The cart itself, with what was added.
        await page.goto(siteUrl(site, `${prefix}/career-services/cart`));
        await headerArrived(page);
        await page.locator('.header-actions .cart-badge', { hasText: '1' }).waitFor();
        expect(await violations(page, `${site} cart page after an add`)).toEqual([]);
      });
    });

    it(`the dashboard's profile dialog on ${site}${prefix}`, async () => {
      const a = account(`a11y${site.slice(0, 4)}`, site === 'rexmonster' ? '91' : '966');
      const answer = await registerByPost(site, a, 'professional');
      const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
      const made = await open({ viewport: { width: 390, height: 844 } });
      const [name, value] = cookie.split('=') as [string, string];
      await made.context.addCookies([{ name, value, url: siteUrl(site) }]);
      await closing(made, async (page) => {
        await page.goto(siteUrl(site, `${prefix}/seeker/dashboard`));
        await page.locator('.ed-dialog').waitFor();
        expect(await violations(page, `${site} dashboard dialog`)).toEqual([]);
        await page.screenshot({ path: `test-results/dashboard-dialog-${site}-phone.png` });
      });
    });

    it(`the splash on ${site}${prefix}/`, async () => {
      await closing(await open(PHONE), async (page) => {
        await page.goto(siteUrl(site, `${prefix}/`));
        await page.locator('dialog.splash[open]').waitFor();
        expect(await violations(page, `${site} splash`)).toEqual([]);
        await page.screenshot({ path: `test-results/splash-${site}-phone.png` });
      });
    });
  }

  it('each state above has no error from the Nu HTML Checker', () => {
    expect(documents.map((d) => d.name)).toHaveLength(SITES.length * 6);
    expect(nuErrors(documents)).toEqual([]);
  });
});
