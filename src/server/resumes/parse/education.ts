/** Qualifications: degree, institute and passing year, from the education section or any line. */
import { DEGREE_PATTERNS, INSTITUTE_PATTERN } from '~/server/reference/vocabulary';
import { tidy } from './job';
import { isBulletLike } from './text';
import type { ParsedEducation } from './types';

const MAX_EDUCATION = 6;

export const hasDegree = (s: string) => DEGREE_PATTERNS.some((re) => re.test(s));
const YEAR_RE = /\b(?:19[5-9]\d|20\d\d)\b/g;
export const HAS_YEAR = /\b(?:19[5-9]\d|20\d\d)\b/;

function educationEntry(entryLines: readonly string[], now: Date): ParsedEducation {
  const joined = entryLines.join(' | ');
  const years = [...joined.matchAll(YEAR_RE)]
    .map((m) => Number(m[0]))
    .filter((y) => y <= now.getUTCFullYear() + 6);
  const year = years.length > 0 ? Math.max(...years) : null;
  // Split every line into parts at commas and separators; drop what follows the year.
  const parts: string[] = [];
  for (const line of entryLines) {
    const beforeYearTail = line.replace(/\s*[(,،|–—-]?\s*(?:19[5-9]\d|20\d\d)\b.*$/, '');
    for (const p of beforeYearTail.split(/\s*[|–—]\s*|\s+-\s+|\s+from\s+/i)) {
      const t = tidy(p);
      if (t) parts.push(t);
    }
  }
  let degree: string | null = null;
  let institute: string | null = null;
  for (const part of parts) {
    const commaParts = part.split(/\s*[,،]\s*/);
    const degreeIndex: number = degree === null ? commaParts.findIndex(hasDegree) : -1;
    if (degreeIndex >= 0) {
      degree = commaParts[degreeIndex]!;
      const rest = commaParts.filter((_, i) => i !== degreeIndex).join(', ');
      if (!institute && rest && INSTITUTE_PATTERN.test(rest)) institute = tidy(rest);
      continue;
    }
    if (!institute && INSTITUTE_PATTERN.test(part)) institute = part;
  }
  if (!institute) {
    const other = parts.find(
      (p) =>
        p !== degree &&
        !hasDegree(p) &&
        /^\p{L}/u.test(p) &&
        !/\b(?:cgpa|gpa|percentage|marks|grade)\b|%/i.test(p),
    );
    if (other) institute = other;
  }
  return {
    degree: degree ? degree.replace(/[\s,،;:]+$/, '') : null,
    institute: institute ? institute.replace(/[\s,،;:]+$/, '') : null,
    year,
  };
}

export function findEducation(
  educationLines: readonly string[] | undefined,
  allLines: readonly string[],
  now: Date,
): ParsedEducation[] {
  const lines = educationLines && educationLines.length > 0 ? educationLines : null;
  const entries: string[][] = [];
  if (lines) {
    let current: string[] | null = null;
    // A degree line may be long ("B.Tech (Computer Science) — Dr. A.P.J. ... University (2019)").
    const degreeLine = (line: string) =>
      hasDegree(line) && line.length < 200 && !(line.length > 90 && /[.;]$/.test(line));
    for (const line of lines) {
      if (degreeLine(line)) {
        current = [line];
        entries.push(current);
      } else if (current && current.length < 3 && !isBulletLike(line)) {
        current.push(line);
      }
    }
  } else {
    // No education heading: only lines that name a degree together with an institute or a year.
    for (const line of allLines) {
      if (
        hasDegree(line) &&
        (INSTITUTE_PATTERN.test(line) || HAS_YEAR.test(line)) &&
        line.length < 160
      ) {
        entries.push([line]);
      }
    }
  }
  return entries.slice(0, MAX_EDUCATION).map((entry) => educationEntry(entry, now));
}
