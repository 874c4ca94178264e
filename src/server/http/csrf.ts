/**
 * Cross-site request forgery guard for every state-changing request (anything but GET, HEAD and
 * OPTIONS), whatever its body type: Astro's security.checkOrigin only covers form posts, so a
 * cross-site JSON or text/plain POST would pass it (ARCHITECTURE "Known pitfalls").
 *
 * A request is accepted when it provably comes from one of our own pages:
 * 1. an Origin header naming the request's own host (or another host of the same site, from
 *    sites/*.json `domains`): browsers send Origin on every POST, fetch and form alike;
 * 2. without Origin (older browsers), Sec-Fetch-Site: same-origin;
 * 3. without either, a Referer on the same host.
 * Everything else is refused: a foreign or "null" Origin, Sec-Fetch-Site cross-site/same-site,
 * and a request with none of the three headers. The last case means curl and scripts must send
 * an Origin header to change state (`curl -H "Origin: http://host" ...`); no exception is made,
 * because a browser never posts without one of them and every endpoint of ours is meant for
 * browsers. Tests that call handlers directly skip the middleware and so this guard.
 */

/**
 * Paths whose POSTs come from mail clients or other systems, not from our pages, and carry their
 * own proof instead of a session: RFC 8058 one-click unsubscribe (a signed token in the URL) and
 * the employer system's profile events (a bearer token).
 */
export const TOKEN_AUTHENTICATED_PATHS: ReadonlySet<string> = new Set([
  '/api/alerts/unsubscribe',
  '/api/internal/profile-events',
]);

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** English text of the refusal (the API answers it; pages show the translation). */
export const CROSS_SITE_REFUSED =
  'This request did not come from this site, so it was refused. Please reload the page and try again.';

export type CsrfVerdict =
  | { ok: true }
  | {
      ok: false;
      reason: 'foreign-origin' | 'null-origin' | 'cross-site' | 'foreign-referer' | 'no-origin';
    };

/** Scheme and host of an Origin or Referer value; null when it is not a URL. */
function originOf(value: string): { scheme: string; host: string } | null {
  try {
    const url = new URL(value);
    return { scheme: url.protocol.replace(/:$/, ''), host: url.host.toLowerCase() };
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may proceed. `host` is the request's Host header; `siteHosts`
 * other hosts serving the same site (without port, compared with the port stripped); `scheme` the
 * request's own (http or https): an https:// page is another origin than the http:// site.
 */
export function checkCsrf(
  method: string,
  headers: Headers,
  host: string,
  siteHosts: readonly string[] = [],
  scheme: 'http' | 'https' = 'http',
): CsrfVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return { ok: true };
  const own = host.toLowerCase();
  const trusted = (candidate: { scheme: string; host: string } | null) =>
    candidate !== null &&
    candidate.scheme === scheme &&
    (candidate.host === own ||
      siteHosts.some((h) => h.toLowerCase() === candidate.host.replace(/:\d+$/, '')));

  const origin = headers.get('origin');
  if (origin !== null) {
    if (origin.trim() === 'null') return { ok: false, reason: 'null-origin' };
    return trusted(originOf(origin)) ? { ok: true } : { ok: false, reason: 'foreign-origin' };
  }
  const fetchSite = headers.get('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'same-origin') return { ok: true };
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
    return { ok: false, reason: 'cross-site' };
  }
  const referer = headers.get('referer');
  if (referer !== null) {
    return trusted(originOf(referer)) ? { ok: true } : { ok: false, reason: 'foreign-referer' };
  }
  return { ok: false, reason: 'no-origin' };
}
