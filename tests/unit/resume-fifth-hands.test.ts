/**
 * Habits of resumes written by other hands, learnt from a fifth set written apart from the
 * parser: pay and reference headings after a skills list, a sidebar read before the name, the
 * Filipino "Ma.", an experience table's heading row read by OCR, a legal suffix or a bracket a
 * narrow column wrapped, an institute's tail before its year, a fresher's dated projects,
 * numbered Hindi entries, a home line before the mobile and a city written in Devanagari.
 */
import { describe, expect, it } from 'vitest';
import { parseResumeText } from '~/server/resumes/parse';

const NOW = new Date('2026-12-15T10:00:00Z');

describe('resumes by other hands, fifth set', () => {
  it('ends a skills list at a pay or references heading, and still reads the pay', () => {
    const parsed = parseResumeText(
      [
        'Paolo R. Mendoza',
        'SKILLS',
        'Scrum, JIRA, Risk Management, SQL, Vendor Management',
        'COMPENSATION',
        'Current monthly salary: PHP 95,000',
        'CHARACTER REFERENCES',
        'Ms. Liza Tan — Director, Pacific Ledger Corp. — 0917 555 0101',
      ].join('\n'),
      { now: NOW, defaultCurrency: 'PHP' },
    );
    expect(parsed.skills).toEqual(['Scrum', 'JIRA', 'Risk Management', 'SQL', 'Vendor Management']);
    expect(parsed.salary).toMatchObject({ amount: 95000, currency: 'PHP' });
  });

  it('ends a skills list at a heading naming several things ("Licence, salary, notice")', () => {
    const parsed = parseResumeText(
      [
        'Huda Salman',
        'Skills',
        'Clinical Pharmacy, Drug Information, Inventory Management,',
        'Pharmacovigilance',
        'Licence, salary, notice',
        'Licensed pharmacist. Current salary: BHD 900 monthly. Notice: one month.',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.skills).toEqual([
      'Clinical Pharmacy',
      'Drug Information',
      'Inventory Management',
      'Pharmacovigilance',
    ]);
  });

  it('takes the name set in capitals under a sidebar that was read first', () => {
    const parsed = parseResumeText(
      [
        'संपर्क (CONTACT)',
        'Mob: +91 94140 55555',
        'SKILLS',
        'AutoCAD',
        'Site Supervision',
        'Quantity Surveying',
        'RAJESH KUMAR YADAV',
        'Site Engineer (Civil)',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.name).toBe('Rajesh Kumar Yadav');
    // A name under a "Profile" heading is the name; a hobby in capitals further down is not.
    const profileFirst = parseResumeText(
      [
        'PROFILE',
        'Chartered accountant with eight years in audit.',
        'Anita Desai',
        'anita.desai@example.com',
        'EXPERIENCE',
        'Audit Manager | Northgate Advisory LLP | 2018 - Present',
        'HOBBIES',
        'READING TRAVEL MUSIC',
      ].join('\n'),
      { now: NOW },
    );
    expect(profileFirst.name).toBe('Anita Desai');
  });

  it('reads a Filipino name written with "Ma." for Maria', () => {
    const parsed = parseResumeText(
      ['Ma. Lourdes P. Reyes', 'Accounts Payable Specialist', 'lourdes.reyes@example.com'].join(
        '\n',
      ),
      { now: NOW },
    );
    expect(parsed.name).toBe('Ma. Lourdes P. Reyes');
  });

  it("never takes an experience table's heading row, read with dashes and commas, as the company", () => {
    const parsed = parseResumeText(
      [
        'Kumar A/L Rajan',
        'EMPLOYMENT HISTORY',
        'Period - Position , Company',
        'Aug 2019 - Present : Production Planner Johor Precision Moulding Sdn.',
        'Bhd.',
      ].join('\n'),
      { now: NOW, scanned: true },
    );
    expect(parsed.company).not.toBe('Company');
    expect(parsed.company).toMatch(/^Johor Precision Moulding Sdn\. Bhd\.$/);
  });

  it('joins a legal suffix and a bracket that a narrow column put on the next line', () => {
    const parsed = parseResumeText(
      [
        'Daniel Lim',
        'Experience',
        'Facilities Engineer — Harbourfront Services Management Pte',
        'Ltd',
        'Apr 2020 – Present',
        'Education',
        'B.Eng (Electrical',
        'Engineering)',
        'Nanyang Technological',
        'University, 2014',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.company).toBe('Harbourfront Services Management Pte Ltd');
    expect(parsed.education[0]).toMatchObject({
      degree: 'B.Eng (Electrical Engineering)',
      institute: 'Nanyang Technological University',
      year: 2014,
    });
  });

  it("joins an institute's last words written before its year, and drops its name in another script", () => {
    const tail = parseResumeText(
      [
        'Aina Sofea',
        'Education',
        'Bachelor of Accounting (Hons), Universiti Teknologi',
        'Malaysia, 2017',
      ].join('\n'),
      { now: NOW },
    );
    expect(tail.education[0]).toMatchObject({
      institute: 'Universiti Teknologi Malaysia',
      year: 2017,
    });
    const acronym = parseResumeText(
      [
        'Kavya Rao',
        'Education',
        'M.Tech, Data Science — Indian Institute of Information Technology',
        'Allahabad (IIIT-A), 2019',
      ].join('\n'),
      { now: NOW },
    );
    expect(acronym.education[0]?.institute).toBe(
      'Indian Institute of Information Technology Allahabad (IIIT-A)',
    );
    const joined = parseResumeText(
      [
        'Tran Minh Khoa',
        'Education',
        'Engineer of Mechatronics — Ho Chi Minh City University of Science',
        'and Technology — 2016',
      ].join('\n'),
      { now: NOW },
    );
    expect(joined.education[0]).toMatchObject({
      degree: 'Engineer of Mechatronics',
      institute: 'Ho Chi Minh City University of Science and Technology',
      year: 2016,
    });
    const scripts = parseResumeText(
      [
        'Sahil Gupta',
        'Education',
        'B.A. (Economics) — University of Mumbai (मुंबई विश्वविद्यालय) — 2018',
      ].join('\n'),
      { now: NOW },
    );
    expect(scripts.education[0]?.institute).toBe('University of Mumbai');
  });

  it("gives a fresher's dated academic projects no experience", () => {
    const parsed = parseResumeText(
      [
        'Arvind Raj',
        'CAREER OBJECTIVE',
        'A fresh Mechanical engineer seeking an entry-level role in maintenance.',
        'EDUCATION',
        'B.E. Mechanical Engineering | Anna University | 2022 - 2026',
        'ACADEMIC PROJECTS',
        'Solar Dryer Prototype (Jan 2026 - Apr 2026)',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.experience).toEqual({ years: 0, months: 0 });
  });

  it('reads the current entry of a numbered Hindi list, not the next entry under it', () => {
    const parsed = parseResumeText(
      [
        'राकेश वर्मा',
        'कार्य अनुभव :-',
        '1. गोमती पावर सॉल्यूशंस, लखनऊ — इलेक्ट्रीशियन',
        'जनवरी 2021 से अब तक',
        'फैक्ट्री में वायरिंग और पैनल का रखरखाव।',
        '2. अमीनाबाद इलेक्ट्रिकल्स, लखनऊ — सहायक इलेक्ट्रीशियन',
        'मार्च 2017 से दिसंबर 2020',
        'कार्य कौशल :-',
        'वायरिंग, पैनल वायरिंग, मोटर रिवाइंडिंग',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.designation).toBe('इलेक्ट्रीशियन');
    expect(parsed.skills).toEqual(['वायरिंग', 'पैनल वायरिंग', 'मोटर रिवाइंडिंग']);
  });

  it('takes the mobile after a home line on the same line, and a city written in Devanagari', () => {
    const parsed = parseResumeText(
      [
        'Snehal Patil',
        'फोन (घर): 0712-2540000 मोबाइल: 98503 11111',
        'snehal.patil@example.com | धरमपेठ, नागपुर - 440010',
      ].join('\n'),
      { now: NOW, defaultIsd: '91' },
    );
    expect(parsed.phone?.e164).toBe('+919850311111');
    expect(parsed.city?.city).toBe('Nagpur');
  });
});
