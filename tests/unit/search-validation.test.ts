import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import {
  SEARCH_INVALID_EXPERIENCE,
  SEARCH_INVALID_LOCATION,
  SEARCH_KEYWORDS_REQUIRED,
  SEARCH_NO_RESULTS,
  SEARCH_ONLY_SPECIAL,
  SearchInputSchema,
  cleanSearchText,
} from '~/lib/validation/search';

const messages = (input: unknown) =>
  v.safeParse(SearchInputSchema, input).issues?.map((i) => i.message) ?? [];

describe('search messages', () => {
  it('are SPEC §5 verbatim', () => {
    expect(SEARCH_KEYWORDS_REQUIRED).toBe('Please enter a job title/role/skill to search');
    expect(SEARCH_ONLY_SPECIAL).toBe('Only special character(s) are not allowed');
    expect(SEARCH_INVALID_LOCATION).toBe('Please enter a valid location.');
    expect(SEARCH_NO_RESULTS).toBe(
      'No result found for your search. Please enter a job title or skill.',
    );
  });
});

describe('cleanSearchText', () => {
  it('replaces special characters by spaces and collapses them', () => {
    expect(cleanSearchText('java@developer!!')).toBe('java developer');
    expect(cleanSearchText('  sales   (field) / marketing  ')).toBe('sales field marketing');
    expect(cleanSearchText('R&D')).toBe('R D');
    expect(cleanSearchText('<script>alert(1)</script>')).toBe('script alert 1 script');
  });
  it('keeps skills with + # . -', () => {
    expect(cleanSearchText('C++, C#, .NET, node.js, front-end')).toBe(
      'C++, C#, .NET, node.js, front-end',
    );
  });
  it('keeps letters of any script', () => {
    expect(cleanSearchText('सॉफ्टवेयर इंजीनियर')).toBe('सॉफ्टवेयर इंजीनियर');
    expect(cleanSearchText('مهندس برمجيات!')).toBe('مهندس برمجيات');
  });
  it('keeps matras, Arabic diacritics, tatweel and ZWJ/ZWNJ inside words', () => {
    expect(cleanSearchText('लेखाकार!!')).toBe('लेखाकार');
    expect(cleanSearchText('क्षेत्रीय बिक्री')).toBe('क्षेत्रीय बिक्री');
    expect(cleanSearchText('सॉफ्\u200Dटवेयर')).toBe('सॉफ्\u200Dटवेयर');
    expect(cleanSearchText('مُحَاسِب؟')).toBe('مُحَاسِب');
    expect(cleanSearchText('مهنـــدس')).toBe('مهنـــدس');
    expect(cleanSearchText('मेरी नौकरी।')).toBe('मेरी नौकरी');
  });
  it('reads the Arabic comma as a comma between keywords', () => {
    expect(cleanSearchText('محاسب، مهندس')).toBe('محاسب, مهندس');
  });
  it('empties a text of special characters only', () => {
    expect(cleanSearchText('@$%^*')).toBe('');
  });
});

describe('SearchInputSchema', () => {
  it('accepts keywords alone and cleans them', () => {
    expect(v.parse(SearchInputSchema, { keywords: '  java / spring!! ' })).toEqual({
      keywords: 'java spring',
      location: undefined,
      experience: undefined,
    });
  });

  it('accepts a full search', () => {
    expect(
      v.parse(SearchInputSchema, {
        keywords: 'C++',
        location: 'New  Delhi, Mumbai',
        experience: '5',
      }),
    ).toEqual({
      keywords: 'C++',
      location: 'New Delhi, Mumbai',
      experience: 5,
    });
    expect(
      v.parse(SearchInputSchema, { keywords: 'ड्राइवर', location: 'नई दिल्ली', experience: 0 }),
    ).toMatchObject({
      location: 'नई दिल्ली',
      experience: 0,
    });
  });

  it('asks for keywords when they are empty or missing', () => {
    expect(messages({ keywords: '' })).toEqual([SEARCH_KEYWORDS_REQUIRED]);
    expect(messages({ keywords: '    ' })).toEqual([SEARCH_KEYWORDS_REQUIRED]);
    expect(messages({})).toEqual([SEARCH_KEYWORDS_REQUIRED]);
    expect(messages({ keywords: 42 })).toEqual([SEARCH_KEYWORDS_REQUIRED]);
  });

  it('refuses keywords of special characters only', () => {
    expect(messages({ keywords: '@#$%' })).toEqual([SEARCH_ONLY_SPECIAL]);
    expect(messages({ keywords: '++' })).toEqual([SEARCH_ONLY_SPECIAL]);
    expect(messages({ keywords: '...' })).toEqual([SEARCH_ONLY_SPECIAL]);
    // Devanagari and Arabic punctuation and lone marks are special characters too.
    expect(messages({ keywords: '।।॥' })).toEqual([SEARCH_ONLY_SPECIAL]);
    expect(messages({ keywords: '؟،؛' })).toEqual([SEARCH_ONLY_SPECIAL]);
    expect(messages({ keywords: 'َُِّ' })).toEqual([SEARCH_ONLY_SPECIAL]);
  });

  it('takes Devanagari and Arabic words, with their marks, as keywords', () => {
    for (const keywords of ['लेखाकार', 'सॉफ्टवेयर इंजीनियर', 'مُحَاسِب', 'المبيعات', 'مهنـدس']) {
      expect(messages({ keywords }), keywords).toEqual([]);
    }
    expect(v.parse(SearchInputSchema, { keywords: '  बिक्री @ ' }).keywords).toBe('बिक्री');
  });

  it('treats an empty location as anywhere and refuses odd ones', () => {
    expect(
      v.parse(SearchInputSchema, { keywords: 'java', location: '  ' }).location,
    ).toBeUndefined();
    expect(messages({ keywords: 'java', location: '12345' })).toEqual([SEARCH_INVALID_LOCATION]);
    expect(messages({ keywords: 'java', location: 'Delhi@#' })).toEqual([SEARCH_INVALID_LOCATION]);
    expect(messages({ keywords: 'java', location: '---' })).toEqual([SEARCH_INVALID_LOCATION]);
    expect(messages({ keywords: 'java', location: 7 })).toEqual([SEARCH_INVALID_LOCATION]);
  });

  it('accepts experience 0-50 as a number or numeric string', () => {
    expect(
      v.parse(SearchInputSchema, { keywords: 'java', experience: '' }).experience,
    ).toBeUndefined();
    expect(v.parse(SearchInputSchema, { keywords: 'java', experience: 50 }).experience).toBe(50);
    for (const experience of [51, -1, 2.5, 'abc', '5 years', true]) {
      expect(messages({ keywords: 'java', experience }), String(experience)).toEqual([
        SEARCH_INVALID_EXPERIENCE,
      ]);
    }
  });

  it('reports every broken field at once', () => {
    expect(messages({ keywords: '', location: '99' })).toEqual([
      SEARCH_KEYWORDS_REQUIRED,
      SEARCH_INVALID_LOCATION,
    ]);
  });
});
