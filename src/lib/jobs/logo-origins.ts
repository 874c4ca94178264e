/**
 * The origins of employers' logos (https only), for the page's Content-Security-Policy img-src:
 * logos are the employers' own files on their own hosts.
 */
export function logoOrigins(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:') origins.add(parsed.origin);
    } catch {
      // not a URL: no logo is shown from it either
    }
  }
  return [...origins];
}
