/**
 * Account forms (SPEC §5 formats and messages, verbatim), the return-path rule that keeps the
 * login from being an open redirect, the CSRF verdicts and the security headers.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  ACCOUNT_MESSAGES,
  EducationSchema,
  EmploymentSchema,
  JobPreferenceSchema,
  OtpCodeSchema,
  PasswordLoginSchema,
  accountFormSchema,
  changePasswordSchema,
  fieldMessages,
  formToObject,
  messageKey,
  personalSchema,
  type AccountFormName,
} from '~/lib/validation/account';
import {
  formSchema,
  otpLoginSchema,
  otpRequestSchema,
  registrationSchema,
} from '~/lib/validation/account-mobile';
import { SendOtpV2Body, VerifyOtpBody } from '~/lib/validation/account-api';
import { BuilderEducationSchema } from '~/lib/validation/builder';
import { typedDigits, typedWholeNumber } from '~/lib/validation/digits';
import { ExpectedSalarySchema, ExperienceSchema } from '~/lib/validation/profile';
import { safeReturnPath } from '~/lib/auth/return-url';
import { checkCsrf } from '~/server/http/csrf';
import { applySecurityHeaders } from '~/server/http/security-headers';
import { resources } from '~/lib/i18n/resources';

const ISD = ['91'];
/** The first message per field of a parse, or {} when it passes. */
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldMessages(result.issues);
};
const validRegistration = {
  careerStage: 'fresher',
  name: 'Asha Rao',
  email: 'Asha.Rao@Example.com',
  password: 'secret123',
  isdCode: '91',
  mobile: '9876543210',
};

describe('registration (step 1)', () => {
  it('accepts a valid form and normalises it', () => {
    const out = v.parse(registrationSchema(ISD), { ...validRegistration, isdCode: '+91' });
    expect(out).toEqual({
      ...validRegistration,
      email: 'asha.rao@example.com',
      mobile: '+919876543210',
    });
  });

  it("reads a mobile of the site's countries as typed there, kept in E.164", () => {
    const gulf = ['971', '966', '974', '968', '965', '973'];
    const out = (isdCode: string, mobile: string, codes = gulf) =>
      v.safeParse(registrationSchema(codes), { ...validRegistration, isdCode, mobile });
    expect(out('971', '050 123 4567').output).toMatchObject({
      isdCode: '971',
      mobile: '+971501234567',
    });
    // Typed with another offered code than the one chosen: the typed code wins.
    expect(out('966', '+974 3312 3456').output).toMatchObject({
      isdCode: '974',
      mobile: '+97433123456',
    });
    expect(out('65', '+65 9123 4567', ['65']).output).toMatchObject({ mobile: '+6591234567' });
    // A landline, or a code the site does not offer: SPEC §5's message on the mobile field.
    expect(
      errorsOf(registrationSchema(gulf), {
        ...validRegistration,
        isdCode: '971',
        mobile: '04 123 4567',
      }).mobile,
    ).toBe('Enter a Valid Mobile Number');
    expect(
      errorsOf(registrationSchema(['65']), {
        ...validRegistration,
        isdCode: '65',
        mobile: '+852 5123 4567',
      }).mobile,
    ).toBe('Enter a Valid Mobile Number');
    expect(
      errorsOf(otpRequestSchema(['852']), { isdCode: '852', mobile: '2123 4567' }).mobile,
    ).toBe('please enter a valid mobile number');
  });

  it('gives the SPEC §5 mobile messages verbatim', () => {
    expect(errorsOf(registrationSchema(ISD), { ...validRegistration, mobile: '' }).mobile).toBe(
      'Please Enter Mobile Number',
    );
    for (const bad of ['12345', '5876543210', '98765432', '9876543210123456', '98765x3210']) {
      expect(errorsOf(registrationSchema(ISD), { ...validRegistration, mobile: bad }).mobile).toBe(
        'Enter a Valid Mobile Number',
      );
    }
    // 10 to 15 digits starting 6-9; spaces and dashes typed by people are dropped.
    for (const good of ['6000000000', '987654321012345', '98765 43210', '98765-43210']) {
      expect(errorsOf(registrationSchema(ISD), { ...validRegistration, mobile: good })).toEqual({});
    }
  });

  it('checks the name (letters and spaces, 2-30), email, password and ISD code', () => {
    const errors = errorsOf(registrationSchema(ISD), {
      careerStage: 'student',
      name: 'R2D2',
      email: 'a@b',
      password: 'short',
      isdCode: '44',
      mobile: '9876543210',
    });
    expect(errors).toEqual({
      careerStage: ACCOUNT_MESSAGES.careerStageRequired,
      name: 'Please enter a name of 2-30 letters',
      email: 'Please enter a valid email address',
      password: ACCOUNT_MESSAGES.passwordRule,
      isdCode: ACCOUNT_MESSAGES.isdInvalid,
    });
    expect(errorsOf(registrationSchema(ISD), { ...validRegistration, name: 'A' }).name).toBe(
      'Please enter a name of 2-30 letters',
    );
    expect(
      errorsOf(registrationSchema(ISD), { ...validRegistration, name: 'x'.repeat(31) }).name,
    ).toBe('Please enter a name of 2-30 letters');
    // Names in Devanagari and Arabic are letters too.
    expect(errorsOf(registrationSchema(ISD), { ...validRegistration, name: 'आशा राव' })).toEqual(
      {},
    );
    expect(errorsOf(registrationSchema(ISD), { ...validRegistration, name: 'محمد علي' })).toEqual(
      {},
    );
    expect(
      errorsOf(registrationSchema(ISD), { ...validRegistration, password: 'lettersonly' }).password,
    ).toBe(ACCOUNT_MESSAGES.passwordRule);
  });

  it('reports missing fields with their own messages', () => {
    expect(errorsOf(registrationSchema(ISD), {})).toEqual({
      careerStage: ACCOUNT_MESSAGES.careerStageRequired,
      name: ACCOUNT_MESSAGES.nameRequired,
      email: ACCOUNT_MESSAGES.emailRequired,
      password: ACCOUNT_MESSAGES.passwordRequired,
      mobile: 'Please Enter Mobile Number',
    });
    // A site of one code needs no choice; a code it does not offer is refused.
    expect(errorsOf(registrationSchema(ISD), { isdCode: '44' }).isdCode).toBe(
      ACCOUNT_MESSAGES.isdInvalid,
    );
  });
});

