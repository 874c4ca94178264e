/**
 * Hindi and Arabic pages as a reader of the language sees them (decision 0039): job cards and
 * job pages name the places the portal knows in the page's language (the JSON-LD keeps English),
 * Hindi salaries read in लाख, Arabic lists join with "،", and a paid order's receipt gives the
 * time of payment in the site's own zone with the zone named.
 */
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PLACES } from '~/server/reference/places';
import { addFromServicePage } from './cart-helpers';
import { decodeEntities, get, launchChromium, siteUrl } from './helpers';

const citiesOf = (context: string) =>
  SITE_PLACES.filter((s) => s.context === context).flatMap((s) =>
    s.countries.flatMap((c) => c.cities),
  );

/** The texts of the job cards' and the job page's detail lines (class job-meta), tags stripped. */
function metaLines(html: string): string[] {
  const lists = [...html.matchAll(/<ul class="job-meta"[^>]*>([\s\S]*?)<\/ul>/g)].map((m) => m[1]!);
  return lists.flatMap((list) =>
    [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
      decodeEntities(m[1]!.replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/** English names of the site's cities found in the lines (whole words). */
function englishPlacesIn(lines: string[], context: string): string[] {
  const text = lines.join('\n');
  return citiesOf(context).filter((city) => new RegExp(`\\b${city}\\b`).test(text));
}

function jobLinks(html: string, lang: string): string[] {
  return [...html.matchAll(new RegExp(`href="(/${lang}/job/[^"]+)"`, 'g'))].map((m) => m[1]!);
}

describe('places and money on Hindi and Arabic pages', () => {
  it('India /hi/ results: places in Hindi, salaries in लाख, no English city names', async () => {
    const page = await get('rexmonster.localhost', '/hi/search/results');
    expect(page.status).toBe(200);
    const lines = metaLines(page.body);
    expect(lines.length).toBeGreaterThan(20);
    expect(englishPlacesIn(lines, 'rexmonster')).toEqual([]);
    const places = ['बेंगलुरु', 'मुंबई', 'हैदराबाद', 'पुणे', 'चेन्नई', 'दिल्ली'];
    expect(places.some((p) => lines.some((l) => l.includes(p)))).toBe(true);
    expect(lines.some((l) => /₹ [\d.]+ लाख/.test(l))).toBe(true);
    expect(lines.filter((l) => /Lakh|Thousand/.test(l))).toEqual([]);
  });

  it('Gulf /ar/ results: places in Arabic, lists joined with "،"', async () => {
    const page = await get('monstergulf.localhost', '/ar/search/results');
    expect(page.status).toBe(200);
    const lines = metaLines(page.body);
    expect(lines.length).toBeGreaterThan(20);
    expect(englishPlacesIn(lines, 'monstergulf')).toEqual([]);
    expect(lines.some((l) => l.includes('دبي'))).toBe(true);
    const several = lines.filter((l) => /^[\u0600-\u06ff ]+(، [\u0600-\u06ff ]+)+$/.test(l));
    expect(lines.filter((l) => /^[\u0600-\u06ff ]+, /.test(l))).toEqual([]);
    expect(several.length).toBeGreaterThan(0);
  });

  it('Gulf /ar/ job page: the place in Arabic in the page and title, English in JSON-LD', async () => {
    const results = await get('monstergulf.localhost', '/ar/search/results');
    const link = jobLinks(results.body, 'ar')[0];
    expect(link).toBeDefined();
    const page = await get('monstergulf.localhost', link!);
    expect(page.status).toBe(200);
    const lines = metaLines(page.body);
    expect(englishPlacesIn(lines.slice(0, 7), 'monstergulf')).toEqual([]);
    const posting = [
      ...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ]
      .map((m) => JSON.parse(m[1]!) as { '@type'?: string; jobLocation?: unknown })
      .find((d) => d['@type'] === 'JobPosting');
    const locality = JSON.stringify(posting?.jobLocation);
    const english = citiesOf('monstergulf').find((c) => locality.includes(`"${c}"`));
    expect(english, locality).toBeDefined();
    const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '';
    expect(title).not.toContain(english!);
  });

  it('India /hi/ job page: the place in Hindi', async () => {
    const results = await get('rexmonster.localhost', '/hi/search/results');
    const page = await get('rexmonster.localhost', jobLinks(results.body, 'hi')[0]!);
    const lines = metaLines(page.body);
    expect(englishPlacesIn(lines, 'rexmonster')).toEqual([]);
    expect(lines.some((l) => /[\u0900-\u097f]/.test(l.split(':')[1] ?? ''))).toBe(true);
  });
});

describe("a paid order's receipt in the site's time zone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('India: a profile date in Hindi; the payment time in IST, on the English and Hindi receipt', async () => {
    const context = await browser.newContext({ timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const origin = siteUrl('rexmonster');
    const n = `${Date.now()}`.slice(-8);
    await page.goto(`${origin}/seeker/registration`);
    await page.locator('input[name=careerStage][value=professional]').check();
    await page.locator('[name=name]').fill('Asha Verma');
    await page.locator('[name=email]').fill(`receipt${n}@example.com`);
    await page.locator('[name=password]').fill('secret123pass');
    await page.locator('[name=mobile]').fill(`9${n}2`);
    await page.locator('#registration button[type=submit]').click();
    await page.waitForURL(/\/seeker\/personal$/);

    // A profile entry's dates read in Hindi, not as the stored 2019-06-01 (a page without
    // script: the profile's engagement dialog would cover the form).
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const profile = await plain.newPage();
    await profile.goto(`${origin}/hi/seeker/profile`);
    await profile.locator('#employment-designation').fill('Data Analyst');
    await profile.locator('#employment-company').fill('Acme');
    await profile.locator('#employment-startDate').fill('2019-06-01');
    await profile.locator('#employment-noticePeriod').selectOption('30');
    await profile.locator('#employment-currentSalary').fill('700000');
    await profile.locator('#employment-salaryMode').selectOption('annually');
    await Promise.all([
      profile.waitForURL(/saved=employment/),
      profile
        .locator('form:has(input[name=section][value=employment]) button[type=submit]')
        .first()
        .click(),
    ]);
    const entry = (await profile.locator('#employment .entry-list li').first().textContent())!;
    expect(entry).toContain('1 जून 2019');
    expect(entry).not.toContain('2019-06-01');
    await plain.close();

    await addFromServicePage(page, origin, 'career-booster/3-months');
    await page.locator('button[value=checkout]').click();
    await page.waitForURL(/\/career-services\/checkout\//);
    const orderId = page.url().split('/').pop()!;
    const answer = await page.evaluate(async (id) => {
      const res = await fetch('/api/trex/career-services/api/v1/makePayment', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: id }),
      });
      return (await res.json()) as { data: { redirectUrl: string } };
    }, orderId);
    await page.goto(`${origin}${answer.data.redirectUrl}`);
    await page.locator('button[value=paid]').click();
    await page.waitForURL(/\/seeker\/career-services\/.+\?payment=paid/);

    const paidAt = new Date((await page.locator('dd[data-paid-at]').getAttribute('data-paid-at'))!);
    // The wall clock in India: UTC + 5:30, worked out without Intl.
    const india = new Date(paidAt.getTime() + 330 * 60_000);
    const hour = india.getUTCHours() % 12 || 12;
    const clock = `${hour}:${String(india.getUTCMinutes()).padStart(2, '0')}`;
    const shown = (await page.locator('dd[data-paid-at]').textContent())!.replace(/\s+/g, ' ');
    expect(shown).toContain(`${clock} ${india.getUTCHours() < 12 ? 'am' : 'pm'} IST`);

    await page.goto(`${origin}/hi/seeker/career-services/${orderId}`);
    const hindi = (await page.locator('dd[data-paid-at]').textContent())!.replace(/\s+/g, ' ');
    expect(hindi).toContain(`${clock} ${india.getUTCHours() < 12 ? 'am' : 'pm'} IST`);
    expect(hindi).toMatch(/[\u0900-\u097f]/); // the month in Hindi
    await page.goto(`${origin}/hi/seeker/career-services`);
    expect((await page.locator('tbody tr').first().textContent())!.replace(/\s+/g, ' ')).toContain(
      'IST',
    );
    await context.close();
  });
});
