/** What a job family and a company sector are made of (see ./index.ts). */
export type Sector =
  | 'tech'
  | 'bpo'
  | 'finance'
  | 'manufacturing'
  | 'construction'
  | 'health'
  | 'hospitality'
  | 'retail'
  | 'logistics'
  | 'education'
  | 'consulting'
  | 'media';

export interface SectorInfo {
  /** Words after the name prefix: "Kaveri Infotech Pvt Ltd". */
  words: readonly string[];
  /** INDUSTRIES values a company of this sector belongs to. */
  industries: readonly string[];
  /** Company descriptions; {name} and {city} are filled in. */
  about: readonly string[];
  /** Share of demo companies. */
  weight: number;
}

export interface JobFamilyTitle {
  title: string;
  /** Range of the minimum years of experience this title asks for. */
  exp: readonly [number, number];
  /** Skills specific to this title; the family's common skills are added to them. */
  skills: readonly string[];
  /** The seniority prefixes (Junior/Senior) make no sense for it: manager titles and the like. */
  fixed?: boolean;
}

/** A JobFamilyTitle in one line: jobTitle('Nurse', [0, 5], ['Patient Care'], 'fixed'). */
export const jobTitle = (
  title: string,
  exp: readonly [number, number],
  skills: readonly string[],
  fixed?: 'fixed',
): JobFamilyTitle => (fixed ? { title, exp, skills, fixed: true } : { title, exp, skills });

export interface JobFamily {
  /** A JOB_FUNCTIONS value. */
  fn: string;
  /** Share of demo jobs. */
  weight: number;
  /** Multipliers of the share by site context, for local labour markets. */
  siteBoost?: Record<string, number>;
  sectors: readonly Sector[];
  titles: readonly JobFamilyTitle[];
  common: readonly string[];
  /** What the team is called in "join our ... team". */
  team: string;
  duties: readonly string[];
  /** Indian-style degree names for India, international ones elsewhere. */
  qualIndia: readonly string[];
  qualIntl: readonly string[];
  /** Pay relative to the country's average function. */
  pay: number;
  /** Chance that a job of this family is a walk-in drive. */
  walkin: number;
}
