/**
 * The seeker profile in Chromium: a professional registers, fills profile sections without
 * JavaScript and sees the score and band move, a bad LinkedIn URL gets the SPEC message and
 * keeps the saved link, the dashboard shows the gauge, honest empty states and seeker cards, and
 * the engagement dialog works in Arabic right to left (modal, focus kept inside, Escape closes,
 * skipping is remembered), with screenshots in test-results/. Named profiles: switching between
 * them with plain links and editing one leaves the other as it was; a profile photo moves the
 * score and a bad file keeps it; an employment entry can be deleted.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { get, launchChromium, siteUrl } from './helpers';
import { latestOtp, mobile } from './accounts-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);

let lastMobile = '';
let clients = 0;

/** A new browser context with a freshly registered professional logged in. */
async function registered(
  site: string,
  options: Parameters<Browser['newContext']>[0] = {},
  label = 'p',
): Promise<{ context: BrowserContext; page: Page }> {
  // A client address of its own (the portal trusts X-Forwarded-For here): the suite's
  // registrations would otherwise share 127.0.0.1's hourly limit.
  clients += 1;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${clients}` },
    ...options,
  });
  const page = await context.newPage();
  await page.goto(siteUrl(site, '/seeker/registration'));
  await page.locator('input[name=careerStage][value=professional]').check();
  await page.locator('[name=name]').fill('Profile Tester');
  await page.locator('[name=email]').fill(`profile-${label}-${run}@example.com`);
  await page.locator('[name=password]').fill(`pass${label}123`);
  // A real local mobile (India +91; on the Gulf, whose code is the seeker's choice, +966).
  lastMobile = mobile(site === 'rexmonster' ? '91' : '966');
  if (site !== 'rexmonster') await page.locator('[name=isdCode]').selectOption('966');
  await page.locator('[name=mobile]').fill(lastMobile);
  await page.locator('#registration button[type=submit]').click();
  await page.waitForURL(/\/seeker\/personal$/);
  return { context, page };
}

const scoreOf = async (page: Page) =>
  Number((await page.locator('.score__gauge').getAttribute('aria-valuenow')) ?? 'NaN');
const bandOf = (page: Page) => page.locator('.score__band').first().textContent();

/** Submits the form of a profile section and waits for the page it answers with. */
async function submit(page: Page, section: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page
      .locator(`form:has(input[name=section][value=${section}]) button[type=submit]`)
      .first()
      .click(),
  ]);
  await page.waitForLoadState();
  return response;
}

/** A valid 1x1 PNG (browsers decode it). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const chips = (page: Page) => page.locator('#skills .chip span').allTextContents();

describe('profile page', () => {
  it('saves sections without JavaScript and moves the score and band', async () => {
    const { context, page } = await registered('rexmonster', { javaScriptEnabled: false }, 'nojs');
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    const start = await scoreOf(page);
    const startBand = await bandOf(page);

    await page.locator('#currentLocation-currentLocation').fill('Pune');
    expect((await submit(page, 'currentLocation')).status()).toBe(303);
    expect(page.url()).toContain('saved=currentLocation');
    await expect(page.locator('.alert-success').textContent()).resolves.toBe(
      'Your changes were saved.',
    );
    await page.locator('#preferredLocation-preferredLocations').fill('Pune, Mumbai');
    expect((await submit(page, 'preferredLocation')).status()).toBe(303);
    const afterLocations = await scoreOf(page);
    expect(afterLocations).toBeGreaterThan(start);

    await page.locator('#skills-skills').fill('TypeScript, SQL');
    await submit(page, 'skills');
    await page.locator('#skills-skills').fill('sql');
    expect((await submit(page, 'skills')).status()).toBe(422);
    await expect(page.locator('#skills-skills-error').textContent()).resolves.toBe(
      'This Skill is already added.',
    );
    expect(await page.locator('.chip span').allTextContents()).toEqual(['TypeScript', 'SQL']);

    await page.locator('#employment-designation').fill('Data Analyst');
    await page.locator('#employment-company').fill('Acme');
    await page.locator('#employment-startDate').fill('2020-02-01');
    await page.locator('#employment-noticePeriod').selectOption('30');
    await page.locator('#employment-currentSalary').fill('900000');
    await page.locator('#employment-salaryMode').selectOption('annually');
    expect((await submit(page, 'employment')).status()).toBe(303);

    await page.locator('#visa-visaStatus').selectOption('citizen');
    await submit(page, 'visa');
    await page.locator('#experience-experienceYears').selectOption('4');
    await submit(page, 'experience');

    // LinkedIn: a good link is saved; a bad one gets the SPEC message and the old one stays.
    await page.locator('#linkedIn-linkedinUrl').fill('linkedin.com/in/profile-tester');
    await submit(page, 'linkedIn');
    await expect(page.locator('.saved-value a').textContent()).resolves.toBe(
      'https://linkedin.com/in/profile-tester',
    );
    const before = await scoreOf(page);
    await page.locator('#linkedIn-linkedinUrl').fill('https://example.com/me');
    expect((await submit(page, 'linkedIn')).status()).toBe(422);
    await expect(page.locator('#linkedIn-linkedinUrl-error').textContent()).resolves.toBe(
      'Please enter valid link (LinkedIn)',
    );
    expect(await page.locator('#linkedIn-linkedinUrl').inputValue()).toBe('https://example.com/me');
    await expect(page.locator('.saved-value a').textContent()).resolves.toBe(
      'https://linkedin.com/in/profile-tester',
    );
    expect(await scoreOf(page)).toBe(before);

    const end = await scoreOf(page);
    expect(end).toBeGreaterThan(afterLocations);
    expect(await bandOf(page)).not.toBe(startBand);
    await page.screenshot({ path: 'test-results/profile-en-1280.png', fullPage: true });

    // The dashboard: the same score, honest empty states, recommendations from the designation.
    await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
    expect(await scoreOf(page)).toBe(end);
    await expect(page.locator('main').textContent()).resolves.toContain('No profile views yet');
    await expect(page.locator('main').textContent()).resolves.toContain(
      'You have no notifications.',
    );
    // Seeker cards: skipping one (without JavaScript) removes it.
    const cards = await page
      .locator('[data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(cards.length).toBeGreaterThan(0);
    await page
      .locator(`[data-card=${cards[0]}] form:has(input[name=cardAction][value=skip]) button`)
      .click();
    await page.waitForLoadState();
    expect(await page.locator(`[data-card=${cards[0]}]`).count()).toBe(0);
    await context.close();
  });

  it('asks for missing pieces in an accessible dialog in Arabic, right to left', async () => {
    const { context, page } = await registered(
      'monstergulf',
      { viewport: { width: 390, height: 844 }, isMobile: true },
      'ar',
    );
    await page.goto(siteUrl('monstergulf', '/ar/seeker/profile'));
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // The profile every seeker starts with is named in the page's language.
    await expect(page.locator('.profile-link-name').first().textContent()).resolves.toBe(
      'ملفي الشخصي',
    );
    const dialog = page.locator('[role=dialog][aria-modal=true]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-step')).toBe('engage:employment');
    await expect(dialog.locator('h2').textContent()).resolves.toBe('أضف وظيفتك الحالية');
    const direction = await dialog.evaluate((el) => getComputedStyle(el).direction);
    expect(direction).toBe('rtl');
    await page.screenshot({ path: 'test-results/profile-dialog-ar-390.png' });

    // Focus is inside and stays there.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    // Skip is remembered: the next step comes.
    await dialog.getByRole('button', { name: 'تخطي' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[role=dialog]')?.getAttribute('data-step') !== 'engage:employment',
    );
    expect(await dialog.getAttribute('data-step')).toBe('engage:education');

    // Skip education too, then answer the experience step in the dialog.
    await dialog.getByRole('button', { name: 'تخطي' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[role=dialog]')?.getAttribute('data-step') === 'engage:experience',
    );
    await dialog.locator('select').first().selectOption('3');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[role=dialog]')?.getAttribute('data-step') !== 'engage:experience',
    );

    // The work permit step shows the 93% claim.
    for (let i = 0; i < 8; i++) {
      const step = await dialog.getAttribute('data-step');
      if (step === 'engage:workPermit') break;
      await dialog.getByRole('button', { name: 'تخطي' }).click();
      await page.waitForFunction(
        (s) => document.querySelector('[role=dialog]')?.getAttribute('data-step') !== s,
        step,
      );
    }
    expect(await dialog.getAttribute('data-step')).toBe('engage:workPermit');
    await expect(dialog.textContent()).resolves.toContain('93%');
    await page.screenshot({ path: 'test-results/profile-workpermit-ar-390.png' });
    // A bad answer is refused with the translated SPEC message.
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ed-error')].some(
        (e) => e.textContent === 'يرجى اختيار حالة التأشيرة.',
      ),
    );

    // Escape closes it; the page behind is usable.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
    // Closed, and shown once this sign-in already: the page opens without it.
    await page.goto(siteUrl('monstergulf', '/ar/seeker/profile'));
    expect(await page.locator('#experience-experienceYears').inputValue()).toBe('3');
    expect(await page.locator('[role=dialog][aria-modal=true]').count()).toBe(0);
    await context.close();
  });

  it('verifies the mobile number with an OTP in the dialog, then offers reviews', async () => {
    const { context, page } = await registered('rexmonster', {}, 'otp');
    const number = lastMobile;
    // An employment with a salary, through the API as the island would send it.
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/trex/seeker/v1/employment', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          designation: 'Analyst',
          company: 'Acme',
          startDate: '2021-03-01',
          isCurrent: true,
          noticePeriod: '30',
          currentSalary: '600000',
          salaryMode: 'annually',
        }),
      });
      return r.status;
    });
    expect(status).toBe(200);
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    const dialog = page.locator('[role=dialog][aria-modal=true]');
    await dialog.waitFor();
    const skipUntil = async (wanted: string) => {
      for (let i = 0; i < 15; i++) {
        const step = await dialog.getAttribute('data-step');
        if (step === wanted) return;
        await dialog.getByRole('button', { name: 'Skip' }).click();
        await page.waitForFunction(
          (s) => document.querySelector('[role=dialog]')?.getAttribute('data-step') !== s,
          step,
        );
      }
      throw new Error(`never reached ${wanted}`);
    };
    await skipUntil('engage:mobile');
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await dialog.locator('input').waitFor();
    await dialog.locator('input').fill('000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role=dialog] .ed-error, [role=dialog] .ed-status')].some(
        (e) => (e.textContent ?? '').length > 0 && !e.textContent!.startsWith('We sent'),
      ),
    );
    expect(await dialog.getAttribute('data-step')).toBe('engage:mobile');
    await dialog.locator('input').fill(latestOtp(`+91${number}`));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.waitForFunction(
      () => document.querySelector('[role=dialog]')?.getAttribute('data-step') !== 'engage:mobile',
    );

    // Reviews come after the missing pieces: confirm the salary; it is not asked again.
    await skipUntil('review:salary');
    await expect(dialog.locator('h2').textContent()).resolves.toBe(
      'Is your current salary still ₹ 6 Lakh (Year)?',
    );
    await dialog.getByRole('button', { name: 'Yes, it is correct' }).click();
    await page.waitForFunction(
      () => document.querySelector('[role=dialog]')?.getAttribute('data-step') !== 'review:salary',
    );
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
    await page.reload();
    await expect(page.locator('#mobile .badge').textContent()).resolves.toBe('Verified');
    const steps = await page.evaluate(async () => {
      const r = await fetch('/api/trex/seeker/v1/profile');
      return ((await r.json()) as { data: { dialogs: { mode: string; step: string }[] } }).data
        .dialogs;
    });
    expect(steps).not.toContainEqual({ mode: 'review', step: 'salary' });
    expect(steps).toContainEqual({ mode: 'review', step: 'mobile' });
    await context.close();
  });
  it('switches named profiles with links and edits one without touching the other', async () => {
    const { context, page } = await registered('rexmonster', { javaScriptEnabled: false }, 'named');
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    await page.locator('#skills-skills').fill('SQL');
    await submit(page, 'skills');

    // A new profile starts with the default's skills and becomes the one being edited.
    await page.locator('#createProfile-name').fill('Engineer roles');
    expect((await submit(page, 'createProfile')).status()).toBe(303);
    expect(page.url()).toMatch(/[?&]profile=\d+/);
    await expect(
      page.locator('.profile-link[aria-current=page] .profile-link-name').textContent(),
    ).resolves.toBe('Engineer roles');
    expect(await chips(page)).toEqual(['SQL']);
    await page.locator('#skills-skills').fill('Python');
    await submit(page, 'skills');
    expect(await chips(page)).toEqual(['SQL', 'Python']);
    await page.locator('#preferredLocation-preferredLocations').fill('Bengaluru');
    await submit(page, 'preferredLocation');

    // The default profile is as it was.
    await page.locator('.profile-link:has-text("My profile")').click();
    await page.waitForLoadState();
    expect(page.url()).not.toContain('profile=');
    expect(await chips(page)).toEqual(['SQL']);
    expect(await page.locator('#preferredLocation-preferredLocations').inputValue()).toBe('');
    await expect(page.locator('#profile-own-h').textContent()).resolves.toContain('My profile');
    // Shared sections say so.
    await expect(page.locator('#employment .shared-tag').textContent()).resolves.toBe(
      'Shared by all your profiles',
    );

    await page.locator('.profile-link:has-text("Engineer roles")').click();
    await page.waitForLoadState();
    expect(await chips(page)).toEqual(['SQL', 'Python']);
    expect(await page.locator('#preferredLocation-preferredLocations').inputValue()).toBe(
      'Bengaluru',
    );
    expect(page.url()).toMatch(/[?&]profile=\d+/);

    // Someone else's (or no such) profile id: the SPEC message, 404.
    const foreign = await page.goto(siteUrl('rexmonster', '/seeker/profile?profile=999999'));
    expect(foreign?.status()).toBe(404);
    await expect(page.locator('.alert-error').first().textContent()).resolves.toBe(
      'Please select a profile from list.',
    );
    await context.close();
  });

  it('uploads a resume without JavaScript, which the profile then sends; a bad file is refused', async () => {
    const { context, page } = await registered('rexmonster', { javaScriptEnabled: false }, 'cv');
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    expect(await page.locator('#resume .resume-drop__hint').isVisible()).toBe(false);
    // "No resume yet? Build one": only while there is none.
    expect(await page.locator('#resume .builder-link').count()).toBe(1);
    const resumeChoice = page.locator('#resumeChoice select[name=resume] option');
    expect(await resumeChoice.allTextContents()).not.toContainEqual(
      expect.stringContaining('asha-rao.txt'),
    );
    const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      await page.locator('#profile-resume-file').setInputFiles(file);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.locator('.resume-drop__form button[type=submit]').click(),
      ]);
      await page.waitForLoadState();
      return response.status();
    };

    const text = 'Asha Rao\nasha.rao@example.com\nSkills: Java, SQL, Spring\n';
    expect(
      await upload({ name: 'asha-rao.txt', mimeType: 'text/plain', buffer: Buffer.from(text) }),
    ).toBe(303);
    await expect(page.locator('.alert-success').textContent()).resolves.toContain(
      'Resume uploaded',
    );
    expect(await page.locator('#resume .builder-link').count()).toBe(0);
    // "Latest" (the profile's choice until another is picked) now names the new file.
    const options = await resumeChoice.allTextContents();
    expect(options.filter((o) => o.includes('asha-rao.txt')).length).toBeGreaterThanOrEqual(2);

    // Bytes that are none of the five formats, named .pdf: refused by the server's check.
    const bad = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0, 1, 2, 3]) };
    expect(await upload(bad)).toBe(422);
    await expect(page.locator('#profile-resume-file-error').textContent()).resolves.toBe(
      'File size or format is not allowed',
    );
    expect(await resumeChoice.allTextContents()).toEqual(options);
    await page.locator('#resume').screenshot({ path: 'test-results/profile-resume-nojs.png' });
    await context.close();
  });

  it("uploads a resume with the box, then shows it as the profile's resume", async () => {
    const { context, page } = await registered('rexmonster', {}, 'cvjs');
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    const text = 'Ravi Kumar\nravi.kumar@example.com\nSkills: Python, Django\n';
    // The box is an island that wakes on first use: a pointer over it (the new seeker's engagement
    // dialog may be open over the page, so the event is sent to the box itself).
    await page.locator('#resume .resume-drop').dispatchEvent('pointerdown');
    await page.waitForSelector('#resume [data-resume-drop][data-ready]', { state: 'attached' });
    await page.locator('#resume .resume-drop__input').setInputFiles({
      name: 'ravi-kumar.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    });
    const next = page.locator('#resume [data-rd-continue]');
    await next.waitFor();
    expect(await next.textContent()).toContain('Show it in my profile');
    expect(await next.getAttribute('href')).toMatch(
      /^\/seeker\/profile\?resume=[0-9a-f-]{36}#resumeChoice$/,
    );
    // Followed as a link (the new seeker's engagement dialog is open over the page meanwhile).
    await page.goto(new URL((await next.getAttribute('href'))!, page.url()).href);
    const options = await page
      .locator('#resumeChoice select[name=resume] option')
      .allTextContents();
    expect(options.filter((o) => o.includes('ravi-kumar.txt')).length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('uploads a photo that moves the score; a bad file keeps it; deletes an employment', async () => {
    const { context, page } = await registered('rexmonster', { javaScriptEnabled: false }, 'photo');
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    const before = await scoreOf(page);
    expect(await page.locator('img.profile-photo').count()).toBe(0);

    await page.locator('#photo-file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG_1X1,
    });
    const [upload] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('.photo-form button[type=submit]').click(),
    ]);
    expect(upload.status()).toBe(303);
    await page.waitForLoadState();
    expect(await scoreOf(page)).toBeGreaterThan(before);
    const img = page.locator('img.profile-photo');
    await img.waitFor();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    const src = (await img.getAttribute('src'))!;
    const withPhoto = await scoreOf(page);

    // A text file dressed as a PNG: refused with its message; the photo stays.
    await page.locator('#photo-file').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    const [bad] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('.photo-form button[type=submit]').click(),
    ]);
    expect(bad.status()).toBe(415);
    await page.waitForLoadState();
    await expect(page.locator('#photo-file-error').textContent()).resolves.toBe(
      'Photo format must be .jpg, .png or .webp',
    );
    expect(await page.locator('img.profile-photo').getAttribute('src')).toBe(src);
    expect(await scoreOf(page)).toBe(withPhoto);

    // A guest cannot fetch it.
    expect((await get('rexmonster.localhost', src)).status).toBe(404);

    // An employment entry, then its Delete button.
    await page.locator('#employment-designation').fill('Tester');
    await page.locator('#employment-company').fill('Acme');
    await page.locator('#employment-startDate').fill('2021-02-01');
    await page.locator('#employment-noticePeriod').selectOption('30');
    await page.locator('#employment-currentSalary').fill('700000');
    await page.locator('#employment-salaryMode').selectOption('annually');
    expect((await submit(page, 'employment')).status()).toBe(303);
    expect(await page.locator('#employment .entry-list li').count()).toBe(1);
    const withJob = await scoreOf(page);
    expect((await submit(page, 'deleteEmployment')).status()).toBe(303);
    expect(await page.locator('#employment .entry-list li').count()).toBe(0);
    expect(await scoreOf(page)).toBeLessThan(withJob);
    await page.screenshot({ path: 'test-results/profile-photo-en-1280.png', fullPage: true });
    await context.close();
  });
});
