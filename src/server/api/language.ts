/**
 * The language of an API answer. The api-client names the page's language in the x-language-code
 * header (EN, HI, AR) on a call to /api/... (no language prefix), so `endpoint()` makes it the
 * request's language before the handler runs: every locals.t of the call answers in it.
 *
 * Messages still in English when the envelope is written (a service's or a schema's text that no
 * domain translated) are looked up among the English translation files: a text found there is
 * answered in the request's language under its key. So whatever path a message took, an API
 * client reads the portal's own text in its own language.
 */
import type { APIContext } from 'astro';
import { isLang, type TranslationKey, type Translate } from '~/lib/i18n';
import { resources } from '~/lib/i18n/resources';
import { HEADER_LANGUAGE_CODE } from '~/lib/api-client/headers';
import { setLanguage } from '~/server/http/language';

type Tree = { [key: string]: string | Tree };

/** The header's language becomes the request's (when it names one and differs from the path's). */
export function applyHeaderLanguage(context: Pick<APIContext, 'request' | 'locals'>): void {
  const code = context.request.headers.get(HEADER_LANGUAGE_CODE)?.trim().toLowerCase();
  const locals = context.locals as App.Locals | undefined;
  if (!code || !isLang(code) || !locals?.site || !locals.brand || code === locals.lang) return;
  setLanguage(locals, code);
}

let keysByText: Map<string, TranslationKey> | undefined;

/** English text → 'namespace:dotted.key', for every fixed text (no {{placeholders}}). */
function englishIndex(): Map<string, TranslationKey> {
  if (keysByText) return keysByText;
  const index = new Map<string, TranslationKey>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value !== 'string') walk(value, `${prefix}${key}.`);
      else if (!value.includes('{{') && !index.has(value))
        index.set(value, (prefix + key) as TranslationKey);
    }
  };
  for (const [ns, tree] of Object.entries(resources.en ?? {})) {
    // Plural forms (_one, _other) need a count: not a message.
    if (tree) walk(tree, `${ns}:`);
  }
  for (const [text, key] of index)
    if (/_(zero|one|two|few|many|other)$/.test(key)) index.delete(text);
  keysByText = index;
  return index;
}

/** A portal text in the request's language when it is one of the English translation texts. */
export function inRequestLanguage(t: Translate, message: string): string {
  const key = englishIndex().get(message);
  return key ? t(key) : message;
}
