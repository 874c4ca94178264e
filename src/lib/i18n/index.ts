/**
 * i18next set up once with every language's namespaces; `getT(lang, brand)` gives a t function
 * for one request. Hindi and Arabic fall back to English key by key; the newer brand's locale
 * codes (en-dm, hi-dm, ar-dm) override brand texts and fall back to their base language.
 */
import i18next, { type TFunction } from 'i18next';
import { LANGS, type Lang } from '~/lib/sites/schema';
import { resources, NAMESPACES } from './resources';

export { LANGS, type Lang };
export type Dir = 'ltr' | 'rtl';

const RTL: ReadonlySet<Lang> = new Set(['ar']);

export function dirOf(lang: Lang): Dir {
  return RTL.has(lang) ? 'rtl' : 'ltr';
}

export function isLang(value: string | undefined): value is Lang {
  return (LANGS as readonly string[]).includes(value ?? '');
}

/** The i18next language code for a language and brand, e.g. ar + dm brand → ar-dm. */
export function localeCode(lang: Lang, localeSuffix: string): string {
  return localeSuffix ? `${lang}-${localeSuffix}` : lang;
}

const instance = i18next.createInstance();
void instance.init({
  resources,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  fallbackLng: (code) => {
    const base = (code ?? 'en').split('-')[0] ?? 'en';
    return base === 'en' ? ['en'] : [base, 'en'];
  },
  lowerCaseLng: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const cache = new Map<string, TFunction>();

/** t for a language and brand; keys read as 'ns:key' or plain keys of the common namespace. */
export function getT(lang: Lang, localeSuffix = ''): TFunction {
  const code = localeCode(lang, localeSuffix);
  let t = cache.get(code);
  if (!t) {
    t = instance.getFixedT(code);
    cache.set(code, t);
  }
  return t;
}

/** t as pages and components use it: brand and country are filled in for every key. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
