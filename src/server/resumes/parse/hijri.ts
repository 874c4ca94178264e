/**
 * Hijri dates as the Gregorian month and year the other field rules read. Gulf resumes (Saudi
 * ones above all) date a degree or a job by the Hijri calendar: "جمادى الآخرة 1438هـ",
 * "1435 هـ", "محرم 1440ه", "1442 AH". A year 1300-1499 followed by هـ, ه or AH is Hijri.
 */

/** The twelve Hijri months, with the spellings resumes use. */
const HIJRI_MONTHS = [
  'محرم|المحرم',
  'صفر',
  'ربيع الأول|ربيع الاول|ربيع أول',
  'ربيع الآخر|ربيع الثاني|ربيع الاخر|ربيع ثاني',
  'جمادى الأولى|جمادى الاولى|جمادى الأول|جمادي الأولى|جمادي الاولى',
  'جمادى الآخرة|جمادى الثانية|جمادى الاخرة|جمادى الآخر|جمادي الآخرة|جمادي الثانية',
  'رجب',
  'شعبان',
  'رمضان',
  'شوال',
  'ذو القعدة|ذي القعدة',
  'ذو الحجة|ذي الحجة',
];
const MONTH_OF = new Map<string, number>(
  HIJRI_MONTHS.flatMap((names, i) => names.split('|').map((n) => [n, i + 1] as const)),
);
const MONTH_NAMES = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|');
const HIJRI_DATE = new RegExp(
  `(?:(${MONTH_NAMES})\\s+)?(1[34]\\d\\d)\\s*(?:هـ|ه(?![\\p{L}])|AH\\b|A\\.H\\.)`,
  'gu',
);
const ENGLISH_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** Days from 19 July 622 (1 Muharram 1 AH, proleptic Gregorian) to the first of a Hijri month, by the mean month. */
const MEAN_MONTH_DAYS = 29.530588;
const EPOCH_MS = Date.UTC(622, 6, 19);

/** The Gregorian year and month (1-12) of the middle of a Hijri month. */
export function hijriToGregorian(year: number, month: number): { year: number; month: number } {
  const days = ((year - 1) * 12 + (month - 1) + 0.5) * MEAN_MONTH_DAYS;
  const date = new Date(EPOCH_MS + days * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/**
 * Hijri dates in a line written as Gregorian: with a month, "Mar 2017"; a year alone, the
 * Gregorian year holding most of it (its middle month). ASCII digits expected.
 */
export function hijriAsGregorian(line: string): string {
  if (!/1[34]\d\d/.test(line)) return line;
  return line.replace(HIJRI_DATE, (_, monthName: string | undefined, year: string) => {
    const month = monthName ? MONTH_OF.get(monthName) : undefined;
    const g = hijriToGregorian(Number(year), month ?? 6.5);
    return month ? `${ENGLISH_MONTHS[g.month - 1]} ${g.year}` : String(g.year);
  });
}
