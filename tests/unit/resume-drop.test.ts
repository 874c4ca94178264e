/**
 * The resume drop zone's texts and pure logic (src/lib/resume-drop/strings.ts,
 * src/lib/resume-drop/): the SPEC §5 messages by issue in every language, which file is
 * uploaded, what the upload's answer shows, the fields read from a resume, the continue link.
 * The island's HTML and the upload in a browser are covered by tests/e2e/resume-drop.test.ts,
 * the endpoint by the integration and e2e resume tests.
 */
import { describe, expect, it } from 'vitest';
import { resumeDropStrings } from '~/lib/resume-drop/strings';
import type { ApiFailure } from '~/lib/api-client/client';
import { NETWORK_ERROR, UPLOAD_FAILED } from '~/lib/api-client/messages';
import { getT, type Translate } from '~/lib/i18n';
import { chooseFile, stateAfterUpload } from '~/lib/resume-drop/flow';
import {
  aroundFileName,
  continueUrl,
  failureMessage,
  fill,
  formatEducation,
  formatExperience,
  parsedRows,
} from '~/lib/resume-drop/messages';
import type { UploadedResume } from '~/lib/resume-drop/types';
import { EMPTY_PARSE } from '~/server/resumes/parse/types';
import {
  checkResumeFile,
  RESUME_FORMAT_MESSAGE,
  RESUME_MESSAGES,
  RESUME_TOO_MANY_UPLOADS,
} from '~/lib/validation/resume';

/** t as the middleware gives it to pages (TFunction's overloads don't fit Translate directly). */
const translate =
  (lang: 'en' | 'hi' | 'ar'): Translate =>
  (key, options) =>
    getT(lang)(key, options ?? {});
const en = resumeDropStrings(translate('en'));
const hi = resumeDropStrings(translate('hi'));
const ar = resumeDropStrings(translate('ar'));

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

const failure = (message: string, reason: ApiFailure['reason'] = 'api'): ApiFailure => ({
  ok: false,
  message,
  errors: [],
  status: 0,
  httpStatus: 422,
  reason,
});

describe('strings', () => {
  it('has the box texts in English, Hindi and Arabic', () => {
    expect(en.title).toBe('Upload your resume');
    expect(en.choose).toBe('Choose file');
    expect(en.formats).toBe('doc, docx, rtf, txt or pdf, up to 6MB');
    expect(en.continue).toBe('Continue to registration');
    for (const other of [hi, ar]) {
      expect(other.title).not.toBe(en.title);
      expect(other.choose).not.toBe(en.choose);
      expect(other.errors.format).not.toBe(en.errors.format);
    }
    expect(ar.title).toBe('حمّل سيرتك الذاتية');
  });

  it('keeps the SPEC §5 messages verbatim in English', () => {
    for (const [issue, message] of Object.entries(RESUME_MESSAGES)) {
      expect(en.errors[issue as keyof typeof RESUME_MESSAGES]).toBe(message);
    }
    expect(en.errors.size).toBe('File size must be less than or equal to 6MB');
    expect(en.errors.format).toBe('File format must be .doc, .docx, .pdf or .rtf');
  });

  it('leaves {{fileName}} in for the script to fill', () => {
    for (const strings of [en, hi, ar]) {
      expect(strings.uploading).toContain('{{fileName}}');
      expect(strings.uploadedFile).toContain('{{fileName}}');
    }
    expect(fill(en.uploading, { fileName: 'cv.pdf' })).toBe('Uploading and reading cv.pdf…');
    expect(aroundFileName(en.uploadedFile, 'cv.pdf')).toEqual(['', ' is saved.']);
    expect(aroundFileName(ar.uploadedFile, 'cv.pdf')).toEqual(['تم حفظ ', '.']);
  });
});

describe('messages', () => {
  it('gives a refused file the message of its issue, in the page’s language', () => {
    const issue = checkResumeFile({ name: 'priya-sharma.odt', size: 1000 });
    expect(issue).toBe('format');
    expect(en.errors[issue!]).toBe(RESUME_FORMAT_MESSAGE);
    expect(ar.errors[issue!]).toBe('يجب أن تكون صيغة الملف ‎.doc أو ‎.docx أو ‎.pdf أو ‎.rtf');
  });

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
    expect(failureMessage(failure(''), hi)).toBe(hi.errors.generic);
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
    expect(continueUrl('/hi/seeker/registration?x=1', 'abc')).toBe(
      '/hi/seeker/registration?x=1&resume=abc',
    );
    expect(continueUrl('/seeker/profile?tab=1#top', 'abc')).toBe(
      '/seeker/profile?tab=1&resume=abc#top',
    );
  });

  it('lists the parsed fields in profile order, formatted', () => {
    expect(parsedRows(RESUME.parsed, en, 'en-IN')).toEqual([
      ['Name', 'Priya Sharma'],
      ['Email', 'priya.sharma@example.com'],
      ['Mobile number', '+91 9845012345'],
      ['Current designation', 'Senior Software Engineer'],
      ['Current company', 'Infosys Limited'],
      ['Total experience', '8 years 6 months'],
      ['Skills', 'Java, Spring Boot'],
      ['Education', 'B.Tech, NIT Trichy, 2017'],
    ]);
    expect(formatEducation({ degree: 'MBA', institute: null, year: null })).toBe('MBA');
  });

  it('leaves empty fields out of the rows, and all of them when nothing was read', () => {
    const rows = parsedRows({ ...RESUME.parsed, email: null, skills: [] }, en, 'en-IN');
    expect(rows.map(([label]) => label)).toEqual([
      'Name',
      'Mobile number',
      'Current designation',
      'Current company',
      'Total experience',
      'Education',
    ]);
    const nothing = parsedRows({ ...EMPTY_PARSE, skills: [], education: [] }, en, 'en-IN');
    expect(nothing).toEqual([]);
  });
});

describe('choosing the file and reading the answer', () => {
  const file = (name: string, size: number) => ({ name, size }) as File;

  it('uploads one resume that passes the SPEC §5 rules, and refuses the others in the page’s language', () => {
    const cv = file('priya-sharma.pdf', 20_000);
    expect(chooseFile([cv], ar)).toEqual({ file: cv });
    expect(chooseFile([], ar)).toBeNull();
    expect(chooseFile([cv, file('cv-2.pdf', 10)], ar)).toEqual({ error: ar.errors.invalidFile });
    expect(chooseFile([file('priya-sharma.odt', 1000)], en)).toEqual({
      error: RESUME_FORMAT_MESSAGE,
    });
    expect(chooseFile([file('big.pdf', 7 * 1024 * 1024)], en)).toEqual({
      error: 'File size must be less than or equal to 6MB',
    });
    expect(chooseFile([file('empty.pdf', 0)], hi)).toEqual({ error: hi.errors.invalidFile });
  });

  it('shows the uploaded resume, or the refusal translated', () => {
    expect(stateAfterUpload({ ok: true, data: RESUME, httpStatus: 200 }, en)).toEqual({
      kind: 'done',
      resume: RESUME,
    });
    expect(stateAfterUpload(failure(RESUME_TOO_MANY_UPLOADS), ar)).toEqual({
      kind: 'idle',
      error: ar.errors.tooMany,
    });
    expect(stateAfterUpload(failure(NETWORK_ERROR, 'timeout'), en)).toEqual({
      kind: 'idle',
      error: en.errors.network,
    });
    // A success without data is not a resume.
    expect(
      stateAfterUpload({ ok: true, data: null as unknown as UploadedResume, httpStatus: 200 }, en),
    ).toEqual({ kind: 'idle', error: en.errors.generic });
  });
});
