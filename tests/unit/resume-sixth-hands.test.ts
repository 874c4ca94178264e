/**
 * Habits of resumes written by other hands, learnt from a sixth set written apart from the
 * parser: OCR's spaced "@", headings people use for work, study, languages and pay in three
 * languages, "01-Jun-2012" dates, dotted M.C.A., a form's labels run together on one line, a
 * title written in two scripts, and a browser's two-column Hindi page read column by column.
 */
import { describe, expect, it } from 'vitest';
import { parseResumeText } from '~/server/resumes/parse';
import { columnsApart } from '~/server/resumes/poppler';

const NOW = new Date('2026-12-15T10:00:00Z');

describe('resumes by other hands, sixth set', () => {
  it('reads an e-mail address OCR spaced at its @', () => {
    const parsed = parseResumeText(
      ['Neha Gupta', 'Mob: 7007 345612 Email: neha.gupta.hr@ gmail.com'].join('\n'),
      { now: NOW, scanned: true },
    );
    expect(parsed.email).toBe('neha.gupta.hr@gmail.com');
  });

  it('knows the headings of a "professional journey", a "Bahasa" list and "Details"', () => {
    const parsed = parseResumeText(
      [
        'Dewi Lestari',
        'Tech Stack',
        'Go',
        'Laravel',
        'Redis',
        'Bahasa',
        'Indonesia (native), English',
        '(professional)',
        'PROFESSIONAL JOURNEY',
        'Backend Developer — PT Sinar Digital Nusantara',
        'Mar 2019 - Present',
        'Details',
        'Visa: transferable sponsorship',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.skills).toEqual(['Go', 'Laravel', 'Redis']);
    expect(parsed.designation).toBe('Backend Developer');
    expect(parsed.company).toBe('PT Sinar Digital Nusantara');
  });

  it('knows Arabic headings of a career, a qualification and an expected salary', () => {
    const parsed = parseResumeText(
      [
        'سالم خالد العنزي',
        'السيرة المهنية',
        'مشرف مبيعات – شركة الواحة للتجارة',
        'يناير ٢٠١٨ – حتى الآن',
        'المؤهل الدراسي',
        'دبلوم إدارة أعمال – الهيئة العامة للتعليم التطبيقي والتدريب – ٢٠١١',
        'المهارات',
        'التفاوض، خدمة العملاء',
        'الراتب المتوقع',
        '٩٠٠ دينار شهرياً',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.designation).toBe('مشرف مبيعات');
    expect(parsed.education[0]).toMatchObject({ degree: 'دبلوم إدارة أعمال', year: 2011 });
    expect(parsed.skills).toEqual(['التفاوض', 'خدمة العملاء']);
    expect(parsed.salary).toBeNull();
  });

  it('reads "01-Jun-2012 to 30-Nov-2015" and ranks a dotted M.C.A. above a B.Sc.', () => {
    const parsed = parseResumeText(
      [
        'Senthil Raj',
        'EMPLOYMENT DETAILS',
        'Organisation\tRole\tDuration',
        'Kovai Labs Pvt. Ltd., Coimbatore\tQA Lead\tDec 2015 – till date',
        'Cognizant Technology Solutions, Chennai\tTest Engineer\t01-Jun-2012 to 30-Nov-2015',
        'ACADEMIC PROFILE',
        'Degree\tInstitution\tYear',
        'B.Sc. (Computer Science)\tPSG College of Arts and Science\t2009',
        'M.C.A.\tAnna University, Chennai\t2012',
      ].join('\n'),
      { now: NOW },
    );
    // Jun 2012 to Dec 2026, one run: 175 months.
    expect(parsed.experience).toEqual({ years: 14, months: 7 });
    expect(parsed.education[0]).toMatchObject({ degree: 'M.C.A.', year: 2012 });
  });

  it("reads pay and notice from a form's labels run together on one line", () => {
    const parsed = parseResumeText(
      [
        'Joseph Mathew',
        'PERSONAL',
        'Nationality: Indian Current package: AED 22,000/month (all inclusive) Notice period: 2 months',
      ].join('\n'),
      { now: NOW, defaultCurrency: 'AED' },
    );
    expect(parsed.salary).toMatchObject({ amount: 22000, currency: 'AED', mode: 'monthly' });
    expect(parsed.noticePeriod?.days).toBe(60);
  });

  it('gives a title written in two scripts in the script it starts with', () => {
    const parsed = parseResumeText(
      [
        'Hussain Al-Mahroos',
        'Experience',
        'Jul 2018 – Present\tHR Officer — مسؤول موارد بشرية\tGulf Finance Bank B.S.C.',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.designation).toBe('HR Officer');
  });

  it("reads a laid-out page of two columns one column after the other, the name's first", () => {
    const pad = (left: string, right = '') => `${left.padEnd(36)}${right}`;
    const sidebarFirst = [
      pad('रितिका सक्सेना', 'करियर सारांश'),
      pad('Ritika Saxena', 'ग्राहक सेवा में 10 साल का अनुभव'),
      pad('संपर्क', 'कार्यानुभव'),
      pad('+91 96502 18334', 'Customer Support Team Lead'),
      pad('ritika.saxena16@gmail.com', 'Zentro Services Pvt Ltd, Gurugram'),
      pad('स्किल्स', 'Mar 2019 – Present'),
      pad('Zendesk', 'Customer Care Executive'),
      pad('Freshdesk', 'Skyline BPO, Noida'),
      pad('MS Excel', 'Nov 2016 – Feb 2019'),
      pad('भाषा', 'शिक्षा'),
      pad('हिंदी, English', 'B.A. (Programme), दिल्ली विश्वविद्यालय, 2016'),
    ].join('\n');
    const read = columnsApart(sidebarFirst)!.split('\n');
    expect(read.slice(0, 3)).toEqual(['रितिका सक्सेना', 'Ritika Saxena', 'संपर्क']);
    expect(read.indexOf('कार्यानुभव')).toBeGreaterThan(read.indexOf('हिंदी, English'));
    const parsed = parseResumeText(read.join('\n'), { now: NOW });
    expect(parsed.designation).toBe('Customer Support Team Lead');
    expect(parsed.experience).toEqual({ years: 10, months: 2 });

    // A sidebar that opens with its heading comes after the column with the name.
    const headingFirst = [
      pad('CONTACT', 'Ritika Saxena'),
      ...sidebarFirst.split('\n').slice(1),
    ].join('\n');
    expect(columnsApart(headingFirst)!.split('\n')[0]).toBe('Ritika Saxena');
    // One column, lines across the page: not two columns.
    const single = Array.from(
      { length: 12 },
      (_, i) => `Line ${i} of a page written across its whole width, no gutter`,
    ).join('\n');
    expect(columnsApart(single)).toBeNull();
  });

  it('reads a Hindi bio-data: its colon column, a dotted ITI, and a signature that is no skill', () => {
    const parsed = parseResumeText(
      [
        '                         बायो-डाटा',
        'नाम          : रामपाल सिंह',
        'मोबाइल       : +91 87654 11111',
        'शैक्षिक योग्यता',
        '1. आई.टी.आई. (फिटर) - राजकीय औद्योगिक प्रशिक्षण संस्थान, आगरा - 2013',
        '2. हाईस्कूल - उ.प्र. माध्यमिक शिक्षा परिषद - 2010',
        'कौशल',
        '- पाइप फिटिंग',
        '- वेल्डिंग',
        'घोषणा: ऊपर दी गई जानकारी सत्य है।',
        'दिनांक: ........                                  (रामपाल सिंह)',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.name).toBe('रामपाल सिंह');
    expect(parsed.education[0]).toMatchObject({ degree: 'आई.टी.आई. (फिटर)', year: 2013 });
    expect(parsed.education[1]?.degree).toBe('हाईस्कूल');
    expect(parsed.skills).toEqual(['पाइप फिटिंग', 'वेल्डिंग']);
  });

  it('parts a dotted degree from its institute in a row whose cells ran together', () => {
    const parsed = parseResumeText(
      ['रमेश यादव', 'शिक्षा', 'बी.कॉम. देवी अहिल्या विश्वविद्यालय, इंदौर २००८'].join('\n'),
      { now: NOW },
    );
    expect(parsed.education[0]).toMatchObject({
      degree: 'बी.कॉम.',
      institute: 'देवी अहिल्या विश्वविद्यालय, इंदौर',
      year: 2008,
    });
  });

  it("reads a Filipino scan's name before its licence, its mobile after a postcode, not a referee's", () => {
    const parsed = parseResumeText(
      [
        '_ JOSE MIGUEL R. SANTOS, CPA',
        'Lahug, Cebu City 6000 - 0917 812 0000 - jose.santos@example.com',
        'WORK HISTORY',
        'Senior Accountant',
        'Mactan Shipping Lines, Inc. — Cebu City',
        'May 2017 — Present',
        'CHARACTER REFERENCES',
        'Engr. Ramon T. Cruz — Operations Manager — Mobile: 0922 555 0000',
      ].join('\n'),
      { now: NOW, defaultIsd: '63', scanned: true },
    );
    expect(parsed.name).toBe('Jose Miguel R. Santos');
    expect(parsed.phone?.e164).toBe('+639178120000');
    expect(parsed.company).toBe('Mactan Shipping Lines, Inc.');
  });
});