describe('login and OTP', () => {
  it('needs an email and a password', () => {
    expect(errorsOf(PasswordLoginSchema, { email: 'x', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: ACCOUNT_MESSAGES.passwordRequired,
    });
  });

  it("gives 'please enter a valid mobile number' and 'please enter a valid otp'", () => {
    expect(errorsOf(otpRequestSchema(ISD), { isdCode: '91', mobile: '123' }).mobile).toBe(
      'please enter a valid mobile number',
    );
    expect(errorsOf(otpRequestSchema(ISD), { isdCode: '91', mobile: '' }).mobile).toBe(
      'please enter a valid mobile number',
    );
    for (const otp of ['', '12345', '1234567', 'abcdef', '12 456']) {
      expect(errorsOf(otpLoginSchema(ISD), { isdCode: '91', mobile: '9876543210', otp }).otp).toBe(
        'please enter a valid otp',
      );
    }
    expect(v.parse(OtpCodeSchema, ' 012345 ')).toBe('012345');
  });

  it('validates the API bodies with the same messages', () => {
    expect(v.safeParse(SendOtpV2Body, { channel: 'fax' }).success).toBe(false);
    expect(v.parse(SendOtpV2Body, { mobile: 9876543210 }).channel).toBe('sms');
    const wrong = v.safeParse(VerifyOtpBody, { mobile: '9876543210', otp: 12 });
    expect(wrong.success ? [] : wrong.issues.map((i) => i.message)).toEqual([
      'please enter a valid otp',
    ]);
  });
});

describe('registration steps', () => {
  it('asks professionals, not freshers, for their experience', () => {
    const personal = { dateOfBirth: '15-08-1995', gender: 'female', currentLocation: 'Pune' };
    expect(errorsOf(personalSchema('fresher'), personal)).toEqual({});
    expect(errorsOf(personalSchema('professional'), personal)).toEqual({
      experienceYears: 'Please update your experience.',
      experienceMonths: 'Please update your experience.',
    });
    expect(v.parse(personalSchema('fresher'), personal).dateOfBirth).toBe('1995-08-15');
    expect(
      errorsOf(personalSchema('fresher'), { ...personal, currentLocation: '' }).currentLocation,
    ).toBe('Please select your current location.');
    expect(
      errorsOf(personalSchema('fresher'), { ...personal, currentLocation: 'Pune 411001' })
        .currentLocation,
    ).toBe('Please enter your city name.');
    expect(
      errorsOf(personalSchema('fresher'), { ...personal, dateOfBirth: '31-02-1995' }),
    ).toHaveProperty('dateOfBirth');
  });

  it('gives the employment messages of SPEC §5', () => {
    expect(errorsOf(EmploymentSchema, { isCurrent: 'on' })).toEqual({
      designation: 'Please specify your Current Designation',
      company: 'Please specify your Current Company',
      startDate: 'Please specify a valid date range.',
      noticePeriod: 'Please specify your notice period',
      currentSalary: 'Please specify your current salary',
      salaryMode: 'Please specify salary mode',
    });
    const job = {
      designation: 'Engineer',
      company: 'Acme',
      startDate: '2020-01-01',
      currentSalary: '1,200,000',
      salaryMode: 'annually',
    };
    // A current job needs its notice period, and a last working date while serving notice.
    expect(errorsOf(EmploymentSchema, { ...job, isCurrent: 'on' })).toEqual({
      noticePeriod: 'Please specify your notice period',
    });
    expect(errorsOf(EmploymentSchema, { ...job, isCurrent: 'on', noticePeriod: '0' })).toEqual({
      lastWorkingDate: 'Please specify your last working date',
    });
    // A past job ends on or after its start.
    expect(errorsOf(EmploymentSchema, { ...job, endDate: '2019-12-31' })).toEqual({
      endDate: 'Please specify a valid date range.',
    });
    const ok = v.parse(EmploymentSchema, { ...job, endDate: '31/12/2022' });
    expect(ok).toMatchObject({ endDate: '2022-12-31', isCurrent: false, currentSalary: 1_200_000 });
  });

  it('gives the education messages of SPEC §5', () => {
    expect(errorsOf(EducationSchema, {})).toEqual({
      qualification: 'Please specify your Highest Qualification',
      passingYear: 'Please specify your passing year',
    });
    expect(errorsOf(EducationSchema, { qualification: 'btech', passingYear: '2015' })).toEqual({
      specialization: 'Please specify your Specialization',
      institute: 'Please specify your Institute',
    });
    expect(errorsOf(EducationSchema, { qualification: '12th', passingYear: '2015' })).toEqual({
      board: 'Please specify your board',
      medium: 'Please specify your medium',
    });
  });

  it('gives the job preference messages of SPEC §5', () => {
    expect(errorsOf(JobPreferenceSchema, {})).toEqual({
      preferredLocations: 'Please select your preferred location.',
      skills: 'Please select skills.',
    });
    expect(
      errorsOf(JobPreferenceSchema, { preferredLocations: 'Pune', skills: 'Java, SQL, java' })
        .skills,
    ).toBe('This Skill is already added.');
    expect(
      v.parse(JobPreferenceSchema, { preferredLocations: 'Pune, pune ,Mumbai', skills: 'Java' }),
    ).toMatchObject({ preferredLocations: ['Pune', 'Mumbai'], skills: ['Java'] });
  });

  it('checks new passwords against the confirmation and the current one', () => {
    expect(
      errorsOf(changePasswordSchema(true), {
        currentPassword: 'secret123',
        newPassword: 'n3wsecret',
        confirmPassword: 'other123',
      }),
    ).toEqual({ confirmPassword: ACCOUNT_MESSAGES.passwordMismatch });
    expect(
      errorsOf(changePasswordSchema(true), {
        currentPassword: 'secret123',
        newPassword: 'secret123',
        confirmPassword: 'secret123',
      }),
    ).toEqual({ newPassword: ACCOUNT_MESSAGES.passwordSame });
    expect(
      errorsOf(changePasswordSchema(false), {
        newPassword: 'n3wpassword',
        confirmPassword: 'n3wpassword',
      }),
    ).toEqual({});
  });

  it('has a schema for every form name the island can be given', () => {
    const names: AccountFormName[] = [
      'registration',
      'passwordLogin',
      'otpRequest',
      'otpLogin',
      'otpEntry',
      'changePassword',
      'setPassword',
      'personalFresher',
      'personalProfessional',
      'employment',
      'education',
      'jobPreference',
    ];
    for (const name of names) expect(formSchema(name, ISD)).toBeDefined();
    // account.ts alone has the forms without a number (no mobile rule loaded with it).
    expect(() => accountFormSchema('registration', ISD)).toThrow(/account-mobile/);
    expect(accountFormSchema('passwordLogin', ISD)).toBeDefined();
  });
});

describe('messages', () => {
  it('are translated in every language, keyed by their English text', () => {
    for (const [key, english] of Object.entries(ACCOUNT_MESSAGES)) {
      expect(messageKey(english)).toBe(key);
      const en = (resources.en?.account as { messages: Record<string, string> }).messages;
      expect(en[key]).toBe(english);
      for (const lang of ['hi', 'ar']) {
        const own = (resources[lang]?.account as { messages: Record<string, string> }).messages;
        expect(own[key], `${lang} ${key}`).toBeTruthy();
        expect(own[key], `${lang} ${key}`).not.toBe(english);
      }
    }
    expect(messageKey('something else')).toBeUndefined();
  });

  it('reads form values as strings, the first of each name', () => {
    const form = new FormData();
    form.append('a', '1');
    form.append('a', '2');
    form.append('file', new Blob(['x']), 'x.txt');
    expect(formToObject(form)).toEqual({ a: '1' });
  });
});

describe('return paths (no open redirect)', () => {
  it.each([
    ['/search/results?q=java#top', '/search/results?q=java#top'],
    ['/ar/seeker/dashboard', '/ar/seeker/dashboard'],
    ['/seeker/../search/results', '/search/results'],
  ])('keeps same-site path %s', (raw, path) => expect(safeReturnPath(raw)).toBe(path));

  it.each([
    'https://evil.example/',
    'http://evil.example/search/results',
    '//evil.example/x',
    '///evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/%0d%0aSet-Cookie:x',
    'javascript:alert(1)',
    'data:text/html,x',
    '/\tevil',
    '',
    '   ',
    '/rio/login?returnUrl=/x',
    '/hi/rio/sign-out',
    '/api/middleware/logout',
    'x'.repeat(3000),
  ])('refuses %s', (raw) => {
    const path = safeReturnPath(raw, 'rexmonster.localhost:4321');
    // Percent-encoded text stays encoded inside a path: harmless, but it is still a path.
    if (path !== null) expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
    if (raw !== '/%0d%0aSet-Cookie:x') expect(path).toBeNull();
  });

  it('accepts an absolute URL only on the request host', () => {
    expect(
      safeReturnPath('http://rexmonster.localhost:4321/a?b=1', 'rexmonster.localhost:4321'),
    ).toBe('/a?b=1');
    expect(
      safeReturnPath('http://monstergulf.localhost:4321/a', 'rexmonster.localhost:4321'),
    ).toBeNull();
    expect(
      safeReturnPath('http://user:pw@rexmonster.localhost:4321/a', 'rexmonster.localhost:4321'),
    ).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });
});

describe('CSRF guard', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  const host = 'rexmonster.localhost:4321';

  it('lets safe methods through', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(checkCsrf(method, headers({ origin: 'https://evil.example' }), host).ok).toBe(true);
  });

  it('accepts posts from this host or another host of the same site', () => {
    expect(checkCsrf('POST', headers({ origin: `http://${host}` }), host).ok).toBe(true);
    expect(checkCsrf('POST', headers({ origin: `https://${host}` }), host, [], 'https').ok).toBe(
      true,
    );
    expect(
      checkCsrf(
        'POST',
        headers({ origin: 'https://jobharbor.in' }),
        'www.jobharbor.in',
        ['www.jobharbor.in', 'jobharbor.in'],
        'https',
      ).ok,
    ).toBe(true);
    expect(checkCsrf('POST', headers({ 'sec-fetch-site': 'same-origin' }), host).ok).toBe(true);
    expect(
      checkCsrf('DELETE', headers({ referer: `http://${host}/seeker/settings` }), host).ok,
    ).toBe(true);
  });

  it('refuses foreign, null and missing origins for every body type', () => {
    expect(checkCsrf('POST', headers({ origin: 'https://evil.example' }), host)).toEqual({
      ok: false,
      reason: 'foreign-origin',
    });
    expect(checkCsrf('POST', headers({ origin: 'null' }), host).ok).toBe(false);
    // The same host under another scheme is another origin.
    expect(checkCsrf('POST', headers({ origin: `https://${host}` }), host, [], 'http')).toEqual({
      ok: false,
      reason: 'foreign-origin',
    });
    expect(checkCsrf('POST', headers({ referer: `http://${host}/x` }), host, [], 'https').ok).toBe(
      false,
    );
    expect(checkCsrf('PUT', headers({ 'sec-fetch-site': 'cross-site' }), host).ok).toBe(false);
    expect(checkCsrf('POST', headers({ 'sec-fetch-site': 'same-site' }), host).ok).toBe(false);
    expect(checkCsrf('POST', headers({ referer: 'https://evil.example/' }), host).ok).toBe(false);
    expect(checkCsrf('POST', headers({ 'content-type': 'application/json' }), host)).toEqual({
      ok: false,
      reason: 'no-origin',
    });
    // A look-alike host is not the same host.
    expect(
      checkCsrf('POST', headers({ origin: 'http://rexmonster.localhost.evil.example:4321' }), host)
        .ok,
    ).toBe(false);
  });
});

