/**
 * A resume a guest uploads with home's drop zone pre-fills registration in Chromium (the zone's
 * continue link carries it): the account step with name, email and mobile, the personal step with
 * the labelled city, the employment step with the notice period and salary it states plainly; a
 * city written without a label is only suggested.
 */
import { describe, expect, it } from 'vitest';
import { siteUrl } from './helpers';
import { newPage, useBrowser } from './accounts-helpers';

useBrowser();

const UPLOAD = '/api/falcon/api/public/users/v1/upload-and-parse-resume';

function resume(email: string, mobile: string, labelled: boolean): string {
  const details = labelled
    ? 'Current Location: Bangalore\nNotice Period: 30 days\nCurrent CTC: 18 LPA'
    : 'Bangalore';
  return `Asha Rao
${email} | +91 ${mobile}
${details}

Work Experience
Area Sales Manager | Hindustan Unilever Limited | Jul 2016 - Present

Key Skills
Trade Marketing, FMCG Sales, Distribution
`;
}

async function uploadAndRegister(labelled: boolean) {
  // An address of its own: the suite's guest uploads stay under the hourly limit per address.
  const { context, page } = await newPage({
    extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.62' },
  });
  await page.goto(siteUrl('rexmonster', '/'));
  const email = `prefill-${labelled ? 'sure' : 'unsure'}-${Date.now()}@example.com`;
  // A mobile number of its own per run: a registered one is refused.
  const mobile = `9${String(Date.now()).slice(-9)}`;
  // Through home's drop zone, as a visitor does: woken by a pointer over it, then a file picked.
  await page.locator('.resume-drop').hover();
  await page.waitForSelector('[data-resume-drop][data-ready]', { state: 'attached' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Choose file' }).click(),
  ]);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(UPLOAD) && r.request().method() === 'POST'),
    chooser.setFiles({
      name: 'asha-rao.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(resume(email, mobile, labelled)),
    }),
  ]);
  expect(answer.status()).toBe(200);
  const { resumeId } = ((await answer.json()) as { data: { resumeId: string } }).data;
  // The fields read are shown, and the link hands the resume to registration.
  await expect(page.locator('.resume-drop--done dd bdi').first().textContent()).resolves.toBe(
    'Asha Rao',
  );
  await page.getByRole('link', { name: 'Continue to registration' }).click();
  await page.waitForURL(/\/seeker\/registration\?resume=/);
  expect(new URL(page.url()).searchParams.get('resume')).toBe(resumeId);
  expect(await page.locator('[name=name]').inputValue()).toBe('Asha Rao');
  expect(await page.locator('[name=email]').inputValue()).toBe(email);
  expect(await page.locator('[name=mobile]').inputValue()).toBe(mobile);
  await page.locator('input[name=careerStage][value=professional]').check();
  await page.locator('[name=password]').fill('Harbour#2026');
  await page.locator('#registration button[type=submit]').click();
  await page.waitForURL(/\/seeker\/personal$/);
  return { context, page };
}

describe('registration pre-filled from a resume', () => {
  it('fills the steps with the fields the resume states plainly', async () => {
    const { context, page } = await uploadAndRegister(true);
    expect(await page.locator('[name=currentLocation]').inputValue()).toBe('Bengaluru');
    expect(await page.locator('[data-resume-suggestions]').count()).toBe(0);
    await page.locator('[name=dateOfBirth]').fill('1990-01-15');
    await page.locator('[name=gender]').selectOption('female');
    await page.locator('#personal button[type=submit]').click();
    await page.waitForURL(/\/seeker\/employment$/);
    expect(await page.locator('[name=designation]').inputValue()).toBe('Area Sales Manager');
    expect(await page.locator('[name=noticePeriod]').inputValue()).toBe('30');
    expect(await page.locator('[name=currentSalary]').inputValue()).toBe('1800000');
    expect(await page.locator('[name=salaryMode]').inputValue()).toBe('annually');
    await context.close();
  });

  it('only suggests a city written without a label', async () => {
    const { context, page } = await uploadAndRegister(false);
    expect(await page.locator('[name=currentLocation]').inputValue()).toBe('');
    await expect(page.locator('[data-resume-suggestions]').textContent()).resolves.toContain(
      'Bengaluru',
    );
    await context.close();
  });
});
