/**
 * The resume builder in Chromium with JavaScript off (plain form posts): a guest fills it in
 * Arabic, previews it right to left and downloads a PDF whose text is theirs; a registered
 * seeker starts from their profile, downloads the DOCX, and "save to my profile" makes the PDF
 * the resume their profile shows. With JavaScript on, the island redraws the preview as they
 * type. Screenshots go to test-results/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import mammoth from 'mammoth';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, siteUrl } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync('test-results', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now().toString(36);

async function fillBasics(page: Page, name: string, headline: string) {
  await page.fill('[name=name]', name);
  await page.fill('[name=email]', `builder-${run}@example.com`);
  await page.fill('[name=phone]', '9876501234');
  await page.fill('[name=headline]', headline);
  await page.fill('[name="jobs.0.designation"]', headline);
  await page.fill('[name="jobs.0.company"]', 'Acme');
  await page.fill('[name="jobs.0.startDate"]', '01-03-2021');
  await page.check('[name="jobs.0.isCurrent"]');
  await page.fill('[name=skills]', 'Java, SQL');
}

/** Clicks a button that answers with a file and returns the file's path. */
async function download(page: Page, intent: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`button[name=intent][value=${intent}]`),
  ]);
  const target = `test-results/builder-${run}-${intent}.${intent}`;
  await file.saveAs(target);
  return target;
}