describe('security headers', () => {
  it('adds nosniff, framing, referrer and CSP additions; HSTS only over HTTPS', () => {
    const plain = new Headers({ 'content-security-policy': "script-src 'self' 'sha256-x'" });
    applySecurityHeaders(plain, false);
    expect(plain.get('x-content-type-options')).toBe('nosniff');
    expect(plain.get('x-frame-options')).toBe('DENY');
    expect(plain.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(plain.get('content-security-policy')).toContain("script-src 'self' 'sha256-x'");
    expect(plain.has('strict-transport-security')).toBe(false);
    const secure = new Headers();
    applySecurityHeaders(secure, true);
    expect(secure.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(secure.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('adds the policy directives once when a rewritten page passes twice (the 404 page)', () => {
    const headers = new Headers({ 'content-security-policy': "script-src 'self' 'sha256-x'" });
    applySecurityHeaders(headers, false);
    applySecurityHeaders(headers, false);
    expect(headers.get('content-security-policy')).toBe(
      "script-src 'self' 'sha256-x'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    );
  });
});

describe('accounts configuration', () => {
  it('has working defaults: 30-day sessions, no proxy, outboxes, no Facebook', async () => {
    const { loadConfig } = await import('~/server/config');
    expect(loadConfig({})).toMatchObject({
      SESSION_DAYS: 30,
      TRUST_PROXY: false,
      FACEBOOK_APP_ID: undefined,
      FACEBOOK_APP_SECRET: undefined,
      FACEBOOK_DIALOG_URL: 'https://www.facebook.com/v19.0/dialog/oauth',
      FACEBOOK_GRAPH_URL: 'https://graph.facebook.com/v19.0',
      TWILIO_ACCOUNT_SID: undefined,
      TWILIO_API_URL: 'https://api.twilio.com',
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
    });
    expect(
      loadConfig({
        TRUST_PROXY: 'yes',
        SESSION_DAYS: '7',
        FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/v1/',
      }),
    ).toMatchObject({
      TRUST_PROXY: true,
      SESSION_DAYS: 7,
      FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/v1',
    });
  });

  it('names bad values', async () => {
    const { loadConfig } = await import('~/server/config');
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(
      /TRUST_PROXY must be true, false, or proxy addresses/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY must be/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ SESSION_DAYS: '0' })).toThrow(/SESSION_DAYS must be at least 1/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadConfig({ FACEBOOK_GRAPH_URL: 'ftp://x' })).toThrow(
      /FACEBOOK_GRAPH_URL must be/,
    );
  });
});

describe('numbers typed in other scripts and groupings', () => {
  const output = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? result.output : result.issues.map((i) => i.message);
  };

  it('reads Arabic-Indic and Devanagari digits and local grouping as the number', () => {
    expect(typedWholeNumber('٩٠٠٠')).toBe('9000');
    expect(typedWholeNumber('٩٬٠٠٠')).toBe('9000');
    expect(typedWholeNumber('९,००,०००')).toBe('900000');
    expect(typedWholeNumber('15.000.000')).toBe('15000000');
    expect(typedWholeNumber('12.5')).toBe('12.5');
    expect(typedDigits('١٢٣ ٤٥٦')).toBe('123456');
  });

  it('takes them in every number a seeker types', () => {
    const preference = { preferredLocations: 'Dubai', skills: 'Excel', salaryMode: 'monthly' };
    expect(output(JobPreferenceSchema, { ...preference, expectedSalary: '٩٠٠٠' })).toMatchObject({
      expectedSalary: 9000,
    });
    expect(
      output(ExpectedSalarySchema, { expectedSalary: '९,००,०००', salaryMode: 'annually' }),
    ).toMatchObject({ expectedSalary: 900000 });
    expect(output(JobPreferenceSchema, { ...preference, expectedSalary: '٩٠٠٠ درهم' })).toEqual([
      ACCOUNT_MESSAGES.salaryInvalid,
    ]);
    expect(output(OtpCodeSchema, '١٢٣٤٥٦')).toBe('123456');
    expect(output(ExperienceSchema, { experienceYears: '٥', experienceMonths: '११' })).toEqual({
      experienceYears: 5,
      experienceMonths: 11,
    });
    const year = new Date().getUTCFullYear() - 2;
    const devanagari = String(year).replace(/\d/g, (d) => String.fromCharCode(0x966 + Number(d)));
    expect(
      output(BuilderEducationSchema, {
        qualification: 'B.Com',
        institute: 'Delhi University',
        passingYear: devanagari,
      }),
    ).toMatchObject({ passingYear: String(year) });
  });
});
