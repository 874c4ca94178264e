/**
 * A seeker's own lists and data in Chromium: a job saved from its page appears on
 * /seeker/saved-jobs and a job applied to on /seeker/applications (English on a desktop, Arabic
 * right to left on a phone); "Download my data" gives a ZIP of the seeker's own data only.
 * Screenshots go to test-results/.
 */
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { siteUrl } from './helpers';
import { account, newPage, passwordLogin, useBrowser, type Account } from './accounts-helpers';

useBrowser();

/** Registers in the browser (step 1) on a site, leaving the seeker logged in. */
async function register(page: Page, site: string, prefix: string, a: Account) {
  await page.goto(siteUrl(site, `${prefix}/seeker/registration`));
  await page.locator('input[name=careerStage][value=fresher]').check();
  await page.locator('[name=name]').fill(a.name);
  await page.locator('[name=email]').fill(a.email);
  await page.locator('[name=password]').fill(a.password);
  if (a.isdCode !== '91') await page.locator('[name=isdCode]').selectOption(a.isdCode);
  await page.locator('[name=mobile]').fill(a.mobile);
  await page.locator('#registration button[type=submit]').click();
  await page.waitForURL(/\/seeker\/personal$/).catch(async (error: unknown) => {
    await page.screenshot({ path: `test-results/my-data-registration-${site}.png` });
    throw error;
  });
}

/** The first two jobs on the site's results page: [href, title]. */
async function firstJobs(page: Page, site: string, prefix: string) {
  await page.goto(siteUrl(site, `${prefix}/search/results`));
  const links = page.locator('.result-list .job-card h3 a');
  return Promise.all(
    [0, 1].map(async (i) => {
      const link = links.nth(i);
      return [(await link.getAttribute('href'))!, (await link.textContent())!.trim()] as const;
    }),
  );
}

async function saveAndApply(page: Page, site: string, prefix: string) {
  const jobs = await firstJobs(page, site, prefix);
  const [savedHref, savedTitle] = jobs[0]!;
  const [appliedHref, appliedTitle] = jobs[1]!;
  // Saved from the job page: the visitor's island then says Saved.
  await page.goto(siteUrl(site, savedHref), { waitUntil: 'networkidle' });
  await page.locator('.save-job .save-button').first().click();
  await page.waitForURL((url) => url.pathname === savedHref);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.saved-mark').count()).resolves.toBe(1);
  await page.screenshot({ path: `test-results/job-saved-${site}.png` });
  // Applied from another job's page.
  await page.goto(siteUrl(site, appliedHref), { waitUntil: 'networkidle' });
  await page.locator('.apply-button').first().click();
  await page.waitForURL(/\/applied-success\?jobIds=\d+/);
  return { savedTitle, appliedTitle };
}

