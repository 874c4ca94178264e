/**
 * Every request: site from the Host header, language from the first path segment (rewritten to
 * the one page file that serves all languages), brand, translations, the CSRF guard for
 * state-changing requests, the logged-in seeker from the MSSOCLIENT cookie, and security headers.
 */
import { defineMiddleware } from 'astro:middleware';
import { resolveBrand, resolveSite } from '../sites';
import { isLang } from './lib/i18n';
import { setLanguage } from './server/http/language';
import { localizedPath, splitLangPrefix } from './lib/sites/links';
import { config } from './server/config';
import { applySecurityHeaders } from './server/http/security-headers';
import { fail } from './server/api/envelope';
import { methodNotAllowed } from './server/api/methods';
import {
  CROSS_SITE_REFUSED,
  SAFE_METHODS,
  TOKEN_AUTHENTICATED_PATHS,
  checkCsrf,
} from './server/http/csrf';
import { isHttps, requestHost, siteOrigin } from './server/http/request';
import { guardRequest, lastResort, startRequest } from './server/ops/http';
import { RECENT_WRITE_COOKIE, readPreferenceFor } from './server/http/read-your-writes';
import {
  forgetSession,
  keepSeekerPage,
  keptSeekerPage,
  seekerRequest,
} from './server/http/seeker-page-cache';
import { withReadPreference } from './server/db/client';
import { SESSION_COOKIE, getSessionUser } from './server/accounts/sessions';
import { clearSessionCookie, setSessionCookie } from './server/accounts/http';

export const onRequest = defineMiddleware(async (context, next) => {
  // Request id, timing, log line and metrics; a refusal of unreadable input; and an answer with a
  // body, never an empty 500, whatever fails below (src/server/ops/request.ts).
  const request = startRequest(context);
  const refused = guardRequest(context);
  if (refused) return request.finish(refused);
  try {
    // Lag-tolerant reads go to the read replica, unless this visitor has just written.
    const reads = readPreferenceFor(context.request.method, context.cookies, isHttps(context));
    return request.finish(await withReadPreference(reads, () => handle(context, next)));
  } catch (error) {
    return request.finish(lastResort(error, context));
  }
});

type Handler = (...args: Parameters<Parameters<typeof defineMiddleware>[0]>) => Promise<Response>;

const handle: Handler = async (context, next) => {
  const url = context.url;
  const host = context.request.headers.get('host') ?? url.host;
  const site = resolveSite(host);
  const brand = resolveBrand(host, config.NEW_BRAND_MARKER);

  const { prefix, path } = splitLangPrefix(url.pathname);
  const langFromPath = prefix && isLang(prefix) ? prefix : null;

  // /en/... is the unprefixed English page; a language the site doesn't offer falls back to English.
  if (langFromPath === 'en' || (langFromPath && !site.languages.includes(langFromPath))) {
    return context.redirect(`${path}${url.search}`, langFromPath === 'en' ? 301 : 302);
  }
  // SPEC §2: a trailing slash on career services is normalised.
  if (path === '/career-services/') {
    return context.redirect(
      `${localizedPath(langFromPath ?? 'en', '/career-services')}${url.search}`,
      301,
    );
  }

  context.locals.site = site;
  context.locals.brand = brand;
  setLanguage(context.locals, langFromPath ?? 'en');
  context.locals.pathname = path;
  context.locals.user = null;
  const https = isHttps(context);
  context.locals.origin = siteOrigin(context, site.domains, https);

  // An API route asked with a method it does not take: 405 in the envelope, with Allow.
  const wrongMethod = await methodNotAllowed(context);
  if (wrongMethod) return secured(wrongMethod, https, false);

  // CSRF: every state-changing request must come from one of this site's own pages (see csrf.ts).
  // Payment gateways' webhooks, one-click unsubscribe and internal calls come from other systems
  // (no Origin): their signature or token is the check.
  const csrf =
    TOKEN_AUTHENTICATED_PATHS.has(url.pathname) ||
    path.startsWith('/api/trex/career-services/api/v1/webhooks/')
      ? ({ ok: true } as const)
      : checkCsrf(
          context.request.method,
          context.request.headers,
          requestHost(context),
          site.domains,
          https ? 'https' : 'http',
        );
  if (!csrf.ok) {
    const refused =
      path === '/api' || path.startsWith('/api/')
        ? fail(403, CROSS_SITE_REFUSED)
        : await next('/403'); // locals (language) stay as they are: the page is translated
    return secured(refused, https, false);
  }

  // Session: guest or logged-in is decided by the MSSOCLIENT cookie on every request (SPEC §6).
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  // A seeker's page kept in memory (seeker-page-cache.ts) is answered before the session lookup:
  // only the same session cookie reaches it, and a sign-out or any change drops it. A write with
  // the cookie drops the session's copies here at once, before and after it runs.
  const seeker = seekerRequest(context.request, url, token);
  const reads = SAFE_METHODS.has(context.request.method.toUpperCase());
  const keeps = context.request.method === 'GET' ? seeker : null;
  if (keeps && !context.cookies.has(RECENT_WRITE_COOKIE)) {
    const kept = keptSeekerPage(keeps);
    if (kept) return kept;
  }
  if (seeker && !reads) forgetSession(seeker);
  if (token) {
    try {
      const found = await getSessionUser(token);
      if (found) {
        context.locals.user = found.user;
        if (found.renewedUntil) setSessionCookie(context.cookies, token, found.renewedUntil, https);
      } else {
        clearSessionCookie(context.cookies, https);
      }
    } catch (error) {
      // The database is unreachable: serve the page as to a guest rather than fail it.
      console.error('[session] lookup failed:', error instanceof Error ? error.message : error);
    }
  }

  const response = langFromPath ? await next(new URL(`${path}${url.search}`, url)) : await next();
  // A page that sets a cookie (a renewed session, a new visitor id) is this visitor's alone: it
  // is never stored in the shared page cache.
  // `cache` is missing when Astro renders its error route for another request's failure.
  if (setsCookies(context.cookies) && context.cache?.enabled) context.cache.set(false);
  // A server island is the per-visitor part of a shared page: never stored anywhere.
  const personal = context.locals.user !== null || url.pathname.startsWith('/_server-islands/');
  const answer = secured(response, https, personal);
  if (seeker && !reads) forgetSession(seeker);
  return keeps
    ? keepSeekerPage(keeps, context.locals.seekerPage, answer, setsCookies(context.cookies))
    : answer;
};

function setsCookies(cookies: unknown): boolean {
  const outgoing = (cookies as { headers?: () => Iterable<string> }).headers?.();
  if (!outgoing) return false;
  for (const _ of outgoing) return true;
  return false;
}

/** The response with the security headers; a logged-in seeker's pages are never cached. */
function secured(response: Response, https: boolean, personal: boolean): Response {
  const apply = (headers: Headers) => {
    applySecurityHeaders(headers, https);
    if (personal && !headers.has('cache-control'))
      headers.set('cache-control', 'private, no-store');
    // Astro sends pages as bare text/html: say the encoding rather than leave it to sniffing.
    const type = headers.get('content-type');
    if (type && /^text\/[a-z+.-]+$/i.test(type.trim()))
      headers.set('content-type', `${type.trim()}; charset=utf-8`);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers: answer with a copy.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}
