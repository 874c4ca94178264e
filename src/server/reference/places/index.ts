/**
 * Places of each site (SPEC §3 country channels): the real cities of each country, busiest first,
 * its currency and how salaries are quoted. Production reads the cities (search locations and
 * regions in search/places.ts, city suggestions in registration and the profile); the demo
 * generator also reads the rest (salary scales, street names, company-name flavour, benefits,
 * shares of jobs), which only demo data needs.
 *
 * Salary unit (stored in jobs.salary_period): India in rupees per YEAR (the Lakh convention);
 * every other country in its own currency per MONTH (how Gulf and South-East Asian jobs are
 * advertised). `entry` is a typical monthly/yearly pay at 0 years of experience in an average
 * function, `senior` at 15+ years; the generator interpolates between them.
 *
 * One file per site, named after its context, listed in ./files.ts; this file puts them in the
 * sites' order.
 */
import { sites } from '../../../../sites';
import { placeFiles } from './files';
import type { CountryPlaces, SitePlaces } from './types';

export type { CountryPlaces, SitePlaces } from './types';

const filesByContext = new Map(placeFiles.map((p) => [p.context, p]));

/**
 * Every site's places, in the sites' order (the demo generator draws from them in this order).
 * A site without a places file stops the server naming the file to write.
 */
export const SITE_PLACES: readonly SitePlaces[] = sites.map((site) => {
  const places = filesByContext.get(site.context);
  if (!places)
    throw new Error(
      `No places for site ${site.key}: add src/server/reference/places/${site.context}.ts to ./files.ts`,
    );
  return places;
});

export const sitePlacesByContext = new Map(SITE_PLACES.map((s) => [s.context, s]));

/** Every demo country, by ISO code (for tests: which cities and currency belong to it). */
export const COUNTRY_PLACES: ReadonlyMap<string, CountryPlaces> = new Map(
  SITE_PLACES.flatMap((s) => s.countries.map((c) => [c.code, c] as const)),
);

/** Cities offered as suggestions in location fields: the site's real cities, busiest first. */
export function siteCities(siteContext: string): string[] {
  const site = sitePlacesByContext.get(siteContext);
  return site ? [...new Set(site.countries.flatMap((c) => c.cities))] : [];
}
