/**
 * Headers every response carries. Astro writes the page's content security policy (hashes of its
 * scripts and styles); we add what a page policy leaves out: framing, plugins and base URLs.
 */
const POLICY_ADDITIONS = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

export function applySecurityHeaders(headers: Headers, https: boolean): void {
  const policy = headers.get('content-security-policy');
  // A rewrite (the 404 page) passes the middleware twice: add the directives once.
  if (policy?.endsWith(POLICY_ADDITIONS)) return applyFixedHeaders(headers, https);
  headers.set(
    'content-security-policy',
    policy
      ? `${policy.trim().replace(/;?$/, ';')} ${POLICY_ADDITIONS}`
      : `default-src 'self'; ${POLICY_ADDITIONS}`,
  );
  applyFixedHeaders(headers, https);
}

function applyFixedHeaders(headers: Headers, https: boolean): void {
  const fixed: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['permissions-policy', 'camera=(), geolocation=(), microphone=(self)'],
  ];
  for (const [name, value] of fixed) if (!headers.has(name)) headers.set(name, value);
  // Only over HTTPS (directly or behind a proxy that says so): HSTS on plain HTTP is ignored.
  if (https) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
}
