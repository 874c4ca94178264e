/**
 * Places for search: which region (state, emirate, province...) a city is in, other names of
 * cities (an older English name, a Hindi or Arabic one), and the country names a seeker of a
 * site of several countries may type. Used to read the search box's location, the jobStates
 * filter and facet, and voice search.
 *
 * All of it is each site's reference data (src/server/reference/places/: a country's `cities`,
 * `regions`, `aliases` and `typedNames`); a city missing there still matches by its own name, it
 * only has no region.
 */
import { SITE_PLACES } from '~/server/reference/places';

const COUNTRIES = SITE_PLACES.flatMap((s) => s.countries);

/** Region of each city, per ISO country code. */
const REGIONS: Record<string, Readonly<Record<string, string>>> = Object.fromEntries(
  COUNTRIES.map((c) => [c.code, c.regions ?? {}]),
);

/**
 * Other names of cities (lower case, English, Hindi and Arabic) → the names the jobs use, every
 * site's: a name may stand for several cities (Delhi NCR).
 */
const ALIASES: Record<string, readonly string[]> = Object.fromEntries(
  COUNTRIES.flatMap((c) => Object.entries(c.aliases ?? {})),
);

/** Country names a seeker may type on a site of several countries, lower case → ISO code. */
const COUNTRY_NAMES: Record<string, string> = Object.fromEntries(
  COUNTRIES.flatMap((c) => (c.typedNames ?? []).map((name) => [name, c.code])),
);

/** Names of the countries of a site of several (a place the search box reads as a country). */
export const MULTI_COUNTRY_NAMES: ReadonlySet<string> = new Set(
  SITE_PLACES.filter((s) => s.countries.length > 1).flatMap((s) => s.countries.map((c) => c.name)),
);

export const placeKey = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

interface SitePlaces {
  /** ISO codes of the site's countries. */
  countries: string[];
  /** City key → city name. */
  cities: Map<string, string>;
  /** City key → region. */
  regionOfCity: Map<string, string>;
  /** Region key → city names. */
  citiesOfRegion: Map<string, string[]>;
  /** Region key → region name. */
  regions: Map<string, string>;
}

const bySite = new Map<string, SitePlaces>();

function sitePlaces(siteContext: string): SitePlaces {
  let places = bySite.get(siteContext);
  if (places) return places;
  const demo = SITE_PLACES.find((s) => s.context === siteContext);
  const countries = demo ? demo.countries.map((c) => c.code) : [];
  places = {
    countries,
    cities: new Map(),
    regionOfCity: new Map(),
    citiesOfRegion: new Map(),
    regions: new Map(),
  };
  for (const code of countries) {
    const demoCities = demo?.countries.find((c) => c.code === code)?.cities ?? [];
    for (const city of demoCities) places.cities.set(placeKey(city), city);
    for (const [city, region] of Object.entries(REGIONS[code] ?? {})) {
      places.cities.set(placeKey(city), city);
      places.regionOfCity.set(placeKey(city), region);
      places.regions.set(placeKey(region), region);
      const list = places.citiesOfRegion.get(placeKey(region)) ?? [];
      list.push(city);
      places.citiesOfRegion.set(placeKey(region), list);
    }
  }
  bySite.set(siteContext, places);
  return places;
}

/** The region (state, emirate, province...) of a city of the site, or null when unknown. */
export function regionOf(siteContext: string, city: string): string | null {
  return sitePlaces(siteContext).regionOfCity.get(placeKey(city)) ?? null;
}

/** The cities of the site in a region (case-insensitive); [] when the region is unknown. */
export function citiesOfRegion(siteContext: string, region: string): string[] {
  return sitePlaces(siteContext).citiesOfRegion.get(placeKey(region)) ?? [];
}

/** What a typed location stands for: cities (as lower-case keys) and/or whole countries. */
export interface ResolvedLocation {
  cityKeys: string[];
  countryCodes: string[];
}

/**
 * Reads the search box's location: comma-separated places, each a city (or another name of
 * one), a region of the site (all its cities) or, on a multi-country site, a country. Anything
 * else is taken as a city name as typed, so it matches jobs in a city spelt that way.
 * The site's own country name ("India" on the India site) adds no condition.
 */
