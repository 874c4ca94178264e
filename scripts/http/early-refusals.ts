/**
 * Requests the framework cannot even build a Request from, or must not see, answered before it
 * does, with the site's own translated error page (the API envelope under /api) instead of a 500
 * or an empty answer:
 * - a Host header that is not a host name (`a@b` made every path answer 500), or whose port is
 *   past 65535 (the layout's URLs threw);
 * - a method we do not serve: TRACE, TRACK and CONNECT 405 (fetch's Request refuses them, so they
 *   answered 500), any other one but GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS 501;
 * - a path that is not valid percent-encoding (`%FF%FE`);
 * - a request line or headers over Node's limit (16 KB): 431, answered from the `clientError`
 *   event, where only the raw bytes read so far are known;
 * - a body over its route's limit (413) or too slow to arrive (408): scripts/http/bodies.ts.
 * And one path the framework misreads: a page named only `.html` (`/.html`, `/company/.html`)
 * reached a dynamic route with an empty parameter and logged an error: it is the 404 page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getT, isLang, type Lang } from '~/lib/i18n';
import { BODY_TOO_LARGE, METHOD_NOT_ALLOWED, fail } from '~/server/api/envelope';
import { failurePage } from '~/server/http/failure';
import { applySecurityHeaders } from '~/server/http/security-headers';

/** A DNS name or an IP literal, with an optional port: nothing else can name one of our sites. */
const HOST_RE =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const BAD_REQUEST = 'The request could not be read.';
export const TOO_LONG = 'The request line or headers are too long.';
export const TOO_SLOW = 'The request took too long to arrive.';
export const NOT_IMPLEMENTED = 'This method is not supported.';
export const BUSY = 'We are very busy right now. Please try again in a moment.';

/** The methods some route of ours answers; the others are refused here. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Methods we know and refuse (405): a proxy's echo and tunnels. */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

export type Refusal =
  'badHost' | 'badInput' | 'tooLong' | 'tooLarge' | 'tooSlow' | 'badMethod' | 'busy';

const API_MESSAGES: Record<Refusal, (status: number) => string> = {
  badHost: () => BAD_REQUEST,
  badInput: () => BAD_REQUEST,
  tooLong: () => TOO_LONG,
  tooLarge: () => BODY_TOO_LARGE,
  tooSlow: () => TOO_SLOW,
  badMethod: (status) => (status === 405 ? METHOD_NOT_ALLOWED : NOT_IMPLEMENTED),
  busy: () => BUSY,
};

function langOfPath(path: string): Lang {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1];
  return isLang(first) ? first : 'en';
}

const isApiPath = (path: string) => /^\/(?:[a-z]{2}\/)?api(?:\/|$)/.test(path);

/** The answer for a refusal, as a Response: the API envelope or the translated page. */
function refusal(kind: Refusal, status: number, path: string): Response {
  let response: Response;
  if (isApiPath(path)) {
    response = fail(status, API_MESSAGES[kind](status));
  } else {
    const lang = langOfPath(path);
    const t = getT(lang);
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

async function send(
  res: ServerResponse,
  response: Response,
  headers: Record<string, string> = {},
): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    ...headers,
    'content-length': String(body.byteLength),
  });
  res.end(body);
}

/** Answers a refusal of `kind` with `status` in the page's or the API's format. */
export function refuse(
  res: ServerResponse,
  kind: Refusal,
  status: number,
  url: string,
  headers: Record<string, string> = {},
): Promise<void> {
  return send(res, refusal(kind, status, url.split('?')[0] ?? '/'), headers);
}

/** Whether a Host header names a host we could serve: a host name or IP, and a real port. */
export function readableHost(host: string): boolean {
  if (!HOST_RE.test(host)) return false;
  const port = /:(\d+)$/.exec(host)?.[1];
  return port === undefined || Number(port) <= 65_535;
}

/** Answers a request the framework could not read and returns true; false to go on. */
export function refuseUnreadable(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const method = req.method ?? 'GET';
  const host = req.headers.host;
  if (!SERVED_METHODS.includes(method)) {
    const known = REFUSED_METHODS.has(method);
    // The connection closes: a refused method's body is never read.
    void refuse(res, 'badMethod', known ? 405 : 501, url, {
      ...(known ? { allow: SERVED_METHODS.join(', ') } : {}),
      connection: 'close',
    });
    return true;
  }
  let kind: Refusal | undefined;
  if (host !== undefined && !readableHost(host)) kind = 'badHost';
  else {
    try {
      decodeURI(url);
    } catch {
      kind = 'badInput';
    }
  }
  if (!kind) return false;
  void refuse(res, kind, 400, url);
  return true;
}

/**
 * http.Server's 'connect' (a CONNECT request, which never reaches 'request'): 405 and the
 * connection closed, instead of a dropped connection.
 */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const answer = refusal('badMethod', 405, '/');
  void answer.arrayBuffer().then((buffer) => {
    const head = ['HTTP/1.1 405 Method Not Allowed', `allow: ${SERVED_METHODS.join(', ')}`];
    for (const [name, value] of answer.headers) head.push(`${name}: ${value}`);
    head.push(`content-length: ${buffer.byteLength}`, 'connection: close', '', '');
    socket.end(Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), Buffer.from(buffer)]));
  });
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  431: 'Request Header Fields Too Large',
};

/**
 * http.Server's 'clientError': the request could not be parsed. Over-long request lines and
 * headers get 431, anything else 400; both with a body, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && !('bytesParsed' in error))) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const raw =
    (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 512).toString('latin1') ?? '';
  const path = /^[A-Z]+ (\/\S*)/.exec(raw)?.[1]?.split('?')[0] ?? '/';
  const answer = refusal(status === 431 ? 'tooLong' : 'badInput', status, path);
  void answer.arrayBuffer().then((buffer) => {
    const head = [`HTTP/1.1 ${status} ${REASONS[status]}`];
    for (const [name, value] of answer.headers) head.push(`${name}: ${value}`);
    head.push(`content-length: ${buffer.byteLength}`, 'connection: close', '', '');
    socket.end(Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), Buffer.from(buffer)]));
  });
}

/**
 * Two paths Astro would misread, rewritten before it sees them:
 * - the API under a language prefix (`/hi/api/...`, `/ar/api/...`, as a page's relative call
 *   makes it) is the API itself, in that language (`x-language-code`, unless the call says one);
 * - a path whose last segment is only `.html` is the site's 404 page in the path's language:
 *   Astro strips `.html` and matched a dynamic route with an empty parameter, which answered 404
 *   but logged an error with its stack.
 */
export function rewritePaths(req: IncomingMessage): void {
  const url = req.url ?? '/';
  const path = url.split('?')[0] ?? '/';
  const api = /^\/([a-z]{2})(\/api(?:\/|$).*)$/s.exec(url);
  if (api && isLang(api[1])) {
    req.url = api[2]!;
    req.headers['x-language-code'] ??= api[1];
    return;
  }
  if (!/\/\.html$/i.test(path)) return;
  const lang = langOfPath(path);
  req.url = lang === 'en' ? '/404' : `/${lang}/404`;
}
