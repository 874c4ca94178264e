/**
 * Job words on Hindi and Arabic pages as a reader sees them (decision 0087): home, the browse hub,
 * a job function's page and the salaries hub show no English job word the portal has a name for
 * (employers' own job titles and company names aside); Hindi amounts read in लाख, Arabic Gulf
 * amounts carry the Arabic sign, and an Arabic job card's Latin title lines up with its details.
 * Salary pages need more demo jobs than the suite has: browse.test.ts checks them on its own
 * portal. (The walk over every page family, results and SEO pages included, comes with the search
 * pages.)
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedJobWords } from '~/lib/format/job-words';
import { launchChromium, siteUrl } from './helpers';

/** What employers write, shown as written: job cards' titles and companies, employer lists. */
const AS_WRITTEN = '.job-card h3, .job-card .company, #employers, .employers';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
});

/** The page's visible text without what employers wrote. */
async function visibleText(url: string): Promise<string> {
  const answer = await page.goto(url);
  expect(answer?.status(), url).toBe(200);
  return page.evaluate((selector) => {
    for (const el of document.querySelectorAll(selector)) el.remove();
    return document.body.innerText;
  }, AS_WRITTEN);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English job words with a name in `lang` that the text shows as whole words. */
function englishJobWords(text: string, lang: 'hi' | 'ar'): string[] {
  return namedJobWords(lang).filter((w) =>
    new RegExp(`(^|[^A-Za-z])${escape(w)}([^A-Za-z]|$)`).test(text),
  );
}

/** Home, /browse-jobs, its first job function and /salaries. */
async function pagesOf(context: string, lang: string): Promise<string[]> {
  await page.goto(siteUrl(context, `/${lang}/browse-jobs`));
  const category = await page
    .locator(`main a[href^="/${lang}/browse-jobs/function/"]`)
    .first()
    .getAttribute('href');
  return [`/${lang}/`, `/${lang}/browse-jobs`, category!, `/${lang}/salaries`];
}

describe('job words in the page language', () => {
  it('India in Hindi: no English job word with a Hindi name, amounts in लाख', async () => {
    const found: string[] = [];
    for (const path of await pagesOf('rexmonster', 'hi')) {
      const text = await visibleText(siteUrl('rexmonster', path));
      found.push(...englishJobWords(text, 'hi').map((w) => `${path}: ${w}`));
      expect(text, path).not.toMatch(/\bLakh\b|\bThousand\b/);
    }
    expect(found).toEqual([]);
  });

  it('Gulf in Arabic: no English job word with an Arabic name, amounts with the Arabic sign', async () => {
    const found: string[] = [];
    for (const path of await pagesOf('monstergulf', 'ar')) {
      const text = await visibleText(siteUrl('monstergulf', path));
      found.push(...englishJobWords(text, 'ar').map((w) => `${path}: ${w}`));
      expect(text, path).not.toMatch(/\b(AED|SAR|QAR|OMR|KWD|BHD) \d/);
    }
    expect(found).toEqual([]);
    // Job cards in the currency of the job's country, with its Arabic sign.
    await page.goto(siteUrl('monstergulf', '/ar/'));
    const amounts = await page.locator('.job-card .job-meta li').allInnerTexts();
    expect(amounts.some((a) => /\d (د\.إ\.|ر\.س\.|ر\.ق\.|ر\.ع\.|د\.ك\.|د\.ب\.)/.test(a))).toBe(
      true,
    );
  });

  it("lines an Arabic job card's Latin title up with its details", async () => {
    await page.goto(siteUrl('monstergulf', '/ar/'));
    const card = page.locator('.job-card').first();
    const edge = (selector: string) =>
      card.locator(selector).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return Math.round(range.getBoundingClientRect().right);
      });
    expect(
      Math.abs((await edge('h3')) - (await edge('.job-meta li >> nth=0'))),
    ).toBeLessThanOrEqual(2);
  });
});
