/** What the search service answers; pages and the raven API endpoints share these shapes. */
import type { FilterKey, SearchState } from '~/lib/search/state';
import type { JobSummary } from '~/server/jobs/service';

export interface FacetValue {
  /** The value as it goes into the URL filter (an id for functions/industries, else the text). */
  value: string;
  /** What the seeker reads (translated where the list is ours). */
  label: string;
  /** Jobs matching the current search (other filters applied) that have this value. */
  count: number;
  selected: boolean;
}

export interface SearchResult {
  state: SearchState;
  jobs: JobSummary[];
  /** Matching jobs: exact when totalExact, else an estimate above COUNT_CAP. */
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  facets: Partial<Record<FilterKey, FacetValue[]>>;
  /**
   * False when more than COUNT_CAP (200) jobs match. `total` is then an estimate (typically
   * within 10%; never below 201): show it as "about {total}" or "200+", not as an exact
   * number. Pages up to totalPages (at most MAX_PAGE) can be opened either way.
   */
  totalExact: boolean;
  /**
   * False when facets were counted over the newest COUNT_CAP + 1 matches only (because more
   * match) and scaled up to the estimated total: the counts are then estimates. Values and their
   * order are still the right ones to offer.
   */
  facetsExact: boolean;
  /**
   * The search as it ran (understand.ts): keywords and location read from what was typed, and
   * whether words were corrected (the page then says so and offers the search as typed).
   */
  understood?: { q: string; location: string; corrected: boolean; shownQ: string };
}

/** An autosuggest entry (auto-fill). */
export interface Suggestion {
  value: string;
  kind: 'title' | 'skill' | 'company' | 'city';
}
