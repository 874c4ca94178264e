/**
 * Job search as a person uses it, on three sites, in English and Arabic, with and without
 * JavaScript: the hero search, SPEC §5 messages, results with filters, sort and pages, walk-ins,
 * SEO landing pages, job pages with JobPosting JSON-LD, the expired state, sitemaps and robots.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page as BrowserPage } from 'playwright';
import { cleanSearchText } from '~/lib/validation/search';
import { decodeEntities, get, launchChromium, port, siteUrl, textOf } from './helpers';

const EN = {
  keywordsRequired: 'Please enter a job title/role/skill to search',
  onlySpecial: 'Only special character(s) are not allowed',
  invalidLocation: 'Please enter a valid location.',
  noResults: 'No result found for your search. Please enter a job title or skill.',
  industriesRule: 'At most 2 industries may be selected in the industry filter.',
  expired: 'This job is no longer accepting applications.',
};
const AR = {
  keywordsRequired: 'يرجى إدخال مسمى وظيفي أو دور أو مهارة للبحث',
  onlySpecial: 'لا يُسمح بالرموز الخاصة وحدها',
  invalidLocation: 'يرجى إدخال موقع صالح.',
  noResults: 'لم يتم العثور على نتائج لبحثك. يرجى إدخال مسمى وظيفي أو مهارة.',
};

const SITES = ['rexmonster', 'monstergulf', 'monstersingapore'] as const;
/** Sites and languages a person searches in: Arabic where the site offers it. */
const RUNS = [
  ['rexmonster', 'en'],
  ['rexmonster', 'ar'],
  ['monstergulf', 'en'],
  ['monstergulf', 'ar'],
  ['monstersingapore', 'en'],
] as const;
const prefix = (lang: string) => (lang === 'en' ? '' : `/${lang}`);
const host = (context: string) => `${context}.localhost`;
const messages = (lang: string) => (lang === 'ar' ? AR : EN);

const text = (html: string) =>
  decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ');
const totalOf = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1] ?? NaN);
const jobIdsOf = (html: string) => [...html.matchAll(/data-job-id="(\d+)"/g)].map((m) => m[1]);
/** The values and counts of one facet group of a results page. */
function facetOf(html: string, key: string): { value: string; count: number; disabled: boolean }[] {
  const group = new RegExp(`<fieldset[^>]*data-facet="${key}"[^>]*>([\\s\\S]*?)</fieldset>`).exec(
    html,
  )?.[1];
  if (!group) return [];
  return [...group.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => {
    const item = m[1] as string;
    return {
      value: decodeEntities(/value="([^"]*)"/.exec(item)?.[1] ?? ''),
      count: Number(/data-count="(\d+)"/.exec(item)?.[1] ?? 0),
      disabled: /\sdisabled/.test(item),
    };
  });
}
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );

/** The title of the newest job on a site's home page: a search a person would type. */
async function aJobTitle(context: string): Promise<string> {
  const home = await get(host(context), '/');
  const title = /<article class="job-card"[\s\S]*?<h3[^>]*>\s*<a [^>]*>([^<]+)<\/a>/.exec(
    home.body,
  )?.[1];
  if (!title) throw new Error(`no job on the ${context} home page`);
  return decodeEntities(title).trim();
}

interface JobPosting {
  '@context': string;
  title: string;
  description: string;
  datePosted: string;
  validThrough: string;
  employmentType: string;
  hiringOrganization: { name: string };
  jobLocation: { address: { addressCountry: string } }[];
  identifier: { value: string };
  directApply: boolean;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(js: boolean, phone = false): Promise<BrowserPage> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: phone,
  });
  return context.newPage();
}

/**
 * Wakes the page's search boxes (the island hydrates on first use: a pointer over it) and waits
 * until each is ready.
 */
async function hydrated(page: BrowserPage) {
  for (const box of await page.locator('[data-searchbox]').all()) await box.hover();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-searchbox]')].every((b) => b.hasAttribute('data-ready')),
  );
}

