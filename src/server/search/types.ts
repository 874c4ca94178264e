/** What the search service answers; pages and the raven API endpoints share these shapes. */
import type { FilterKey, SearchState } from '../../lib/search/state';
import type { JobSummary } from '../jobs/service';

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
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  facets: Partial<Record<FilterKey, FacetValue[]>>;
}
