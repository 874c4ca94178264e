/**
 * i18next set up once with every language's namespaces; `getT(lang, brand)` gives a t function
 * for one request. Hindi and Arabic fall back to English key by key; the newer brand's locale
 * codes (en-dm, hi-dm, ar-dm) override brand texts and fall back to their base language.
 */
import i18next, { type CustomTypeOptions, type ParseKeys, type TFunction } from 'i18next';
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

/** A t function over every namespace: plain keys are the common namespace's, others 'ns:key'. */
export type AppTFunction = TFunction<typeof NAMESPACES>;

const cache = new Map<string, AppTFunction>();

/** t for a language and brand; keys read as 'ns:key' or plain keys of the common namespace. */
export function getT(lang: Lang, localeSuffix = ''): AppTFunction {
  const code = localeCode(lang, localeSuffix);
  let t = cache.get(code);
  if (!t) {
    // The default namespace stays common at run time; the type only adds the 'ns:key' forms.
    t = instance.getFixedT(code) as unknown as AppTFunction;
    cache.set(code, t);
  }
  return t;
}

/**
 * Every translation key: 'ns:key', or a plain key of the common namespace. Typed from the English
 * files (i18next.d.ts), so a key that does not exist fails `astro check`.
 */
export type TranslationKey = ParseKeys<typeof NAMESPACES>;

type Branch<K> = K extends `${infer B}.${string}` ? B : never;
/** The first part of every dotted key: 'footer', 'chrome:names', 'account:fields'... */
export type KeyBranch = Branch<TranslationKey>;

/**
 * A key made at run time under a branch that exists, for names that come from data (a site's
 * key, a name in the database, a topic of a content file): the branch is checked here, the rest
 * by i18next at look-up. Where the rest is a known list, use a template key with its type instead.
 */
export function keyIn(branch: KeyBranch, rest: string | number): TranslationKey {
  return `${branch}.${rest}` as TranslationKey;
}

/** t as pages and components use it: brand and country are filled in for every key. */
export type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

type PageTexts = CustomTypeOptions['resources']['pages'];
/** The pages with a title, description, heading and intro of their own in the pages namespace. */
export type TextPage = {
  [K in keyof PageTexts]: PageTexts[K] extends { title: string } ? K : never;
}[keyof PageTexts];

export function hasPageTexts(page: string): page is TextPage {
  const texts = resources.en?.pages?.[page];
  return typeof texts === 'object' && typeof texts.title === 'string';
}
