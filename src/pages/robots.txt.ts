/**
 * /robots.txt of the requesting site: everything may be crawled except the API, the seeker's
 * own pages, login pages and results pages narrowed by filter parameters (the clean landing
 * pages and /search/results carry the same jobs); the Sitemap line names this site's origin.
 */
import type { APIRoute } from 'astro';
import { FILTER_KEYS } from '~/lib/search/state';

export const prerender = false;

const PREFIXES = ['', '/hi', '/ar'];
const PRIVATE = ['/seeker/', '/rio/'];
const RESULTS = ['/search/', '/srp/'];

export function robotsTxt(origin: string, langs: readonly string[]): string {
  const prefixes = PREFIXES.filter((p) => p === '' || langs.includes(p.slice(1)));
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/'];
  for (const prefix of prefixes)
    for (const path of PRIVATE) lines.push(`Disallow: ${prefix}${path}`);
  // Results narrowed by a filter or re-sorted: the parameter anywhere in the query string.
  for (const prefix of prefixes) {
    for (const path of RESULTS) {
      for (const key of [...FILTER_KEYS, 'sort'])
        lines.push(`Disallow: ${prefix}${path}*?*${key}=`);
    }
  }
  lines.push('', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, '');
  return lines.join('\n');
}

export const GET: APIRoute = ({ locals }) =>
  new Response(robotsTxt(locals.origin, locals.site.languages), {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
