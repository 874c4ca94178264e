/** The parser's rules one by one: names, headings, dates, skills, city, notice and salary. */
import { describe, expect, it } from 'vitest';
import { headingKind, noticeDays, parseResumeText, readSalary } from '~/server/resumes/parse';

const now = new Date('2026-11-21T10:00:00Z');

describe('the name is a name', () => {
  it('skips a city line under a Hindi name and keeps the name in Devanagari', () => {
    expect(parseResumeText('नोएडा, उत्तर प्रदेश\nराहुल कुमार शर्मा\nrahul@example.com').name).toBe(
      'राहुल कुमार शर्मा',
    );
    expect(parseResumeText('Noida\nrahul@example.com\nकार्य अनुभव').name).toBeNull();
  });

  it('keeps an Arabic name in Arabic and in typed order', () => {
    expect(parseResumeText('الرياض\nمحمد عبدالله الشمري\nm@example.com').name).toBe(
      'محمد عبدالله الشمري',
    );
  });

  it('never takes a heading or an email for a name', () => {
    expect(parseResumeText('शिक्षा\nMBA 2012').name).toBeNull();
    expect(parseResumeText('المهارات\nExcel').name).toBeNull();
    expect(parseResumeText('PERSONAL DETAILS\nrahul@example.com').name).toBeNull();
    expect(parseResumeText('الاسم: سارة أحمد\nsara@example.com').name).toBe('سارة أحمد');
  });
});

describe('headings in three languages', () => {
  it.each([
    ['الخبرة العملية', 'experience'],
    ['कार्य अनुभव / Work Experience', 'experience'],
    ['WORK EXPERIENCE:', 'experience'],
    ['المؤهلات', 'education'],
    ['शिक्षा', 'education'],
    ['Educational Qualifications', 'education'],
    ['المهارات:', 'skills'],
    ['कौशल', 'skills'],
    ['KEY SKILLS', 'skills'],
    ['व्यक्तिगत विवरण', 'personal'],
    ['البيانات الشخصية', 'personal'],
    ['PERSONAL', 'personal'],
    ['OTHER DETAILS', 'other'],
    ['الملخص المهني', 'summary'],
    ['सारांश', 'summary'],
  ] as const)('%s opens %s', (line, kind) => {
    expect(headingKind(line)).toBe(kind);
  });

  it('does not read an ordinary line as a heading', () => {
    expect(headingKind('Sales Manager / Area Manager')).toBeNull();
    expect(headingKind('كوشل / Work Experience')).toBeNull();
  });

  it('reads a table row "Skills | a, b" as the skills section', () => {
    const parsed = parseResumeText('Ravi Kumar\nravi@example.com\nKey Skills\tJava, SQL\n');
    expect(parsed.skills).toEqual(['Java', 'SQL']);
  });
});

describe('dates and total experience', () => {
  const exp = (text: string) => parseResumeText(text, { now }).experience;

  it('counts a range a PDF broke over two lines', () => {
    // 2009-2011 and 2012-2017 and 2018-now: the middle job is lost if the wrap is not joined.
    const text =
      'Asha Rao\nExperience\nSales Officer, Dabur\nJan 2009 - Dec 2011\nArea Manager, ITC Limited\nJul 2012 - Dec\n2017\nRegional Manager, Marico\nJan 2018 -\nPresent';
    expect(exp(text)).toEqual({ years: 17, months: 5 });
  });

  it('counts overlapping ranges once', () => {
    const text =
      'Asha Rao\nWork Experience\nConsultant, Acme Ltd\n03/2015 - 06/2018\nAdvisor, Beta Ltd\nJan 2017 to Dec 2019';
    // March 2015 to December 2019, both ends included.
    expect(exp(text)).toEqual({ years: 4, months: 10 });
  });

  it.each([
    ['Jun 2020 till date', { years: 6, months: 6 }],
    ['June, 2020 - Present', { years: 6, months: 6 }],
    ["Jun'20 – current", { years: 6, months: 6 }],
    ['01/06/2020 - 30/11/2026', { years: 6, months: 6 }],
    ['يونيو 2020 - حتى الآن', { years: 6, months: 6 }],
    ['जून 2020 - अब तक', { years: 6, months: 6 }],
    ['जुलाई 2019 से अब तक', { years: 7, months: 5 }],
    ['٢٠١٨ - ٢٠٢٠', { years: 2, months: 0 }],
  ])('reads "%s"', (range, total) => {
    expect(exp(`Asha Rao\nExperience\nManager, Acme Ltd\n${range}`)).toEqual(total);
  });
});

