/**
 * What the middleware does around every request before and after the page or endpoint runs:
 * - startRequest: a request id (X-Request-Id: the proxy's when TRUST_PROXY, else a new one, sent
 *   back on the response), the timing, one JSON log line (method, route pattern, status, ms; no
 *   path or query, which can hold what the visitor typed) and the request metrics;
 * - guardRequest: refuses input no page can use before anything reads it: a NUL byte (%00) in
 *   the address, and a form or JSON body over its size limit;
 * - lastResort: an error nothing handled becomes an answer with a body (src/server/http/failure.ts):
 *   the API envelope under /api, a short translated page elsewhere. An empty 5xx answer from the
 *   framework gets the same page.
 */
import type { APIContext } from 'astro';
import { randomUUID } from 'node:crypto';
import { SOMETHING_WENT_WRONG } from '~/lib/api-client/messages';
import { getT, isLang } from '~/lib/i18n';
import { splitLangPrefix } from '~/lib/sites/links';
import { BODY_TOO_LARGE, INVALID_CHARACTERS, fail } from '~/server/api/envelope';
import { bodyLimit } from '~/server/http/body-limits';
import { peerIsTrustedProxy } from '~/server/http/client-address';
import { errorStatus, failurePage } from '~/server/http/failure';
import { socketPeer } from '~/server/http/request';
import { applySecurityHeaders } from '~/server/http/security-headers';
import { log } from './logger';
import { observeRequest } from './metrics';

/** What the API answers for input that could not be accepted (NUL bytes, invalid encoding). */
const INVALID_INPUT = INVALID_CHARACTERS;

/** Probes whose every call would drown the log; counted in the metrics all the same. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

type Context = Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress'> & {
  routePattern?: string;
};

const isApi = (context: Context) =>
  context.url.pathname === '/api' || context.url.pathname.startsWith('/api/');

function langOf(context: Context) {
  const { prefix } = splitLangPrefix(context.url.pathname);
  return context.locals.lang ?? (isLang(prefix ?? undefined) ? prefix : 'en') ?? 'en';
}

/** The answer to a refused or failed request: envelope for the API, a page for everything else. */
function failureAnswer(context: Context, status: number, apiMessage: string): Response {
  let response: Response;
  if (isApi(context)) response = fail(status, apiMessage);
  else {
    const lang = langOf(context);
    const t = getT(isLang(lang) ? lang : 'en');
    const kind = status >= 500 ? 'server' : status === 413 ? 'tooLarge' : 'badInput';
    response = failurePage(
      status,
      lang,
      t(`ops:failure.${kind}Title`),
      t(`ops:failure.${kind}Body`),
      t('ops:failure.home'),
    );
  }
  applySecurityHeaders(response.headers, false);
  return response;
}

/** A refusal for input that must not reach any handler, or undefined to go on. */
export function guardRequest(context: Context): Response | undefined {
  const raw = context.request.url;
  if (/%00/i.test(raw) || raw.includes('\u0000')) {
    return failureAnswer(context, 400, INVALID_INPUT);
  }
  const length = Number(context.request.headers.get('content-length') ?? 0);
  const limit = bodyLimit(context.url.pathname, context.request.headers.get('content-type') ?? '');
  if (Number.isFinite(length) && length > limit) return failureAnswer(context, 413, BODY_TOO_LARGE);
  return undefined;
}

/** The answer for an error no handler caught, logged with the request id. */
export function lastResort(error: unknown, context: Context): Response {
  const status = errorStatus(error);
  log[status >= 500 ? 'error' : 'warn'](
    { err: error, route: context.routePattern ?? 'unmatched', status },
    'request failed',
  );
  return failureAnswer(context, status, status >= 500 ? SOMETHING_WENT_WRONG : INVALID_INPUT);
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,100}$/;

/** The request's id: our proxy's X-Request-Id when well-formed, else a new one. */
export function requestIdFor(context: { request: Request; clientAddress?: string }): string {
  return requestIdFrom(context.request.headers.get('x-request-id'), socketPeer(context));
}

/** The same from the header's value and the socket's peer (the server's fast path). */
export function requestIdFrom(given: string | null, peer: string | undefined): string {
  return given && REQUEST_ID_RE.test(given) && peerIsTrustedProxy(peer) ? given : randomUUID();
}

export function startRequest(context: Context) {
  const started = performance.now();
  const reqId = requestIdFor(context);
  return {
    reqId,
    finish(response: Response): Response {
      let answer = response;
      // The framework answers an error it caught itself with an empty 500.
      if (answer.status >= 500 && answer.body === null) {
        answer = failureAnswer(context, answer.status, SOMETHING_WENT_WRONG);
      }
      try {
        answer.headers.set('x-request-id', reqId);
      } catch {
        answer = new Response(answer.body, answer);
        answer.headers.set('x-request-id', reqId);
      }
      const seconds = (performance.now() - started) / 1000;
      const route = context.routePattern || 'unmatched';
      const method = context.request.method;
      observeRequest(method, route, answer.status, seconds);
      const line = { reqId, method, route, status: answer.status, ms: Math.round(seconds * 1000) };
      if (QUIET_ROUTES.has(route)) log.debug(line, 'request');
      else log.info(line, 'request');
      return answer;
    },
  };
}
