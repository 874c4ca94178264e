/**
 * Search in Hindi and Arabic: the folded forms of words (term-forms.ts), their translation into
 * the English terms jobs use (translate.ts), and the names' reference data (every job-family
 * title and every function/industry part named in both languages, no name left unreadable).
 */
import { describe, expect, it } from 'vitest';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { JOB_FAMILIES } from '~/server/reference/job-families';
import { SKILLS } from '~/server/reference/vocabulary';
import {
  FIELD_NAMES,
  SKILL_NAMES,
  splitNames,
  TERM_NAMES,
  TITLE_NAMES,
  WORD_NAMES,
} from '~/server/reference/names';
import { foldPhrase, foldWord, hasIndicOrArabic } from '~/server/search/term-forms';
import {
  englishFor,
  namesStartingWith,
  translateGroup,
  usualName,
  type Clause,
} from '~/server/search/translate';

const en = (clauses: Clause[] | null) => clauses?.map((c) => c.en);

describe('folded forms', () => {
  it('drops Arabic diacritics and tatweel and folds alef, taa marbuta and alef maqsura', () => {
    expect(foldWord('مُحَاسِب')).toBe('محاسب');
    expect(foldWord('محـــاسب')).toBe('محاسب');
    expect(foldPhrase('أخصائي')).toBe(foldPhrase('اخصائي'));
    expect(foldPhrase('إدارة')).toBe('اداره');
    expect(foldPhrase('مستشفى')).toBe(foldPhrase('مستشفي'));
    expect(foldPhrase('آلة')).toBe(foldPhrase('الة'));
  });

  it('drops the Arabic article and plural endings when a stem of three letters is left', () => {
    expect(foldWord('المحاسب')).toBe('محاسب');
    expect(foldWord('والمبيعات')).toBe('مبيع');
    expect(foldWord('المهندسين')).toBe('مهندس');
    expect(foldWord('محاسبون')).toBe('محاسب');
    // Too short to be an article plus a word.
    expect(foldWord('الى')).toBe('الي');
  });

  it('folds nukta, ZWJ/ZWNJ, candrabindu, ऑ and a half nasal before a consonant', () => {
    expect(foldPhrase('फ़्रंट')).toBe(foldPhrase('फ्रंट'));
    expect(foldPhrase('डिज़ाइनर')).toBe(foldPhrase('डिजाइनर'));
    expect(foldPhrase('सॉफ्\u200Dटवेयर')).toBe(foldPhrase('सॉफ्टवेयर'));
    expect(foldPhrase('नौकरियाँ')).toBe(foldPhrase('नौकरियां'));
    expect(foldPhrase('ऑफिस')).toBe(foldPhrase('ओफिस'));
    expect(foldPhrase('इन्जीनियर')).toBe(foldPhrase('इंजीनियर'));
  });

  it('keeps matras and splits on punctuation and spaces', () => {
    expect(foldPhrase('  लेखाकार,  नौकरी!! ')).toBe('लेखाकार नौकरी');
    expect(foldPhrase('Node.js')).toBe('node js');
    expect(hasIndicOrArabic('Java Developer')).toBe(false);
    expect(hasIndicOrArabic('जावा')).toBe(true);
    expect(hasIndicOrArabic('جافا')).toBe(true);
  });
});

