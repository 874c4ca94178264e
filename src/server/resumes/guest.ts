/**
 * The guest token: a random value in an HttpOnly cookie that lets the browser that uploaded a
 * resume without logging in fetch it (and registration claim it). Only its SHA-256 is stored.
 */
import type { AstroCookies } from 'astro';
import { randomToken } from '~/server/tokens';

export const GUEST_COOKIE = 'JP_RESUME_GUEST';
/** A guest keeps access to their uploads this long (enough to finish registering later). */
export const GUEST_COOKIE_DAYS = 30;

const TOKEN_RE = /^[A-Za-z0-9_-]{32,64}$/;

type CookieJar = Pick<AstroCookies, 'get' | 'set'>;

/** The guest token of this browser, or null when it has none (or a malformed one). */
export function readGuestToken(cookies: Pick<AstroCookies, 'get'>): string | null {
  const value = cookies.get(GUEST_COOKIE)?.value;
  return value && TOKEN_RE.test(value) ? value : null;
}

/** This browser's guest token, created (and the cookie set) when it has none. */
export function ensureGuestToken(cookies: CookieJar, secure: boolean): string {
  const existing = readGuestToken(cookies);
  const token = existing ?? randomToken();
  // Set again even when present, so the 30 days count from the last upload.
  cookies.set(GUEST_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: GUEST_COOKIE_DAYS * 86_400,
  });
  return token;
}
