/**
 * Keeps shared caches in front of the app servers (Varnish with xkey: deploy/varnish.vcl) as
 * fresh as each server's own page cache: every page-change notice (announce.ts) becomes one
 * PURGE naming its tags in `xkey-purge`, sent to each address of CDN_PURGE_URLS. It is sent a
 * moment after the notice, so the app servers have dropped their own copies first; otherwise the
 * cache could fetch the old page again and keep it for its whole max age. Runs beside the
 * background worker (one per deployment, or one per app server: a purge twice is harmless).
 */
import { config } from '~/server/config';
import { log } from '~/server/ops/logger';
import { listenForPageChanges } from './listen';
import { publicTags } from './tags';

/** Time for every app server to drop its copy before the shared cache asks for the page again. */
const PURGE_DELAY_MS = 1_000;
/** Tags per PURGE request, so a bulk change never makes a header too long for the cache. */
const TAGS_PER_REQUEST = 200;

export async function purgeSharedCaches(
  tags: readonly string[],
  urls: readonly string[],
): Promise<void> {
  for (let i = 0; i < tags.length; i += TAGS_PER_REQUEST) {
    const header = tags.slice(i, i + TAGS_PER_REQUEST).join(' ');
    await Promise.all(
      urls.map(async (url) => {
        try {
          const answer = await fetch(url, {
            method: 'PURGE',
            headers: { 'xkey-purge': header },
            signal: AbortSignal.timeout(5_000),
          });
          if (!answer.ok) log.warn({ url, status: answer.status }, 'shared cache purge refused');
        } catch (error) {
          // The cache keeps the page until its s-maxage: stale for minutes, never wrong for long.
          log.warn({ url, err: (error as Error).message }, 'shared cache purge failed');
        }
      }),
    );
  }
}

/** Starts forwarding notices when CDN_PURGE_URLS is set; a no-op otherwise. */
export function startSharedCachePurger(): void {
  const urls = config.CDN_PURGE_URLS ?? [];
  if (urls.length === 0) return;
  void listenForPageChanges((notice) => {
    const tags = publicTags(notice);
    if (tags.length === 0) return;
    setTimeout(() => void purgeSharedCaches(tags, urls), PURGE_DELAY_MS).unref();
  });
}
