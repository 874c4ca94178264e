/**
 * How the facet_data lines of search_jobs are read (drizzle/sql/search_index_jobs.sql writes
 * them), and the normalised key of a facet text.
 */
import { placeKey } from './places';

/** Fields of a facet_data line, in order (drizzle/sql/search_index_jobs.sql writes them). */
export const FACET_FIELDS = [
  'employerType',
  'jobType',
  'functionId',
  'industryId',
  'countryCode',
  'experienceMin',
  'experienceMax',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'salaryPeriod',
  'postedAt',
  'title',
  'company',
  'role',
  'qualification',
  'skills',
  'cities',
] as const;

const FIELD_SEP = '\x1f';
const LIST_SEP = '\x1e';

/** One job's facet values. */
export interface FacetJob {
  employerType: string;
  jobType: string;
  functionId: string;
  industryId: string;
  countryCode: string;
  experienceMin: number | null;
  experienceMax: number | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  salaryPeriod: string;
  /** Seconds since the epoch. */
  postedAt: number;
  title: string;
  company: string;
  role: string;
  qualification: string;
  skills: string[];
  cities: string[];
}

const num = (s: string | undefined): number | null =>
  s === undefined || s === '' ? null : Number(s);

export function parseFacetLine(line: string): FacetJob {
  const f = line.split(FIELD_SEP);
  const list = (s: string | undefined) => (s ? s.split(LIST_SEP).filter((x) => x !== '') : []);
  return {
    employerType: f[0] ?? '',
    jobType: f[1] ?? '',
    functionId: f[2] ?? '',
    industryId: f[3] ?? '',
    countryCode: f[4] ?? '',
    experienceMin: num(f[5]),
    experienceMax: num(f[6]),
    salaryMin: num(f[7]),
    salaryMax: num(f[8]),
    salaryCurrency: f[9] ?? '',
    salaryPeriod: f[10] ?? '',
    postedAt: Number(f[11] ?? 0),
    title: f[12] ?? '',
    company: f[13] ?? '',
    role: f[14] ?? '',
    qualification: f[15] ?? '',
    skills: list(f[16]),
    cities: list(f[17]),
  };
}

/** The facet_data lines of a string_agg(facet_data, E'\n'). */
export function parseFacetData(data: string | null | undefined): FacetJob[] {
  if (!data) return [];
  return data.split('\n').map(parseFacetLine);
}

/** placeKey of facet texts, remembered: the same skills and cities come back on every search. */
const keyCache = new Map<string, string>();
export function keyOf(value: string): string {
  let key = keyCache.get(value);
  if (key === undefined) {
    if (keyCache.size > 50_000) keyCache.clear();
    key = placeKey(value);
    keyCache.set(value, key);
  }
  return key;
}
