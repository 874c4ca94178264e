/** Facts about the incoming request that several places need: HTTPS, client address, host. */
import { config } from '~/server/config';

interface RequestLike {
  request: Request;
  url: URL;
  clientAddress?: string;
}

/** True when the visitor reached us over HTTPS (directly, or through a proxy that says so). */
export function isHttps(context: Pick<RequestLike, 'request' | 'url'>): boolean {
  return (
    context.url.protocol === 'https:' ||
    context.request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  );
}

/** The Host the visitor used (what cookies and same-origin checks are about). */
export function requestHost(context: Pick<RequestLike, 'request' | 'url'>): string {
  return (context.request.headers.get('host') ?? context.url.host).toLowerCase();
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
