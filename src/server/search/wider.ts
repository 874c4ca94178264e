/**
 * A search that found nothing, tried again with one word fewer: people add words no job uses
 * ("android app developer", "home loan officer", "delivery executive"). Of the searches of all
 * words but one, the narrowest that finds jobs is shown, and the page says so as it says a
 * correction ("Showing results for android developer. Search instead for ...").
 */
import type { SearchState } from '~/lib/search/state';
import type { Queryable } from '~/server/db/client';
import { searchJobs, type SearchOptions } from './service';
import type { SearchResult } from './types';

/** Longer searches are sentences, not job words with one too many: left as they are. */
const MAX_WORDS = 5;

/** The keyword words of a search as it ran, when one of them may go (one group of 2-5 words). */
function droppableWords(result: SearchResult): string[] | null {
  const q = result.understood?.q ?? '';
  if (q.includes(',') || q.includes('،')) return null;
  const words = q.split(/\s+/u).filter((w) => w !== '');
  return words.length >= 2 && words.length <= MAX_WORDS ? words : null;
}

/**
 * `result` when it found jobs, the seeker asked for the words as typed, or no word can go;
 * otherwise the narrowest search of all its words but one that finds jobs, marked corrected
 * with the words it ran (or `result` when none finds any).
 */
export async function searchOrOneWordFewer(
  siteContext: string,
  state: SearchState,
  result: SearchResult,
  options: SearchOptions,
  db?: Queryable,
): Promise<SearchResult> {
  if (result.total > 0 || state.asTyped) return result;
  const words = droppableWords(result);
  if (!words) return result;
  const location = result.understood?.location ?? state.location;
  let best: SearchResult | null = null;
  // One after another: this runs only for pages that found nothing, and keeps a pool free.
  for (let i = 0; i < words.length; i += 1) {
    const q = words.filter((_, j) => j !== i).join(' ');
    const found = await searchJobs(siteContext, { ...state, q, location }, db, options);
    if (found.total > 0 && (!best || found.total < best.total)) best = found;
  }
  if (!best?.understood) return best ?? result;
  // The page keeps the seeker's own words (search box, "Search instead for", page and filter
  // links); what ran is `understood`, as for a typo.
  return { ...best, state: result.state, understood: { ...best.understood, corrected: true } };
}
