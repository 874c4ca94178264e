/** Facts about the incoming request that several places need: HTTPS, client address, host. */
import { config } from '~/server/config';

interface RequestLike {
  request: Request;
  url: URL;
  clientAddress?: string;
}

/**
 * True when the visitor reached us over HTTPS: directly, or through a proxy that says so in
 * X-Forwarded-Proto. The header counts only with TRUST_PROXY: without a proxy in front, any client
 * could send it and switch on HSTS and Secure cookies on a plain-HTTP site.
 */
export function isHttps(
  context: Pick<RequestLike, 'request' | 'url'>,
  trustProxy: boolean = config.TRUST_PROXY,
): boolean {
  if (context.url.protocol === 'https:') return true;
  if (!trustProxy) return false;
  return context.request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/** The Host the visitor used (what cookies and same-origin checks are about). */
export function requestHost(context: Pick<RequestLike, 'request' | 'url'>): string {
  return (context.request.headers.get('host') ?? context.url.host).toLowerCase();
}

/** Hosts that only reach this machine: development and tests keep the origin they used. */
function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '::1' ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/**
 * The origin of every absolute URL a page writes (canonical, og:url, hreflang, sitemap <loc>,
 * structured data): the request's own origin when its host is one of the site's configured
 * domains (or a local development host), otherwise the site's first configured domain over HTTPS.
 * The Host header is the visitor's to choose, so an unknown one must never end up in our links.
 */
export function siteOrigin(
  context: Pick<RequestLike, 'request' | 'url'>,
  siteDomains: readonly string[],
  https: boolean = isHttps(context),
): string {
  const host = requestHost(context);
  const hostname = host.replace(/:\d+$/, '').replace(/\.$/, '');
  const known = siteDomains.some((domain) => domain.toLowerCase() === hostname);
  if ((known || isLocalHost(hostname)) && /^[a-z0-9.:[\]-]+$/.test(host)) {
    return `${https ? 'https' : 'http'}://${host}`;
  }
  return `https://${siteDomains[0] ?? hostname}`;
}

/**
 * The client's address for rate limits: the socket's peer, or the first X-Forwarded-For entry
 * when TRUST_PROXY is set. 'unknown' when neither is available (tests calling handlers directly).
 */
export function clientIp(context: RequestLike): string {
  if (config.TRUST_PROXY) {
    const forwarded = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    // Astro throws when the adapter does not know the address.
    return 'unknown';
  }
}