export function resolveLocation(siteContext: string, text: string): ResolvedLocation {
  const places = sitePlaces(siteContext);
  const cityKeys = new Set<string>();
  const countryCodes = new Set<string>();
  let anything = false;
  for (const part of text.split(',')) {
    const key = placeKey(part);
    if (key === '') continue;
    const alias = ALIASES[key];
    const country = COUNTRY_NAMES[key];
    if (alias) {
      for (const city of alias) cityKeys.add(placeKey(city));
    } else if (places.cities.has(key)) {
      cityKeys.add(key);
    } else if (places.citiesOfRegion.has(key)) {
      for (const city of places.citiesOfRegion.get(key) ?? []) cityKeys.add(placeKey(city));
    } else if (country && places.countries.includes(country)) {
      if (places.countries.length > 1) countryCodes.add(country);
      else continue; // the site's only country: anywhere on the site
    } else if (places.countries.length === 1 && isCountryName(key, places.countries[0])) {
      continue;
    } else {
      cityKeys.add(key);
    }
    anything = true;
  }
  if (!anything) return { cityKeys: [], countryCodes: [] };
  return { cityKeys: [...cityKeys], countryCodes: [...countryCodes] };
}

function isCountryName(key: string, code: string | undefined): boolean {
  if (!code) return false;
  const demo = SITE_PLACES.flatMap((s) => s.countries).find((c) => c.code === code);
  return demo !== undefined && placeKey(demo.name) === key;
}

/** Expands jobStates filter values (regions) to the city keys they cover. */
export function regionCityKeys(siteContext: string, regions: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const region of regions) {
    for (const city of citiesOfRegion(siteContext, region)) keys.add(placeKey(city));
  }
  return [...keys];
}

/**
 * Names a voice query may use for the site's cities, longest first, each with the city it
 * means: the cities themselves, their other names (Hindi and Arabic included), and regions
 * are left out (a spoken "Maharashtra" is rare and ambiguous).
 */
export function spokenCityNames(siteContext: string): { name: string; city: string }[] {
  const places = sitePlaces(siteContext);
  const out: { name: string; city: string }[] = [];
  for (const [key, city] of places.cities) out.push({ name: key, city });
  for (const [name, cities] of Object.entries(ALIASES)) {
    const city = cities[0];
    if (city && places.cities.has(placeKey(city)) && cities.length === 1)
      out.push({ name: placeKey(name), city });
  }
  for (const [name, code] of Object.entries(COUNTRY_NAMES)) {
    if (places.countries.length > 1 && places.countries.includes(code)) {
      const country = SITE_PLACES.flatMap((s) => s.countries).find((c) => c.code === code);
      if (country) out.push({ name: placeKey(name), city: country.name });
    }
  }
  return out.sort((a, b) => b.name.length - a.name.length);
}

/**
 * Every name of a place the site's location box understands, as a key (lower case, single
 * spaces) → the place's own name: its cities, their other names (Hindi and Arabic included),
 * its regions and, on a multi-country site, its countries. What search reads out of a keyword
 * box and corrects a location's typos towards (understand.ts).
 */
export function sitePlaceNames(siteContext: string): ReadonlyMap<string, string> {
  const cached = placeNamesBySite.get(siteContext);
  if (cached) return cached;
  const places = sitePlaces(siteContext);
  const out = new Map<string, string>();
  for (const [key, city] of places.cities) out.set(key, city);
  for (const [key, region] of places.regions) if (!out.has(key)) out.set(key, region);
  for (const [name, cities] of Object.entries(ALIASES)) {
    const city = cities[0];
    if (city && places.cities.has(placeKey(city))) out.set(placeKey(name), city);
  }
  if (places.countries.length > 1) {
    for (const [name, code] of Object.entries(COUNTRY_NAMES)) {
      const country = SITE_PLACES.flatMap((s) => s.countries).find((c) => c.code === code);
      if (country && places.countries.includes(code)) out.set(placeKey(name), country.name);
    }
  }
  placeNamesBySite.set(siteContext, out);
  return out;
}

const placeNamesBySite = new Map<string, Map<string, string>>();

/** The site's regions, each with the keys of its cities (the jobStates filter's values). */
export function siteRegions(siteContext: string): { name: string; cityKeys: string[] }[] {
  const places = sitePlaces(siteContext);
  return [...places.regions].map(([key, name]) => ({
    name,
    cityKeys: (places.citiesOfRegion.get(key) ?? []).map(placeKey),
  }));
}

/** The cities another name of a place stands for (Bombay, पुणे, دبي); [] when none. */
export const citiesNamed = (name: string): readonly string[] => ALIASES[placeKey(name)] ?? [];
