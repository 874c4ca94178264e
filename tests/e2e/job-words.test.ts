/**
 * Job words on Hindi and Arabic pages as a reader sees them (decisions 0087, 0094): every page
 * family — home, results (a keyword search, and a role chosen as a filter, its chip shown), SEO
 * landing pages (a city, a skill, a job family role), the browse hub, a job function's page, the
 * locations hub and the salaries hub — on both sites in Hindi and in Arabic, every folded facet
 * opened, shows no English job word the portal has a name for (employers' own job titles and
 * company names aside); Hindi amounts read in लाख, Arabic Gulf amounts carry the Arabic sign, and
 * an Arabic job card's Latin title lines up with its details. Salary pages need more demo jobs
 * than the suite has: browse.test.ts checks them on its own portal.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedJobWords } from '~/lib/format/job-words';
import { launchChromium, siteUrl } from './helpers';

/**
 * What employers write, shown as written: job cards' titles and companies (and the title in a
 * card's Save button label), the companies facet, employer lists.
 */
const AS_WRITTEN = [
  '.job-card h3',
  '.job-card .company',
  '.save-button .visually-hidden',
  '[data-facet="companies"] .facet-label',
  '#employers',
  '.employers',
].join(', ');

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
});

/** The page's visible text, folded facets opened, without what employers wrote. */
async function visibleText(url: string): Promise<string> {
  const answer = await page.goto(url);
  expect(answer?.status(), url).toBe(200);
  return page.evaluate((selector) => {
    for (const el of document.querySelectorAll(selector)) el.remove();
    for (const details of document.querySelectorAll('details')) details.open = true;
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

/** The first link of a page (in `within`) whose path matches, as a path. */
async function firstLink(url: string, pattern: RegExp, within = 'main'): Promise<string> {
  await page.goto(url);
  const hrefs = await page
    .locator(`${within} a[href]`)
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const found = hrefs.find((h) => pattern.test(decodeURIComponent(h)));
  expect(found, `${url}: a link like ${pattern}`).toBeDefined();
  return found!;
}

/** One page of each family in `lang`, found by following the site's own links. */
async function pagesOf(context: string, lang: 'hi' | 'ar'): Promise<string[]> {
  const at = (path: string) => siteUrl(context, path);
  const results = `/${lang}/search/results?q=developer`;
  await page.goto(at(results));
  const role = await page.locator('input[name="roles"]').first().getAttribute('value');
  expect(role, 'a role facet').toBeTruthy();
  return [
    `/${lang}/`,
    results,
    `/${lang}/search/results?roles=${encodeURIComponent(role!)}`,
    await firstLink(at(`/${lang}/`), /^\/(hi|ar)\/jobs-in-[a-z0-9-]+$/),
    await firstLink(at(`/${lang}/`), /^\/(hi|ar)\/[a-z0-9-]+-jobs$/),
    // A job family role's landing page, at its path in the page's language.
    await firstLink(at(`/${lang}/browse-jobs`), /^\/(hi\/.+-नौकरियाँ|ar\/وظائف-.+)$/, '#roles'),
    `/${lang}/browse-jobs`,
    await firstLink(at(`/${lang}/browse-jobs`), /\/browse-jobs\/function\//),
    `/${lang}/browse-jobs/locations`,
    `/${lang}/salaries`,
  ];
}

/** Every page family of a site in a language: the English job words each shows. */
async function walk(
  context: string,
  lang: 'hi' | 'ar',
  check: (text: string, path: string) => void,
) {
  const found: string[] = [];
  for (const path of await pagesOf(context, lang)) {
    const text = await visibleText(siteUrl(context, path));
    found.push(...englishJobWords(text, lang).map((w) => `${decodeURIComponent(path)}: ${w}`));
    check(text, path);
  }
  return found;
}

describe('job words in the page language', () => {
  it('India in Hindi and Arabic: no English job word with a local name, Hindi amounts in लाख', async () => {
    const hindi = await walk('rexmonster', 'hi', (text, path) =>
      expect(text, path).not.toMatch(/\bLakh\b|\bThousand\b/),
    );
    const arabic = await walk('rexmonster', 'ar', () => {});
    expect([...hindi, ...arabic]).toEqual([]);
  });

  it('Gulf in Arabic and Hindi: no English job word with a local name, amounts with the Arabic sign', async () => {
    const arabic = await walk('monstergulf', 'ar', (text, path) =>
      expect(text, path).not.toMatch(/\b(AED|SAR|QAR|OMR|KWD|BHD) \d/),
    );
    const hindi = await walk('monstergulf', 'hi', () => {});
    expect([...arabic, ...hindi]).toEqual([]);
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
