/**
 * One-click unsubscribe of an alert mail (RFC 8058): the mail's List-Unsubscribe header names
 * this URL with a signed token, and the mail client POSTs `List-Unsubscribe=One-Click` to it,
 * without cookies or an Origin of ours (the CSRF guard lets this path through: the token is the
 * proof). Repeating it is harmless. A bad token answers 400.
 *
 *   POST /api/alerts/unsubscribe?token=<signed>   → { success: true, data: { unsubscribed: true } }
 *
 * Opened in a browser (GET), the same URL leads to the page that asks once and unsubscribes with
 * a button, in the alert's language.
 */
import { endpoint, HttpError, ok } from '~/server/api/envelope';
import type { APIRoute } from 'astro';
import { localizedPath } from '~/lib/sites/links';
import { isLang } from '~/lib/i18n';
import { unsubscribe, unsubscribeTarget } from '~/server/alerts/service';

export const prerender = false;

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

export const POST = endpoint(async ({ url, request }) => {
  let token = url.searchParams.get('token');
  if (!token) {
    try {
      const form = await request.formData();
      const value = form.get('token');
      token = typeof value === 'string' ? value : null;
    } catch {
      token = null;
    }
  }
  if (!(await unsubscribe(token))) throw new HttpError(400, INVALID_UNSUBSCRIBE_LINK);
  return ok({ unsubscribed: true });
});

export const GET: APIRoute = async ({ url, redirect }) => {
  const token = url.searchParams.get('token') ?? '';
  const target = await unsubscribeTarget(token);
  const lang = target && target !== 'gone' && isLang(target.lang) ? target.lang : 'en';
  const page = localizedPath(lang, '/seeker/job-alert-list');
  return redirect(`${page}?unsubscribe=${encodeURIComponent(token)}`, 303);
};
