/**
 * The ResumeDrop island (src/islands/ResumeDrop) rendered on the server (react-dom/server, as Astro renders it before hydration) and
 * its message helpers. The upload itself is covered by the endpoint's integration and e2e tests.
 */
import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '~/lib/api-client/client';
import { NETWORK_ERROR, UPLOAD_FAILED } from '~/lib/api-client/messages';
import { getT, type Translate } from '~/lib/i18n';
import { RESUME_MESSAGES, RESUME_TOO_MANY_UPLOADS } from '~/lib/validation/resume';
import {
  continueUrl,
  failureMessage,
  formatExperience,
  parsedRows,
} from '~/islands/ResumeDrop/messages';
import ResumeDrop, { UploadedResumeView } from '~/islands/ResumeDrop/ResumeDrop';
import { resumeDropStrings } from '~/islands/ResumeDrop/strings';
import type { UploadedResume } from '~/islands/ResumeDrop/types';

/** t as the middleware gives it to pages (TFunction's overloads don't fit Translate directly). */
const translate =
  (lang: 'en' | 'ar'): Translate =>
  (key, options) =>
    getT(lang)(key, options ?? {});
const en = resumeDropStrings(translate('en'));
const ar = resumeDropStrings(translate('ar'));
const props = {
  strings: en,
  site: { context: 'rexmonster', countryAbv: 'in' },
  lang: 'en' as const,
  locale: 'en-IN',
  continueHref: '/seeker/registration',
  id: 'home-resume',
};

const RESUME: UploadedResume = {
  resumeId: '5b1c7a58-6a43-4c4e-9d0b-0d8a6f0a0c11',
  fileName: 'priya-sharma.docx',
  format: 'docx',
  size: 6522,
  parseStatus: 'parsed',
  parsed: {
    name: 'Priya Sharma',
    email: 'priya.sharma@example.com',
    phone: { isd: '91', number: '9845012345' },
    skills: ['Java', 'Spring Boot'],
    experience: { years: 8, months: 6 },
    designation: 'Senior Software Engineer',
    company: 'Infosys Limited',
    education: [{ degree: 'B.Tech', institute: 'NIT Trichy', year: 2017 }],
    linkedIn: null,
  },
};

const view = (p: ComponentProps<typeof UploadedResumeView>) =>
  renderToStaticMarkup(createElement(UploadedResumeView, p));

const failure = (message: string, reason: ApiFailure['reason'] = 'api'): ApiFailure => ({
  ok: false,
  message,
  errors: [],
  status: 0,
  httpStatus: 422,
  reason,
});

describe('ResumeDrop (server render)', () => {
  const html = renderToStaticMarkup(createElement(ResumeDrop, props));

  it('shows the box with its title, picker button and the allowed formats', () => {
    expect(html).toContain(
      '<h2 id="home-resume" class="resume-drop__title">Upload your resume</h2>',
    );
    expect(html).toContain('Choose file</button>');
    expect(html).toContain('doc, docx, rtf, txt or pdf, up to 6MB');
    expect(html).toMatch(
      /role="region"[^>]*aria-labelledby="home-resume"|aria-labelledby="home-resume"[^>]*role="region"/,
    );
  });

  it('has a file input that accepts the five formats, hidden behind the button, and no inline style (CSP)', () => {
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('type="file"');
    expect(input).toContain('accept=".doc,.docx,.rtf,.txt,.pdf,');
    expect(input).toContain('aria-hidden="true"');
    expect(input).toContain('tabindex="-1"');
    expect(input).toContain('class="resume-drop__input"');
    expect(html).not.toContain('style=');
  });

  it('renders in Arabic with the Arabic strings', () => {
    const arabic = renderToStaticMarkup(
      createElement(ResumeDrop, { ...props, strings: ar, lang: 'ar' }),
    );
    expect(arabic).toContain(ar.title);
    expect(arabic).not.toContain('Upload your resume');
  });
});

