/** Date ranges of jobs and studies, and the total experience they (or a statement) give. */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DATE = `(?:${MONTH_NAME}\\.?,?\\s*'?\\d{2,4}|\\d{1,2}[/.\\-]\\d{4}|\\d{4}[/.\\-]\\d{1,2}|(?:19|20)\\d{2})`;
const NOW_WORDS =
  '(?:present|current(?:ly)?|now|today|till\\s+(?:date|now)|to\\s+date|ongoing|continuing|running)';
const RANGE_SOURCE = `(${DATE})\\s*(?:-|–|—|to|till|until|upto|up\\s+to)\\s*(${DATE}|${NOW_WORDS})`;
export const RANGE_RE = new RegExp(RANGE_SOURCE, 'gi');
/** The same without the g flag, for test() (a g regex keeps state between calls). */
export const HAS_RANGE = new RegExp(RANGE_SOURCE, 'i');

/** A date as a month number (year * 12 + month - 1); `end` picks December for a bare year. */
function monthIndex(text: string, end: boolean, now: Date): number | null {
  const t = text.toLowerCase().trim();
  if (new RegExp(`^${NOW_WORDS}$`, 'i').test(t))
    return now.getUTCFullYear() * 12 + now.getUTCMonth();
  let m = new RegExp(`^(${MONTH_NAME})\\.?,?\\s*'?(\\d{2,4})$`, 'i').exec(t);
  if (m) {
    const month = MONTHS[m[1]!.slice(0, 3)] ?? MONTHS[m[1]!.slice(0, 4)];
    let year = Number(m[2]);
    if (m[2]!.length === 2) year += year > (now.getUTCFullYear() % 100) + 1 ? 1900 : 2000;
    if (!month || m[2]!.length === 3) return null;
    return year * 12 + month - 1;
  }
  m = /^(\d{1,2})[/.\-](\d{4})$/.exec(t);
  if (m) {
    const month = Number(m[1]);
    return month >= 1 && month <= 12 ? Number(m[2]) * 12 + month - 1 : null;
  }
  m = /^(\d{4})[/.\-](\d{1,2})$/.exec(t);
  if (m) {
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? Number(m[1]) * 12 + month - 1 : null;
  }
  m = /^((?:19|20)\d{2})$/.exec(t);
  if (m) return Number(m[1]) * 12 + (end ? 11 : 0);
  return null;
}

export interface DateRange {
  start: number;
  end: number;
  /** The range runs to "Present". */
  current: boolean;
  /** Index of the line it was found on. */
  line: number;
  /** The matched text. */
  text: string;
}

/** Date ranges ("Jun 2021 - Present", "03/2015 – 06/2018", "2016 to 2019") on each line. */
export function findRanges(lines: readonly string[], now: Date): DateRange[] {
  const ranges: DateRange[] = [];
  const nowIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
  lines.forEach((line, index) => {
    for (const m of line.matchAll(RANGE_RE)) {
      const bareYears =
        /^(?:19|20)\d{2}$/.test(m[1]!.trim()) && /^(?:19|20)\d{2}$/.test(m[2]!.trim());
      let start = monthIndex(m[1]!, false, now);
      // A range of bare years counts whole years: 2016 - 2019 is 3 years.
      let end = monthIndex(m[2]!, !bareYears, now);
      if (bareYears && end !== null) end -= 1;
      if (start === null || end === null) continue;
      if (end > nowIndex) end = nowIndex;
      if (start > end) continue;
      if (end - start > 50 * 12) continue;
      start = Math.max(start, end - 50 * 12);
      const current = new RegExp(NOW_WORDS, 'i').test(m[2]!);
      ranges.push({ start, end, current, line: index, text: m[0] });
    }
  });
  return ranges;
}

/** Months covered by ranges, overlaps counted once, both end months included. */
function coveredMonths(ranges: readonly DateRange[]): number {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = -1;
  let curEnd = -2;
  for (const r of sorted) {
    if (r.start > curEnd + 1) {
      if (curEnd >= curStart && curStart >= 0) total += curEnd - curStart + 1;
      curStart = r.start;
      curEnd = r.end;
    } else {
      curEnd = Math.max(curEnd, r.end);
    }
  }
  if (curEnd >= curStart && curStart >= 0) total += curEnd - curStart + 1;
  return total;
}

const YEARS = '(\\d{1,2}(?:\\.\\d{1,2})?)\\s*\\+?\\s*(?:years?|yrs?\\.?)';
const MONTHS_PART = '(?:\\s*(?:and|,)?\\s*(\\d{1,2})\\s*(?:months?|mos?\\.?))?';
const EXPLICIT_EXPERIENCE: readonly RegExp[] = [
  new RegExp(
    `(?:total|overall)\\s+(?:work\\s+|professional\\s+|it\\s+)?experience\\s*(?:of|[:\\-–]|is)?\\s*${YEARS}${MONTHS_PART}`,
    'i',
  ),
  new RegExp(
    `${YEARS}${MONTHS_PART}\\s+(?:of\\s+)?(?:[\\p{L}-]+\\s+){0,4}?(?:experience|exp\\.?)(?![\\p{L}])`,
    'iu',
  ),
  new RegExp(
    `experience\\s+of\\s+(?:over\\s+|more\\s+than\\s+|around\\s+|about\\s+)?${YEARS}${MONTHS_PART}`,
    'i',
  ),
  new RegExp(`^experience\\s*[:\\-–]\\s*${YEARS}${MONTHS_PART}`, 'im'),
];

function toYearsMonths(totalMonths: number): { years: number; months: number } {
  const capped = Math.max(0, Math.min(totalMonths, 50 * 12));
  return { years: Math.floor(capped / 12), months: capped % 12 };
}

/** Total experience: an explicit statement wins; else the months the work date ranges cover. */
export function findExperience(
  text: string,
  workRanges: readonly DateRange[],
): { years: number; months: number } | null {
  for (const re of EXPLICIT_EXPERIENCE) {
    const m = re.exec(text);
    if (!m) continue;
    const years = Number(m[1]);
    const months = m[2] ? Number(m[2]) : 0;
    if (!Number.isFinite(years) || years > 50 || months > 11) continue;
    return toYearsMonths(Math.round(years * 12) + months);
  }
  if (workRanges.length === 0) return null;
  return toYearsMonths(coveredMonths(workRanges));
}
