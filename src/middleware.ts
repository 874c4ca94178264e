/**
 * Every request: site from the Host header, language from the first path segment (rewritten to
 * the one page file that serves all languages), brand, translations and security headers.
 */
import { defineMiddleware } from 'astro:middleware';
import { resolveBrand, resolveSite } from '../sites';
import { dirOf, getT, isLang } from './lib/i18n';
import { localizedPath, splitLangPrefix } from './lib/sites/links';
import { config } from './server/config';
import { applySecurityHeaders } from './server/http/security-headers';

export const onRequest = defineMiddleware(async (context, next) => {
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

  const lang = langFromPath ?? 'en';
  const t = getT(lang, brand.localeSuffix);
  const country = t(`countries.${site.key}`);
  context.locals.site = site;
  context.locals.brand = brand;
  context.locals.lang = lang;
  context.locals.dir = dirOf(lang);
  context.locals.pathname = path;
  context.locals.t = (key, options) => t(key, { brand: brand.name, country, ...options });
  context.locals.user = null;

  const response = langFromPath ? await next(new URL(`${path}${url.search}`, url)) : await next();
  const https =
    url.protocol === 'https:' || context.request.headers.get('x-forwarded-proto') === 'https';
  try {
    applySecurityHeaders(response.headers, https);
    return response;
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers: answer with a copy.
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, https);
    return copy;
  }
});
