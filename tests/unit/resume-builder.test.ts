/**
 * The resume builder: its form rules give the profile's SPEC §5 messages, the flat form fields
 * group into jobs and qualifications, and the generated PDF and DOCX hold the profile's text
 * (read back with pdftotext and mammoth) in English, Hindi and Arabic, Arabic right to left.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mammoth from 'mammoth';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { resumeDocument } from '~/lib/builder/document';
import { ACCOUNT_MESSAGES } from '~/lib/validation/account';
import { ResumeDraftSchema, draftInputFromForm } from '~/lib/validation/builder';
import { EMAIL_MESSAGE, NAME_MESSAGE, PHONE_MESSAGE } from '~/lib/validation/formats';
import { PROFILE_MESSAGES } from '~/lib/validation/profile';
import { renderResumeDocx } from '~/server/builder/docx';
import { renderResumePdf } from '~/server/builder/pdf';

const dir = mkdtempSync(path.join(tmpdir(), 'jp-builder-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LABELS = {
  en: {
    summary: 'Summary',
    experience: 'Experience',
    education: 'Education',
    skills: 'Skills',
    present: 'Present',
  },
  hi: {
    summary: 'सारांश',
    experience: 'अनुभव',
    education: 'शिक्षा',
    skills: 'कौशल',
    present: 'वर्तमान',
  },
  ar: {
    summary: 'نبذة',
    experience: 'الخبرة',
    education: 'التعليم',
    skills: 'المهارات',
    present: 'حتى الآن',
  },
};

const valid = {
  name: 'Rahul Sharma',
  email: 'rahul.sharma@example.com',
  phone: '9876543210',
  skills: 'Java, Spring Boot',
};

function messages(input: Record<string, unknown>): Record<string, string> {
  const r = v.safeParse(ResumeDraftSchema, input);
  if (r.success) return {};
  return Object.fromEntries(r.issues.map((i) => [v.getDotPath(i) ?? '', i.message]));
}

describe('builder form rules', () => {
  it('gives the SPEC messages of the profile fields', () => {
    expect(messages({ ...valid, name: 'R2-D2' }).name).toBe(NAME_MESSAGE);
    expect(messages({ ...valid, email: 'rahul@' }).email).toBe(EMAIL_MESSAGE);
    expect(messages({ ...valid, phone: '12345' }).phone).toBe(PHONE_MESSAGE);
    expect(messages({ ...valid, skills: '' }).skills).toBe(ACCOUNT_MESSAGES.skillsRequired);
    expect(messages({ ...valid, skills: 'Java, java' }).skills).toBe(
      ACCOUNT_MESSAGES.skillDuplicate,
    );
    expect(messages({ ...valid, linkedinUrl: 'https://example.com/x' }).linkedinUrl).toBe(
      PROFILE_MESSAGES.linkedInInvalid,
    );
    const job = messages({
      ...valid,
      jobs: [{ designation: '', company: '', startDate: '2020-01-01' }],
    });
    expect(job['jobs.0.designation']).toBe(ACCOUNT_MESSAGES.designationRequired);
    expect(job['jobs.0.company']).toBe(ACCOUNT_MESSAGES.companyRequired);
    expect(job['jobs.0.endDate']).toBe(ACCOUNT_MESSAGES.dateRangeInvalid);
    const backwards = messages({
      ...valid,
      jobs: [
        { designation: 'Dev', company: 'Acme', startDate: '2021-01-01', endDate: '2020-01-01' },
      ],
    });
    expect(backwards['jobs.0.endDate']).toBe(ACCOUNT_MESSAGES.dateRangeInvalid);
    const edu = messages({
      ...valid,
      educations: [{ qualification: 'B.Tech', institute: '', passingYear: '' }],
    });
    expect(edu['educations.0.institute']).toBe(ACCOUNT_MESSAGES.instituteRequired);
    expect(edu['educations.0.passingYear']).toBe(ACCOUNT_MESSAGES.passingYearRequired);
  });

  it('accepts Hindi and Arabic names and the dd-mm-yyyy dates of the format rules', () => {
    const out = v.parse(ResumeDraftSchema, {
      ...valid,
      name: 'أحمد خان',
      jobs: [{ designation: 'Dev', company: 'Acme', startDate: '01-03-2021', isCurrent: 'on' }],
    });
    expect(out.jobs[0]!.startDate).toBe('2021-03-01');
    expect(v.parse(ResumeDraftSchema, { ...valid, name: 'राहुल शर्मा' }).name).toBe('राहुल शर्मा');
  });

  it('groups flat form fields by row, in order, and leaves empty rows out', () => {
    const input = draftInputFromForm({
      name: 'Rahul Sharma',
      'jobs.1.designation': 'Java Developer',
      'jobs.1.company': 'Infosys',
      'jobs.0.designation': 'Senior Java Developer',
      'jobs.0.company': 'Acme',
      'jobs.2.designation': '',
      'jobs.2.company': ' ',
      'educations.0.institute': 'IIT Delhi',
    });
    expect(input.jobs.map((j) => j.company)).toEqual(['Acme', 'Infosys']);
    expect(input.educations).toEqual([{ institute: 'IIT Delhi' }]);
    expect(input.name).toBe('Rahul Sharma');
  });
});

const PROFILES = {
  en: {
    name: 'Rahul Sharma',
    headline: 'Senior Java Developer',
    summary: 'Backend engineer with eight years of Java and PostgreSQL.',
    skills: 'Java, Spring Boot, PostgreSQL',
    jobs: [
      {
        designation: 'Senior Java Developer',
        company: 'Acme Software',
        startDate: '2021-03-01',
        isCurrent: 'on',
      },
    ],
    educations: [
      {
        qualification: 'B.Tech',
        specialization: 'Computer Science',
        institute: 'IIT Delhi',
        passingYear: '2016',
      },
    ],
  },
  hi: {
    name: 'राहुल शर्मा',
    headline: 'वरिष्ठ सॉफ़्टवेयर इंजीनियर',
    summary: 'जावा और स्प्रिंग में आठ साल का अनुभव।',
    skills: 'Java, प्रबंधन',
    jobs: [
      {
        designation: 'वरिष्ठ इंजीनियर',
        company: 'एक्मे सॉफ़्टवेयर',
        startDate: '2021-03-01',
        isCurrent: 'on',
      },
    ],
    educations: [{ qualification: 'बी.टेक', institute: 'दिल्ली विश्वविद्यालय', passingYear: '2016' }],
  },
  ar: {
    name: 'أحمد خان',
    headline: 'مطور برمجيات أول',
    summary: 'مهندس برمجيات بخبرة ثماني سنوات.',
    skills: 'Java, إدارة المشاريع',
    jobs: [
      {
        designation: 'مطور برمجيات أول',
        company: 'شركة أكمي',
        startDate: '2021-03-01',
        isCurrent: 'on',
      },
    ],
    educations: [
      { qualification: 'بكالوريوس', institute: 'جامعة الملك سعود', passingYear: '2016' },
    ],
  },
} as const;

type Lang = keyof typeof PROFILES;
const draftOf = (lang: Lang, template = 'classic') =>
  v.parse(ResumeDraftSchema, {
    email: 'seeker@example.com',
    phone: '9876543210',
    location: 'Pune',
    ...PROFILES[lang],
    template,
  });

/** Text of a PDF as pdftotext reads it (poppler-utils), spaces collapsed. */
function pdfText(bytes: Uint8Array, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .replace(/[\u200E\u200F\u202A-\u202E]/g, '')
    .replace(/\s+/g, ' ');
}

