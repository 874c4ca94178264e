/**
 * Translation files, imported statically so the server bundle and scripts carry them. Every
 * Hindi and Arabic file is checked against the English keys when this module loads: a missing or
 * extra key stops start-up with its language, namespace and key; a counted text must have every
 * plural form of the language (expectedKeys).
 */
import enCommon from '../../../locales/en/common.json' with { type: 'json' };
import enPages from '../../../locales/en/pages.json' with { type: 'json' };
import enBrand from '../../../locales/en/brand.json' with { type: 'json' };
import enAdvice from '../../../locales/en/advice.json' with { type: 'json' };
import enSearch from '../../../locales/en/search.json' with { type: 'json' };
import enAccount from '../../../locales/en/account.json' with { type: 'json' };
import enResume from '../../../locales/en/resume.json' with { type: 'json' };
import enProfile from '../../../locales/en/profile.json' with { type: 'json' };
import enEngagement from '../../../locales/en/engagement.json' with { type: 'json' };
import enCommerce from '../../../locales/en/commerce.json' with { type: 'json' };
import enChrome from '../../../locales/en/chrome.json' with { type: 'json' };
import enBuilder from '../../../locales/en/builder.json' with { type: 'json' };
import enContent from '../../../locales/en/content.json' with { type: 'json' };
import enOps from '../../../locales/en/ops.json' with { type: 'json' };
import enAlerts from '../../../locales/en/alerts.json' with { type: 'json' };
import enBrowse from '../../../locales/en/browse.json' with { type: 'json' };
import enMydata from '../../../locales/en/mydata.json' with { type: 'json' };
import hiCommon from '../../../locales/hi/common.json' with { type: 'json' };
import hiPages from '../../../locales/hi/pages.json' with { type: 'json' };
import hiBrand from '../../../locales/hi/brand.json' with { type: 'json' };
import hiAdvice from '../../../locales/hi/advice.json' with { type: 'json' };
import hiSearch from '../../../locales/hi/search.json' with { type: 'json' };
import hiAccount from '../../../locales/hi/account.json' with { type: 'json' };
import hiResume from '../../../locales/hi/resume.json' with { type: 'json' };
import hiProfile from '../../../locales/hi/profile.json' with { type: 'json' };
import hiEngagement from '../../../locales/hi/engagement.json' with { type: 'json' };
import hiCommerce from '../../../locales/hi/commerce.json' with { type: 'json' };
import hiChrome from '../../../locales/hi/chrome.json' with { type: 'json' };
import hiBuilder from '../../../locales/hi/builder.json' with { type: 'json' };
import hiContent from '../../../locales/hi/content.json' with { type: 'json' };
import hiOps from '../../../locales/hi/ops.json' with { type: 'json' };
import hiAlerts from '../../../locales/hi/alerts.json' with { type: 'json' };
import hiBrowse from '../../../locales/hi/browse.json' with { type: 'json' };
import hiMydata from '../../../locales/hi/mydata.json' with { type: 'json' };
import arCommon from '../../../locales/ar/common.json' with { type: 'json' };
import arPages from '../../../locales/ar/pages.json' with { type: 'json' };
import arBrand from '../../../locales/ar/brand.json' with { type: 'json' };
import arAdvice from '../../../locales/ar/advice.json' with { type: 'json' };
import arSearch from '../../../locales/ar/search.json' with { type: 'json' };
import arAccount from '../../../locales/ar/account.json' with { type: 'json' };
import arResume from '../../../locales/ar/resume.json' with { type: 'json' };
import arProfile from '../../../locales/ar/profile.json' with { type: 'json' };
import arEngagement from '../../../locales/ar/engagement.json' with { type: 'json' };
import arCommerce from '../../../locales/ar/commerce.json' with { type: 'json' };
import arChrome from '../../../locales/ar/chrome.json' with { type: 'json' };
import arBuilder from '../../../locales/ar/builder.json' with { type: 'json' };
import arContent from '../../../locales/ar/content.json' with { type: 'json' };
import arOps from '../../../locales/ar/ops.json' with { type: 'json' };
import arAlerts from '../../../locales/ar/alerts.json' with { type: 'json' };
import arBrowse from '../../../locales/ar/browse.json' with { type: 'json' };
import arMydata from '../../../locales/ar/mydata.json' with { type: 'json' };
import enDmBrand from '../../../locales/en-dm/brand.json' with { type: 'json' };
import hiDmBrand from '../../../locales/hi-dm/brand.json' with { type: 'json' };
import arDmBrand from '../../../locales/ar-dm/brand.json' with { type: 'json' };

