/**
 * Numbers as a page writes them (decision 0086): counts, percentages and units in the page's
 * locale, which is the site's own on English pages (en-IN groups 12,34,567) and the language with
 * the site's region otherwise (hi-IN, ar-AE), so digits follow CLDR's choice for the region as
 * dates do. Code that knows no site (an island given only the language) gets the language with
 * Latin digits. Intl formatters are made here only (an ESLint rule refuses them elsewhere) and
 * kept per locale and style: making one costs far more than using it.
 */
import type { Lang, Site } from '~/lib/sites/schema';

/** What the page's locale needs of a site (tests and mails pass a real Site). */
export type LocaleSite = Pick<Site, 'locale'> & { country: Pick<Site['country'], 'isoCode'> };

/** The Intl locale of a page: the site's own on English pages, else language + the site's region. */
export function pageLocale(lang: Lang, site?: LocaleSite): string {
  if (!site) return lang === 'en' ? 'en' : `${lang}-u-nu-latn`;
  return lang === 'en' ? site.locale : `${lang}-${site.country.isoCode}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat; an unknown locale falls back to English rather than throwing. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  const id = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en', options);
    }
    if (formats.size > 500) formats.clear();
    formats.set(id, format);
  }
  return format;
}

/** A count or figure: '1,234', '12,34,567' (India), at most `fractionDigits` decimals (0). */
export function formatNumber(
  value: number,
  lang: Lang,
  site?: LocaleSite,
  fractionDigits = 0,
): string {
  if (!Number.isFinite(value)) return '';
  return numberFormat(pageLocale(lang, site), { maximumFractionDigits: fractionDigits }).format(
    value,
  );
}

/** A percentage of 0-100 as the language writes it: '45%', '٤٥٪'; `signed`: '+10%'. */
export function formatPercent(
  percent: number,
  lang: Lang,
  site?: LocaleSite,
  signed = false,
): string {
  if (!Number.isFinite(percent)) return '';
  return numberFormat(pageLocale(lang, site), {
    style: 'percent',
    maximumFractionDigits: 0,
    ...(signed ? { signDisplay: 'always' as const } : {}),
  }).format(percent / 100);
}

/** A count of years or months in words, with the language's own plural: '8 years', '8 سنوات'. */
export function formatDuration(value: number, unit: 'year' | 'month', locale: string): string {
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
