/**
 * The user menu and the pages this branch builds (Feedback, Connect with Us, My Assessment, Auto
 * Apply, the COVID-19 flag), pages without an island shipping no framework JavaScript, and the
 * SPEC §7 calls of the chrome (events, load-module, download-link, splashScreen, A/B variants).
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { get, launchChromium, siteUrl } from './helpers';
import { callJson, cookieValue, loggedInContext, postForm } from './chrome-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('user menu', () => {
  it('lists every SPEC §2 entry, opens by keyboard, and the pages of this branch work', async () => {
    const ctx = await loggedInContext(browser, 'monstergulf');
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
    // No topic is chosen for the visitor: the first choice is "choose a topic".
    await page.locator('select[name=topic]').selectOption('search');
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

describe('dialling codes', () => {
  it('label the Gulf codes with their countries from isd.json, none chosen', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const fetched = page.waitForRequest((r) => r.url().endsWith('/seeker/images/isd.json'));
    await page.goto(siteUrl('monstergulf', '/ar/seeker/registration'));
    await fetched;
    const select = page.locator('select[name=isdCode]');
    await expect
      .poll(() => select.locator('option[value="971"]').textContent())
      .toBe('\u2066+971\u2069 الإمارات العربية المتحدة');
    expect(await select.inputValue()).toBe('');
    expect(await select.locator('option').first().textContent()).toBe('اختر');
    await ctx.close();
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
