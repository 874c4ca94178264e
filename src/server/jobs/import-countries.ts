/** Countries of imported jobs: ISO codes and names to sites and currencies. */
import { sites, siteByKey } from '../../../sites';

const GULF_CURRENCIES: Record<string, string> = {
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  OM: 'OMR',
  KW: 'KWD',
  BH: 'BHD',
};

/** ISO alpha-2 -> other spellings seen in feeds (alpha-3 and English names), lower case. */
const COUNTRY_NAMES: Record<string, readonly string[]> = {
  IN: ['ind', 'india', 'bharat'],
  AE: ['are', 'united arab emirates', 'uae', 'u.a.e.', 'emirates'],
  SA: ['sau', 'saudi arabia', 'ksa', 'kingdom of saudi arabia'],
  QA: ['qat', 'qatar'],
  OM: ['omn', 'oman', 'sultanate of oman'],
  KW: ['kwt', 'kuwait'],
  BH: ['bhr', 'bahrain', 'kingdom of bahrain'],
  HK: ['hkg', 'hong kong', 'hongkong', 'hong kong sar', 'hong kong sar china'],
  SG: ['sgp', 'singapore'],
  PH: ['phl', 'philippines', 'the philippines'],
  TH: ['tha', 'thailand'],
  VN: ['vnm', 'vietnam', 'viet nam'],
  ID: ['idn', 'indonesia'],
  MY: ['mys', 'malaysia'],
};

const countryAliases = new Map<string, string>();
for (const [code, names] of Object.entries(COUNTRY_NAMES)) {
  countryAliases.set(code.toLowerCase(), code);
  for (const name of names) countryAliases.set(name, code);
}

/** ISO alpha-2 -> site context. Gulf covers six countries; every other site its own. */
/** The site of each ISO country code (the Gulf countries share one). */
export const siteForCountry = new Map<string, string>();
for (const site of sites) siteForCountry.set(site.country.isoCode, site.context);
const gulf = siteByKey('gulf');
if (gulf) for (const code of Object.keys(GULF_CURRENCIES)) siteForCountry.set(code, gulf.context);

/** ISO alpha-2 code for a country written as a code or a name, if it is one of ours. */
export function countryCode(text: string): string | undefined {
  const key = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[()]/g, '');
  return countryAliases.get(key);
}

/** The site a country (code or name) is listed on, or undefined. */
export function siteContextForCountry(text: string): string | undefined {
  const code = countryCode(text);
  return code ? siteForCountry.get(code) : undefined;
}

export function currencyFor(code: string, siteContext: string): string | null {
  return (
    GULF_CURRENCIES[code] ?? sites.find((s) => s.context === siteContext)?.currency.code ?? null
  );
}
