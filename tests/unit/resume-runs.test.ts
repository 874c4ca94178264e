/**
 * PDF text items of lines LibreOffice draws as runs of typed Arabic (from the independent
 * corpus's ar-ae-khalid.pdf): put back in typed order from where the runs stand.
 */
import { describe, expect, it } from 'vitest';
import { pageText, type TextRun } from '~/server/resumes/parse/runs';

const run = (str: string, dir: string, x: number, width: number, hasEOL = false): TextRun => ({
  str,
  dir,
  x,
  width,
  size: 12,
  hasEOL,
});
const eol = (x: number) => run('', 'ltr', x, 0, true);

describe('lines drawn as runs of typed Arabic', () => {
  it('reads a job line, a phone number and a skills list in typed order', () => {
    const items = [
      run('خالد يوسف الحمادي', 'rtl', 57, 102),
      eol(57),
      run('+ :', 'ltr', 147, 18),
      run('الهاتف', 'rtl', 165, 36),
      run('971', 'ltr', 129, 18),
      run('55', 'ltr', 111, 12),
      run('274', 'ltr', 87, 18),
      run('9013', 'ltr', 57, 24),
      eol(99),
      run('-', 'ltr', 99, 6),
      run('اتصالات', 'rtl', 57, 36),
      run(' ', 'ltr', 93, 18),
      run('شبكات', 'rtl', 111, 30),
      run(' ', 'ltr', 141, 6),
      run('مهندس', 'rtl', 147, 30),
      eol(57),
      run('الشبكات', 'rtl', 57, 42),
      run('،', 'ltr', 99, 6),
      run(' ', 'ltr', 105, 6),
      run('Cisco', 'ltr', 111, 30),
      run(' ،', 'ltr', 141, 6),
      run(' ', 'ltr', 147, 6),
      run('السيبراني', 'rtl', 153, 54),
      run(' ', 'ltr', 207, 6),
      run('الأمن', 'rtl', 213, 30),
      run('،', 'ltr', 243, 6),
      run(' ', 'ltr', 249, 6),
      run('Linux', 'ltr', 255, 30),
    ];
    expect(pageText(items).split('\n')).toEqual([
      'خالد يوسف الحمادي',
      'الهاتف: +971 55 274 9013',
      'مهندس شبكات - اتصالات',
      'الشبكات، Cisco، الأمن السيبراني، Linux',
    ]);
  });

  it('leaves a page of drawn glyphs (presentation forms) and Latin lines as PDF.js joins them', () => {
    const items = [
      run('ﺪ', 'rtl', 506, 6),
      run('ﻤ', 'rtl', 511, 6),
      eol(326),
      run('Sales - Excel', 'ltr', 57, 80),
    ];
    expect(pageText(items)).toBe('ﺪﻤ\nSales - Excel');
  });
});
