/**
 * A small per-process cache for slow, slowly changing page data (landing vocabularies, sitemap
 * counts, advanced search lists). Stale-while-revalidate: after `ttlMs` the old value is still
 * served while one refresh runs, so only the very first request for a key waits for the load.
 * A failed load is not kept (the next request tries again); a failed refresh keeps the old value.
 */
interface Entry<T> {
  at: number;
  value: Promise<T>;
  /** A value that has loaded (served while a refresh runs). */
  settled?: T;
  refreshing?: boolean;
}

const entries = new Map<string, Entry<unknown>>();

/** Lookups answered from the cache and lookups that had to load (read by /metrics). */
export const cacheStats = { hits: 0, misses: 0, size: () => entries.size };

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key) as Entry<T> | undefined;
  if (hit) cacheStats.hits++;
  else cacheStats.misses++;
  if (hit) {
    // Fresh, or still loading for the first time.
    if (Date.now() - hit.at < ttlMs || hit.settled === undefined) return hit.value;
    // Stale: serve the old value and refresh it once in the background.
    if (!hit.refreshing) {
      hit.refreshing = true;
      load().then(
        (value) =>
          entries.set(key, { at: Date.now(), value: Promise.resolve(value), settled: value }),
        () => {
          hit.refreshing = false;
        },
      );
    }
    return Promise.resolve(hit.settled);
  }
  const entry: Entry<T> = { at: Date.now(), value: load() };
  entries.set(key, entry);
  entry.value.then(
    (value) => {
      entry.settled = value;
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  return entry.value;
}

/** Forgets every cached value (tests). */
export function clearCache(): void {
  entries.clear();
}
