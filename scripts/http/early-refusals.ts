/**
 * Requests the framework cannot even build a Request from, answered before it sees them, with the
 * site's own translated error page (the API envelope under /api) instead of a 500 or an empty
 * answer:
 * - a Host header that is not a host name (`a@b` made every path answer 500);
 * - a path that is not valid percent-encoding (`%FF%FE`);
 * - a request line or headers over Node's limit (16 KB): 431, answered from the `clientError`
 *   event, where only the raw bytes read so far are known.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getT, isLang, type Lang } from '~/lib/i18n';
import { fail } from '~/server/api/envelope';
import { failurePage } from '~/server/http/failure';
import { applySecurityHeaders } from '~/server/http/security-headers';

/** A DNS name or an IP literal, with an optional port: nothing else can name one of our sites. */
const HOST_RE =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const BAD_REQUEST = 'The request could not be read.';
export const TOO_LONG = 'The request line or headers are too long.';

type Refusal = 'badHost' | 'badInput' | 'tooLong';

function langOfPath(path: string): Lang {
  const first = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1];
  return isLang(first) ? first : 'en';
}

/** The answer for a refusal, as a Response: the API envelope or the translated page. */
function refusal(kind: Refusal, status: number, path: string): Response {
  let response: Response;
  if (path === '/api' || path.startsWith('/api/')) {
    response = fail(status, kind === 'tooLong' ? TOO_LONG : BAD_REQUEST);
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

async function send(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    'content-length': String(body.byteLength),
  });
  res.end(body);
}

/** Answers a request the framework could not read and returns true; false to go on. */
export function refuseUnreadable(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const path = url.split('?')[0] ?? '/';
  const host = req.headers.host;
  let kind: Refusal | undefined;
  if (host !== undefined && !HOST_RE.test(host)) kind = 'badHost';
  else {
    try {
      decodeURI(url);
    } catch {
      kind = 'badInput';
    }
  }
  if (!kind) return false;
  void send(res, refusal(kind, 400, path));
  return true;
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
