/**
 * PDF text items of lines LibreOffice draws as runs of typed Arabic (from the independent
 * corpus's ar-ae-khalid.pdf): put back in typed order from where the runs stand.
 */
import { describe, expect, it } from 'vitest';
import { toLogicalOrder } from '~/server/resumes/parse/logical';
import { ITEM_APART, pageText, type TextRun } from '~/server/resumes/parse/runs';

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

  it('leaves a page of drawn glyphs (presentation forms) and Latin lines in drawn order', () => {
    const items = [
      run('ﺪ', 'rtl', 506, 6),
      run('ﻤ', 'rtl', 511, 6),
      eol(326),
      run('Sales - Excel', 'ltr', 57, 80),
    ];
    expect(pageText(items).replaceAll(ITEM_APART, '')).toBe('ﺪﻤ\nSales - Excel');
  });
});

/**
 * A browser's PDF (Chromium's page.pdf) draws Arabic glyph by glyph, left to right, in
 * presentation forms; a glyph that stands for more than one letter (the article "ال", a
 * lam-alef) carries its letters in typed order; a table row's cells are drawn from the right.
 */
describe('a page of glyphs a browser drew', () => {
  // "مدير المبيعات" drawn: ت ـا ـعـ ـيـ ـبـ ـمـ [ال] space ـر يـ ـد مـ (left to right).
  const title = (x: number) =>
    ['ت', 'ﺎ', 'ﻌ', 'ﻴ', 'ﺒ', 'ﻤ', 'ال', ' ', 'ﺮ', 'ﻳ', 'ﺪ', 'ﻣ'].map((g, i) =>
      run(g, g === ' ' ? 'ltr' : 'rtl', x + i * 6, 6),
    );
  // "دبي": ـي بـ د.
  const city = (x: number) => ['ﻲ', 'ﺑ', 'د'].map((g, i) => run(g, 'rtl', x + i * 6, 6));

  it('turns round a glyph of several letters on its own, not with the letters beside it', () => {
    expect(toLogicalOrder(pageText(title(300)))).toBe('مدير المبيعات');
    // "الإمارات": ت ا ر ـا مـ, a hamza drawn with no width, then the article as one glyph.
    const word = ['ت', 'ا', 'ر', 'ﺎ', 'ﻣ', 'إ', 'ال'].map((g, i) =>
      run(g, 'rtl', 100 + i * 6, g === 'إ' ? 0 : 6),
    );
    expect(toLogicalOrder(pageText(word))).toBe('الإمارات');
  });

  it('reads a row whose cells were drawn from the right in reading order, a tab apart', () => {
    const row = [...title(300), ...city(100), eol(100)];
    expect(toLogicalOrder(pageText(row)).split('\n')[0]).toBe('مدير المبيعات\tدبي');
  });

  it('keeps a number of Arabic-Indic digits drawn as one item as it is', () => {
    const items = [...city(100), run(' ', 'ltr', 118, 3), run('٢٠٢٠', 'rtl', 121, 20)];
    expect(toLogicalOrder(pageText(items))).toBe('٢٠٢٠ دبي');
  });
});