describe.each(RUNS)('searching on %s in %s', (context, lang) => {
  it('finds jobs from the home page without JavaScript', async () => {
    const title = await aJobTitle(context);
    const page = await newPage(false);
    await page.goto(siteUrl(context, `${prefix(lang)}/`));
    await page.locator('.hero-search input[name="q"]').fill(title);
    await page.locator('.hero-search button[type="submit"]').click();
    await page.waitForURL(/\/search\/results\?q=/);
    expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/search/results`);
    expect(await page.locator('body').getAttribute('data-page')).toBe('results');
    expect(await page.locator('li.result').count()).toBeGreaterThan(0);
    const titles = await page.locator('li.result h3').allTextContents();
    expect(titles.map((t) => t.trim())).toContain(title);
    // An empty keyword box gets the SPEC message from the server.
    await page.goto(siteUrl(context, `${prefix(lang)}/`));
    await page.locator('.hero-search button[type="submit"]').click();
    await page.waitForURL(/\/search\/results\?q=&/);
    expect(await page.locator('.sb-error').first().textContent()).toBe(
      messages(lang).keywordsRequired,
    );
    expect(await page.locator('li.result').count()).toBe(0);
    await page.context().close();
  });

  it('finds jobs from the home page with JavaScript', async () => {
    const title = await aJobTitle(context);
    const page = await newPage(true);
    await page.goto(siteUrl(context, `${prefix(lang)}/`));
    await hydrated(page);
    await page.getByRole('combobox').first().fill(`${title}!!`);
    // Let the suggestions for what was typed (and the page's server islands) arrive first.
    await page.waitForLoadState('networkidle');
    await page.locator('.hero-search button[type="submit"]').click();
    await page.waitForURL(/\/search\/results\?q=/);
    // Special characters replaced by spaces; empty parts left out of the URL.
    const url = new URL(page.url());
    expect(url.pathname).toBe(`${prefix(lang)}/search/results`);
    expect(url.search).toBe(
      `?q=${encodeURIComponent(cleanSearchText(`${title}!!`)).replace(/%20/g, '+')}`,
    );
    expect(await page.locator('li.result').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('suggests as you type, with keyboard and screen reader support', async () => {
    const title = await aJobTitle(context);
    const page = await newPage(true);
    await page.goto(siteUrl(context, `${prefix(lang)}/`));
    await hydrated(page);
    const box = page.getByRole('combobox').first();
    expect(await box.getAttribute('aria-autocomplete')).toBe('list');
    const typed = title.slice(0, 4);
    // The suggestions for the whole of what was typed (an earlier keystroke's may show first).
    const suggested = page.waitForResponse(
      (r) =>
        r.url().includes('/auto-fill') &&
        new URL(r.url()).searchParams.get('text') === typed.trim(),
    );
    await box.pressSequentially(typed, { delay: 30 });
    await suggested;
    // Suggestions appear in a listbox linked to the input; the first key's list may still show
    // until the answer for the whole text has been drawn.
    const listbox = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
    expect(await listbox.getAttribute('role')).toBe('listbox');
    await expect
      .poll(() => listbox.getAttribute('data-answers'), { timeout: 5_000 })
      .toBe(typed.trim());
    await expect.poll(() => box.getAttribute('aria-expanded'), { timeout: 5_000 }).toBe('true');
    const options = listbox.locator('[role="option"]');
    expect(await options.count()).toBeGreaterThan(0);
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(active).toBe(await options.first().getAttribute('id'));
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    const picked = (await options.first().locator('span').first().textContent()) ?? '';
    await box.press('Enter');
    // Enter picks the suggestion (the form is not sent) and closes the list.
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toContain(picked);
    expect(new URL(page.url()).pathname).toBe(`${prefix(lang)}/`);
    await box.press('Escape');
    await page.context().close();
  });

  it('shows the SPEC messages without JavaScript', async () => {
    const m = messages(lang);
    const base = `${prefix(lang)}/search/results`;
    const empty = await get(host(context), `${base}?q=&location=&experience=`);
    expect(empty.status).toBe(200);
    expect(text(empty.body)).toContain(m.keywordsRequired);
    expect(empty.body).not.toContain('class="result"');
    const special = await get(host(context), `${base}?q=${encodeURIComponent('@@@ ***')}`);
    expect(text(special.body)).toContain(m.onlySpecial);
    const location = await get(host(context), `${base}?q=sales&location=12345`);
    expect(text(location.body)).toContain(m.invalidLocation);
    const none = await get(host(context), `${base}?q=zzqqxxwwvv`);
    expect(text(none.body)).toContain(m.noResults);
  });

  it('shows the SPEC messages with JavaScript, before leaving the page', async () => {
    const m = messages(lang);
    const page = await newPage(true);
    const home = siteUrl(context, `${prefix(lang)}/`);
    await page.goto(home);
    await hydrated(page);
    const submit = page.locator('.hero-search button[type="submit"]');
    await submit.click();
    await expect
      .poll(() => page.locator('.sb-error').first().textContent())
      .toBe(m.keywordsRequired);
    expect(page.url()).toBe(home);
    const keywords = page.getByRole('combobox').first();
    expect(await keywords.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
    await keywords.fill('@#$%');
    await submit.click();
    await expect.poll(() => page.locator('.sb-error').first().textContent()).toBe(m.onlySpecial);
    await keywords.fill('sales');
    await page.getByRole('combobox').nth(1).fill('12345');
    await submit.click();
    await expect
      .poll(() => page.locator('.sb-error').first().textContent())
      .toBe(m.invalidLocation);
    expect(page.url()).toBe(home);
    await page.context().close();
  });
});

describe('recent searches and voice search', () => {
  it("keeps a guest's recent searches in the browser, newest first, de-duplicated", async () => {
    const page = await newPage(true);
    // A results page records its search on its own, the box untouched.
    for (const query of ['q=java', 'q=python&location=Pune', 'q=JAVA']) {
      await page.goto(siteUrl('rexmonster', `/search/results?${query}`));
      await page.waitForSelector('[data-record-search][data-recorded]', { state: 'attached' });
    }
    await page.goto(siteUrl('rexmonster', '/'));
    await hydrated(page);
    const recent = page.locator('.sb-recent a');
    await expect.poll(() => recent.count()).toBe(2);
    expect((await recent.allTextContents()).map((t) => t.trim())).toEqual([
      'JAVA',
      'python · Pune',
    ]);
    expect(await recent.first().getAttribute('href')).toBe('/search/results?q=JAVA');
    // Another site keeps its own list.
    await page.goto(siteUrl('monstergulf', '/'));
    await hydrated(page);
    expect(await page.locator('.sb-recent').count()).toBe(0);
    await page.context().close();
  });

  it('fills the search box from speech through getSemantic', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // A stand-in for the browser's speech recognition that hears one sentence. Plain text, so
    // no compiler helper ends up in the page.
    await context.addInitScript({
      content: `
        function FakeRecognition() { this.lang = ''; this.onresult = null; this.onend = null; }
        FakeRecognition.prototype.start = function () {
          var self = this;
          window.__speechLang = this.lang;
          setTimeout(function () {
            if (self.onresult) self.onresult({ results: [[{ transcript: 'java developer jobs in Pune 3 years' }]] });
            if (self.onend) self.onend();
          }, 50);
        };
        FakeRecognition.prototype.abort = function () {};
        window.SpeechRecognition = FakeRecognition;
        window.webkitSpeechRecognition = FakeRecognition;
      `,
    });
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', '/'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Search by voice' }).click();
    const keywords = page.getByRole('combobox').first();
    await expect.poll(() => page.getByRole('combobox').nth(1).inputValue()).toBe('Pune');
    expect((await keywords.inputValue()).toLowerCase()).toContain('java');
    expect(await page.locator('select[name="experience"]').inputValue()).toBe('3');
    expect(await page.locator('.sb-voice-status').textContent()).toContain('java developer jobs');
    expect(
      await page.evaluate(() => (window as unknown as { __speechLang: string }).__speechLang),
    ).toBe('en-IN');
    await context.close();
  });

  it('hides voice search where the browser has no speech recognition', async () => {
    const context = await browser.newContext();
    await context.addInitScript({
      content: 'delete window.SpeechRecognition; delete window.webkitSpeechRecognition;',
    });
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', '/'));
    await hydrated(page);
    expect(await page.locator('.sb-voice').count()).toBe(0);
    await context.close();
  });
});

describe.each(SITES)('results on %s', (context) => {
  it('has employer type counts that add up to the total, and a filter narrows', async () => {
    const all = await get(host(context), '/search/results');
    const total = totalOf(all.body);
    expect(total).toBeGreaterThan(0);
    const types = facetOf(all.body, 'employerTypes');
    expect(types.length).toBeGreaterThan(0);
    expect(types.reduce((sum, t) => sum + t.count, 0)).toBe(total);

    const smallest = types.reduce((a, b) => (b.count < a.count ? b : a));
    const narrowed = await get(host(context), `/search/results?employerTypes=${smallest.value}`);
    expect(totalOf(narrowed.body)).toBe(smallest.count);
    expect(totalOf(narrowed.body)).toBeLessThanOrEqual(total);
    // The filter shows as a chip whose link removes it, and the page is not for indexing.
    expect(narrowed.body).toMatch(/<div class="chips"/);
    expect(narrowed.body).toContain('<meta name="robots" content="noindex, follow"');
  });

  it('refuses a third industry and disables the others at two', async () => {
    const all = await get(host(context), '/search/results');
    const industries = facetOf(all.body, 'industries').map((i) => i.value);
    expect(industries.length).toBeGreaterThanOrEqual(2);
    // Any valid industry ids make up the third when the site has only two.
    const three = [...industries, '1', '2', '3']
      .filter((v, i, a) => a.indexOf(v) === i)
      .slice(0, 3);
    const page = await get(host(context), `/search/results?industries=${three.join(',')}`);
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain(EN.industriesRule);
    const facet = facetOf(page.body, 'industries');
    const selected = [...page.body.matchAll(/name="industries" value="(\d+)" checked/g)].map(
      (m) => m[1],
    );
    expect(selected).toEqual(three.slice(0, 2));
    expect(facet.filter((i) => !selected.includes(i.value)).every((i) => i.disabled)).toBe(true);
  });

  it('sorts by date, newest first', async () => {
    const page = await get(host(context), '/search/results?sort=date');
    const dates = [...page.body.matchAll(/data-posted="([^"]+)"/g)].map((m) =>
      Date.parse(m[1] as string),
    );
    expect(dates.length).toBeGreaterThan(1);
    for (let i = 1; i < dates.length; i += 1)
      expect(dates[i - 1]).toBeGreaterThanOrEqual(dates[i] as number);
  });

  it('pages through results with prev and next links', async () => {
    const first = await get(host(context), '/search/results');
    if (totalOf(first.body) <= 20) return; // a small site has one page
    expect(first.body).toMatch(/<a href="\/search\/results\?page=2" rel="next"/);
    const second = await get(host(context), '/search/results?page=2');
    expect(second.body).toMatch(/<a href="\/search\/results" rel="prev"/);
    const overlap = jobIdsOf(second.body).filter((id) => jobIdsOf(first.body).includes(id));
    expect(jobIdsOf(second.body).length).toBeGreaterThan(0);
    expect(overlap).toEqual([]);
  });
});

describe('walk-in jobs', () => {
  it('lists walk-ins with their dates, time and venue', async () => {
    // Demo data has a few walk-in drives still to come; find a site that has one.
    let facts = '';
    for (const context of ['monstergulf', 'rexmonster', 'monstersingapore', 'monsterindonesia']) {
      const page = await get(host(context), '/search/walkin-jobs');
      expect(page.status).toBe(200);
      expect(page.body).toContain('data-page="walkin"');
      facts = /<dl class="walkin-facts"[\s\S]*?<\/dl>/.exec(page.body)?.[0] ?? '';
      if (facts) break;
    }
    expect(facts, 'a walk-in with its details').not.toBe('');
    expect(text(facts)).toContain('Dates');
    expect(text(facts)).toContain('Time');
    expect(text(facts)).toContain('Venue');
  });
});

describe('searches typed as people type them', () => {
  const results = (context: string, lang: string, params: Record<string, string>) =>
    get(host(context), `${prefix(lang)}/search/results?${new URLSearchParams(params)}`);
  const h1 = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').trim();
  const links = (html: string) =>
    [...html.matchAll(/<p class="did-you-mean"[\s\S]*?<\/p>/g)].flatMap((m) =>
      [...m[0].matchAll(/href="([^"]*)"/g)].map((a) => decodeEntities(a[1] as string)),
    );

  it('says what it corrected in the page language, and searches as typed when asked', async () => {
    for (const [lang, q, says] of [
      ['en', 'acountant', 'Showing results for accountant'],
      ['hi', 'एकाउंटेंट', 'अकाउंटेंट के लिए परिणाम दिखाए जा रहे हैं'],
    ] as const) {
      const page = await results('rexmonster', lang, { q });
      expect(totalOf(page.body), q).toBeGreaterThan(0);
      expect(text(page.body)).toContain(says);
      const [meant, typed] = links(page.body);
      expect(new URL(meant!, 'http://x').searchParams.get('q')).not.toBe(q);
      expect(new URL(typed!, 'http://x').searchParams.get('typed')).toBe('1');
      // No alert is offered for the misspelt words.
      expect(page.body).not.toContain('free-job-alert');
      const asTyped = await get(host('rexmonster'), typed!);
      expect(totalOf(asTyped.body)).toBe(0);
    }
    const arabic = await results('monstergulf', 'ar', { q: 'مهندسة' });
    expect(totalOf(arabic.body)).toBeGreaterThan(0);
    expect(text(arabic.body)).toContain('عرض نتائج');
  });

  it('reads a place in the keyword box and heads the page without a second "jobs"', async () => {
    const en = await results('rexmonster', 'en', { q: 'accountant jobs in mumbai' });
    expect(h1(en.body)).toBe('accountant jobs in Mumbai');
    const hi = await results('rexmonster', 'hi', { q: 'मुंबई में नौकरी' });
    expect(h1(hi.body)).not.toMatch(/नौकरी.*नौकरियाँ/);
    expect(totalOf(hi.body)).toBeGreaterThan(0);
    const ar = await results('monstergulf', 'ar', { q: 'وظائف في دبي' });
    expect(h1(ar.body)).not.toMatch(/وظائف.*وظائف/);
    expect(totalOf(ar.body)).toBeGreaterThan(0);
  });

  it('offers close keywords on a page that finds nothing', async () => {
    const page = await results('rexmonster', 'en', { q: 'accountantxyzq' });
    expect(totalOf(page.body)).toBe(0);
    expect(text(page.body)).toContain('Did you mean');
    expect(links(page.body).length).toBeGreaterThan(0);
    const nothing = await results('rexmonster', 'en', { q: 'zzzzqqq' });
    expect(text(nothing.body)).toContain(EN.noResults);
  });
});

describe('SEO landing pages', () => {
  it.each(SITES)(
    'has its own title, canonical, breadcrumbs and related links on %s',
    async (context) => {
      const home = await get(host(context), '/');
      const path = /href="(\/jobs-in-[a-z0-9-]+)"/.exec(home.body)?.[1];
      expect(path, 'a popular city link on the home page').toBeTruthy();
      const page = await get(host(context), path as string);
      expect(page.status).toBe(200);
      expect(page.body).toContain('data-page="seo-results"');
      expect(textOf(page.body, 'title')).toMatch(/^Jobs in .+ — [\d,]+ openings? \| .+/);
      expect(page.body).toContain(
        `<link rel="canonical" href="http://${context}.localhost:${port()}${path}"`,
      );
      expect(page.body).not.toContain('name="robots"');
      expect(page.body).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(page.body).toContain('class="breadcrumbs"');
      const crumbs = jsonLdOf(page.body).find((d) => d['@type'] === 'BreadcrumbList') as {
        itemListElement: { position: number; item: string }[];
      };
      expect(crumbs.itemListElement.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(crumbs.itemListElement.at(-1)?.item).toBe(
        `http://${context}.localhost:${port()}${path}`,
      );
      // Related searches link to other landing pages that exist.
      const related = /<nav class="related"[\s\S]*?<\/nav>/.exec(page.body)?.[0] ?? '';
      const link = /href="(\/[a-z0-9-]+-jobs(?:-in-[a-z0-9-]+)?)"/.exec(related)?.[1];
      expect(link).toBeTruthy();
      expect((await get(host(context), link as string)).status).toBe(200);
      expect(totalOf(page.body)).toBeGreaterThan(0);
    },
  );

  it('answers 404 for a city or skill the site has no jobs for', async () => {
    expect((await get(host('rexmonster'), '/jobs-in-atlantis')).status).toBe(404);
    expect((await get(host('rexmonster'), '/underwater-basket-weaving-jobs')).status).toBe(404);
    expect((await get(host('monstergulf'), '/ar/jobs-in-atlantis')).status).toBe(404);
  });

  it('serves Arabic landing pages with hreflang alternates', async () => {
    const home = await get(host('monstergulf'), '/ar/');
    const path = /href="\/ar(\/jobs-in-[a-z0-9-]+)"/.exec(home.body)?.[1] as string;
    const page = await get(host('monstergulf'), `/ar${path}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl"');
    for (const lang of ['en', 'hi', 'ar'])
      expect(page.body).toContain(`<link rel="alternate" hreflang="${lang}"`);
  });
});

describe('job pages', () => {
  it('carry JobPosting JSON-LD with the fields Google requires', async () => {
    for (const context of SITES) {
      const home = await get(host(context), '/');
      const path = /href="(\/job\/[^"]+)"/.exec(home.body)?.[1] as string;
      const page = await get(host(context), path);
      expect(page.status).toBe(200);
      const posting = jsonLdOf(page.body).find((d) => d['@type'] === 'JobPosting') as
        JobPosting | undefined;
      expect(posting, context).toBeTruthy();
      if (!posting) continue;
      expect(posting['@context']).toBe('https://schema.org');
      expect(typeof posting.title).toBe('string');
      expect(posting.description.length).toBeGreaterThan(50);
      expect(Number.isNaN(Date.parse(posting.datePosted))).toBe(false);
      expect(Number.isNaN(Date.parse(posting.validThrough))).toBe(false);
      expect(posting.employmentType).toMatch(
        /^(FULL_TIME|PART_TIME|CONTRACTOR|TEMPORARY|INTERN|VOLUNTEER|PER_DIEM|OTHER)$/,
      );
      expect(posting.hiringOrganization.name.length).toBeGreaterThan(0);
      expect(posting.jobLocation.length).toBeGreaterThan(0);
      for (const l of posting.jobLocation) expect(l.address.addressCountry).toMatch(/^[A-Z]{2}$/);
      expect(posting.identifier.value).toBe(/-(\d+)$/.exec(path)?.[1]);
      expect(posting.directApply).toBe(true);
      // Apply form and share links, no JavaScript needed.
      expect(page.body).toMatch(
        /<form class="apply-one"[^>]*method="post"[^>]*action="\/seeker\/apply"/,
      );
      expect(page.body).toContain('name="jobIds"');
      expect(page.body).toContain('name="returnUrl"');
      expect(page.body).toContain('https://wa.me/?text=');
      expect(page.body).toContain('https://www.linkedin.com/sharing/share-offsite/?url=');
    }
  });

  it('keeps an expired job readable, says so and offers no apply', async () => {
    let found: { body: string; id: number } | null = null;
    for (let id = 1; id <= 400 && !found; id += 1) {
      const page = await get(host('rexmonster'), `/seeker/job-details?id=${id}`);
      if (page.status === 200 && text(page.body).includes(EN.expired))
        found = { body: page.body, id };
    }
    expect(found, 'an expired India job in the demo data').not.toBeNull();
    const { body } = found as { body: string; id: number };
    expect(body).not.toContain('class="apply-one"');
    expect(body).toContain('id="similar-jobs"');
    const posting = jsonLdOf(body).find((d) => d['@type'] === 'JobPosting');
    expect(posting).toBeTruthy();
  });
});

describe('sitemaps and robots', () => {
  it('serves a valid sitemap index and sitemaps with the site origin', async () => {
    const page = await browser.newPage();
    const isXml = (xml: string) =>
      page.evaluate(
        (s) =>
          new DOMParser().parseFromString(s, 'application/xml').getElementsByTagName('parsererror')
            .length === 0,
        xml,
      );
    for (const context of SITES) {
      const origin = `http://${context}.localhost:${port()}`;
      const index = await get(host(context), '/sitemap.xml');
      expect(index.status).toBe(200);
      expect(index.headers['content-type']).toContain('application/xml');
      expect(await isXml(index.body)).toBe(true);
      const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
      expect(locs).toContain(`${origin}/sitemaps/jobs-1.xml`);
      expect(locs).toContain(`${origin}/sitemaps/seo.xml`);
      expect(locs).toContain(`${origin}/sitemaps/career-advice.xml`);
      for (const loc of locs) {
        const map = await get(host(context), new URL(loc).pathname);
        expect(map.status, loc).toBe(200);
        expect(await isXml(map.body), loc).toBe(true);
        const urls = [...map.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
        for (const url of urls) expect(url.startsWith(`${origin}/`), url).toBe(true);
      }
      const jobs = await get(host(context), '/sitemaps/jobs-1.xml');
      expect(jobs.body).toMatch(new RegExp(`<loc>${origin}/job/[a-z0-9-]+-\\d+</loc>`));
      if (context !== 'monstersingapore') {
        expect(jobs.body).toMatch(
          /<xhtml:link rel="alternate" hreflang="ar" href="[^"]+\/ar\/job\//,
        );
      }
      const seo = await get(host(context), '/sitemaps/seo.xml');
      expect(seo.body).toMatch(new RegExp(`<loc>${origin}/jobs-in-[a-z0-9-]+</loc>`));
    }
    expect((await get(host('rexmonster'), '/sitemaps/jobs-999.xml')).status).toBe(404);
    await page.close();
  });

  it('serves robots.txt naming the site sitemap', async () => {
    for (const context of SITES) {
      const robots = await get(host(context), '/robots.txt');
      expect(robots.status).toBe(200);
      expect(robots.headers['content-type']).toContain('text/plain');
      expect(robots.body).toMatch(/^User-agent: \*$/m);
      expect(robots.body).toMatch(/^Disallow: \/api\/$/m);
      expect(robots.body).toMatch(/^Disallow: \/seeker\/$/m);
      expect(robots.body).toMatch(/^Disallow: \/search\/\*\?\*industries=$/m);
      expect(robots.body).toContain(`Sitemap: http://${context}.localhost:${port()}/sitemap.xml`);
    }
  });
});

describe('results in a browser', () => {
  it.each([
    ['en', false],
    ['en', true],
    ['ar', false],
    ['ar', true],
  ] as const)('lays out %s results (phone: %s) without sideways scrolling', async (lang, phone) => {
    const title = await aJobTitle('monstergulf');
    const page = await newPage(true, phone);
    await page.goto(
      siteUrl('monstergulf', `${prefix(lang)}/search/results?q=${encodeURIComponent(title)}`),
    );
    await hydrated(page);
    expect(await page.locator('li.result').count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/results-${lang}-${phone ? 'phone' : 'desktop'}.png`,
      fullPage: false,
    });
    await page.context().close();
  });

  it('submits a filter on change with JavaScript', async () => {
    const page = await newPage(true);
    await page.goto(siteUrl('rexmonster', '/search/results'));
    const before = totalOf(await page.content());
    await page.locator('[data-facet="employerTypes"] input[type="checkbox"]').first().check();
    await page.waitForURL(/employerTypes=/);
    expect(totalOf(await page.content())).toBeLessThanOrEqual(before);
    expect(await page.locator('.chips a').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
