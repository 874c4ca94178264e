/** What the places of a site and of each of its countries are made of (see ./index.ts). */
import type { SalaryPeriod } from '~/server/jobs/service';

export interface CountryPlaces {
  /** ISO 3166-1 alpha-2 of the job's country (stored in jobs.country_code). */
  code: string;
  name: string;
  /** Share of the site's jobs. */
  weight: number;
  currency: string;
  period: SalaryPeriod;
  entry: number;
  senior: number;
  /** Salaries are rounded to a multiple of this. */
  round: number;
  /** Real cities, busiest first (earlier ones get more jobs). */
  cities: readonly string[];
  /** Region (state, emirate, province...) of its cities: search's location box and facet. */
  regions?: Readonly<Record<string, string>>;
  /**
   * Other names of its cities a seeker types (lower case: older English names, airport codes,
   * Hindi and Arabic) → the cities' names; one may stand for several cities (Delhi NCR).
   */
  aliases?: Readonly<Record<string, readonly string[]>>;
  /** What a seeker types for the country on a site of several countries (lower case). */
  typedNames?: readonly string[];
  /** Streets and business districts for walk-in venues. */
  streets: readonly string[];
  /** Legal-form suffixes of company names. */
  companySuffixes: readonly string[];
}

export interface SitePlaces {
  context: string;
  /** Share of all demo jobs, relative to the other sites' (they need not add up to 100). */
  weight: number;
  /** Number of demo companies on the site. */
  companies: number;
  countries: readonly CountryPlaces[];
  /** Distinctive first words of fictional company names. */
  namePrefixes: readonly string[];
  benefits: readonly string[];
  /**
   * Its jobs ask for Indian qualifications and skills (the job families' `qualIndia`, Tally,
   * GST...) rather than international ones (demo data).
   */
  indianQualifications?: boolean;
  /** Languages mentioned in requirements besides English. */
  extraLanguage?: string;
}
