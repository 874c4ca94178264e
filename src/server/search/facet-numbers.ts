/**
 * Facet values as small numbers, so that counting a facet is adding to an array rather than
 * looking strings up in a map (a search counts 15 facets over 201 jobs; by strings that was most
 * of the process's own time in a search). Each job's numbers are worked out once and kept with
 * its parsed facet line (facet-data.ts facetJobOf), so a job seen again costs nothing more.
 */
import { keyOf, type FacetJob } from './facet-data';

/** One numbering: a number for each string seen, and the string of each number. */
class Numbering {
  readonly numberOf = new Map<string, number>();
  readonly stringOf: string[] = [];

  number(value: string): number {
    let n = this.numberOf.get(value);
    if (n === undefined) {
      n = this.stringOf.length;
      this.stringOf.push(value);
      this.numberOf.set(value, n);
    }
    return n;
  }
}

/** Strings numbered before a new numbering starts (facet texts are free text: it would grow). */
const NUMBERED_KEPT = 500_000;
let current = new Numbering();

/** A job's facet values as numbers (-1: none); texts by their key (keyOf), each once per job. */
export interface FacetNumbers {
  numbering: Numbering;
  employerType: number;
  jobType: number;
  functionId: number;
  industryId: number;
  countryCode: number;
  title: number;
  company: number;
  /** The employer's id: two companies of one name are two values. */
  companyId: number;
  role: number;
  qualification: number;
  /** Distinct keys of the job's skills and cities, with the text first seen for each. */
  skills: number[];
  skillTexts: string[];
  cities: number[];
  cityTexts: string[];
  /** Its states on a site (regions of its cities there), numbered when first counted. */
  states: { site: string; numbers: number[]; texts: string[] } | undefined;
}

const known = new WeakMap<FacetJob, FacetNumbers>();

function numberTexts(numbering: Numbering, values: readonly string[], texts: string[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    const key = keyOf(value);
    if (key === '') continue;
    const n = numbering.number(key);
    if (out.includes(n)) continue;
    out.push(n);
    texts.push(value);
  }
  return out;
}

function numbersOf(job: FacetJob, numbering: Numbering): FacetNumbers {
  const raw = (value: string) => (value ? numbering.number(value) : -1);
  const text = (value: string) => {
    const key = value ? keyOf(value) : '';
    return key === '' ? -1 : numbering.number(key);
  };
  const skillTexts: string[] = [];
  const cityTexts: string[] = [];
  return {
    numbering,
    employerType: raw(job.employerType),
    jobType: raw(job.jobType),
    functionId: raw(job.functionId),
    industryId: raw(job.industryId),
    countryCode: raw(job.countryCode),
    title: text(job.title),
    company: text(job.company),
    companyId: raw(job.companyId),
    role: text(job.role),
    qualification: text(job.qualification),
    skills: numberTexts(numbering, job.skills, skillTexts),
    skillTexts,
    cities: numberTexts(numbering, job.cities, cityTexts),
    cityTexts,
    // Present from the start, so every job's numbers have one shape.
    states: undefined,
  };
}

/**
 * The numbers of `jobs`, all in one numbering, and that numbering's strings. Numbers of a job
 * from an older numbering are worked out again.
 */
export function facetNumbers(jobs: readonly FacetJob[]): {
  numbers: FacetNumbers[];
  stringOf: readonly string[];
} {
  // A new numbering starts only here, before any job of this call is numbered.
  if (current.stringOf.length > NUMBERED_KEPT) forgetFacetNumbers();
  const numbering = current;
  const numbers = jobs.map((job) => {
    let found = known.get(job);
    if (found === undefined || found.numbering !== numbering) {
      found = numbersOf(job, numbering);
      known.set(job, found);
    }
    return found;
  });
  return { numbers, stringOf: numbering.stringOf };
}

/**
 * The states of a job on a site (the regions `regionOf` gives its cities, each once), numbered
 * in the job's numbering and kept with it.
 */
export function statesOf(
  numbers: FacetNumbers,
  job: FacetJob,
  site: string,
  regionOf: (city: string) => string | null,
): { numbers: number[]; texts: string[] } {
  if (numbers.states?.site === site) return numbers.states;
  const regions: string[] = [];
  for (const city of job.cities) {
    const region = regionOf(city);
    if (region !== null) regions.push(region);
  }
  const texts: string[] = [];
  const states = { site, numbers: numberTexts(numbers.numbering, regions, texts), texts };
  numbers.states = states;
  return states;
}

/** Starts a new numbering: jobs numbered before are numbered again when next counted. */
export function forgetFacetNumbers(): void {
  current = new Numbering();
}

/** Counts per number, reused from count to count (counting is synchronous). */
let counts = new Int32Array(1024);
const firstText: string[] = [];

/**
 * Counts numbered values: `each` calls `add(number, text)` for every value of every job (a value
 * at most once per job). Returns the values in the order first seen, with their counts and the
 * text first seen for each.
 */
export function countNumbers(
  size: number,
  each: (add: (n: number, text: string) => void) => void,
): { n: number; count: number; text: string }[] {
  if (counts.length < size) counts = new Int32Array(Math.max(size, counts.length * 2));
  const local = counts;
  const seen: number[] = [];
  try {
    each((n, text) => {
      const count = local[n] as number;
      local[n] = count + 1;
      if (count === 0) {
        seen.push(n);
        firstText[n] = text;
      }
    });
    return seen.map((n) => ({ n, count: local[n] as number, text: firstText[n] as string }));
  } finally {
    for (const n of seen) local[n] = 0;
  }
}