describe('resume builder', () => {
  it('works for a guest in Arabic without JavaScript: preview, messages, PDF', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      acceptDownloads: true,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(siteUrl('monstergulf', '/ar/seeker/resume-builder'));
    await fillBasics(page, 'أحمد خان', 'مطور برمجيات أول');
    await page.fill('[name=phone]', '12345');
    await page.click('button[name=intent][value=preview]');
    // The SPEC message in Arabic next to the field, the input kept.
    await expect
      .poll(() => page.locator('[data-error-for=phone]').textContent())
      .toContain('أدخل رقم جوال صحيحًا');
    expect(await page.inputValue('[name=name]')).toBe('أحمد خان');

    await page.fill('[name=phone]', '9876501234');
    await page.check('input[name=template][value=modern]');
    await page.click('button[name=intent][value=preview]');
    const preview = page.locator('[data-resume-preview]');
    expect(await preview.getAttribute('dir')).toBe('rtl');
    expect(await preview.locator('.resume-sheet__name').textContent()).toBe('أحمد خان');
    await page.screenshot({ path: 'test-results/builder-ar-phone.png', fullPage: true });

    const pdf = await download(page, 'pdf');
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(`builder-${run}@example.com`);
    expect(text).toContain('9876501234');
    // The Arabic reads back letter for letter, dots included (خ is not ح).
    expect(text).toContain('أحمد خان');
    expect(text).toContain('مطور برمجيات أول');

    // Saving needs a login: the guest is told so and keeps the draft.
    await page.click('button[name=intent][value=save]');
    await expect.poll(() => page.locator('.alert-error').textContent()).toContain('تسجيل الدخول');
    expect(await page.inputValue('[name=name]')).toBe('أحمد خان');
    await context.close();
  });

  it('starts from the profile, downloads DOCX and saves the PDF to the profile', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
      // A client of its own (the portal trusts X-Forwarded-For here): the suite's other
      // registrations from this machine must not use up this one's hourly registration limit.
      extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.14' },
    });
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', '/seeker/registration'));
    await page.locator('input[name=careerStage][value=professional]').check();
    await page.locator('[name=name]').fill('Builder Seeker');
    await page.locator('[name=email]').fill(`builder-seeker-${run}@example.com`);
    await page.locator('[name=password]').fill('builder123');
    await page.locator('[name=mobile]').fill('9876512345');
    await page.locator('#registration button[type=submit]').click();
    await page.waitForURL(/\/seeker\/personal$/);

    // Skills on the profile make its draft complete: the download link gives the PDF at once.
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    await page.locator('#skills-skills').fill('Java, Spring');
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page
        .locator('form:has(input[name=section][value=skills]) button[type=submit]')
        .first()
        .click(),
    ]);
    const [direct] = await Promise.all([
      page.waitForEvent('download'),
      page
        .goto(siteUrl('rexmonster', '/seeker/resume-builder/download?format=pdf&template=compact'))
        .catch(() => null),
    ]);
    const directPath = `test-results/builder-${run}-direct.pdf`;
    await direct.saveAs(directPath);
    const directText = execFileSync('pdftotext', [directPath, '-'], { encoding: 'utf8' });
    expect(directText).toContain('Builder Seeker');
    expect(directText).toContain(`builder-seeker-${run}@example.com`);
    expect(directText).toContain('Java · Spring');

    await page.goto(siteUrl('rexmonster', '/seeker/resume-builder'));
    expect(await page.inputValue('[name=name]')).toBe('Builder Seeker');
    expect(await page.inputValue('[name=email]')).toBe(`builder-seeker-${run}@example.com`);
    // The profile's mobile, as its country writes it for the world.
    expect(await page.inputValue('[name=phone]')).toBe('+91 98765 12345');
    await page.fill('[name=headline]', 'Senior Java Developer');
    await page.fill('[name=summary]', 'Eight years of backend work.');
    await page.fill('[name="jobs.0.designation"]', 'Senior Java Developer');
    await page.fill('[name="jobs.0.company"]', 'Acme');
    await page.fill('[name="jobs.0.startDate"]', '2021-03-01');
    await page.check('[name="jobs.0.isCurrent"]');
    expect(await page.inputValue('[name=skills]')).toBe('Java, Spring');

    const docx = await download(page, 'docx');
    const { value } = await mammoth.extractRawText({ path: docx });
    expect(value).toContain('Builder Seeker');
    expect(value).toContain('Senior Java Developer — Acme');
    expect(value).toContain('Eight years of backend work.');

    await Promise.all([
      page.waitForURL(/resume-builder\?saved=1$/),
      page.click('button[name=intent][value=save]'),
    ]);
    expect(await page.locator('.alert-success').textContent()).toContain('saved to your profile');
    await page.goto(siteUrl('rexmonster', '/seeker/profile'));
    expect(await page.content()).toContain('Builder Seeker resume.pdf');
    await context.close();
  });

  it('starts a guest from the resume they uploaded; the download link without a usable draft goes back to the form', async () => {
    // The upload as the home page's drop box sends it, from the browser (guest cookie set).
    const context = await browser.newContext();
    const home = await context.newPage();
    await home.goto(siteUrl('rexmonster', '/'));
    const base64 = readFileSync('tests/fixtures/resumes/priya-sharma.docx').toString('base64');
    const data = await home.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new File([bytes], 'priya-sharma.docx'));
      const answer = await fetch('/api/falcon/api/public/users/v1/upload-and-parse-resume', {
        method: 'POST',
        body: form,
      });
      return ((await answer.json()) as { data: { resumeId: string } }).data;
    }, base64);
    expect(data.resumeId).toMatch(/^[0-9a-f-]{36}$/);
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', `/seeker/resume-builder?resume=${data.resumeId}`));
    expect(await page.inputValue('[name=name]')).toBe('Priya Sharma');
    expect(await page.inputValue('[name=email]')).toBe('priya.sharma@example.com');
    expect(await page.inputValue('[name=headline]')).toBe('Senior Software Engineer');
    expect(await page.inputValue('[name="jobs.0.company"]')).toBe('Infosys Limited');
    expect(await page.inputValue('[name=skills]')).toContain('Spring Boot');
    expect(await page.inputValue('[name="educations.0.institute"]')).toBe(
      'National Institute of Technology, Tiruchirappalli',
    );

    // Another browser cannot start from that resume.
    const stranger = await browser.newContext({ javaScriptEnabled: false });
    const other = await stranger.newPage();
    await other.goto(siteUrl('rexmonster', `/seeker/resume-builder?resume=${data.resumeId}`));
    expect(await other.inputValue('[name=name]')).toBe('');
    // A blank draft cannot be downloaded: the download link leads back to the form.
    await other.goto(
      siteUrl('rexmonster', '/seeker/resume-builder/download?format=pdf&template=modern'),
    );
    expect(new URL(other.url()).pathname).toBe('/seeker/resume-builder');
    expect(await other.locator('input[name=template][value=modern]').isChecked()).toBe(true);
    await stranger.close();
    await context.close();
  });

  it('redraws the preview while typing when JavaScript runs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(siteUrl('rexmonster', '/seeker/resume-builder'));
    await page.waitForSelector('astro-island:not([ssr])');
    await fillBasics(page, 'Live Preview', 'Data Analyst');
    await expect
      .poll(() => page.locator('[data-resume-preview] .resume-sheet__name').textContent())
      .toBe('Live Preview');
    await page.fill('[name=name]', 'Live Preview Two');
    await expect
      .poll(() => page.locator('[data-resume-preview] .resume-sheet__name').textContent())
      .toBe('Live Preview Two');
    await page.screenshot({ path: 'test-results/builder-en-desktop.png' });
    await context.close();
  });
});
