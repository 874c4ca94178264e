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
/** Hindi and Arabic month names (Gulf and Levantine), by month number. */
const OTHER_MONTHS: [string, number][] = [
  ...[
    'जनवरी',
    'फरवरी|फ़रवरी',
    'मार्च',
    'अप्रैल|अप्रेल',
    'मई',
    'जून',
    'जुलाई',
    'अगस्त',
    'सितंबर|सितम्बर',
    'अक्टूबर|अक्तूबर',
    'नवंबर|नवम्बर',
    'दिसंबर|दिसम्बर',
  ].map((names, i) => [names, i + 1] as [string, number]),
  ...[
    'يناير|كانون الثاني',
    'فبراير|شباط',
    'مارس|آذار',
    'أبريل|ابريل|إبريل|نيسان',
    'مايو|أيار',
    'يونيو|يونيه|حزيران',
    'يوليو|يوليه|تموز',
    'أغسطس|اغسطس|آب',
    'سبتمبر|أيلول',
    'أكتوبر|اكتوبر|تشرين الأول',
    'نوفمبر|تشرين الثاني',
    'ديسمبر|كانون الأول',
  ].map((names, i) => [names, i + 1] as [string, number]),
  // Indonesian and Malay, in full and short ("Okt 2015", "Ogos 2019", "Disember").
  ...[
    'januari',
    'februari|pebruari',
    'maret|mac',
    'april',
    'mei',
    'juni',
    'juli|julai',
    'agustus|agu|agt|ags|ogos|ogo',
    'september',
    'oktober|okt',
    'november|nopember|nop',
    'desember|disember|des|dis',
  ].map((names, i) => [names, i + 1] as [string, number]),
];
const OTHER_MONTH_NUMBER = new Map<string, number>(
  OTHER_MONTHS.flatMap(([names, n]) => names.split('|').map((name) => [name, n] as const)),
);
const MONTH_NAME = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|${[...OTHER_MONTH_NUMBER.keys()].sort((a, b) => b.length - a.length).join('|')})`;
/** A whole word that names a month, in any of the languages read. */
export const MONTH_WORD = new RegExp(`^${MONTH_NAME}\\.?$`, 'iu');
const DATE = `(?:\\d{1,2}(?:\\s+|-)${MONTH_NAME}\\.?(?:,?\\s+|-)\\d{4}|${MONTH_NAME}\\.?,?(?:\\s*|[-/])'?\\d{2,4}|\\d{1,2}[/.\\-]\\d{1,2}[/.\\-]\\d{4}|\\d{1,2}[/.\\-]\\d{4}|\\d{4}[/.\\-]\\d{1,2}|(?:19|20)\\d{2})`;
const NOW_WORDS =
  '(?:present|current(?:ly)?|now|today|date|till\\s+(?:date|now|present)|to\\s+(?:date|present)|ongoing|continuing|running|(?:حتى|لغاية|إلى|الى)\\s+(?:الآن|الان|تاريخه|اليوم|الوقت\\s+الحالي)|للآن|الآن|الان|حاليا|حاليًا|حالياً|مستمر|अब\\s+तक|आज\\s+तक|अभी\\s+तक|वर्तमान|sekarang|kini|hingga\\s+kini|masa\\s+kini|hiện\\s+tại|nay|ปัจจุบัน)';
/** A piece of text that is only a range's open end ("حتى الآن", "Present"): no title or employer. */
export const ONLY_NOW = new RegExp(`^\\s*${NOW_WORDS}\\s*$`, 'iu');
const SEPARATOR = '(?:-|–|—|to|till|until|upto|up\\s+to|إلى|الى|حتى|से)';
const RANGE_SOURCE = `(${DATE})\\s*${SEPARATOR}\\s*(${DATE}|${NOW_WORDS})`;
export const RANGE_RE = new RegExp(RANGE_SOURCE, 'gi');
// The first part may end in a month or in the first word of "till date", "حتى الآن", "अब तक".
const WRAP_END = new RegExp(
  `${DATE}\\s*${SEPARATOR}\\s*(?:${MONTH_NAME}\\.?,?|till|to|up\\s+to|حتى|لغاية|अब|आज)?$`,
  'i',
);
const WRAP_START = new RegExp(`^(?:'?\\d{2,4}\\b|${DATE}|${NOW_WORDS}|date\\b|الآن|तक)`, 'i');

/**
 * Lines with a date range a PDF broke in two ("Jul 2012 - Dec" + "2017", "Jan 2018 -" +
 * "Present") joined back into one line.
 */
export function joinWrappedRanges(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (
      next !== undefined &&
      WRAP_END.test(line) &&
      !HAS_RANGE.test(line) &&
      WRAP_START.test(next)
    ) {
      out.push(`${line} ${next}`);
      i += 1;
    } else {
      out.push(line);
    }
  }
  return out;
}

/** The same without the g flag, for test() (a g regex keeps state between calls). */
export const HAS_RANGE = new RegExp(RANGE_SOURCE, 'i');

