/**
 * The site chrome as a person on a phone meets it, on India and Gulf, in English and Arabic: the
 * app banner shows, closes (with and without JavaScript), stays closed, never shows with
 * app=true or on a job page; the tracking queue holds the SPEC §3 fields with UTM values; the
 * poll takes one vote and shows results; every user menu entry this branch builds opens a
 * working page; pages without an island ship no framework JavaScript.
 */
import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { get, launchChromium, port, siteUrl } from './helpers';

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A form POST from Node with the site's own Origin. */
function postForm(
  context: string,
  pathname: string,
  values: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const body = new URLSearchParams(values).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: pathname,
        method: 'POST',
        headers: {
          host: `${context}.localhost:${port()}`,
          origin: `http://${context}.localhost:${port()}`,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A page's HTML as a phone browser gets it, with optional cookies. */
function getAsPhone(context: string, pathname: string, cookie = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: pathname,
        headers: {
          host: `${context}.localhost:${port()}`,
          'user-agent': PHONE.userAgent,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1])
    .find(Boolean);

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

    // The next pages within the day: no banner in the HTML at all (no flash).
    const next = await page.goto(siteUrl(context, `${prefix}/search/results`));
    expect(await next?.text()).not.toContain('id="app-banner"');
    await ctx.close();

    // app=true and a job page never show it.
    const fresh = await browser.newContext(PHONE);
    const p2 = await fresh.newPage();
    await p2.goto(siteUrl(context, `${prefix}/?app=true`));
    expect(await p2.locator('#app-banner').count()).toBe(0);
    await p2.goto(siteUrl(context, `${prefix}/search/results`));
    expect(await p2.locator('#app-banner').getAttribute('data-label')).toBe('SRP');
    const jobHref = await p2.locator('a[href*="/job/"]').first().getAttribute('href');
    await p2.goto(new URL(jobHref!, p2.url()).href);
    expect(await p2.locator('#app-banner').count()).toBe(0);
    // A logged-out visitor gets extra bottom margin on job detail.
    expect(await p2.locator('body').getAttribute('class')).toContain('bottom-gap');
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
    const withCookie = await getAsPhone('monstergulf', '/ar/search/results?q=sales', 'AD=1');
    expect(withCookie).not.toContain('id="app-banner"');
    expect(await getAsPhone('monstergulf', '/ar/search/results?q=sales')).toContain(
      'id="app-banner"',
    );
    // A desktop never gets it (the mobile web's prompt).
    const desktop = await get('monstergulf.localhost', '/ar/search/results?q=sales');
    expect(desktop.body).not.toContain('id="app-banner"');
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
      const bars = page.locator('#poll progress');
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

async function loggedInContext(context: string): Promise<BrowserContext> {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const answer = await postForm(context, '/seeker/registration', {
    careerStage: 'professional',
    name: 'Menu Tester',
    email: `menu-${run}@example.com`,
    password: `menu${run}pass`,
    isdCode: context === 'rexmonster' ? '91' : '971',
    mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  });
  expect(answer.status).toBe(303);
  const session = cookieValue(answer.headers['set-cookie'], 'MSSOCLIENT');
  expect(session).toBeTruthy();
  const ctx = await browser.newContext(PHONE);
  await ctx.addCookies([
    { name: 'MSSOCLIENT', value: session!, domain: `${context}.localhost`, path: '/' },
  ]);
  return ctx;
}

describe('user menu', () => {
  it('lists every SPEC §2 entry, opens by keyboard, and the pages of this branch work', async () => {
    const ctx = await loggedInContext('monstergulf');
    const page = await ctx.newPage();
    await page.goto(siteUrl('monstergulf', '/ar/connect-with-us'));
    const summary = page.locator('details.user-menu summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('details.user-menu').getAttribute('open')).not.toBeNull();
    const hrefs = await page
      .locator('details.user-menu a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const path of [
      '/ar/seeker/dashboard',
      '/ar/seeker/recommended-jobs',
      '/ar/seeker/profile',
      '/ar/seeker/subscriptions',
      '/ar/seeker/career-services',
      '/ar/seeker/job-alert-list',
      '/ar/seeker/profile-performance',
      '/ar/seeker/assessment',
      '/ar/seeker/settings',
      '/ar/seeker/change-password',
      '/ar/feedback',
      '/ar/seeker/auto-apply',
      '/ar/search/results',
      '/ar/career-services',
      '/ar/connect-with-us',
      'https://recruiter.jobharbor.ae/login',
    ])
      expect(hrefs).toContain(path);
    expect(await page.locator('details.user-menu button.user-menu-logout').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.locator('details.user-menu').getAttribute('open')).toBeNull();
    await page.screenshot({ path: 'test-results/chrome-connect-ar-phone.png', fullPage: true });
    expect(await page.locator('main').textContent()).toContain('info@');

    // Feedback: the message for an empty form, then sent.
    await page.goto(siteUrl('monstergulf', '/ar/feedback'));
    await page.locator('textarea[name=message]').fill('short');
    await page.locator('form.chrome-form button[type=submit]').click();
    await expect(page.locator('#message-error').textContent()).resolves.toContain(
      'يرجى كتابة رسالتك',
    );
    await page.locator('textarea[name=message]').fill('البحث عن الوظائف سهل وسريع، شكرًا لكم.');
    await page.locator('form.chrome-form button[type=submit]').click();
    await page.waitForURL(/sent=1/);
    await expect(page.locator('main [role=status]').textContent()).resolves.toContain('تم إرسال');

    // My Assessment: take one, the score shows there and on the profile.
    await page.goto(siteUrl('monstergulf', '/seeker/assessment?id=workplace-english'));
    for (const [q, a] of [
      ['meeting', 'a'],
      ['email', 'b'],
      ['deadline', 'a'],
      ['polite', 'a'],
    ])
      await page.locator(`input[name=${q}][value=${a}]`).check();
    await page.locator('form.chrome-form button[type=submit]').click();
    await page.waitForURL(/done=workplace-english/);
    await expect(page.locator('main [role=status]').textContent()).resolves.toContain('3 of 4');
    await page.goto(siteUrl('monstergulf', '/seeker/profile'));
    await expect(page.locator('.assessment-summary').textContent()).resolves.toContain(
      'Score: 3 of 4',
    );

    // COVID-19 section on home: the layoff flag is saved by a plain form.
    await page.goto(siteUrl('monstergulf', '/ar/'));
    await page.locator('#covid input[name=covidLayoff]').check();
    await page.locator('#covid form.covid-flag button[type=submit]').click();
    await expect
      .poll(() => page.locator('#covid [role=status]').textContent())
      .toContain('تم الحفظ.');
    await page.reload();
    expect(await page.locator('#covid input[name=covidLayoff]').isChecked()).toBe(true);
    const flag = await page.evaluate(async () =>
      (await fetch('/api/middleware/covidLayoffFlag')).json(),
    );
    expect(flag.data).toEqual({ covidLayoff: true });

    // Auto Apply: a cap above the limit is refused, a valid one saved.
    await page.goto(siteUrl('monstergulf', '/seeker/auto-apply'));
    await page.locator('input[name=keywords]').fill('sales');
    await page.locator('input[name=dailyCap]').fill('11');
    await page.locator('form.chrome-form button[type=submit]').click();
    await expect(page.locator('#dailyCap-error').textContent()).resolves.toContain('1 and 10');
    await page.locator('input[name=enabled]').check();
    await page.locator('input[name=dailyCap]').fill('4');
    await page.locator('form.chrome-form button[type=submit]').click();
    await page.waitForURL(/saved=1/);
    expect(await page.locator('input[name=enabled]').isChecked()).toBe(true);
    expect(await page.locator('input[name=dailyCap]').inputValue()).toBe('4');
    await page.screenshot({ path: 'test-results/chrome-auto-apply-en-phone.png', fullPage: true });
    await ctx.close();
  });

  it('saves the COVID-19 layoff flag from home without JavaScript', async () => {
    const guest = await postForm('rexmonster', '/covid-layoff', {
      covidLayoff: 'true',
      returnUrl: '/',
    });
    expect(guest.status).toBe(303);
    expect(guest.headers.location).toContain('/rio/login?returnUrl=');
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const registered = await postForm('rexmonster', '/seeker/registration', {
      careerStage: 'professional',
      name: 'Covid Tester',
      email: `covid-${run}@example.com`,
      password: `covid${run}pass`,
      isdCode: '91',
      mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    });
    const cookie = `MSSOCLIENT=${cookieValue(registered.headers['set-cookie'], 'MSSOCLIENT')}`;
    const saved = await postForm(
      'rexmonster',
      '/hi/covid-layoff',
      { covidLayoff: 'true', returnUrl: '/hi/' },
      { cookie },
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/hi/?covid=saved#covid');
    const flag = await callJson(
      'rexmonster',
      'GET',
      '/api/middleware/covidLayoffFlag',
      undefined,
      cookie,
    );
    expect(flag.json.data).toEqual({ covidLayoff: true });
  });

  it('sends guests to the login page for the seeker pages, and shows the public ones', async () => {
    for (const path of ['/seeker/assessment', '/seeker/auto-apply']) {
      const page = await get('rexmonster.localhost', path);
      expect(page.status, path).toBe(302);
      expect(page.headers.location, path).toContain('/rio/login?returnUrl=');
    }
    for (const path of ['/feedback', '/connect-with-us', '/hi/connect-with-us']) {
      const page = await get('rexmonster.localhost', path);
      expect(page.status, path).toBe(200);
    }
  });
});

describe('pages without an island', () => {
  it('ship only the small chrome scripts, no framework JavaScript', async () => {
    for (const path of ['/connect-with-us', '/feedback', '/ar/connect-with-us']) {
      const page = await get('monstergulf.localhost', path);
      expect(page.body, path).not.toContain('<astro-island');
      const scripts = [...page.body.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      for (const src of scripts)
        expect(src, `${path} loads ${src}`).toMatch(
          /\/_astro\/(AppBanner|Tracking|UserMenu)\.astro_astro_type_script/,
        );
      for (const src of scripts) {
        const js = await get('monstergulf.localhost', src);
        expect(js.body, src).not.toMatch(/react|createElement|hydrateRoot/i);
      }
    }
  });
});

/** A JSON request from Node with the site's own Origin (cookies passed in and returned). */
function callJson(
  context: string,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
  cookie = '',
): Promise<{
  status: number;
  json: { success: boolean; data: Record<string, unknown> };
  setCookie: string[];
}> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: pathname,
        method,
        headers: {
          host: `${context}.localhost:${port()}`,
          origin: `http://${context}.localhost:${port()}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(data) as { success: boolean; data: Record<string, unknown> },
            setCookie: [res.headers['set-cookie'] ?? []].flat(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('chrome calls (SPEC §7)', () => {
  it('stores events, refuses bad ones, and answers menu, app links and splash data', async () => {
    for (const path of [
      '/api/middleware/publish/events/user-engage',
      '/api/middleware/publish/career-events',
      '/api/penguin/api/public/events/spltag/v1/publish',
    ]) {
      const good = await callJson('monstergulf', 'POST', path, {
        event: 'install_banner',
        data: { page_name: 'home', channel_id: 2, user_type: 'guest' },
      });
      expect(good.status, path).toBe(201);
      expect(typeof good.json.data.id, path).toBe('number');
      const bad = await callJson('monstergulf', 'POST', path, { data: { x: { y: { z: 1 } } } });
      expect(bad.status, path).toBe(422);
    }

    const menu = await callJson(
      'monstergulf',
      'GET',
      '/api/thor/api/public/sites/v1/load-module?lang=ar&site=monstergulf',
    );
    expect(menu.status).toBe(200);
    const userMenu = menu.json.data.userMenu as { label: string; href: string }[];
    expect(userMenu.map((l) => l.href)).toContain('/ar/seeker/auto-apply');
    expect(userMenu.find((l) => l.href === '/ar/feedback')?.label).not.toBe('Feedback');
    expect((menu.json.data.employerLogin as { href: string }).href).toBe(
      'https://recruiter.jobharbor.ae/login',
    );

    const links = await callJson('rexmonster', 'GET', '/api/thor/api/public/apps/v1/download-link');
    expect(links.json.data).toMatchObject({
      android: 'https://play.google.com/store/apps/details?id=com.jobharbor.india',
      deepLinkScheme: 'jobharbor',
    });
    const splash = await callJson('rexmonster', 'GET', '/api/middleware/splashScreen');
    expect(splash.json.data).toMatchObject({ loggedIn: false, seeker: null, site: 'rexmonster' });
  });

  it('resolves a sticky A/B variant per visitor and records the exposure', async () => {
    const first = await callJson('rexmonster', 'POST', '/api/middleware/resolveABVariant', {
      experiment: 'home-hero',
    });
    expect(first.status).toBe(200);
    const visitor = first.setCookie.find((c) => c.startsWith('jp_vid='))?.split(';')[0];
    expect(visitor).toBeTruthy();
    const variant = first.json.data.variant;
    for (let i = 0; i < 3; i++) {
      const again = await callJson(
        'rexmonster',
        'POST',
        '/api/middleware/resolveABVariant',
        { experiment: 'home-hero' },
        visitor,
      );
      expect(again.json.data.variant).toBe(variant);
    }
    expect(first.json.data.exposure).toMatchObject({
      event: 'ab_exposure',
      experiment: 'home-hero',
    });
    const unknown = await callJson('rexmonster', 'POST', '/api/middleware/resolveABVariant', {
      experiment: 'nope',
    });
    expect(unknown.status).toBe(422);
  });
});
