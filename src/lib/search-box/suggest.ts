/**
 * Where the search box's suggestions come from: the autosuggest API (SPEC §7 auto-fill) for
 * keywords (titles, skills, companies; not cities) and for the location (its cities, then the
 * site's popular cities that start with what was typed), at most 8 each; recent keywords and
 * popular cities before anything is typed.
 */
import type { ApiClient } from '~/lib/api-client';
import type { RecentSearch } from '~/lib/search/recent';
import type { Suggestion } from './combobox-state';

export const MAX_SUGGESTIONS = 8;

interface AutoFillItem {
  value: string;
  kind?: string;
}

/** Reads the auto-fill answer: a list of {value, kind} (or of strings), possibly wrapped. */
export function toAutoFill(data: unknown): AutoFillItem[] {
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null
      ? (Object.values(data).find(Array.isArray) ?? [])
      : [];
  return (list as unknown[]).flatMap((item) => {
    if (typeof item === 'string') return [{ value: item }];
    if (
      typeof item === 'object' &&
      item !== null &&
      typeof (item as AutoFillItem).value === 'string'
    )
      return [item as AutoFillItem];
    return [];
  });
}

async function autoFill(api: ApiClient, text: string, signal: AbortSignal) {
  const res = await api.call<unknown>('autoFill', { query: { text, appName: 'seeker' }, signal });
  return res.ok ? toAutoFill(res.data) : [];
}

/** Keyword suggestions: everything but cities, each with its kind's label. */
export function keywordSuggester(api: ApiClient, kinds: Record<string, string>) {
  return async (text: string, signal: AbortSignal): Promise<Suggestion[]> =>
    (await autoFill(api, text, signal))
      .filter((s) => s.kind !== 'city')
      .slice(0, MAX_SUGGESTIONS)
      .map((s) => ({ value: s.value, hint: s.kind ? kinds[s.kind] : undefined }));
}

/** Location suggestions: the API's cities, then popular ones starting with the text, no repeats. */
export function citySuggester(api: ApiClient, popularCities: readonly string[]) {
  return async (text: string, signal: AbortSignal): Promise<Suggestion[]> => {
    const fromApi = (await autoFill(api, text, signal)).filter((s) => s.kind === 'city');
    const lower = text.toLowerCase();
    const fromPopular = popularCities
      .filter((c) => c.toLowerCase().startsWith(lower))
      .map((value) => ({ value }));
    const seen = new Set<string>();
    return [...fromApi, ...fromPopular]
      .filter((s) => !seen.has(s.value.toLowerCase()) && seen.add(s.value.toLowerCase()))
      .slice(0, MAX_SUGGESTIONS)
      .map((s) => ({ value: s.value }));
  };
}

/** The keywords of recent searches, newest first, once each (ignoring case), at most 5. */
export function recentKeywords(recent: readonly RecentSearch[], hint: string): Suggestion[] {
  const seen = new Set<string>();
  return recent
    .filter((r) => !seen.has(r.keywords.toLowerCase()) && seen.add(r.keywords.toLowerCase()))
    .slice(0, 5)
    .map((r) => ({ value: r.keywords, hint }));
}

/** The site's popular cities, at most 8. */
export function popularCityChoices(popularCities: readonly string[], hint: string): Suggestion[] {
  return popularCities.slice(0, MAX_SUGGESTIONS).map((value) => ({ value, hint }));
}
