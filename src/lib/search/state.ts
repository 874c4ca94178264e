/**
 * The search state of SPEC §3, kept in the URL: keywords (q), location, experience, sort, page and
 * the filter keys. One parse and one serialise so pages, islands and the API read URLs alike.
 * Array filters travel comma-joined (SPEC §7), e.g. ?industries=12,40&jobCities=Pune.
 */

/** SPEC §3 filter keys ('query' is the keywords, carried as q). */
export const FILTER_KEYS = [
  'skills',
  'designations',
  'location',
  'locations',
  'functions',
  'companies',
  'roles',
  'experienceRanges',
  'jobCities',
  'salaryRanges',
  'qualifications',
  'employerTypes',
  'industries',
  'jobFreshness',
  'jobTypes',
  'jobStates',
  'jobCountries',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SORTS = ['relevance', 'date'] as const;
export type Sort = (typeof SORTS)[number];

export const PAGE_SIZE = 20;
/** Deeper pages are refused: nobody reads them, and crawlers would scan the whole index. */
export const MAX_PAGE = 50;

export interface SearchState {
  /** Keywords after cleanSearchText; '' for a browse of every job. */
  q: string;
  /** Free-text location from the search box. */
  location: string;
  /** Years of experience the seeker has, 0-50; null for any. */
  experience: number | null;
  sort: Sort;
  page: number;
  filters: Partial<Record<FilterKey, string[]>>;
  /** Search the words as typed, without correcting them (the "Search instead for" link). */
  asTyped?: boolean;
}

export const EMPTY_SEARCH: SearchState = {
  q: '',
  location: '',
  experience: null,
  sort: 'relevance',
  page: 1,
  filters: {},
};

/** The URL query for a state, with empty parts left out (stable order for caching and links). */
export function toQuery(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.location) params.set('location', state.location);
  if (state.experience !== null) params.set('experience', String(state.experience));
  for (const key of FILTER_KEYS) {
    const values = state.filters[key];
    if (values && values.length > 0) params.set(key, values.join(','));
  }
  if (state.asTyped) params.set('typed', '1');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
