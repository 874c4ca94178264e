/**
 * Hindi and Arabic names of the terms the portal keeps in English: job titles, skills, the parts
 * of function and industry names, and single words of titles. Search reads them to understand a
 * query in the page's language (src/server/search/translate.ts, through
 * src/server/reference/names); pages and mails show a job word in the page's language by them
 * (jobWord, src/lib/format/job-words.ts), so they live in src/lib, which both may import.
 * Reference data in code, one file per kind, one term a line (./types.ts says how to write one).
 * To add a term, add its line to the file of its kind; tests/unit/search-translate.test.ts checks
 * the files. Qualifications (./qualifications.ts) are shown by pages only: search matches them
 * by their English value.
 */
import { FIELD_NAMES } from './fields';
import { QUALIFICATION_NAMES } from './qualifications';
import { SKILL_NAMES } from './skills';
import { TITLE_NAMES } from './titles';
import type { TermNames } from './types';
import { QUERY_FILLERS, WORD_NAMES } from './words';

export type { TermNames } from './types';
export { FIELD_NAMES, QUALIFICATION_NAMES, QUERY_FILLERS, SKILL_NAMES, TITLE_NAMES, WORD_NAMES };

/** What a term is: what autosuggest may offer it as (titles and skills), or only a search word. */
export type TermKind = 'title' | 'skill' | 'field' | 'word';

export const TERM_NAMES: readonly { kind: TermKind; names: readonly TermNames[] }[] = [
  { kind: 'title', names: TITLE_NAMES },
  { kind: 'skill', names: SKILL_NAMES },
  { kind: 'field', names: FIELD_NAMES },
  { kind: 'word', names: WORD_NAMES },
];

/** The names of one language in a names string ('a | b' → ['a', 'b']). */
export const splitNames = (names: string): string[] =>
  names
    .split('|')
    .map((n) => n.trim())
    .filter((n) => n !== '');