describe('saved jobs and my applications', () => {
  it('shows a saved job and an applied job on their pages, in English on a desktop', async () => {
    // A client address of its own: the suite's registrations share 127.0.0.1's hourly limit.
    const { context, page } = await newPage({
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.200' },
    });
    await register(page, 'rexmonster', '', account('mylists'));
    const { savedTitle, appliedTitle } = await saveAndApply(page, 'rexmonster', '');

    await page.goto(siteUrl('rexmonster', '/seeker/saved-jobs'));
    await expect(page.locator('h1').textContent()).resolves.toBe('Saved jobs');
    await expect(page.locator('[data-saved-job] .job-card h3').allTextContents()).resolves.toEqual([
      savedTitle,
    ]);
    await expect(page.locator('[data-saved-job] .badge').textContent()).resolves.toBe('Open');
    await page.screenshot({ path: 'test-results/saved-jobs-en-desktop.png', fullPage: true });

    await page.goto(siteUrl('rexmonster', '/seeker/applications'));
    await expect(page.locator('h1').textContent()).resolves.toBe('My applications');
    const item = page.locator('[data-application]');
    await expect(item.locator('.job-card h3').allTextContents()).resolves.toEqual([appliedTitle]);
    await expect(item.locator('.badge').textContent()).resolves.toBe('Sent');
    await expect(item.locator('dd').nth(1).textContent()).resolves.toBe('My profile');
    await page.screenshot({ path: 'test-results/applications-en-desktop.png', fullPage: true });

    // The dashboard counts both; the user menu links both pages.
    await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
    await expect(page.locator('[data-saved-count]').getAttribute('data-saved-count')).resolves.toBe(
      '1',
    );
    await expect(
      page.locator('[data-application-count]').getAttribute('data-application-count'),
    ).resolves.toBe('1');
    const menu = await page
      .locator('details.user-menu a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(menu).toEqual(expect.arrayContaining(['/seeker/saved-jobs', '/seeker/applications']));

    // Removing it from the list empties the list.
    await page.goto(siteUrl('rexmonster', '/seeker/saved-jobs'));
    await page.locator('[data-saved-job] button[type=submit]').click();
    await page.waitForURL(/\/seeker\/saved-jobs$/);
    expect(await page.locator('[data-saved-job]').count()).toBe(0);
    await context.close();
  });

  it('shows them right to left in Arabic on a phone', async () => {
    const { context, page } = await newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.201' },
    });
    const a = account('mylistsar', '971');
    await register(page, 'monstergulf', '/ar', a);
    const { savedTitle, appliedTitle } = await saveAndApply(page, 'monstergulf', '/ar');

    await page.goto(siteUrl('monstergulf', '/ar/seeker/saved-jobs'));
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await expect(page.locator('h1').textContent()).resolves.toBe('الوظائف المحفوظة');
    await expect(page.locator('[data-saved-job] .job-card h3').allTextContents()).resolves.toEqual([
      savedTitle,
    ]);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: 'test-results/saved-jobs-ar-phone.png', fullPage: true });

    await page.goto(siteUrl('monstergulf', '/ar/seeker/applications'));
    await expect(page.locator('h1').textContent()).resolves.toBe('طلباتي');
    await expect(
      page.locator('[data-application] .job-card h3').allTextContents(),
    ).resolves.toEqual([appliedTitle]);
    await expect(page.locator('[data-application] .badge').textContent()).resolves.toBe('أُرسل');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: 'test-results/applications-ar-phone.png', fullPage: true });
    await context.close();
  });
});

describe('saving a job as a guest', () => {
  it('asks the guest to log in, then offers to save that job', async () => {
    const me = account('mysaveguest');
    const first = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.206' } });
    await register(first.page, 'rexmonster', '', me);
    await first.context.close();

    const { context, page } = await newPage();
    const [href, title] = (await firstJobs(page, 'rexmonster', ''))[0]!;
    await page.goto(siteUrl('rexmonster', href), { waitUntil: 'networkidle' });
    await page.locator('.save-job .save-button').first().click();
    await page.waitForURL(/\/rio\/login\?returnUrl=/);
    await passwordLogin(page, me);
    await page.waitForURL(/\/seeker\/saved-jobs\?save=\d+/);
    await expect(page.locator('.save-offer h3').textContent()).resolves.toBe(title);
    await page.locator('.save-offer .save-button').click();
    await page.waitForURL((url) => url.pathname === href);
    await page.goto(siteUrl('rexmonster', '/seeker/saved-jobs'));
    await expect(page.locator('[data-saved-job] .job-card h3').allTextContents()).resolves.toEqual([
      title,
    ]);
    await context.close();
  });
});

