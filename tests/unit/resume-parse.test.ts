/**
 * The resume parser: each fixture made by a real tool gives the expected fields; common other
 * layouts; and garbage never makes it throw.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractResumeText } from '~/server/resumes/extract';
import { detectFormat } from '~/server/resumes/format';
import { findPhone, headingKind, parseResumeText, type ParsedResume } from '~/server/resumes/parse';
import { parseResumeFile } from '~/server/resumes/service';
import { SKILLS } from '~/server/reference/vocabulary';

const FIXTURES = path.resolve(__dirname, '../fixtures/resumes');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const NOW = new Date('2026-11-21T10:00:00Z');

const PRIYA: ParsedResume = {
  name: 'Priya Sharma',
  email: 'priya.sharma@example.com',
  phone: { isd: '91', number: '9845012345', e164: '+919845012345' },
  skills: [
    'Java',
    'Spring Boot',
    'Microservices',
    'React',
    'TypeScript',
    'PostgreSQL',
    'Docker',
    'Kubernetes',
    'AWS',
    'Kafka',
  ],
  // The dates (January 2017 to now) win over the rounded "8 years of experience" in the summary.
  experience: { years: 9, months: 11 },
  designation: 'Senior Software Engineer',
  company: 'Infosys Limited',
  education: [
    {
      degree: 'B.Tech in Computer Science and Engineering',
      institute: 'National Institute of Technology, Tiruchirappalli',
      year: 2017,
    },
    { degree: 'Class XII (CBSE)', institute: 'Kendriya Vidyalaya, Pune', year: 2013 },
  ],
  linkedIn: 'https://www.linkedin.com/in/priya-sharma-dev',
  // "Bengaluru" on the contact line, without a label: a suggestion, not a pre-fill.
  city: { city: 'Bengaluru', country: 'IN', confidence: 0.7 },
  noticePeriod: null,
  salary: null,
};

const MOHAMMED: ParsedResume = {
  name: 'Mohammed Al Farsi',
  email: 'm.alfarsi@example.ae',
  phone: { isd: '971', number: '501234567', e164: '+971501234567' },
  skills: [
    'Tally ERP',
    'SAP FICO',
    'VAT Returns',
    'Financial Reporting',
    'Accounts Payable',
    'Excel',
  ],
  // Mar 2015 - Mar 2019 (49 months) and Apr 2019 - Oct 2026 (91 months), both ends included.
  experience: { years: 11, months: 8 },
  designation: 'Accountant',
  company: 'Emirates Trading Co. LLC',
  education: [
    { degree: 'Bachelor of Commerce', institute: 'University of Kerala', year: 2014 },
    {
      degree: 'Chartered Accountant (Inter)',
      institute: 'Institute of Chartered Accountants of India',
      year: 2016,
    },
  ],
  linkedIn: null,
  // "Location: Dubai, United Arab Emirates"
  city: { city: 'Dubai', country: 'AE', confidence: 0.9 },
  noticePeriod: null,
  salary: null,
};

describe('each fixture gives its fields', () => {
  it.each([
    ['priya-sharma.docx (Word 2007 XML)', 'priya-sharma.docx', PRIYA],
    ['priya-sharma.doc (Word 97)', 'priya-sharma.doc', PRIYA],
    ['priya-sharma.rtf', 'priya-sharma.rtf', PRIYA],
    ['priya-sharma.pdf (exported by Writer)', 'priya-sharma.pdf', PRIYA],
    ['mohammed-al-farsi.txt', 'mohammed-al-farsi.txt', MOHAMMED],
  ])('%s', async (_, name, expected) => {
    const bytes = fixture(name);
    const outcome = await parseResumeFile(bytes, detectFormat(bytes)!, {
      now: NOW,
      defaultIsd: '91',
    });
    expect(outcome.status).toBe('parsed');
    expect(outcome.parsed).toEqual(expected);
  });

  it('the experience of the Word resume from its dates, when it states none', async () => {
    const bytes = fixture('priya-sharma.docx');
    const text = (await extractResumeText(bytes, 'docx')).replace('with 8 years of experience', '');
    // Jan 2017 - Nov 2026 ("Present" in November 2026): 119 months.
    expect(parseResumeText(text, { now: NOW }).experience).toEqual({ years: 9, months: 11 });
  });
});

const parse = (text: string, defaultIsd?: string) =>
  parseResumeText(text, { now: NOW, ...(defaultIsd ? { defaultIsd } : {}) });

describe('other layouts', () => {
  it('a name in capitals, contacts on one line, labelled totals, a "currently working as" summary', () => {
    const text = `RAHUL VERMA
rahul.verma@example.in | 98765 43210 | Noida

SUMMARY
Currently working as a Data Analyst with Acme Analytics Pvt Ltd. Total Experience: 4 Years 6 Months.

TECHNICAL SKILLS
Languages: Python, SQL, R
Tools: Tableau; Power BI; Advanced Excel

EDUCATION
MBA (Finance) from Symbiosis Institute of Business Management, 2019
B.Com | Delhi University | 2014 - 2017`;
    expect(parse(text, '91')).toEqual({
      name: 'Rahul Verma',
      email: 'rahul.verma@example.in',
      phone: { isd: '91', number: '9876543210', e164: '+919876543210' },
      skills: ['Python', 'SQL', 'R', 'Tableau', 'Power BI', 'Advanced Excel'],
      experience: { years: 4, months: 6 },
      designation: 'Data Analyst',
      company: 'Acme Analytics Pvt Ltd',
      education: [
        {
          degree: 'MBA (Finance)',
          institute: 'Symbiosis Institute of Business Management',
          year: 2019,
        },
        { degree: 'B.Com', institute: 'Delhi University', year: 2017 },
      ],
      linkedIn: null,
      city: { city: 'Noida', country: 'IN', confidence: 0.7 },
      noticePeriod: null,
      salary: null,
    });
  });

  it('"Designation at Company" entries with numeric dates; overlaps counted once', () => {
    const text = `Anita Desai
Phone: +65 9123 4567

Employment History
Product Designer at Grab Holdings Inc | 03/2021 - Present
UI/UX Designer at Shopee Pte. Ltd. | 06/2018 - 04/2021
Freelance work | 2019 - 2020

Education
Bachelor of Design, National University of Singapore, 2018`;
    const parsed = parse(text);
    expect(parsed.name).toBe('Anita Desai');
    expect(parsed.phone).toEqual({ isd: '65', number: '91234567', e164: '+6591234567' });
    expect(parsed.designation).toBe('Product Designer');
    expect(parsed.company).toBe('Grab Holdings Inc');
    // 06/2018 to 11/2026 without a gap: 102 months.
    expect(parsed.experience).toEqual({ years: 8, months: 6 });
    expect(parsed.education).toEqual([
      { degree: 'Bachelor of Design', institute: 'National University of Singapore', year: 2018 },
    ]);
  });

  it('"Company | Designation" and a name in Devanagari', () => {
    const text = `प्रिया शर्मा
Mobile: 0091-98450-12345

Work Experience
Tata Consultancy Services Ltd | Assistant Consultant
Apr 2015 to Jun 2020`;
    const parsed = parse(text);
    expect(parsed.name).toBe('प्रिया शर्मा');
    expect(parsed.phone).toEqual({ isd: '91', number: '9845012345', e164: '+919845012345' });
    expect(parsed.designation).toBe('Assistant Consultant');
    expect(parsed.company).toBe('Tata Consultancy Services Ltd');
    expect(parsed.experience).toEqual({ years: 5, months: 3 });
  });

  it('a fresher: no experience, school classes, "Name:" label', () => {
    const text = `Resume
Name: Kavya Nair
E-mail: kavya_nair@example.com

Objective
To begin my career as a software developer.

Academic Qualifications
Class X, St. Mary's School, Kochi, 2020, 94%
Class XII, St. Mary's School, Kochi, 2022, 91%
B.Sc. Computer Science, Mahatma Gandhi University, 2022 - 2025`;
    const parsed = parse(text);
    expect(parsed.name).toBe('Kavya Nair');
    expect(parsed.email).toBe('kavya_nair@example.com');
    expect(parsed.experience).toBeNull();
    expect(parsed.designation).toBeNull();
    expect(parsed.company).toBeNull();
    // The highest first (registration pre-fills the first), whatever the resume's order.
    expect(parsed.education).toEqual([
      { degree: 'B.Sc. Computer Science', institute: 'Mahatma Gandhi University', year: 2025 },
      { degree: 'Class XII', institute: "St. Mary's School, Kochi", year: 2022 },
      { degree: 'Class X', institute: "St. Mary's School, Kochi", year: 2020 },
    ]);
  });

  it('ordinary words are not skills outside a skills section', () => {
    const parsed = parse(`Meera Iyer
I excel at sales and go the extra mile; spring 2024 research on safety.`);
    expect(parsed.skills).toEqual([]);
  });

  it('explicit experience wording', () => {
    expect(parse('Software engineer with 5.5 years of experience in Java').experience).toEqual({
      years: 5,
      months: 6,
    });
    expect(parse('Over 12+ yrs of industry experience').experience).toEqual({
      years: 12,
      months: 0,
    });
    expect(parse('Experience: 3 years 2 months').experience).toEqual({ years: 3, months: 2 });
  });
});

describe('phones and headings', () => {
  it.each([
    [
      ['Mobile: +91-98450 12345'],
      undefined,
      { isd: '91', number: '9845012345', e164: '+919845012345' },
    ],
    // A Dubai landline is a phone, but not a mobile: no E.164 for the account's mobile.
    [['Tel: +971 4 390 4500'], undefined, { isd: '971', number: '43904500', e164: null }],
    [
      ['Contact: (050) 123-4567'],
      '971',
      { isd: '971', number: '501234567', e164: '+971501234567' },
    ],
    [
      ['Call me on 919845012345'],
      undefined,
      { isd: '91', number: '9845012345', e164: '+919845012345' },
    ],
    // Read with the site's country: a Malaysian mobile written nationally, a Hong Kong one.
    [['H/P: 012-345 6789'], '60', { isd: '60', number: '123456789', e164: '+60123456789' }],
    [['Mobile 9123 4567'], '852', { isd: '852', number: '91234567', e164: '+85291234567' }],
    // A mobile wins over an office landline written first.
    [
      ['Office: 04 390 4500', 'Mobile: 050 765 4321'],
      '971',
      { isd: '971', number: '507654321', e164: '+971507654321' },
    ],
    [['Worked 2015 - 2019 at Infosys'], '91', null],
    [['06/2015 - 03/2019'], '91', null],
  ])('%j -> %j', (lines, isd, expected) => {
    expect(findPhone(lines, isd)).toEqual(expected);
  });

  it('recognises headings in their usual spellings, and not sentences', () => {
    expect(headingKind('WORK EXPERIENCE')).toBe('experience');
    expect(headingKind('Professional Experience:')).toBe('experience');
    expect(headingKind('Key Skills')).toBe('skills');
    expect(headingKind('Educational Qualifications')).toBe('education');
    expect(headingKind('I have experience in Java')).toBeNull();
  });
});

describe('robust to garbage', () => {
  it('returns empty fields for empty or non-text input', () => {
    const empty = parseResumeText('', { now: NOW });
    expect(empty).toEqual({
      name: null,
      email: null,
      phone: null,
      skills: [],
      experience: null,
      designation: null,
      company: null,
      education: [],
      linkedIn: null,
      city: null,
      noticePeriod: null,
      salary: null,
    });
    expect(parseResumeText(undefined as unknown as string).skills).toEqual([]);
  });

  it('never throws on random text, control characters or huge input', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const alphabet = 'aZ09 \n\t@.+-–|,:;()/\\\'"#•\u0000\uffff\ud800éअم2019Present';
    for (let n = 0; n < 200; n++) {
      let text = '';
      const length = Math.floor(rand() * 2000);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(rand() * alphabet.length)];
      expect(() => parseResumeText(text, { now: NOW })).not.toThrow();
    }
    const huge = 'Java developer 2019 - 2020 @ '.repeat(40_000);
    expect(() => parseResumeText(huge, { now: NOW })).not.toThrow();
  });

  it('a file whose format library fails gives status failed, not an error', async () => {
    const outcome = await parseResumeFile(new TextEncoder().encode('%PDF-1.4 nothing'), 'pdf');
    expect(outcome.status).toBe('failed');
    expect(outcome.parsed.skills).toEqual([]);
  });

  it('text without fields gives status empty', async () => {
    const outcome = await parseResumeFile(new TextEncoder().encode('...\n---\n'), 'txt');
    expect(outcome.status).toBe('empty');
  });
});

describe('skills vocabulary', () => {
  it('holds the demo job skills and curated ones, each once', () => {
    expect(SKILLS).toEqual(
      expect.arrayContaining(['Java', 'Spring Boot', 'Tally', 'C++', 'Tally ERP']),
    );
    expect(new Set(SKILLS.map((s) => s.toLowerCase())).size).toBe(SKILLS.length);
  });
});
