/**
 * Sending the search box: the same valibot schema as the server (SearchInputSchema), messages
 * verbatim in the page's language, the first field in error focused; a valid search goes to a
 * clean results URL (special characters replaced by spaces, empty parts left out) with the
 * advanced search's filters. Without JavaScript the form is sent as it is and the results page
 * answers with the same messages.
 */
import * as v from 'valibot';
import type { RecentSearch } from '~/lib/search/recent';
import { EMPTY_SEARCH, FILTER_KEYS, toQuery, type FilterKey } from '~/lib/search/state';
import { SearchInputSchema } from '~/lib/validation/search';

export type BoxField = 'keywords' | 'location' | 'experience';
export const BOX_FIELDS: readonly BoxField[] = ['keywords', 'location', 'experience'];
export type BoxErrors = Partial<Record<BoxField, string>>;
export type Filters = Partial<Record<FilterKey, string[]>>;

export type CheckResult =
  { ok: true; search: RecentSearch } | { ok: false; errors: BoxErrors; first: BoxField };

/** Checks the box's three fields; messages go through `translate` (English → shown). */
export function checkSearch(
  fields: Record<BoxField, string>,
  translate: (message: string) => string,
): CheckResult {
  const parsed = v.safeParse(SearchInputSchema, fields);
  if (parsed.success) {
    return {
      ok: true,
      search: {
        keywords: parsed.output.keywords,
        location: parsed.output.location ?? '',
        experience: parsed.output.experience ?? null,
      },
    };
  }
  const errors: BoxErrors = {};
  for (const issue of parsed.issues) {
    const key = v.getDotPath(issue) as BoxField | null;
    if (key && BOX_FIELDS.includes(key) && !errors[key]) errors[key] = translate(issue.message);
  }
  const first = BOX_FIELDS.find((f) => errors[f]) ?? 'keywords';
  return { ok: false, errors, first };
}

/** The advanced search's filters from the form: repeated keys and comma lists, trimmed, once each. */
export function formFilters(data: FormData): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    if (key === 'location') continue; // the location box
    const values = data
      .getAll(key)
      .flatMap((value) => String(value).split(','))
      .map((value) => value.trim())
      .filter((value, i, all) => value !== '' && all.indexOf(value) === i);
    if (values.length > 0) filters[key] = values;
  }
  return filters;
}

/** The results page of a search: `action` with the non-empty parts as its query. */
export function resultsUrl(action: string, search: RecentSearch, filters: Filters = {}): string {
  const query = toQuery({
    ...EMPTY_SEARCH,
    q: search.keywords,
    location: search.location,
    experience: search.experience,
    filters,
  }).toString();
  return query ? `${action}?${query}` : action;
}
