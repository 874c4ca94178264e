/**
 * GET /rio/facebook: starts Facebook login (src/server/accounts/facebook.ts). 404 when no
 * Facebook app is configured. The state and the return path wait in an HttpOnly cookie for the
 * callback (10 minutes).
 */
import type { APIRoute } from 'astro';
import { localizedPath } from '~/lib/sites/links';
import { randomToken } from '~/server/tokens';
import { returnPathFrom } from '~/server/accounts/http';
import {
  FACEBOOK_STATE_COOKIE,
  facebookDialogUrl,
  facebookSettings,
} from '~/server/accounts/facebook';
import { isHttps, requestHost } from '~/server/http/request';

export const prerender = false;

export const GET: APIRoute = (context) => {
  const settings = facebookSettings();
  if (!settings) return context.rewrite(localizedPath(context.locals.lang, '/404'));
  const https = isHttps(context);
  const state = randomToken(24);
  const returnUrl = returnPathFrom(context, context.url.searchParams.get('returnUrl')) ?? '';
  context.cookies.set(
    FACEBOOK_STATE_COOKIE,
    JSON.stringify({ state, returnUrl, lang: context.locals.lang }),
    { httpOnly: true, sameSite: 'lax', secure: https, path: '/rio/facebook', maxAge: 600 },
  );
  const redirectUri = `${https ? 'https' : 'http'}://${requestHost(context)}/rio/facebook/callback`;
  return context.redirect(facebookDialogUrl(settings, redirectUri, state), 302);
};
