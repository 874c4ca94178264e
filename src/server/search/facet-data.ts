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
const list = (s: string | undefined): string[] => {
  if (!s) return [];
  const values = s.split(LIST_SEP);
  return values.includes('') ? values.filter((x) => x !== '') : values;
};

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
  /** The employer's id (companies.id): the company facet's value; the name is its label. */
  companyId: text,
};
type FacetField = keyof typeof FIELD_READERS;

/** Fields of a facet_data line, in order. */
export const FACET_FIELDS = Object.keys(FIELD_READERS) as readonly FacetField[];

/** One job's facet values. */
export type FacetJob = { [F in FacetField]: ReturnType<(typeof FIELD_READERS)[F]> };

const R = FIELD_READERS;

/**
 * One line's fields, as one object literal: every job then has the same shape, which the
 * counting loops read fast (a search parses 201 lines). Fields in FACET_FIELDS order (a test
 * checks that the two agree).
 */
export function parseFacetLine(line: string): FacetJob {
  const f = line.split(FIELD_SEP);
  return {
    employerType: R.employerType(f[0]),
    jobType: R.jobType(f[1]),
    functionId: R.functionId(f[2]),
    industryId: R.industryId(f[3]),
    countryCode: R.countryCode(f[4]),
    experienceMin: R.experienceMin(f[5]),
    experienceMax: R.experienceMax(f[6]),
    salaryMin: R.salaryMin(f[7]),
    salaryMax: R.salaryMax(f[8]),
    salaryCurrency: R.salaryCurrency(f[9]),
    salaryPeriod: R.salaryPeriod(f[10]),
    postedAt: R.postedAt(f[11]),
    title: R.title(f[12]),
    company: R.company(f[13]),
    role: R.role(f[14]),
    qualification: R.qualification(f[15]),
    skills: R.skills(f[16]),
    cities: R.cities(f[17]),
    companyId: R.companyId(f[18]),
  };
}

/** Jobs kept parsed (a line of a few hundred bytes each). */
const PARSED_KEPT = 50_000;
const parsed = new Map<number, { data: string; job: FacetJob }>();

/**
 * A copy of `text` that holds only its own characters. A slice of the statement's result (80 KB
 * of lines) would keep all of it alive for as long as the slice is kept: one result per job kept.
 */
const ownCopy = (text: string): string => (text + ' ').slice(0, -1);

/**
 * parseFacetLine of job `id`'s line, remembered: the newest jobs of a site come back among the
 * candidates of search after search (201 lines a search). A job whose line changed is parsed
 * again. The jobs returned are shared: read them, never change them.
 */
export function facetJobOf(id: number, data: string): FacetJob {
  const kept = parsed.get(id);
  if (kept !== undefined && kept.data === data) return kept.job;
  if (kept === undefined && parsed.size >= PARSED_KEPT) parsed.clear();
  const own = ownCopy(data);
  const job = parseFacetLine(own);
  parsed.set(id, { data: own, job });
  return job;
}

/** The facet_data lines of a string_agg(facet_data, E'\n'). */
export function parseFacetData(data: string | null | undefined): FacetJob[] {
  if (!data) return [];
  return data.split('\n').map(parseFacetLine);
}

/**
 * A companies filter value that is an employer's id (all digits; a company's name never is in
 * practice), as the company facet and company pages give; any other value is a company name.
 */
export const isCompanyId = (value: string): boolean => /^[1-9][0-9]{0,9}$/.test(value);

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
