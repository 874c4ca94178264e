/**
 * How the facet_data lines of search_jobs are read (drizzle/sql/search_index_jobs.sql writes
 * them), and the normalised key of a facet text.
 */
import { placeKey } from './places';

const FIELD_SEP = '\x1f';
const LIST_SEP = '\x1e';

const text = (s: string | undefined): string => s ?? '';
const num = (s: string | undefined): number | null =>
  s === undefined || s === '' ? null : Number(s);
const list = (s: string | undefined): string[] =>
  s ? s.split(LIST_SEP).filter((x) => x !== '') : [];

/**
 * The fields of a facet_data line, in their order on the line (drizzle/sql/search_index_jobs.sql
 * writes them), each with how its text is read.
 */
const FIELD_READERS = {
  employerType: text,
  jobType: text,
  functionId: text,
  industryId: text,
  countryCode: text,
  experienceMin: num,
  experienceMax: num,
  salaryMin: num,
  salaryMax: num,
  salaryCurrency: text,
  salaryPeriod: text,
  /** Seconds since the epoch. */
  postedAt: (s: string | undefined): number => Number(s ?? 0),
  title: text,
  company: text,
  role: text,
  qualification: text,
  skills: list,
  cities: list,
};
type FacetField = keyof typeof FIELD_READERS;

/** Fields of a facet_data line, in order. */
export const FACET_FIELDS = Object.keys(FIELD_READERS) as readonly FacetField[];

/** One job's facet values. */
export type FacetJob = { [F in FacetField]: ReturnType<(typeof FIELD_READERS)[F]> };

const READERS = FACET_FIELDS.map((name) => [name, FIELD_READERS[name]] as const);

export function parseFacetLine(line: string): FacetJob {
  const f = line.split(FIELD_SEP);
  const job: Record<string, unknown> = {};
  for (let i = 0; i < READERS.length; i++) job[READERS[i]![0]] = READERS[i]![1](f[i]);
  return job as FacetJob;
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