describe('clean skills', () => {
  const skills = (text: string) => parseResumeText(text, { now }).skills;

  it('never takes pay, notice periods, places or headings for skills', () => {
    const found = skills(
      'Asha Rao\nSkills\nTrade Marketing, FMCG Sales, AED 28,000 per month\nINR 32 LPA, 90 days, Bangalore\nPERSONAL\nNotice period: 90 days\nOTHER DETAILS\nCurrent CTC: INR 32 LPA',
    );
    expect(found).toEqual(['Trade Marketing', 'FMCG Sales']);
  });

  it('reads a bullet list whole, multi-word skills kept together', () => {
    expect(
      skills('Asha Rao\nKey Skills\n• Distribution\n• Trade Marketing\n• FMCG Sales\n'),
    ).toEqual(['Distribution', 'Trade Marketing', 'FMCG Sales']);
  });

  it('reads skills under Arabic and Hindi headings, split at the Arabic comma', () => {
    expect(skills('سارة أحمد\nالمهارات\nالمبيعات، التفاوض، Excel')).toEqual([
      'المبيعات',
      'التفاوض',
      'Excel',
    ]);
    expect(skills('राहुल शर्मा\nकौशल\nबिक्री, वितरण, Tally')).toEqual(['बिक्री', 'वितरण', 'Tally']);
  });
});

describe('city, notice period and salary', () => {
  const parse = (text: string) => parseResumeText(text, { now });

  it('matches the city to the site places, sure when labelled', () => {
    expect(parse('Asha Rao\nCurrent Location: Bangalore, Karnataka').city).toEqual({
      city: 'Bengaluru',
      country: 'IN',
      confidence: 0.9,
    });
    expect(parse('محمد علي\nالرياض، السعودية').city).toEqual({
      city: 'Riyadh',
      country: 'SA',
      confidence: 0.7,
    });
    expect(parse('राहुल शर्मा\nशहर: नोएडा').city?.city).toBe('Noida');
    expect(parse('Asha Rao\nLocation: Atlantis').city).toBeNull();
  });

  it.each([
    ['Serving notice period', 0],
    ['Immediately', 1],
    ['2 weeks', 15],
    ['30 days', 30],
    ['45 Days', 45],
    ['2 months', 60],
    ['90 days', 90],
    ['3 Months', 90],
    ['6 months', 180],
    ['30 दिन', 30],
    ['تتوفر فورًا', 1],
    ['شهرين', 60],
  ] as const)('notice "%s" is %i', (text, days) => {
    expect(noticeDays(text)).toBe(days);
  });

  it('reads a labelled notice period as sure', () => {
    expect(parse('Asha Rao\nNotice Period: 60 Days').noticePeriod).toEqual({
      days: 60,
      confidence: 0.9,
    });
    expect(parse('سارة أحمد\nفترة الإشعار: 30 يوم').noticePeriod?.days).toBe(30);
  });

  it.each([
    ['INR 32 LPA', null, { amount: 3_200_000, currency: 'INR', mode: 'annual' }],
    ['AED 28,000 per month', null, { amount: 28_000, currency: 'AED', mode: 'monthly' }],
    ['Rs. 8,50,000 p.a.', null, { amount: 850_000, currency: 'INR', mode: 'annual' }],
    ['12.5 Lakhs', null, { amount: 1_250_000, currency: 'INR', mode: 'annual' }],
    ['15,000 ريال شهريًا', null, { amount: 15_000, currency: 'SAR', mode: 'monthly' }],
    ['4500', 'SGD', { amount: 4_500, currency: 'SGD', mode: 'monthly' }],
    ['6 लाख प्रति वर्ष', null, { amount: 600_000, currency: 'INR', mode: 'annual' }],
  ] as const)('salary "%s" reads', (text, fallback, salary) => {
    expect(readSalary(text, fallback)).toEqual(salary);
  });

  it('takes the current salary, never the expected one, with the city giving the currency', () => {
    const parsed = parse(
      'Asha Rao\nLocation: Dubai\nExpected Salary: AED 35,000\nCurrent Salary: 28,000 per month',
    );
    expect(parsed.salary).toEqual({
      amount: 28_000,
      currency: 'AED',
      mode: 'monthly',
      confidence: 0.9,
    });
    expect(parse('Asha Rao\nCurrent CTC: 18 LPA').salary?.mode).toBe('annual');
  });
});

describe('a city label and value run together', () => {
  it('finds the city inside a line an Arabic table glued', () => {
    expect(parseResumeText('سارة أحمد\nالبيانات الشخصية\nالدوحةالمدينة').city).toEqual({
      city: 'Doha',
      country: 'QA',
      confidence: 0.7,
    });
    // The word "city" alone, without a known city, gives nothing.
    expect(parseResumeText('Asha Rao\nCity of dreams').city).toBeNull();
  });
});

describe('other ways of writing the same', () => {
  it('reads "Jan-2015 to Mar-2018" and "Present City", "الراتب الإجمالي"', () => {
    const parsed = parseResumeText(
      'Asha Rao\nExperience\nManager, Acme Ltd\nJan-2015 to Mar-2018\nPresent City: Pune\nالراتب الإجمالي: 12,000 درهم',
      { now },
    );
    expect(parsed.experience).toEqual({ years: 3, months: 3 });
    expect(parsed.city?.city).toBe('Pune');
    expect(parsed.salary).toMatchObject({ amount: 12_000, currency: 'AED', confidence: 0.9 });
  });
});