/** A date as a month number (year * 12 + month - 1); `end` picks December for a bare year. */
function monthIndex(text: string, end: boolean, now: Date): number | null {
  // "1 July 2016", "01-Jun-2012": the day does not count.
  const t = text
    .toLowerCase()
    .trim()
    .replace(/^\d{1,2}(?:\s+|-)(?=\p{L})/u, '');
  if (new RegExp(`^${NOW_WORDS}$`, 'i').test(t))
    return now.getUTCFullYear() * 12 + now.getUTCMonth();
  let m = new RegExp(`^(${MONTH_NAME})\\.?,?(?:\\s*|[-/])'?(\\d{2,4})$`, 'i').exec(t);
  if (m) {
    const month =
      OTHER_MONTH_NUMBER.get(m[1]!) ?? MONTHS[m[1]!.slice(0, 3)] ?? MONTHS[m[1]!.slice(0, 4)];
    let year = Number(m[2]);
    if (m[2]!.length === 2) year += year > (now.getUTCFullYear() % 100) + 1 ? 1900 : 2000;
    if (!month || m[2]!.length === 3) return null;
    return year * 12 + month - 1;
  }
  // dd/mm/yyyy: the month and year count.
  m = /^\d{1,2}[/.\-](\d{1,2})[/.\-](\d{4})$/.exec(t) ?? /^(\d{1,2})[/.\-](\d{4})$/.exec(t);
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

/** "Since 2017", "from Mar 2017" with no end: a range to the present. */
const SINCE_RE = new RegExp(`\\b(?:since|from)\\s+(${DATE})(?!\\s*${SEPARATOR})`, 'giu');

/** A dated line of time off work: a career break, a gap, a sabbatical (करियर ब्रेक, فجوة). */
const BREAK =
  /career\s+(?:break|pause)|\bbreak\s*:|sabbatical|\bgap\b|करियर\s*ब्रेक|ब्रेक|रिक्त|अंतराल|विराम|انقطاع|استراحة|فجوة|توقف\s+عن\s+العمل/iu;

/**
 * Short forms written out: "2014–16" -> "2014 – 2016", "'19-'21" -> "2019 - 2021", "Since 2017"
 * and "Since Mar 2017" -> "… – present".
 */
function shortRangesWritten(line: string): string {
  return line
    .replace(/'(\d\d)\s*([-–—])\s*'(\d\d)\b/g, (_, a: string, dash: string, b: string) => {
      const century = (y: string) => (Number(y) > 50 ? '19' : '20');
      return `${century(a)}${a} ${dash} ${century(b)}${b}`;
    })
    .replace(
      /(?<![\d/.-])((?:19|20)(\d\d))\s*([-–—])\s*(\d\d)(?![\d/.-])/g,
      (all, from: string, short: string, dash: string, to: string) =>
        Number(to) > Number(short) ? `${from} ${dash} ${from.slice(0, 2)}${to}` : all,
    )
    .replace(SINCE_RE, '$1 – present');
}

/** Date ranges ("Jun 2021 - Present", "03/2015 – 06/2018", "2016 to 2019") on each line. */
export function findRanges(lines: readonly string[], now: Date): DateRange[] {
  const ranges: DateRange[] = [];
  const nowIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
  lines.forEach((raw, index) => {
    // A career break or a gap written as a dated line is not work.
    if (
      BREAK.test(raw) ||
      (BREAK.test(lines[index - 1] ?? '') && !/\p{L}{3}/u.test(raw.replace(RANGE_RE, '')))
    )
      return;
    // "(Aug 2018 to Jul 2019 at home for my father's illness)": a dated aside, not a job.
    if (/^\(.*\)$/.test(raw.trim()) && raw.length > 40) return;
    const line = shortRangesWritten(raw);
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
  // "कुल अनुभव: 7 वर्ष 3 महीने", "خبرة 10 سنوات"
  /(?:कुल\s+)?अनुभव\s*[:\-–]?\s*(\d{1,2}(?:\.\d)?)\s*\+?\s*(?:वर्ष|साल)(?:\s*(\d{1,2})\s*(?:महीने|माह))?/u,
  /(\d{1,2}(?:\.\d)?)\s*\+?\s*(?:वर्ष|साल)(?:\s*(\d{1,2})\s*(?:महीने|माह))?\s+(?:का\s+|से\s+अधिक\s+)?(?:\p{L}+\s+){0,2}अनुभव/u,
  /(?:إجمالي\s+)?(?:ال)?خبرة\s*[:\-–]?\s*(?:\p{L}+\s+){0,2}?(\d{1,2})\s*\+?\s*(?:سنوات|سنة|عاما|عامًا|أعوام)(?:\s*و\s*(\d{1,2})\s*(?:أشهر|شهر|شهرا))?/u,
];

function toYearsMonths(totalMonths: number): { years: number; months: number } {
  const capped = Math.max(0, Math.min(totalMonths, 50 * 12));
  return { years: Math.floor(capped / 12), months: capped % 12 };
}

/**
 * Total experience: the months the work date ranges cover (their union); a stated total ("11
 * years") only when the resume has no dated work, as a rounded statement is less exact.
 */
export function findExperience(
  text: string,
  workRanges: readonly DateRange[],
): { years: number; months: number } | null {
  if (workRanges.length > 0) return toYearsMonths(coveredMonths(workRanges));
  for (const re of EXPLICIT_EXPERIENCE) {
    const m = re.exec(text);
    if (!m) continue;
    const years = Number(m[1]);
    const months = m[2] ? Number(m[2]) : 0;
    if (!Number.isFinite(years) || years > 50 || months > 11) continue;
    return toYearsMonths(Math.round(years * 12) + months);
  }
  // Without dated jobs or a stated total, a fresher has none.
  return FRESHER.test(text) ? { years: 0, months: 0 } : null;
}

/**
 * A resume saying its writer has not worked yet ("a fresh Electronics engineer seeking an
 * entry-level role").
 */
const FRESHER =
  /(?<![\p{L}])(?:fresher|fresh\s+(?:[\p{L}&]+\s+){0,4}?(?:graduate|engineer)|recent\s+graduate|entry[-\s]level\s+(?:role|position|job|opening)|final[-\s]year\s+student|no\s+(?:work\s+)?experience|फ्रेशर|नया\s+स्नातक|حديث\s+التخرج|حديثة\s+التخرج|بدون\s+خبرة|لا\s+توجد\s+خبرة)(?![\p{L}])/iu;
