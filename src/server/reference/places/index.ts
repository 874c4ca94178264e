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
 * One file per site, named after its context; this file puts them together.
 */
import type { CountryPlaces, SitePlaces } from './types';
import { rexmonster } from './rexmonster';
import { monstergulf } from './monstergulf';
import { monsterhongkong } from './monsterhongkong';
import { monstersingapore } from './monstersingapore';
import { monsterphilippines } from './monsterphilippines';
import { monsterthailand } from './monsterthailand';
import { monstervietnam } from './monstervietnam';
import { monsterindonesia } from './monsterindonesia';
import { monstermalaysia } from './monstermalaysia';

export type { CountryPlaces, SitePlaces } from './types';

/** Every site. The demo generator draws from them in this order: keep it. */
export const SITE_PLACES: readonly SitePlaces[] = [
  rexmonster,
  monstergulf,
  monsterhongkong,
  monstersingapore,
  monsterphilippines,
  monsterthailand,
  monstervietnam,
  monsterindonesia,
  monstermalaysia,
];

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
