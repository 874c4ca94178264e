/**
 * A readable cookie that only says "this browser has a session" (the session cookie itself is
 * HttpOnly). Cached pages are the same for everyone, so their scripts read this to choose, e.g.,
 * where recent searches are kept and the tracking user type. It grants nothing: every request is
 * still authorised by the session cookie.
 */
export const SIGNED_IN_HINT_COOKIE = 'jp_signed_in';

export function hasSignedInHint(cookieHeader: string = document.cookie): boolean {
  return cookieHeader.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}
