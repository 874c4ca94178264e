/**
 * Habits of resumes written by other hands that the parser learnt from a set written apart from
 * it: a career break written in Hindi, an institute broken before its last word, pharmacy and
 * education degrees, "Mohd." in a name, an Arabic joining label, an Arabic mobile drawn group by
 * group from the right, and a laid-out table whose cell wraps.
 */
import { describe, expect, it } from 'vitest';
import { parseResumeText } from '~/server/resumes/parse';
import { tableRows } from '~/server/resumes/poppler';

const NOW = new Date('2026-12-15T10:00:00Z');

describe('resumes by other hands', () => {
  it('leaves a dated career break written in Hindi out of the experience', () => {
    const parsed = parseResumeText(
      [
        'Neha Saxena',
        'कार्य अनुभव',
        'Store Manager | Lakeview Retail Pvt. Ltd., Indore',
        '01/2022 - till date',
        'करियर ब्रेक: 01/2021 – 12/2021 (मातृत्व)',
        'Cashier | Apex Mart, Indore',
        '01/2019 – 12/2020',
      ].join('\n'),
      { now: NOW },
    );
    // 2019-01..2020-12 (24) and 2022-01..2026-12 (60): the year's break is not work.
    expect(parsed.experience).toEqual({ years: 7, months: 0 });
  });

  it('joins an institute broken before "University" and reads its years', () => {
    const parsed = parseResumeText(
      [
        'Ankit Mehra',
        'शिक्षा',
        'MBA (Marketing), Devi Ahilya',
        'University — 2015–2017',
        'B.Com, Holkar Science College — 2015',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.education[0]).toEqual({
      degree: 'MBA (Marketing)',
      institute: 'Devi Ahilya University',
      year: 2017,
    });
  });

  it('ranks a B.Pharm over the 12th and knows a B.Ed written in Devanagari', () => {
    const pharmacy = parseResumeText(
      [
        'Rohit Verma',
        'EDUCATION',
        '12th (CBSE) - 2012',
        'B.Pharm - Rajiv Gandhi University - 2016',
      ].join('\n'),
      { now: NOW },
    );
    expect(pharmacy.education[0]?.degree).toBe('B.Pharm');
    const teacher = parseResumeText(
      [
        'रीना कुमारी',
        'शैक्षणिक योग्यता',
        'बी.एड., मगध विश्वविद्यालय, 2015',
        'बी.ए., मगध विश्वविद्यालय, 2013',
      ].join('\n'),
      { now: NOW },
    );
    expect(teacher.education[0]).toEqual({
      degree: 'बी.एड.',
      institute: 'मगध विश्वविद्यालय',
      year: 2015,
    });
  });

  it('reads a name written with "Mohd."', () => {
    const parsed = parseResumeText('Mohd. Arif Khan\nAccountant\narif.khan@mail.test', {
      now: NOW,
    });
    expect(parsed.name).toBe('Mohd. Arif Khan');
  });

  it('reads "الالتحاق: فوري" as joining at once', () => {
    const parsed = parseResumeText('خالد سعيد\nمحاسب\nالالتحاق: فوري', { now: NOW });
    expect(parsed.noticePeriod?.days).toBe(1);
  });

  it('reads an Arabic mobile whose groups a right-to-left line drew from the right', () => {
    const parsed = parseResumeText('سارة علي\nالجوال: ٤٤٥٥ ٧٨٣ ٠٥٠ | البريد: sara@mail.test', {
      now: NOW,
      defaultIsd: '966',
    });
    expect(parsed.phone?.e164).toBe('+966507834455');
  });

  it('keeps a laid-out table as rows and joins a cell broken over lines', () => {
    const laidOut = [
      'Degree          Institute                       Year',
      'M.Sc            Institute of Chemical               2018',
      '                Technology, Mumbai',
      'B.Sc            Wilson College                  2016',
    ].join('\n');
    expect(tableRows(laidOut).split('\n')).toEqual([
      'Degree\tInstitute\tYear',
      'M.Sc\tInstitute of Chemical Technology, Mumbai\t2018',
      'B.Sc\tWilson College\t2016',
    ]);
  });
});
