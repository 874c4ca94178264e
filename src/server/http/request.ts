/** Facts about the incoming request that several places need: HTTPS, client address, host. */
import { config } from '~/server/config';
import {
  peerIsTrustedProxy,
  resolveClientAddress,
  type TrustProxySetting,
} from '~/server/http/client-address';

interface RequestLike {
  request: Request;
  url: URL;
  clientAddress?: string;
}

/**
 * True when the visitor reached us over HTTPS: directly, or through one of our proxies
 * (TRUST_PROXY) that says so in X-Forwarded-Proto. From any other peer the header does not count:
 * a client could send it and switch on HSTS and Secure cookies on a plain-HTTP site.
 */
export function isHttps(
  context: Pick<RequestLike, 'request' | 'url' | 'clientAddress'>,
  trustProxy: TrustProxySetting = config.TRUST_PROXY,
): boolean {
  if (context.url.protocol === 'https:') return true;
  if (!peerIsTrustedProxy(socketPeer(context), trustProxy)) return false;
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

/** Where Astro's node adapter keeps the socket's peer on the request (without allowedDomains). */
const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

/**
 * The socket's peer; undefined where it is not known (handlers called directly in tests). The
 * page cache's provider gets no clientAddress, so the request's own record of it is read too.
 */
export function socketPeer(context: {
  request: Request;
  clientAddress?: string;
}): string | undefined {
  try {
    if (context.clientAddress) return context.clientAddress;
  } catch {
    // Astro throws when the adapter does not know the address.
  }
  const recorded: unknown = Reflect.get(context.request, CLIENT_ADDRESS);
  return typeof recorded === 'string' && recorded ? recorded : undefined;
}

/**
 * The client's address for rate limits, logs, sessions and /metrics: the socket's peer, or behind
 * our proxies the right-most X-Forwarded-For address that is not one of them
 * (server/http/client-address.ts). 'unknown' when the peer is not known.
 */
export function clientIp(context: RequestLike): string {
  return (
    resolveClientAddress(socketPeer(context), context.request.headers.get('x-forwarded-for')) ??
    'unknown'
  );
}
