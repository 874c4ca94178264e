/**
 * Where a login may send the visitor back to (SPEC §2: login carries a returnUrl). Only paths of
 * the same site are accepted, so a crafted link cannot turn the login into an open redirect:
 *
 *   safeReturnPath('/search/results?q=java')            → '/search/results?q=java'
 *   safeReturnPath('https://evil.example/')             → null
 *   safeReturnPath('//evil.example/x'), '/\\evil', ...  → null
 *   safeReturnPath('http://host:1/a', 'host:1')         → '/a'   (absolute, same host)
 *
 * Pure and framework-free: pages, endpoints and islands share it.
 */

const PLACEHOLDER = 'http://return-url.invalid';
/** Paths a login must not return to: the login and sign-out pages themselves, and the API. */
const REFUSED = [/^\/(?:(?:hi|ar)\/)?rio\/(?:login|sign-out)(?:[/?#]|$)/, /^\/api(?:[/?#]|$)/];

/**
 * The same-site path (with query and fragment) to return to, or null when `raw` is missing,
 * malformed or points elsewhere. `host` (e.g. "rexmonster.localhost:4321") admits absolute URLs
 * on the request's own host.
 */
export function safeReturnPath(raw: unknown, host?: string): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || value.length > 2000) return null;
  // Backslashes and control characters are read as slashes or dropped by some browsers.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;

  let url: URL;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return null;
    try {
      url = new URL(value, PLACEHOLDER);
    } catch {
      return null;
    }
    if (url.origin !== PLACEHOLDER) return null;
  } else {
    if (!host) return null;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(url.protocol) || url.host.toLowerCase() !== host.toLowerCase()) {
      return null;
    }
    if (url.username || url.password) return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (REFUSED.some((re) => re.test(path))) return null;
  return path;
}
