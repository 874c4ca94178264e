/**
 * Accounts as a person uses them in Chromium: registering as a fresher and as a professional on
 * two sites, logging out, logging in with a password and with an OTP read from the SMS outbox,
 * the spec's messages for wrong passwords and OTPs and the lockout, a returnUrl to another host
 * refused, a guest's apply completed after login, the 5-job limit, and one user never seeing
 * another's applications. Forged cross-site POSTs and security headers: request-forgery.test.ts.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { get, port, siteUrl } from './helpers';
import {
  account,
  enhanced,
  type Answer,
  form,
  latestOtp,
  logout,
  newPage,
  originOf,
  passwordLogin,
  post,
  registerByPost,
  useBrowser,
} from './accounts-helpers';

useBrowser();

const fresher = account('fresher');
const professional = account('pro', '971');

describe('registration', () => {
  it('checks the form in the browser with the SPEC messages before sending it', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('rexmonster', '/seeker/registration'));
    await enhanced(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.locator('[name=name]').fill('A');
    await page.locator('[name=mobile]').fill('12345');
    await page.locator('#registration button[type=submit]').click();
    // The mobile rule loads on the form's first focus; a submit before it lands waits for it.
    await expect
      .poll(() => page.locator('[data-error-for=mobile]').textContent())
      .toBe('Enter a Valid Mobile Number');
    await page.locator('[name=mobile]').fill('');
    await page.locator('#registration button[type=submit]').click();
    await expect(page.locator('[data-error-for=mobile]').textContent()).resolves.toBe(
      'Please Enter Mobile Number',
    );
    await expect(page.locator('[data-error-for=name]').textContent()).resolves.toBe(
      'Please enter a name of 2-30 letters',
    );
    expect(await page.locator('[name=mobile]').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    expect(page.url()).toBe(siteUrl('rexmonster', '/seeker/registration'));
    await context.close();
  });

  it('checks it on the server without JavaScript, keeping what was typed', async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto(siteUrl('rexmonster', '/seeker/registration'));
    await page.locator('[name=name]').fill('Asha Rao');
    await page.locator('[name=email]').fill('not-an-email');
    await page.locator('[name=mobile]').fill('5123456789');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#registration button[type=submit]').click(),
    ]);
    expect(response.status()).toBe(422);
    await page.waitForLoadState();
    await expect(page.locator('[data-error-for=mobile]').textContent()).resolves.toBe(
      'Enter a Valid Mobile Number',
    );
    await expect(page.locator('[data-error-for=email]').textContent()).resolves.toBe(
      'Please enter a valid email address',
    );
    expect(await page.locator('[name=name]').inputValue()).toBe('Asha Rao');
    await context.close();
  });

  it('registers a fresher on the India site step by step, skipping employment', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('rexmonster', '/seeker/registration'));
    await page.locator('input[name=careerStage][value=fresher]').check();
    await page.locator('[name=name]').fill(fresher.name);
    await page.locator('[name=email]').fill(fresher.email);
    await page.locator('[name=password]').fill(fresher.password);
    await page.locator('[name=mobile]').fill(fresher.mobile);
    await page.locator('#registration button[type=submit]').click();
    await page.waitForURL(/\/seeker\/personal$/);

    await page.locator('[name=dateOfBirth]').fill('2002-05-20');
    await page.locator('[name=gender]').selectOption('female');
    await page.locator('[name=currentLocation]').fill('Pune');
    expect(await page.locator('[name=experienceYears]').count()).toBe(0);
    await page.locator('#personal button[type=submit]').click();
    await page.waitForURL(/\/seeker\/education$/);

    // Leaving and coming back resumes at the step the seeker is at.
    await page.goto(siteUrl('rexmonster', '/seeker/registration'));
    await page.waitForURL(/\/seeker\/education$/);
    await page.goto(siteUrl('rexmonster', '/seeker/employment'));
    await page.waitForURL(/\/seeker\/education$/);

    await page.locator('[name=qualification]').selectOption('btech');
    await page.locator('#education button[type=submit]').click();
    await expect(page.locator('[data-error-for=specialization]').textContent()).resolves.toBe(
      'Please specify your Specialization',
    );
    await page.locator('[name=specialization]').fill('Computer Science');
    await page.locator('[name=institute]').fill('College of Engineering Pune');
    await page.locator('[name=passingYear]').selectOption('2024');
    await page.locator('#education button[type=submit]').click();
    await page.waitForURL(/\/seeker\/job-preference$/);

    expect(await page.locator('[name=preferredLocations]').inputValue()).toBe('Pune');
    await page.locator('[name=skills]').fill('Java, SQL, java');
    await page.locator('#job-preference button[type=submit]').click();
    await expect(page.locator('[data-error-for=skills]').textContent()).resolves.toBe(
      'This Skill is already added.',
    );
    await page.locator('[name=skills]').fill('Java, SQL');
    await page.locator('#job-preference button[type=submit]').click();
    await page.waitForURL(/\/seeker\/dashboard$/);
    await expect(page.locator('details.user-menu summary').textContent()).resolves.toContain(
      fresher.name,
    );
    const cookie = (await context.cookies()).find((c) => c.name === 'MSSOCLIENT');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await logout(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('You have signed out');
    expect((await context.cookies()).find((c) => c.name === 'MSSOCLIENT')).toBeUndefined();
    await page.goto(siteUrl('rexmonster', '/seeker/dashboard'));
    await page.waitForURL(/\/rio\/login\?returnUrl=%2Fseeker%2Fdashboard$/);
    await context.close();
  });

  it('registers a professional on the Gulf site in Arabic, with employment', async () => {
    const { context, page } = await newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    await page.goto(siteUrl('monstergulf', '/ar/seeker/registration'));
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    // The site's own dialling codes (SPEC §3 Gulf list), none chosen: a Gulf number's country
    // is the seeker's to say (values: the labels gain country names from isd.json).
    const isd = await page
      .locator('[name=isdCode] option')
      .evaluateAll((options) => options.map((o) => `+${(o as HTMLOptionElement).value}`));
    expect(isd).toEqual(['+', '+971', '+966', '+974', '+968', '+965', '+973']);
    expect(await page.locator('[name=isdCode]').inputValue()).toBe('');
    await page.locator('input[name=careerStage][value=professional]').check();
    await page.locator('[name=name]').fill(professional.name);
    await page.locator('[name=email]').fill(professional.email);
    await page.locator('[name=password]').fill(professional.password);
    await page.locator('[name=isdCode]').selectOption('971');
    // A UAE mobile as it is written there: 050 123 4567.
    const m = professional.mobile;
    await page.locator('[name=mobile]').fill(`${m.slice(0, 3)} ${m.slice(3, 6)} ${m.slice(6)}`);
    await page.screenshot({ path: 'test-results/registration-ar-phone.png', fullPage: true });
    await page.locator('#registration button[type=submit]').click();
    await page.waitForURL(/\/ar\/seeker\/personal$/);

    await enhanced(page);
    await page.locator('#personal button[type=submit]').click();
    // Translated messages in Arabic, from the same schema in the browser.
    await expect(page.locator('[data-error-for=experienceYears]').textContent()).resolves.toBe(
      'يرجى تحديث خبرتك.',
    );
    await page.locator('[name=dateOfBirth]').fill('1990-01-15');
    await page.locator('[name=gender]').selectOption('male');
    await page.locator('[name=currentLocation]').fill('Dubai');
    await page.locator('[name=experienceYears]').selectOption('8');
    await page.locator('[name=experienceMonths]').selectOption('4');
    await page.locator('#personal button[type=submit]').click();
    await page.waitForURL(/\/ar\/seeker\/employment$/);

    await page.locator('[name=designation]').fill('Site Engineer');
    await page.locator('[name=company]').fill('Emirates Build');
    await page.locator('[name=startDate]').fill('2018-03-01');
    await page.locator('[name=noticePeriod]').selectOption('30');
    await page.locator('[name=currentSalary]').fill('18000');
    await page.locator('[name=salaryMode]').selectOption('monthly');
    await page.locator('#employment button[type=submit]').click();
    await page.waitForURL(/\/ar\/seeker\/education$/);

    await page.locator('[name=qualification]').selectOption('btech');
    await page.locator('[name=specialization]').fill('Civil');
    await page.locator('[name=institute]').fill('American University of Sharjah');
    await page.locator('[name=passingYear]').selectOption('2012');
    await page.locator('#education button[type=submit]').click();
    await page.waitForURL(/\/ar\/seeker\/job-preference$/);
    await page.locator('[name=preferredLocations]').fill('Dubai, Abu Dhabi');
    await page.locator('[name=skills]').fill('AutoCAD, Project Management');
    await page.locator('#job-preference button[type=submit]').click();
    await page.waitForURL(/\/ar\/seeker\/dashboard$/);
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    // Kept in E.164, shown back the UAE's way.
    await page.goto(siteUrl('monstergulf', '/ar/seeker/settings'));
    const shown = `+971 ${m.slice(1, 3)} ${m.slice(3, 6)} ${m.slice(6)}`;
    await expect(page.locator('dd span[dir=ltr]').allTextContents()).resolves.toContainEqual(
      expect.stringContaining(shown),
    );

    await logout(page);
    expect(page.url()).toMatch(/\/ar\/rio\/sign-out$/);

    // Back by OTP, the number typed as at home with its trunk 0; the SMS went to E.164.
    await page.goto(siteUrl('monstergulf', '/ar/rio/login'));
    await enhanced(page);
    await page.locator('#otp-request [name=isdCode]').selectOption('971');
    await page.locator('#otp-request [name=mobile]').fill(`(${m.slice(0, 3)}) ${m.slice(3)}`);
    await page.locator('#otp-request button[type=submit]').click();
    await page.waitForSelector('#otp-verify');
    await expect(page.locator('#otp-verify .field-hint').textContent()).resolves.toContain(shown);
    await enhanced(page);
    await page.locator('#otp-verify [name=otp]').fill(latestOtp(`+971${m.slice(1)}`));
    await page.locator('#otp-verify button[value=verify-otp]').click();
    await page.waitForURL(/\/ar\/seeker\/dashboard$/);
    await context.close();
  });

  it('pre-fills registration from an uploaded resume and gives the resume to the new account', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('rexmonster', '/'));
    // Upload as the home page's box does: a fetch from the page, so the guest cookie sticks.
    const file = readFileSync('tests/fixtures/resumes/priya-sharma.docx').toString('base64');
    const upload = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const body = new FormData();
      body.append('file', new File([bytes], 'priya-sharma.docx'));
      const response = await fetch('/api/falcon/api/public/users/v1/upload-and-parse-resume', {
        method: 'POST',
        body,
      });
      return { status: response.status, json: await response.json() };
    }, file);
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const { resumeId, parsed } = upload.json.data as {
      resumeId: string;
      parsed: { name: string | null };
    };
    await page.goto(siteUrl('rexmonster', `/seeker/registration?resume=${resumeId}`));
    await expect(page.locator('.alert-info').textContent()).resolves.toContain('priya-sharma.docx');
    expect(await page.locator('[name=name]').inputValue()).toBe(parsed.name ?? '');
    expect(await page.locator('[name=email]').inputValue()).toMatch(/@/);
    // Another browser (no guest cookie) gets no pre-fill for the same id.
    const stranger = await get('rexmonster.localhost', `/seeker/registration?resume=${resumeId}`);
    expect(stranger.body).not.toContain('priya-sharma.docx');

    const own = account('resume');
    await page.locator('input[name=careerStage][value=professional]').check();
    await page.locator('[name=email]').fill(own.email);
    await page.locator('[name=password]').fill(own.password);
    await page.locator('[name=mobile]').fill(own.mobile);
    await page.locator('#registration button[type=submit]').click();
    await page.waitForURL(/\/seeker\/personal$/);
    // The resume is now the account's: its download answers for this user.
    const download = await page.evaluate(
      async (id) => (await fetch(`/api/resumes/${id}`)).status,
      resumeId,
    );
    expect(download).toBe(200);
    await context.close();
  });
});

describe('login', () => {
  it('logs in with the password and returns to where the visitor was', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('rexmonster', '/search/walkin-jobs'));
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/rio\/login\?returnUrl=%2Fsearch%2Fwalkin-jobs$/);
    await passwordLogin(page, { email: fresher.email.toUpperCase(), password: fresher.password });
    await page.waitForURL(siteUrl('rexmonster', '/search/walkin-jobs'));
    await expect(page.locator('details.user-menu summary').textContent()).resolves.toContain(
      fresher.name,
    );
    await context.close();
  });

  it('refuses a returnUrl to another host', async () => {
    const { context, page } = await newPage();
    for (const evil of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example']) {
      await page.goto(siteUrl('rexmonster', `/rio/login?returnUrl=${encodeURIComponent(evil)}`));
      expect(await page.locator('input[name=returnUrl]').count()).toBe(0);
      await passwordLogin(page, fresher);
      await page.waitForURL(siteUrl('rexmonster', '/seeker/dashboard'));
      expect(new URL(page.url()).host).toBe(`rexmonster.localhost:${port()}`);
      await logout(page);
    }
    // The SPEC's form POST with a returnUrl field is refused the same way.
    const answer = await post(
      'rexmonster.localhost',
      '/rio/login',
      form({
        intent: 'password',
        email: fresher.email,
        password: fresher.password,
        returnUrl: 'https://evil.example/',
      }),
      { origin: originOf('rexmonster') },
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/seeker/dashboard');
    await context.close();
  });

  it('gives the message for a wrong password and makes that client wait, not the owner', async () => {
    const victim = account('lock');
    await registerByPost('rexmonster', victim);
    // The attacker and the owner are different clients (the portal trusts X-Forwarded-For here).
    const attacker = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.50' } });
    await attacker.page.goto(siteUrl('rexmonster', '/rio/login'));
    for (let i = 0; i < 3; i++) {
      await passwordLogin(attacker.page, { email: victim.email, password: 'wrong-password-9' });
      await expect(attacker.page.locator('[data-error-for=password]').textContent()).resolves.toBe(
        'The email or password is not correct',
      );
    }
    // Further tries make the attacker wait longer each time, until even the right password waits.
    let held = false;
    for (let i = 0; i < 8 && !held; i++) {
      await passwordLogin(attacker.page, { email: victim.email, password: 'wrong-password-9' });
      held = (await attacker.page.locator('.account-card .alert-error').count()) > 0;
    }
    expect(held).toBe(true);
    await passwordLogin(attacker.page, victim);
    await expect(
      attacker.page.locator('.account-card .alert-error').first().textContent(),
    ).resolves.toMatch(/^Too many failed attempts\. Please try again in \d+ minutes?\.$/);
    expect(attacker.page.url()).toContain('/rio/login');
    await attacker.context.close();

    // The owner, from their own address, logs in at once.
    const owner = await newPage({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.50' } });
    await owner.page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(owner.page, victim);
    expect(owner.page.url()).not.toContain('/rio/login');
    await owner.context.close();
  });

  it('logs in with an OTP from the outbox, with wrong codes, resend and lockout', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('rexmonster', '/rio/login?returnUrl=%2Fsearch%2Fresults'));
    await enhanced(page);
    await page.locator('#otp-request [name=mobile]').fill('123');
    await page.locator('#otp-request button[type=submit]').click();
    await expect
      .poll(() => page.locator('#otp-request [data-error-for=mobile]').textContent())
      .toBe('please enter a valid mobile number');
    await page.locator('#otp-request [name=mobile]').fill(fresher.mobile);
    await page.locator('#otp-request button[type=submit]').click();
    await page.waitForSelector('#otp-verify');
    await expect(page.locator('.alert-info').textContent()).resolves.toContain('+91 ');
    const code = latestOtp(`+91${fresher.mobile}`);

    await enhanced(page);
    await page.locator('#otp-verify [name=otp]').fill('12');
    await page.locator('#otp-verify button[value=verify-otp]').click();
    await expect
      .poll(() => page.locator('[data-error-for=otp]').textContent())
      .toBe('please enter a valid otp');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.locator('#otp-verify [name=otp]').fill(wrong);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#otp-verify button[value=verify-otp]').click(),
    ]);
    await page.waitForLoadState();
    await expect(page.locator('[data-error-for=otp]').textContent()).resolves.toBe(
      'please enter a valid otp',
    );
    // Resend right away: the cooldown says how long to wait.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#otp-verify button[value=send-otp]').click(),
    ]);
    await page.waitForLoadState();
    await expect(page.locator('.account-card .alert-error').nth(1).textContent()).resolves.toMatch(
      /^Please wait \d+ seconds before requesting another OTP\.$/,
    );
    await page.locator('#otp-verify [name=otp]').fill(code);
    await page.locator('#otp-verify button[value=verify-otp]').click();
    await page.waitForURL(siteUrl('rexmonster', '/search/results'));
    await expect(page.locator('details.user-menu summary').textContent()).resolves.toContain(
      fresher.name,
    );
    await context.close();

    // The same code does not work twice.
    const reuse = await post(
      'rexmonster.localhost',
      '/rio/login',
      form({ intent: 'verify-otp', isdCode: '91', mobile: fresher.mobile, otp: code }),
      { origin: originOf('rexmonster') },
    );
    expect(reuse.status).toBe(422);
    expect(reuse.body).toContain('please enter a valid otp');
  });

  it('kills an OTP after five wrong codes', async () => {
    const target = account('otplock');
    await registerByPost('rexmonster', target);
    const send = await post(
      'rexmonster.localhost',
      '/api/rio/api/public/anonymous-users/v1/send-otp',
      JSON.stringify({ isdCode: '91', mobile: target.mobile }),
      { origin: originOf('rexmonster'), 'content-type': 'application/json' },
    );
    expect(send.status, send.body).toBe(200);
    expect(JSON.parse(send.body).data).toMatchObject({ channel: 'sms', resendAfterSeconds: 30 });
    const code = latestOtp(`+91${target.mobile}`);
    const wrong = code === '999999' ? '888888' : '999999';
    const verify = (otp: string) =>
      post(
        'rexmonster.localhost',
        '/api/rio/api/public/anonymous-users/v1/verify-otp',
        JSON.stringify({ isdCode: '91', mobile: target.mobile, otp }),
        { origin: originOf('rexmonster'), 'content-type': 'application/json' },
      );
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await verify(wrong)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const last = await verify(code);
    expect(last.status).toBe(429);
    expect(JSON.parse(last.body).error).toBe('Too many wrong OTPs. Please request a new one.');
  });
});

describe('applying', () => {
  it('sends a guest who applies to log in, then completes the apply', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('rexmonster', '/'));
    const jobHref = await page.locator('a[href^="/job/"]').first().getAttribute('href');
    await page.goto(siteUrl('rexmonster', jobHref as string));
    const title = (await page.locator('h1').first().textContent())?.trim() ?? '';
    await page.locator('.apply-button').first().click();
    await page.waitForURL(/\/rio\/login\?returnUrl=/);
    await passwordLogin(page, fresher);
    await page.waitForURL(/\/search\/applied-success\?jobIds=\d+/);
    await expect(page.locator('[data-testid=applied-jobs] h3').allTextContents()).resolves.toEqual([
      title,
    ]);
    await page.screenshot({ path: 'test-results/applied-success-en.png', fullPage: true });

    // Back on the job page, it says so instead of offering to apply (the page itself is the
    // cached one every visitor gets; the seeker's part arrives after it).
    // The apply state at the top is an island: wait until it arrived. The button at the end of
    // the page goes with it.
    await page.goto(siteUrl('rexmonster', jobHref as string), { waitUntil: 'networkidle' });
    await expect(page.locator('.applied-mark').textContent()).resolves.toContain(
      'You have applied to this job',
    );
    expect(await page.locator('.apply-button').count()).toBe(1);
    await expect(page.locator('.apply-button').isVisible()).resolves.toBe(false);
    // Applying again to the same job (a form sent twice) does not make a second application.
    const jobId = /-(\d+)$/.exec(jobHref as string)![1]!;
    const again = await page.evaluate(
      async ({ jobId, jobHref }) =>
        (
          await fetch('/seeker/apply', {
            method: 'POST',
            body: new URLSearchParams({ jobIds: jobId, returnUrl: jobHref }),
          })
        ).url,
      { jobId, jobHref: jobHref as string },
    );
    expect(again).toMatch(/\/search\/applied-success/);
    await page.goto(siteUrl('rexmonster', '/search/applied-success'));
    const all = await page.locator('[data-testid=recent-applications] h3').allTextContents();
    expect(all.filter((t) => t.trim() === title)).toHaveLength(1);
    await context.close();
  });

  it('applies to several jobs from the results, at most 5 for a fresher', async () => {
    const { context, page } = await newPage();
    await page.goto(siteUrl('rexmonster', '/rio/login'));
    await passwordLogin(page, fresher);
    await page.waitForURL(/\/seeker\/dashboard$/);
    await page.goto(siteUrl('rexmonster', '/search/results'));
    const boxes = page.locator('input[type=checkbox][name=jobIds][form=apply-form]');
    expect(await boxes.count()).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < 6; i++) await boxes.nth(i).check();
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('#apply-form button[type=submit]').click(),
    ]);
    expect(refused.status()).toBe(422);
    await expect(page.locator('.alert-error').textContent()).resolves.toBe(
      'You can apply to at most 5 jobs at a time.',
    );
    await page.goBack();
    await page.goto(siteUrl('rexmonster', '/search/results'));
    for (let i = 0; i < 2; i++) await boxes.nth(i).check();
    await page.locator('#apply-form button[type=submit]').click();
    await page.waitForURL(/\/search\/applied-success\?jobIds=/);
    expect(await page.locator('[data-testid=applied-jobs] h3').count()).toBe(2);
    await context.close();
  });

  it("never shows one seeker another's applications", async () => {
    const other = account('other');
    const registered = await registerByPost('rexmonster', other);
    const cookie = String(registered.headers['set-cookie']).split(';')[0] as string;
    // The fresher applied to jobs above; ask for every job id the home page shows.
    const home = await get('rexmonster.localhost', '/');
    const ids = [...home.body.matchAll(/href="\/job\/[^"]*-(\d+)"/g)].map((m) => m[1]).join(',');
    const page = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: port(),
          path: `/search/applied-success?jobIds=${ids}`,
          headers: { host: `rexmonster.localhost:${port()}`, cookie },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('data-testid="applied-jobs"');
    expect(page.body).toContain('You have not applied to any job yet.');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });
});
