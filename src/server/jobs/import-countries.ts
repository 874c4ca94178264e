/**
 * Countries of imported jobs: ISO codes and the names feeds write them with, to sites and
 * currencies. All of it is the site files' (`country`, `otherCountries`, `currency`).
 */
import { sites } from '../../../sites';

/** ISO alpha-2 (lower case) and every other spelling -> ISO alpha-2. */
const countryAliases = new Map<string, string>();
/** The site of each ISO country code (a site may list several countries). */
export const siteForCountry = new Map<string, string>();
/** The currency jobs of a country other than the site's own are paid in. */
const otherCurrencies = new Map<string, string>();

for (const site of sites) {
  const countries = [
    { isoCode: site.country.isoCode, otherNames: site.country.otherNames },
    ...site.otherCountries,
  ];
  for (const country of countries) {
    siteForCountry.set(country.isoCode, site.context);
    countryAliases.set(country.isoCode.toLowerCase(), country.isoCode);
    for (const name of country.otherNames) countryAliases.set(name, country.isoCode);
  }
  for (const other of site.otherCountries) otherCurrencies.set(other.isoCode, other.currency);
}

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
    otherCurrencies.get(code) ?? sites.find((s) => s.context === siteContext)?.currency.code ?? null
  );
}
