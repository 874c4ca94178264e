/**
 * The request's language in `locals`: the language, its direction and the translate function
 * (with the brand and country filled in). The middleware sets it from the path; a server island,
 * whose request has no language prefix, sets it from the page's language passed in its props.
 */
import type { Lang } from '~/lib/sites/schema';
import { dirOf, getT } from '~/lib/i18n';

export function setLanguage(locals: App.Locals, lang: Lang): void {
  // Already so (an island rendered inline, inside its page's request): nothing to redo.
  if (locals.lang === lang) return;
  const { site, brand } = locals;
  const t = getT(lang, brand.localeSuffix);
  const country = t(`countries.${site.key}`);
  locals.lang = lang;
  locals.dir = dirOf(lang);
  locals.t = (key, options) => t(key, { brand: brand.name, country, ...options });
}