export const NAMESPACES = [
  'common',
  'pages',
  'brand',
  'advice',
  'search',
  'account',
  'resume',
  'profile',
  'engagement',
  'commerce',
  'chrome',
  'builder',
  'content',
  'ops',
  'alerts',
  'browse',
  'mydata',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
type Tree = { [key: string]: string | Tree };

export const resources: Record<string, Partial<Record<Namespace, Tree>>> = {
  en: {
    common: enCommon,
    pages: enPages,
    brand: enBrand,
    advice: enAdvice,
    search: enSearch,
    account: enAccount,
    resume: enResume,
    profile: enProfile,
    engagement: enEngagement,
    commerce: enCommerce,
    chrome: enChrome,
    builder: enBuilder,
    content: enContent,
    ops: enOps,
    alerts: enAlerts,
    browse: enBrowse,
    mydata: enMydata,
  },
  hi: {
    common: hiCommon,
    pages: hiPages,
    brand: hiBrand,
    advice: hiAdvice,
    search: hiSearch,
    account: hiAccount,
    resume: hiResume,
    profile: hiProfile,
    engagement: hiEngagement,
    commerce: hiCommerce,
    chrome: hiChrome,
    builder: hiBuilder,
    content: hiContent,
    ops: hiOps,
    alerts: hiAlerts,
    browse: hiBrowse,
    mydata: hiMydata,
  },
  ar: {
    common: arCommon,
    pages: arPages,
    brand: arBrand,
    advice: arAdvice,
    search: arSearch,
    account: arAccount,
    resume: arResume,
    profile: arProfile,
    engagement: arEngagement,
    commerce: arCommerce,
    chrome: arChrome,
    builder: arBuilder,
    content: arContent,
    ops: arOps,
    alerts: arAlerts,
    browse: arBrowse,
    mydata: arMydata,
  },
  'en-dm': { brand: enDmBrand },
  'hi-dm': { brand: hiDmBrand },
  'ar-dm': { brand: arDmBrand },
};

/** Dotted keys of a translation tree, e.g. header.login. */
export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have for English's keys: a counted text (English's `x_one`, `x_other`)
 * takes one key per plural category of the language (CLDR, Intl.PluralRules): `x_one`, `x_other`
 * in Hindi, `x_zero` to `x_other` (six) in Arabic, as i18next picks them.
 */
export function expectedKeys(code: string, english: readonly string[]): Set<string> {
  const lang = code.split('-')[0] ?? code;
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const all = new Set(english);
  const keys = new Set<string>();
  for (const key of english) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && all.has(`${base}_other`))
      for (const category of categories) keys.add(`${base}_${category}`);
    else keys.add(key);
  }
  return keys;
}

/** Problems with one language's files against English: missing keys, and keys English lacks. */
export function compareWithEnglish(code: string, partial: boolean): string[] {
  const problems: string[] = [];
  for (const ns of NAMESPACES) {
    const english = expectedKeys(code, keysOf(resources.en?.[ns] ?? {}));
    const tree = resources[code]?.[ns];
    if (!tree) {
      if (!partial) problems.push(`locales/${code}/${ns}.json is missing`);
      continue;
    }
    const own = new Set(keysOf(tree));
    if (!partial)
      for (const k of english)
        if (!own.has(k)) problems.push(`locales/${code}/${ns}.json lacks "${k}"`);
    for (const k of own)
      if (!english.has(k))
        problems.push(`locales/${code}/${ns}.json has "${k}", which English lacks`);
  }
  return problems;
}

const problems = Object.keys(resources)
  .filter((code) => code !== 'en')
  .flatMap((code) => compareWithEnglish(code, code.includes('-')));
if (problems.length > 0) {
  throw new Error(`Translations do not match English:\n  - ${problems.join('\n  - ')}`);
}
