/**
 * The last line of defence: what an error that no handler turned into a message answers. Bad
 * input that slipped past validation and made the database refuse the query (SQLSTATE class 22
 * "data exception", e.g. a NUL byte or an invalid encoding, and 54 "program limit exceeded")
 * is the visitor's mistake: 400. Anything else is ours: 500. Either way the answer has a body
 * (the API envelope or a short page), never a stack trace, and the error goes to the log.
 */
import { createHash } from 'node:crypto';
import { TextTooLongError } from '~/lib/validation/clean';

/** SQLSTATE of a database error, looking through Drizzle's wrapper (error.cause). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 400 for input the database could not take, 422 for an over-long text, 500 otherwise. */
export function errorStatus(error: unknown): number {
  if (error instanceof TextTooLongError) return 422;
  const state = sqlState(error);
  if (state?.startsWith('22') || state?.startsWith('54')) return 400;
  return 500;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:3rem auto;max-inline-size:36rem;' +
  'padding-inline:1rem;line-height:1.5;color:#1f2937}h1{font-size:1.5rem}a{color:#5b21b6}';
/** The page's own policy: nothing but its one style element (by hash). */
const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** A plain page for a failed page request (no layout: the layout itself may be what failed). */
export function failurePage(
  status: number,
  lang: string,
  title: string,
  body: string,
  home: string,
): Response {
  const homePath = lang === 'en' ? '/' : `/${encodeURIComponent(lang)}/`;
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><p><a href="${homePath}">${escapeHtml(home)}</a></p></body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': POLICY,
    },
  });
}
