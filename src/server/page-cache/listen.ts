/**
 * Receives the page-change notices (announce.ts) for this process: on PGlite through the
 * instance's own LISTEN (in this thread, or in the database's worker thread, which posts them
 * here), on PostgreSQL through one dedicated connection (DATABASE_DIRECT_URL when set) that reconnects when
 * it drops (a notice sent while it is down is missed; the pages then expire by their max age).
 */
import pg from 'pg';
import { sessionDatabaseUrl } from '~/server/config';
import { getDbHandle } from '~/server/db/client';
import { PAGE_CACHE_CHANNEL } from './announce';

type OnTags = (tags: string[]) => void;

function parseTags(payload: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(payload ?? '[]');
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

const RECONNECT_MS = 2_000;

async function listenOnPostgres(url: string, onTags: OnTags): Promise<void> {
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    const retry = () => {
      client.removeAllListeners();
      client.end().catch(() => {});
      setTimeout(() => void connect().catch(() => retry()), RECONNECT_MS).unref();
    };
    client.on('error', (error) => {
      console.warn('[page-cache] notice connection lost:', error.message);
      retry();
    });
    client.on('notification', (message) => {
      if (message.channel === PAGE_CACHE_CHANNEL) onTags(parseTags(message.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
    } catch (error) {
      console.warn('[page-cache] cannot listen for notices:', (error as Error).message);
      retry();
      return;
    }
    // The listening connection must not keep a finished process alive.
    (
      client as unknown as { connection?: { stream?: { unref?: () => void } } }
    ).connection?.stream?.unref?.();
  };
  await connect();
}

let started: Promise<void> | undefined;
/** Everyone in this process who wants the notices: the page cache, the CDN purger. */
const subscribers = new Set<OnTags>();
const deliver: OnTags = (tags) => {
  for (const onTags of subscribers) onTags(tags);
};

/** Calls `onTags` for each notice; the connection is opened once per process. */
export function listenForPageChanges(onTags: OnTags): Promise<void> {
  subscribers.add(onTags);
  started ??= (async () => {
    // LISTEN needs a session: past a transaction-mode pooler, the direct address.
    const url = sessionDatabaseUrl();
    if (url) return listenOnPostgres(url, deliver);
    const handle = await getDbHandle();
    await handle.listen?.(PAGE_CACHE_CHANNEL, (payload) => deliver(parseTags(payload)));
  })().catch((error) => {
    started = undefined;
    console.warn('[page-cache] cannot listen for notices:', (error as Error).message);
  });
  return started;
}