describe('download my data', () => {
  it("gives a ZIP whose JSON holds the seeker's own profile and nothing of anyone else's", async () => {
    const other = account('mydataother');
    const me = account('mydata');
    const { context: otherContext, page: otherPage } = await newPage({
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.202' },
    });
    await register(otherPage, 'rexmonster', '', other);
    await otherContext.close();
    const { context, page } = await newPage({
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.203' },
    });
    await register(page, 'rexmonster', '', me);
    await page.goto(siteUrl('rexmonster', '/seeker/settings'));
    await page.locator('#your-data a[href$="/seeker/my-data"]').click();
    await page.waitForURL(/\/seeker\/my-data$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Download my data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#export-form button').click(),
    ]);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const text = strFromU8(zip['my-data.json']!);
    const data = JSON.parse(text);
    expect(data.account.users[0].email).toBe(me.email);
    expect(data.account.users[0].name).toBe(me.name);
    expect(data.profile.seeker_profiles).toHaveLength(1);
    for (const theirs of [other.email, other.mobile]) expect(text).not.toContain(theirs);
    // The link works for its owner only: another seeker's session gets a 404.
    const exportId = /download=([0-9a-f-]{36})/.exec(download.url())![1]!;
    const { context: thief, page: thiefPage } = await newPage();
    await thiefPage.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(thiefPage, other);
    const answer = await thiefPage.goto(
      siteUrl('rexmonster', `/seeker/my-data?download=${exportId}`),
    );
    expect(answer?.status()).toBe(404);
    await expect(thiefPage.locator('.alert-error').textContent()).resolves.toContain(
      'This download has expired or is not yours.',
    );
    await thief.close();
    await context.close();
  });
});

describe('delete my account', () => {
  it('deletes the account from Settings; logging in then only offers to restore it', async () => {
    const me = account('mydelete');
    const { context, page } = await newPage({
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.204' },
    });
    await register(page, 'rexmonster', '', me);
    await page.goto(siteUrl('rexmonster', '/seeker/settings'));
    await page.locator('#your-data a[href$="/seeker/delete-account"]').click();
    await page.waitForURL(/\/seeker\/delete-account$/);
    // A wrong password is refused with the field's message.
    await page.locator('#delete-password').fill('wrongpass123');
    await page.locator('#delete-account button[type=submit]').click();
    await expect(page.locator('#delete-password-error').textContent()).resolves.toContain(
      'The password is not correct',
    );
    await page.locator('#delete-password').fill(me.password);
    await page.locator('#delete-account button[type=submit]').click();
    await page.locator('[data-deleted]').waitFor();
    await expect(page.locator('h1').textContent()).resolves.toBe('Your account is deleted');

    // Logged out at once: the dashboard asks for a login.
    await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
    await page.waitForURL(/\/rio\/login/);
    // Logging in does not log in: it offers the restore, and still no page of the account opens.
    await passwordLogin(page, me);
    await page.waitForURL(/\/seeker\/restore-account$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Restore your account?');
    await page.screenshot({ path: 'test-results/restore-account-en.png', fullPage: true });
    await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
    await page.waitForURL(/\/rio\/login/);
    expect(await page.locator('details.user-menu').count()).toBe(0);
    await context.close();
  });
});

describe('my data and deletion in Arabic on a phone', () => {
  it('reads right to left and fits the screen', async () => {
    const { context, page } = await newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.205' },
    });
    await register(page, 'monstergulf', '/ar', account('mydataar', '971'));
    for (const [path, heading] of [
      ['/ar/seeker/my-data', 'تنزيل بياناتي'],
      ['/ar/seeker/delete-account', 'حذف حسابي'],
    ] as const) {
      await page.goto(siteUrl('monstergulf', path));
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await expect(page.locator('h1').textContent()).resolves.toBe(heading);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const name = path.split('/').at(-1);
      await page.screenshot({ path: `test-results/${name}-ar-phone.png`, fullPage: true });
    }
    // An empty password is refused in Arabic, with a 4xx.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#delete-account button[type=submit]').click(),
    ]);
    expect(answer.status()).toBe(422);
    await expect(page.locator('#delete-password-error').textContent()).resolves.toContain(
      'يُرجى إدخال كلمة المرور',
    );
    await context.close();
  });
});
