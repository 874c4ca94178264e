/**
 * The chrome domain as pages and endpoints use it: the first-party visitor id, the app banner's
 * server-side decision, the rate limit of the event calls, and redirects back after a form post.
 */
import type { APIContext, AstroCookies } from 'astro';
import { safeReturnPath } from '~/lib/auth/return-url';
import { hitRateLimit, type RateRule } from '~/server/accounts/rate-limit';
import { randomToken } from '~/server/tokens';
import { HttpError, endpoint, ok, parseBody } from '~/server/api/envelope';
import { EVENTS_PER_MINUTE, EventBody, storeEvent } from './events';
import { clientIp, isHttps, requestHost } from '~/server/http/request';

/** First-party visitor id: poll votes of guests and A/B buckets hang on it. */
export const VISITOR_COOKIE = 'jp_vid';
const VISITOR_MAX_AGE = 365 * 24 * 60 * 60;

type Ctx = Pick<APIContext, 'cookies' | 'request' | 'url'>;

/** The visitor's id, or null when the browser has none yet. */
export function visitorId(cookies: AstroCookies): string | null {
  const value = cookies.get(VISITOR_COOKIE)?.value;
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/** The visitor's id, made and set (for a year) when the browser has none. */
export function ensureVisitorId(context: Ctx): string {
  const existing = visitorId(context.cookies);
  if (existing) return existing;
  const id = randomToken();
  context.cookies.set(VISITOR_COOKIE, id, {
    path: '/',
    maxAge: VISITOR_MAX_AGE,
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(context),
  });
  return id;
}

/** Counts a hit of `rule` for the client's address; 429 with Retry-After past the limit. */
export async function limitByIp(
  context: Ctx & { clientAddress?: string },
  rule: RateRule,
): Promise<void> {
  const result = await hitRateLimit(rule, clientIp(context));
  if (!result.allowed) {
    throw new HttpError(429, 'Too many requests. Please try again after some time.', [], {
      'retry-after': String(result.retryAfterSeconds),
    });
  }
}

/** True for a plain HTML form post (no script): answer it with a redirect, not JSON. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  const accept = request.headers.get('accept') ?? '';
  return (
    (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/')) &&
    accept.includes('text/html')
  );
}

/** A same-site return path from a form, else `fallback`. */
export function backTo(context: Ctx, raw: unknown, fallback: string): string {
  return safeReturnPath(raw, requestHost(context)) ?? fallback;
}

/**
 * POST handler of the three event calls (SPEC §7): validates the body, rate-limits by client
 * address and stores the event as received. Answers { id } of the stored event.
 */
export function eventEndpoint(kind: 'user-engage' | 'career-events' | 'spltag') {
  return endpoint(async (context) => {
    await limitByIp(context, EVENTS_PER_MINUTE);
    const body = await parseBody(EventBody, context.request);
    const id = await storeEvent(kind, {
      name: body.event,
      siteContext: context.locals.site.context,
      userId: context.locals.user?.id ?? null,
      payload: body.data,
    });
    return ok({ id }, { status: 201 });
  });
}

/** `path` (a same-site path, maybe with a query) with one query parameter set and a fragment. */
export function withParam(path: string, key: string, value: string, hash = ''): string {
  const url = new URL(path, 'http://same.site');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${hash}`;
}
