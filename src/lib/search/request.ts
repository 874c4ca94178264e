/**
 * How a results page reads its URL: the search state of src/lib/search/parse.ts, plus the
 * rules of a search box submission.
 *
 * - Repeated keys (checkbox forms without JavaScript: ?industries=3&industries=7) are joined
 *   with commas first, so they read like the comma-joined form of SPEC §7.
 * - A submitted but empty keyword box (?q= present, blank) is SPEC §5 "Please enter a job
 *   title/role/skill to search"; no q at all is a browse of every job (the Jobs menu link).
 * - Keyword, location and experience messages block the search (the seeker fixes the box
 *   first); a filter message (e.g. a third industry) does not: the search runs without the
 *   refused part.
 */
import { parseSearchState } from './parse';
import type { SearchState } from './state';
import {
  SEARCH_INVALID_EXPERIENCE,
  SEARCH_INVALID_LOCATION,
  SEARCH_KEYWORDS_REQUIRED,
  SEARCH_ONLY_SPECIAL,
} from '~/lib/validation/search';

export interface SearchMessage {
  field: string;
  message: string;
}

export type SearchBoxField = 'keywords' | 'location' | 'experience';

/** The search box field a message belongs to, from its text; null for filter messages. */
export function boxFieldOf(message: string): SearchBoxField | null {
  if (message === SEARCH_KEYWORDS_REQUIRED || message === SEARCH_ONLY_SPECIAL) return 'keywords';
  if (message === SEARCH_INVALID_LOCATION) return 'location';
  if (message === SEARCH_INVALID_EXPERIENCE) return 'experience';
  return null;
}

export interface ResultsRequest {
  state: SearchState;
  /** Messages to show, in English as the schema and parser give them (pages translate). */
  errors: SearchMessage[];
  /** A search box message: show the box and the message, run no search. */
  blocked: boolean;
  /** The URL has no search parameters at all (an indexable page). */
  clean: boolean;
}

const KEYWORD_KEYS = ['q', 'query', 'keywords'];

/** Repeated keys joined with commas; empty values dropped (a form's untouched fields). */
export function normaliseParams(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of new Set(params.keys())) {
    const values = params
      .getAll(key)
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length > 0) out.set(key, values.join(','));
  }
  return out;
}

export function readResultsRequest(params: URLSearchParams): ResultsRequest {
  const normal = normaliseParams(params);
  const { state, errors } = parseSearchState(normal);
  const messages: SearchMessage[] = [...errors];
  const submittedEmpty =
    KEYWORD_KEYS.some((k) => params.has(k)) && !KEYWORD_KEYS.some((k) => normal.has(k));
  if (submittedEmpty && !messages.some((e) => e.message === SEARCH_KEYWORDS_REQUIRED)) {
    messages.unshift({ field: 'keywords', message: SEARCH_KEYWORDS_REQUIRED });
  }
  return {
    state,
    errors: messages,
    blocked: messages.some((e) => boxFieldOf(e.message) !== null),
    clean: [...params.keys()].length === 0,
  };
}
