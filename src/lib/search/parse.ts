/**
 * The search state from a URL query (SPEC §3 keys, §5 rules, §7 comma-joined arrays). Isomorphic:
 * the results page, the search API and islands read URLs with this one function.
 *
 *   const { state, errors } = parseSearchState(url.searchParams);
 *
 * - Keywords come from q, or query / keywords (older links). They are cleaned with
 *   cleanSearchText; text made of special characters only gives SEARCH_ONLY_SPECIAL and is
 *   dropped. An empty q is allowed: it browses every job.
 * - location must match LOCATION_RE, else SEARCH_INVALID_LOCATION (and it is dropped).
 * - experience: whole years 0-50, else SEARCH_INVALID_EXPERIENCE ("fresher" reads as 0).
 * - sort: relevance (default) or date; page: clamped to 1..MAX_PAGE. Bad values fall back
 *   silently: they only come from hand-edited URLs.
 * - Filters (FILTER_KEYS): comma-joined, trimmed, de-duplicated case-insensitively, at most
 *   MAX_FILTER_VALUES each. Values that can't be right for their key (an unknown industry id, a
 *   job type we don't have) are dropped. More than MAX_INDUSTRIES industries: the first two are
 *   kept and SEARCH_MAX_INDUSTRIES is reported (SPEC §5, §9).
 * - The `location` param is the search box's location (state.location); filters.location is
 *   left for callers that build a state by hand.
 * - Unknown params are ignored.
 */
import { EMPLOYER_TYPES, JOB_TYPES } from '~/lib/jobs/kinds';
import * as v from 'valibot';
import { INDUSTRIES, JOB_FUNCTIONS, MAX_INDUSTRIES } from '~/lib/reference-lists';
import {
  cleanSearchText,
  hasWord,
  LOCATION_RE,
  SEARCH_INVALID_EXPERIENCE,
  SEARCH_INVALID_LOCATION,
  SEARCH_ONLY_SPECIAL,
} from '~/lib/validation/search';
import {
  EMPTY_SEARCH,
  FILTER_KEYS,
  MAX_PAGE,
  SORTS,
  type FilterKey,
  type SearchState,
  type Sort,
} from './state';

/** SPEC §5: "At most 2 industries may be selected in the industry filter." */
export const SEARCH_MAX_INDUSTRIES = `At most ${MAX_INDUSTRIES} industries may be selected in the industry filter.`;

/** Longest keywords kept (characters); the rest is cut off. */
export const MAX_KEYWORDS_LENGTH = 200;
/** Longest location kept. */
export const MAX_LOCATION_LENGTH = 120;
/** Most values one filter key takes; more are ignored. */
export const MAX_FILTER_VALUES = 20;
/** Longest single filter value. */
export const MAX_FILTER_VALUE_LENGTH = 100;

/** Employer types and job types as stored on jobs (src/lib/jobs/kinds.ts). */
export const SEARCH_EMPLOYER_TYPES = EMPLOYER_TYPES;
export const SEARCH_JOB_TYPES = JOB_TYPES;

/** Job freshness choices: posted within this many days. */
export const FRESHNESS_DAYS = [1, 3, 7, 15, 30] as const;
/** Default experience ranges (years) offered as a facet; any "a-b" with 0 ≤ a ≤ b ≤ 100 works. */
export const EXPERIENCE_RANGES = ['0-2', '3-5', '6-10', '11-15', '16-100'] as const;

export interface SearchParseError {
  field: string;
  message: string;
}

export interface ParsedSearch {
  state: SearchState;
  errors: SearchParseError[];
}

const KEYWORD_PARAMS = ['q', 'query', 'keywords'] as const;

const ExperienceParam = v.pipe(
  v.string(),
  v.trim(),
  v.transform((s) => (/^fresher$/i.test(s) ? '0' : s)),
  v.regex(/^\d{1,2}$/),
  v.transform(Number),
  v.number(),
  v.minValue(0),
  v.maxValue(50),
);

const PageParam = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,6}$/), v.transform(Number));

const functionIds = new Set(JOB_FUNCTIONS.map((f) => String(f.id)));
const industryIds = new Set(INDUSTRIES.map((i) => String(i.id)));
const employerTypes = new Set<string>(SEARCH_EMPLOYER_TYPES);
const jobTypes = new Set<string>(SEARCH_JOB_TYPES);

/** A free-text filter value: no control characters, single spaces, bounded length. */
function cleanValue(raw: string): string {
  return raw
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_FILTER_VALUE_LENGTH)
    .trim();
}

const isRange = (s: string) => {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(s);
  return m !== null && Number(m[1]) <= Number(m[2]) && Number(m[2]) <= 100;
};

