/**
 * The request's language in `locals`: the language, its direction and the translate function
 * (with the brand and country filled in). The middleware sets it from the path; a server island,
 * whose request has no language prefix, sets it from the page's language passed in its props.
 */
import type { Lang } from '~/lib/sites/schema';
import { dirOf, getT, type Translate } from '~/lib/i18n';
import { siteName } from '~/lib/sites/names';

/**
 * One translate function per language, brand and site. A text is the same every time it is asked
 * for with the same options, so it is looked up once: a page asks for a few hundred, and
 * i18next's look-up, plural rules and interpolation were 6-8% of an uncached job page's CPU.
 * Texts with options (a date, a count, a company) vary more, so the map is bounded.
 */
const translators = new Map<string, Translate>();
/** Texts kept per translate function: a page's few hundred fixed ones and room for the rest. */
const MAX_TEXTS = 4_000;

/** The options as part of a memo key, or null when one is not a plain value (never cached). */
function optionsKey(options: Record<string, unknown>): string | null {
  let key = '';
  for (const name in options) {
    const value = options[name];
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return null;
    key += `\u0001${name}\u0002${type[0]}${String(value)}`;
  }
  return key;
}

function translatorFor(lang: Lang, site: App.Locals['site'], brand: App.Locals['brand']) {
  const id = `${lang}|${brand.localeSuffix}|${brand.name}|${site.key}`;
  let translate = translators.get(id);
  if (!translate) {
    const t = getT(lang, brand.localeSuffix);
    const country = siteName(site, lang);
    const texts = new Map<string, string>();
    translate = (key, options) => {
      const memoKey = options ? optionsKey(options) : '';
      if (memoKey === null) return t(key, { brand: brand.name, country, ...options });
      const textId = key + memoKey;
      let text = texts.get(textId);
      if (text === undefined) {
        text = t(key, { brand: brand.name, country, ...options });
        // Dropping them all when full keeps the bound without an LRU's bookkeeping per call.
        if (texts.size >= MAX_TEXTS) texts.clear();
        texts.set(textId, text);
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

/** What every server island is given by its page: the page's language. */
export interface ServerIslandProps {
  lang: Lang;
}

/**
 * A server island's props, once its request is put in its page's language: the island's own
 * request (/_server-islands/...) has no language prefix, so each one starts here.
 */
export function serverIslandProps<P extends ServerIslandProps>(island: {
  props: P;
  locals: App.Locals;
}): P {
  setLanguage(island.locals, island.props.lang);
  return island.props;
}
