/**
 * GET /rio/facebook/callback?code&state: Facebook's redirect back. The state must match the
 * cookie set by /rio/facebook (login CSRF); then the code is exchanged, the account found or
 * made, and the seeker logged in like any other login (pending apply, return path). Any failure
 * goes back to the login page with a message.
 */
import type { APIRoute } from 'astro';
import { localizedPath } from '~/lib/sites/links';
import { isLang } from '~/lib/i18n';
import { AccountError } from '~/server/errors';
import {
  FACEBOOK_STATE_COOKIE,
  accountForFacebook,
  facebookSettings,
  fetchFacebookProfile,
} from '~/server/accounts/facebook';
import { sameHex, sha256Hex } from '~/server/tokens';
import { returnPathFrom } from '~/server/accounts/http';
import { logIn } from '~/server/sign-in';
import { isHttps, requestHost } from '~/server/http/request';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const settings = facebookSettings();
  if (!settings) return context.rewrite(localizedPath(context.locals.lang, '/404'));
  const https = isHttps(context);
  let saved: { state?: string; returnUrl?: string; lang?: string } = {};
  try {
    saved = JSON.parse(context.cookies.get(FACEBOOK_STATE_COOKIE)?.value ?? '{}');
  } catch {
    saved = {};
  }
  context.cookies.delete(FACEBOOK_STATE_COOKIE, { path: '/rio/facebook', secure: https });
  if (typeof saved.lang === 'string' && isLang(saved.lang)) context.locals.lang = saved.lang;
  const lang = context.locals.lang;
  const failed = (code: 'facebookFailed' | 'facebookNoEmail' = 'facebookFailed') =>
    context.redirect(`${localizedPath(lang, '/rio/login')}?error=${code}`, 303);

  const state = context.url.searchParams.get('state') ?? '';
  const code = context.url.searchParams.get('code') ?? '';
  if (!saved.state || !state || !sameHex(sha256Hex(saved.state), sha256Hex(state)) || !code) {
    return failed();
  }
  const redirectUri = `${https ? 'https' : 'http'}://${requestHost(context)}/rio/facebook/callback`;
  try {
    const profile = await fetchFacebookProfile(settings, code, redirectUri);
    const user = await accountForFacebook(profile, context.locals.site.context);
    const next = await logIn(context, user, returnPathFrom(context, saved.returnUrl));
    return context.redirect(next, 303);
  } catch (error) {
    if (error instanceof AccountError && error.code === 'facebookNoEmail')
      return failed(error.code);
    if (!(error instanceof AccountError)) console.error('[facebook] login failed:', error);
    return failed();
  }
};