/**
 * Per key: normalise a value (or return null to drop it). Free-text keys keep the seeker's
 * spelling; they match case-insensitively in the search service.
 */
const VALUE_RULES: Record<FilterKey, (value: string) => string | null> = {
  skills: (s) => s,
  designations: (s) => s,
  location: (s) => (LOCATION_RE.test(s) ? s : null),
  locations: (s) => (LOCATION_RE.test(s) ? s : null),
  functions: (s) => (functionIds.has(s) ? s : null),
  companies: (s) => s,
  roles: (s) => s,
  experienceRanges: (s) => {
    const compact = s.replace(/\s+/g, '');
    return isRange(compact) ? compact : null;
  },
  jobCities: (s) => (LOCATION_RE.test(s) ? s : null),
  salaryRanges: (s) => {
    const compact = s.replace(/\s+/g, '');
    const m = /^(\d{1,13})(?:-(\d{1,13})|\+)$/.exec(compact);
    if (!m) return null;
    if (m[2] !== undefined && Number(m[2]) <= Number(m[1])) return null;
    return compact;
  },
  qualifications: (s) => s,
  employerTypes: (s) => (employerTypes.has(s.toLowerCase()) ? s.toLowerCase() : null),
  industries: (s) => (industryIds.has(s) ? s : null),
  jobFreshness: (s) => (/^\d{1,3}$/.test(s) && Number(s) >= 1 && Number(s) <= 365 ? s : null),
  jobTypes: (s) => {
    const key = s.toLowerCase().replace(/[\s-]+/g, '_');
    return jobTypes.has(key) ? key : null;
  },
  jobStates: (s) => (LOCATION_RE.test(s) ? s : null),
  jobCountries: (s) => (/^[a-z]{2}$/i.test(s) ? s.toUpperCase() : null),
};

/** All values of a key: repeated params and comma-joined lists, cleaned and de-duplicated. */
function readList(params: URLSearchParams, key: FilterKey): string[] {
  const rule = VALUE_RULES[key];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of params.getAll(key)) {
    for (const part of raw.split(',')) {
      const cleaned = cleanValue(part);
      if (cleaned === '') continue;
      const value = rule(cleaned);
      if (value === null) continue;
      const id = value.toLowerCase();
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(value);
    }
  }
  return out.slice(0, MAX_FILTER_VALUES);
}

export function parseSearchState(params: URLSearchParams): ParsedSearch {
  const errors: SearchParseError[] = [];
  const state: SearchState = { ...EMPTY_SEARCH, filters: {} };

  // Keywords: the first keyword param that has something in it.
  const rawKeywords =
    KEYWORD_PARAMS.map((k) => params.get(k) ?? '').find((s) => s.trim() !== '') ?? '';
  if (rawKeywords.trim() !== '') {
    if (!hasWord(rawKeywords)) {
      errors.push({ field: 'q', message: SEARCH_ONLY_SPECIAL });
    } else {
      state.q = cleanSearchText(rawKeywords).slice(0, MAX_KEYWORDS_LENGTH).trim();
    }
  }

  // Joiners some Hindi keyboards type inside a name (दिल्‍ली) are not part of it.
  const rawLocation = (params.get('location') ?? '')
    .replace(/[\u200C\u200D]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (rawLocation !== '') {
    if (LOCATION_RE.test(rawLocation)) state.location = rawLocation.slice(0, MAX_LOCATION_LENGTH);
    else errors.push({ field: 'location', message: SEARCH_INVALID_LOCATION });
  }

  const rawExperience = params.get('experience');
  if (rawExperience !== null && rawExperience.trim() !== '') {
    const parsed = v.safeParse(ExperienceParam, rawExperience);
    if (parsed.success) state.experience = parsed.output;
    else errors.push({ field: 'experience', message: SEARCH_INVALID_EXPERIENCE });
  }

  if (params.get('typed') === '1') state.asTyped = true;

  const sort = (params.get('sort') ?? '').trim().toLowerCase();
  if ((SORTS as readonly string[]).includes(sort)) state.sort = sort as Sort;

  const page = v.safeParse(PageParam, params.get('page') ?? '');
  if (page.success) state.page = Math.min(MAX_PAGE, Math.max(1, page.output));

  for (const key of FILTER_KEYS) {
    if (key === 'location') continue; // the search box's location, read above
    let values = readList(params, key);
    if (key === 'industries' && values.length > MAX_INDUSTRIES) {
      errors.push({ field: 'industries', message: SEARCH_MAX_INDUSTRIES });
      values = values.slice(0, MAX_INDUSTRIES);
    }
    if (values.length > 0) state.filters[key] = values;
  }

  return { state, errors };
}