/**
 * Per text line below the header: its leftmost start or rightmost end (pdftotext -bbox). Words
 * whose tops are within 6 points share a line (Latin and Arabic fonts have different ascents).
 */
function lineEdges(file: string, edge: 'start' | 'end'): number[] {
  const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"/g)]
    .map((m) => ({ start: Number(m[1]), top: Number(m[2]), end: Number(m[3]) }))
    .filter((w) => w.top > 120)
    .sort((a, b) => a.top - b.top);
  const lines: { top: number; xs: number[] }[] = [];
  for (const w of words) {
    const x = edge === 'start' ? w.start : w.end;
    const last = lines.at(-1);
    if (last && w.top - last.top <= 6) last.xs.push(x);
    else lines.push({ top: w.top, xs: [x] });
  }
  expect(lines.length).toBeGreaterThan(5);
  return lines.map((l) => (edge === 'start' ? Math.min(...l.xs) : Math.max(...l.xs)));
}

// Making a PDF embeds and subsets fonts: a few seconds each on a busy 2-core machine.
describe('generated documents hold the profile', { timeout: 60_000 }, () => {
  for (const template of ['classic', 'modern', 'compact'] as const) {
    it(`PDF in English (${template})`, async () => {
      const draft = draftOf('en', template);
      const text = pdfText(
        await renderResumePdf(resumeDocument(draft, 'en', LABELS.en)),
        `en-${template}`,
      );
      for (const s of [
        'Rahul Sharma',
        'Senior Java Developer — Acme Software',
        'Mar 2021 – Present',
        'seeker@example.com',
        '9876543210',
        'Java · Spring Boot · PostgreSQL',
        'B.Tech, Computer Science — IIT Delhi',
        'Backend engineer with eight years of Java and PostgreSQL.',
      ]) {
        expect(text).toContain(s);
      }
    });
  }

  it('PDF in Hindi: Devanagari text reads back as typed', async () => {
    const text = pdfText(
      await renderResumePdf(resumeDocument(draftOf('hi'), 'hi', LABELS.hi)),
      'hi',
    );
    for (const s of [
      'राहुल शर्मा',
      'वरिष्ठ सॉफ़्टवेयर इंजीनियर',
      'वरिष्ठ इंजीनियर — एक्मे सॉफ़्टवेयर',
      'बी.टेक — दिल्ली विश्वविद्यालय',
      'जावा और स्प्रिंग में आठ साल का अनुभव।',
      'कौशल',
    ]) {
      expect(text).toContain(s);
    }
  });

  for (const template of ['classic', 'modern', 'compact'] as const) {
    it(`PDF in Arabic (${template}): every field reads back exactly as typed`, async () => {
      const text = pdfText(
        await renderResumePdf(resumeDocument(draftOf('ar', template), 'ar', LABELS.ar)),
        `ar-${template}`,
      );
      const p = PROFILES.ar;
      for (const s of [
        p.name,
        p.headline,
        p.summary,
        'مطور برمجيات أول — شركة أكمي',
        'حتى الآن',
        'بكالوريوس — جامعة الملك سعود',
        'إدارة المشاريع',
        'Java',
        'seeker@example.com',
        '9876543210',
        ...Object.values(LABELS.ar).filter((l) => l !== LABELS.ar.present),
      ]) {
        expect(text).toContain(s);
      }
    });
  }

  it('PDF in Arabic: right-aligned, lines right to left', async () => {
    pdfText(await renderResumePdf(resumeDocument(draftOf('ar'), 'ar', LABELS.ar)), 'ar');
    // Right to left: below the centred header every line ends at the right margin (A4 is
    // 595.28 points wide, margins 48), while the English resume's lines start at the left one.
    expect(lineEdges(path.join(dir, 'ar.pdf'), 'end').every((x) => x > 540 && x < 548)).toBe(true);
    expect(
      lineEdges(path.join(dir, 'en-classic.pdf'), 'start').every((x) => x > 47 && x < 52),
    ).toBe(true);
  });

  it('DOCX in English and Arabic holds the same text (mammoth), Arabic marked right to left', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const bytes = await renderResumeDocx(resumeDocument(draftOf(lang), lang, LABELS[lang]));
      const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
      const p = PROFILES[lang];
      for (const s of [
        p.name,
        p.headline,
        p.summary,
        `${p.jobs[0].designation} — ${p.jobs[0].company}`,
        'seeker@example.com',
      ]) {
        expect(value).toContain(s);
      }
      const file = path.join(dir, `${lang}.docx`);
      writeFileSync(file, bytes);
      const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
      expect(xml.includes('<w:bidi/>')).toBe(lang === 'ar');
    }
  });
});

