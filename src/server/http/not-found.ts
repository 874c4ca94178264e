/** The 404 page as the answer to this request. */
import type { AstroGlobal } from 'astro';
import { localizedPath } from '~/lib/sites/links';

/** Status 404 with the not-found page; the rewrite runs the middleware again, so it keeps the language prefix. */
export function notFound(
  astro: Pick<AstroGlobal, 'response' | 'rewrite' | 'locals'>,
): Promise<Response> {
  astro.response.status = 404;
  return astro.rewrite(localizedPath(astro.locals.lang, '/404'));
}