describe('translation', () => {
  it('translates whole names first', () => {
    expect(en(translateGroup('लेखाकार'))).toEqual([['Accountant']]);
    expect(en(translateGroup('सॉफ्टवेयर इंजीनियर'))).toEqual([['Software Engineer']]);
    expect(en(translateGroup('बिक्री'))).toEqual([['Sales']]);
    expect(en(translateGroup('محاسب'))).toEqual([['Accountant']]);
    expect(en(translateGroup('مهندس'))).toEqual([['Engineer']]);
    expect(en(translateGroup('مبيعات'))).toEqual([['Sales']]);
    expect(en(translateGroup('مهندس شبكات'))).toEqual([['Network Engineer']]);
  });

  it('reads the article, diacritics and other spellings the same', () => {
    for (const typed of ['المحاسب', 'مُحَاسِب', 'محـاسب', 'المحاسبين']) {
      expect(en(translateGroup(typed))).toEqual([['Accountant']]);
    }
    expect(en(translateGroup('المبيعات'))).toEqual([['Sales']]);
    expect(en(translateGroup('सॉफ़्टवेयर इन्जीनियर'))).toEqual([['Software Engineer']]);
  });

  it('then words, dropping padding words outside names', () => {
    expect(en(translateGroup('सीनियर मैनेजर की नौकरी'))).toEqual([['Senior'], ['Manager']]);
    expect(en(translateGroup('وظائف محاسب في'))).toEqual([['Accountant']]);
    expect(en(translateGroup('घर से काम'))).toEqual([['Work From Home']]);
    expect(translateGroup('नौकरी')).toEqual([]);
  });

  it('reads the other names of places as their English cities', () => {
    expect(en(translateGroup('وظائف محاسب في دبي'))).toEqual([['Accountant'], ['Dubai']]);
    expect(en(translateGroup('पुणे में लेखाकार'))).toEqual([['Pune'], ['Accountant']]);
  });

  it('keeps unknown words as typed, Arabic ones marked for Arabic stemming', () => {
    const clauses = translateGroup('محاسب قانوني معتمد');
    expect(clauses?.at(-1)).toEqual({ en: [], typed: 'معتمد', arabic: true });
    expect(translateGroup('जावा spring')?.map((c) => c.en)).toEqual([['Java'], ['spring']]);
  });

  it('knows the usual name of an English term', () => {
    expect(usualName('hi', 'accountant')).toBe('अकाउंटेंट');
    expect(usualName('ar', 'Sales')).toBe('مبيعات');
    expect(usualName('ar', 'Kubernetes')).toBeNull();
  });

  it('gives every meaning of an ambiguous name', () => {
    expect(englishFor('مختبر').sort()).toEqual(['Lab', 'Tester']);
  });

  it('leaves queries without Hindi or Arabic alone', () => {
    expect(translateGroup('accountant')).toBeNull();
  });

  it('offers names starting with what was typed, then names with a word starting so', () => {
    const hi = namesStartingWith('hi', 'लेखा');
    expect(hi.map((n) => n.name)).toContain('लेखाकार');
    expect(hi[0]?.folded.startsWith(foldPhrase('लेखा'))).toBe(true);
    const ar = namesStartingWith('ar', 'محاس');
    expect(ar.map((n) => n.en)).toContain('Accountant');
    expect(namesStartingWith('ar', 'مُحَاس').map((n) => n.en)).toContain('Accountant');
  });
});

describe('names reference data', () => {
  const partsOf = (name: string) => name.split(' / ').map((p) => p.trim());

  it('names every job-family title in Hindi and Arabic', () => {
    const named = new Map(TITLE_NAMES.map(([e, hi, ar]) => [e, { hi, ar }]));
    for (const family of JOB_FAMILIES) {
      for (const { title } of family.titles) {
        expect(splitNames(named.get(title)?.hi ?? ''), title).not.toEqual([]);
        expect(splitNames(named.get(title)?.ar ?? ''), title).not.toEqual([]);
      }
    }
  });

  it('names only skills of the skills vocabulary, spelt as it spells them', () => {
    const known = new Set(SKILLS);
    expect(SKILL_NAMES.map(([e]) => e).filter((e) => !known.has(e))).toEqual([]);
  });

  it('names every part of every function and industry', () => {
    const named = new Set(FIELD_NAMES.map(([e]) => e));
    const parts = [...JOB_FUNCTIONS, ...INDUSTRIES].flatMap((item) => partsOf(item.value));
    expect(parts.filter((p) => !named.has(p))).toEqual([]);
  });

  it('writes Hindi names in Devanagari and Arabic names in Arabic letters', () => {
    for (const { names } of TERM_NAMES) {
      for (const [term, hi, ar] of names) {
        for (const n of splitNames(hi)) expect(n, term).toMatch(/^[\u0900-\u097F\s\-().&]+$/u);
        for (const n of splitNames(ar)) {
          expect(n, term).toMatch(/[\u0600-\u06FF]/u);
          expect(n, term).not.toMatch(/[\u0900-\u097F]/u);
        }
      }
    }
  });

  it('keeps each English term once per kind', () => {
    for (const { kind, names } of TERM_NAMES) {
      const terms = names.map(([e]) => e);
      expect(
        terms.filter((t, i) => terms.indexOf(t) !== i),
        kind,
      ).toEqual([]);
    }
    expect(WORD_NAMES.length).toBeGreaterThan(0);
  });
});