describe('bidi in the documents', { timeout: 60_000 }, () => {
  // Arabic-Indic digits with the Arabic percent sign, Latin words with a version number,
  // brackets on both sides of Arabic words, European digits.
  const summary =
    'خفضت زمن الاستجابة بنسبة ٤٠٪ في عام ٢٠٢٣ باستخدام Spring Boot 3.2 و PostgreSQL (بدوام كامل) مع فريق من 12 مهندسا';
  const arabicDraft = () =>
    v.parse(ResumeDraftSchema, {
      email: 'seeker@example.com',
      phone: '9876543210',
      ...PROFILES.ar,
      headline: 'مطور برمجيات أول (بدوام كامل)',
      summary,
      jobs: [{ ...PROFILES.ar.jobs[0], company: 'شركة أكمي (دبي)' }],
      template: 'classic',
    });
  const ARABIC_LETTER = /\p{Script=Arabic}/u;
  const hasArabicLetter = (word: string) =>
    [...word].some((c) => ARABIC_LETTER.test(c) && /\p{L}/u.test(c));

  /**
   * The words of the PDF line that holds `marker`, left to right as drawn (pdftotext -bbox). The
   * letters of an Arabic word come in glyph order, right to left: they are turned back to the
   * order they are read in, so the line compares with the words as typed.
   */
  function wordsLeftToRight(file: string, marker: string): string[] {
    const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const words = [
      ...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g),
    ].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3]! }));
    const line = words.find((w) => w.text === marker);
    expect(line, marker).toBeDefined();
    return words
      .filter((w) => Math.abs(w.y - line!.y) < 3)
      .sort((a, b) => a.x - b.x)
      .map((w) => (hasArabicLetter(w.text) ? [...w.text].reverse().join('') : w.text));
  }

  it('PDF in Arabic: digits, percent, brackets and Latin words where a reader expects them', async () => {
    const bytes = await renderResumePdf(resumeDocument(arabicDraft(), 'ar', LABELS.ar));
    const text = pdfText(bytes, 'ar-bidi');
    // Read back in reading order: numbers not reversed, brackets around their words.
    for (const s of [
      'مطور برمجيات أول (بدوام كامل)',
      'شركة أكمي (دبي)',
      '٢٠٢٣',
      'Spring Boot 3.2',
      '12',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('٤٠');
    expect(text).not.toContain('٠٤');
    expect(text).not.toContain('٣٢٠٢');
    expect(text).not.toContain('3.2 Spring');
    expect(text).not.toContain(')بدوام');

    // As drawn, left to right: the paragraph runs right to left, each Latin or number run left
    // to right inside it; ٤٠٪ is read ٤٠ then ٪, so the sign stands left of the digits.
    expect(wordsLeftToRight(path.join(dir, 'ar-bidi.pdf'), 'Spring')).toEqual([
      'مهندسا',
      '12',
      'من',
      'فريق',
      'مع',
      'كامل)',
      '(بدوام',
      'PostgreSQL',
      'و',
      'Spring',
      'Boot',
      '3.2',
      'باستخدام',
      '٢٠٢٣',
      'عام',
      'في',
      '٪٤٠',
      'بنسبة',
      'الاستجابة',
      'زمن',
      'خفضت',
    ]);
  });

  it('DOCX in Arabic: the text as typed, Arabic runs right to left, Latin words and digits left to right', async () => {
    const bytes = await renderResumeDocx(resumeDocument(arabicDraft(), 'ar', LABELS.ar));
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    expect(value).toContain(summary);
    expect(value).toContain('مطور برمجيات أول (بدوام كامل)');
    const file = path.join(dir, 'ar-bidi.docx');
    writeFileSync(file, bytes);
    const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
    const runs = [
      ...xml.matchAll(/<w:r>(?:<w:rPr>([\s\S]*?)<\/w:rPr>)?<w:t[^>]*>([^<]*)<\/w:t><\/w:r>/g),
    ].map((m) => ({ rtl: (m[1] ?? '').includes('<w:rtl/>'), text: m[2]! }));
    const direction = (text: string) => runs.find((r) => r.text.trim() === text)?.rtl;
    expect(direction('Spring Boot 3.2')).toBe(false);
    expect(direction('PostgreSQL')).toBe(false);
    expect(direction('٢٠٢٣')).toBe(false);
    expect(direction('٤٠')).toBe(false);
    expect(direction('(بدوام كامل) مع فريق من')).toBe(true);
    expect(direction('خفضت زمن الاستجابة بنسبة')).toBe(true);
  });
});
