/**
 * POST /app-banner/close (the banner's "x" without JavaScript): sets the AD cookie for a day
 * (SPEC §9) and goes back to the page it was closed on.
 */
import type { APIRoute } from 'astro';
import { APP_BANNER_COOKIE, APP_BANNER_HIDE_SECONDS } from '~/lib/chrome/app-banner';
import { localizedPath } from '~/lib/sites/links';
import { backTo } from '~/server/chrome/http';
import { isHttps } from '~/server/http/request';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  let returnUrl: unknown;
  try {
    returnUrl = (await context.request.formData()).get('returnUrl');
  } catch {
    returnUrl = undefined;
  }
  context.cookies.set(APP_BANNER_COOKIE, '1', {
    path: '/',
    maxAge: APP_BANNER_HIDE_SECONDS,
    sameSite: 'lax',
    secure: isHttps(context),
  });
  return context.redirect(backTo(context, returnUrl, localizedPath(context.locals.lang, '/')), 303);
};
