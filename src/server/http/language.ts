/**
 * The request's language in `locals`: the language, its direction and the translate function
 * (with the brand and country filled in). The middleware sets it from the path; a server island,
 * whose request has no language prefix, sets it from the page's language passed in its props.
 */
import type { Lang } from '~/lib/sites/schema';
import { dirOf, getT, type Translate } from '~/lib/i18n';

/**
 * One translate function per language, brand and site. A text asked for without options is the
 * same every time, so it is looked up once: a page asks for a few hundred, and i18next's look-up
 * and interpolation were 6% of an uncached job page's CPU.
 */
const translators = new Map<string, Translate>();

function translatorFor(lang: Lang, site: App.Locals['site'], brand: App.Locals['brand']) {
  const id = `${lang}|${brand.localeSuffix}|${brand.name}|${site.key}`;
  let translate = translators.get(id);
  if (!translate) {
    const t = getT(lang, brand.localeSuffix);
    const country = t(`countries.${site.key}`);
    const texts = new Map<string, string>();
    translate = (key, options) => {
      if (options) return t(key, { brand: brand.name, country, ...options });
      let text = texts.get(key);
      if (text === undefined) {
        text = t(key, { brand: brand.name, country });
        texts.set(key, text);
      }
      return text;
    };
    translators.set(id, translate);
  }
  return translate;
}

export function setLanguage(locals: App.Locals, lang: Lang): void {
  // Already so (an island rendered inline, inside its page's request): nothing to redo.
  if (locals.lang === lang) return;
  locals.lang = lang;
  locals.dir = dirOf(lang);
  locals.t = translatorFor(lang, locals.site, locals.brand);
}