describe('UploadedResumeView', () => {
  it('lists the parsed fields and links on with the resume id', () => {
    const html = view({
      resume: RESUME,
      strings: en,
      locale: 'en-IN',
      continueHref: '/seeker/registration',
      headingId: 'r',
    });
    expect(html).toContain('<bdi>priya-sharma.docx</bdi> is saved.');
    expect(html).toContain('<dt>Name</dt><dd><bdi>Priya Sharma</bdi></dd>');
    expect(html).toContain('<dt>Mobile number</dt><dd><bdi>+91 9845012345</bdi></dd>');
    expect(html).toContain('<dt>Total experience</dt><dd><bdi>8 years 6 months</bdi></dd>');
    expect(html).toContain('<dt>Education</dt><dd><bdi>B.Tech, NIT Trichy, 2017</bdi></dd>');
    expect(html).toContain(`href="/seeker/registration?resume=${RESUME.resumeId}"`);
    expect(html).toContain('Continue to registration');
    expect(html).toContain(`href="/api/resumes/${RESUME.resumeId}"`);
    expect(html).not.toContain('LinkedIn');
  });

  it('says nothing was read when the parse found no field, and still links on', () => {
    const empty: UploadedResume = {
      ...RESUME,
      parseStatus: 'failed',
      parsed: {
        ...RESUME.parsed,
        name: null,
        email: null,
        phone: null,
        skills: [],
        experience: null,
        designation: null,
        company: null,
        education: [],
      },
    };
    const html = view({
      resume: empty,
      strings: en,
      locale: 'en-IN',
      continueHref: '/hi/seeker/registration?x=1',
      headingId: 'r',
    });
    expect(html).toContain(en.nothingRead);
    expect(html).not.toContain('<dl');
    expect(html).not.toContain(en.errors.uploadFailed);
    expect(html).toContain(`href="/hi/seeker/registration?x=1&amp;resume=${RESUME.resumeId}"`);
  });
});

describe('messages', () => {
  it('translates the SPEC §5 and §8 messages the server answers', () => {
    for (const [issue, message] of Object.entries(RESUME_MESSAGES)) {
      expect(failureMessage(failure(message), ar)).toBe(
        ar.errors[issue as keyof typeof RESUME_MESSAGES],
      );
    }
    expect(failureMessage(failure(UPLOAD_FAILED), ar)).toBe(ar.errors.uploadFailed);
    expect(failureMessage(failure(RESUME_TOO_MANY_UPLOADS), en)).toBe(en.errors.tooMany);
    expect(failureMessage(failure(NETWORK_ERROR, 'timeout'), en)).toBe(en.errors.network);
    expect(failureMessage(failure('Something unexpected'), en)).toBe('Something unexpected');
    expect(en.errors.size).toBe('File size must be less than or equal to 6MB');
  });

  it('formats experience with each language’s plurals', () => {
    expect(formatExperience({ years: 1, months: 0 }, 'en-IN', en.experienceJoin)).toBe('1 year');
    expect(formatExperience({ years: 8, months: 1 }, 'en-IN', en.experienceJoin)).toBe(
      '8 years 1 month',
    );
    // Arabic has a dual: two years is one word.
    expect(formatExperience({ years: 2, months: 3 }, 'ar-AE-u-nu-latn', ar.experienceJoin)).toBe(
      'سنتان و3 أشهر',
    );
  });

  it('adds the resume id to a continue link that has a query or a fragment', () => {
    expect(continueUrl('/seeker/registration', 'abc')).toBe('/seeker/registration?resume=abc');
    expect(continueUrl('/seeker/profile?tab=1#top', 'abc')).toBe(
      '/seeker/profile?tab=1&resume=abc#top',
    );
  });

  it('leaves empty fields out of the rows', () => {
    const rows = parsedRows({ ...RESUME.parsed, email: null, skills: [] }, en, 'en-IN');
    expect(rows.map(([label]) => label)).toEqual([
      'Name',
      'Mobile number',
      'Current designation',
      'Current company',
      'Total experience',
      'Education',
    ]);
  });
});
