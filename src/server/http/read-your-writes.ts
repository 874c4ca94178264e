/**
 * Read-your-writes with a read replica (DATABASE_REPLICA_URL): a replica may be a moment behind
 * the primary, so a visitor who has just changed something (any POST, PUT, PATCH or DELETE) reads
 * from the primary for the next READ_YOUR_WRITES_SECONDS. A short-lived cookie carries that
 * across requests and server processes; it holds no data. Without a replica nothing is set.
 */
import type { AstroCookies } from 'astro';
import { config } from '~/server/config';
import { SAFE_METHODS } from './csrf';

export const RECENT_WRITE_COOKIE = 'jp_recent_write';
/** Far above streaming replication lag (milliseconds), short enough to keep reads on replicas. */
export const READ_YOUR_WRITES_SECONDS = 10;

/** Where this request's lag-tolerant reads go; marks a writing visitor for the next seconds. */
export function readPreferenceFor(
  method: string,
  cookies: AstroCookies,
  https: boolean,
): 'primary' | 'replica' {
  if (!config.DATABASE_REPLICA_URL) return 'primary';
  if (!SAFE_METHODS.has(method.toUpperCase())) {
    cookies.set(RECENT_WRITE_COOKIE, '1', {
      path: '/',
      maxAge: READ_YOUR_WRITES_SECONDS,
      httpOnly: true,
      sameSite: 'lax',
      secure: https,
    });
    return 'primary';
  }
  return cookies.has(RECENT_WRITE_COOKIE) ? 'primary' : 'replica';
}
