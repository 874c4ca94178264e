/**
 * Reads a resume's plain text into profile fields: name, email, phone (with ISD code), skills,
 * total experience, current designation and company, education (degree, institute, year) and a
 * LinkedIn address. Heuristic, built for the layouts resumes commonly use (a name line on top,
 * labelled contact lines, headed sections); what it cannot find it leaves null or empty.
 *
 * Never throws: any input (garbage included) gives a ParsedResume. Pure: the current date used
 * for "Present" comes in through the options.
 */
import { findEmail, findLinkedIn, findName, findPhone } from './parse/contact';
import { findExperience, findRanges, joinWrappedRanges, type DateRange } from './parse/dates';
import { findEducation } from './parse/education';
import { currencyOf, findCurrentCity, findCurrentSalary, findNoticePeriod } from './parse/fields';
import { findCurrentJob } from './parse/job';
import { findSkills } from './parse/skills';
import { readOcrMarks } from './parse/ocr-marks';
import phoneMetadata from '~/lib/validation/phone-metadata.json' with { type: 'json' };
import { splitSections, toLines, type SectionKind } from './parse/text';
import { EMPTY_PARSE, MAX_PARSE_CHARS, type ParsedResume, type ParseOptions } from './parse/types';

export { findEmail, findLinkedIn, findName, findPhone } from './parse/contact';
export { findExperience, findRanges, joinWrappedRanges, type DateRange } from './parse/dates';
export { findEducation } from './parse/education';
export {
  findCurrentCity,
  findCurrentSalary,
  findNoticePeriod,
  noticeDays,
  readSalary,
} from './parse/fields';
export { findCurrentJob } from './parse/job';
export { findSkills } from './parse/skills';
export { headingKind, splitSections, toLines, type SectionKind } from './parse/text';
export * from './parse/types';

/** Every field the text gives; never throws (a failure inside one field leaves it empty). */
/** The dialling code of each country the sites serve ("AE" -> "971"). */
const ISD_OF_COUNTRY = new Map(
  Object.entries(phoneMetadata.country_calling_codes).flatMap(([isd, countries]) =>
    countries.map((country) => [country, isd] as const),
  ),
);

export function parseResumeText(text: string, options: ParseOptions = {}): ParsedResume {
  const now = options.now ?? new Date();
  const result: ParsedResume = { ...EMPTY_PARSE, skills: [], education: [] };
  if (typeof text !== 'string' || text.trim() === '') return result;
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch {
      return fallback;
    }
  };
  // A scan's text has OCR's readings of marks and narrow letters undone first.
  const source = (options.scanned ? readOcrMarks(text) : text).slice(0, MAX_PARSE_CHARS);
  // A date range a PDF broke over two lines is read as one line.
  const lines = attempt(() => joinWrappedRanges(toLines(source)), []);
  const { header, byKind } = attempt(() => splitSections(lines), {
    header: lines,
    byKind: new Map<SectionKind, string[]>(),
  });
  const flat = lines.join('\n');
  const experienceLines = byKind.get('experience');
  const education = new Set(byKind.get('education') ?? []);
  const outsideEducation = lines.filter((l) => !education.has(l));
  const workRanges = attempt(() => {
    if (experienceLines && experienceLines.length > 0) return findRanges(experienceLines, now);
    // No experience heading: ranges outside the education and projects sections (a fresher's
    // dated projects are no work).
    const projects = new Set(byKind.get('projects') ?? []);
    return findRanges(
      outsideEducation.filter((l) => !projects.has(l)),
      now,
    );
  }, []);

  result.email = attempt(() => findEmail(flat), null);
  result.linkedIn = attempt(() => findLinkedIn(source), null);
  // A number written without its code is of the resume's own country (a Dubai address on the
  // Gulf site: +971), else of the site's.
  const ownCity = attempt(() => findCurrentCity(lines, header), null);
  const ownIsd = ownCity ? ISD_OF_COUNTRY.get(ownCity.country) : undefined;
  result.phone = attempt(() => findPhone(lines, ownIsd ?? options.defaultIsd), null);
  result.name = attempt(() => findName(lines, header), null);
  // Known skills are looked for outside the education section ("CBSE" is a board there).
  const skillText = outsideEducation.join('\n');
  result.skills = attempt(() => findSkills(skillText, byKind.get('skills')), []);
  result.experience = attempt(() => findExperience(flat, workRanges), null);
  const hasExperience = experienceLines !== undefined && experienceLines.length > 0;
  // No experience heading (a scan's OCR may garble it): a line holding the current job's title
  // and employer beside its open range ("Site Engineer Ganga Buildcon … April 2018 – till date").
  const currentLine = hasExperience ? undefined : currentJobLine(outsideEducation, workRanges);
  const job = attempt(
    () =>
      currentLine
        ? findCurrentJob(lines, [currentLine.line], [{ ...currentLine.range, line: 0 }], flat)
        : findCurrentJob(lines, experienceLines, hasExperience ? workRanges : [], flat),
    { designation: null, company: null },
  );
  result.designation = job.designation;
  result.company = job.company;
  result.education = attempt(() => findEducation(byKind.get('education'), lines, now), []);
  result.city = ownCity;
  result.noticePeriod = attempt(() => findNoticePeriod(lines), null);
  result.salary = attempt(
    () => findCurrentSalary(lines, currencyOf(result.city) ?? options.defaultCurrency ?? null),
    null,
  );
  const unsure = (['name', 'designation', 'company'] as const).filter((field) => {
    const value = result[field];
    return value !== null && (options.scanned === true || !readsClean(value));
  });
  if (unsure.length > 0) result.unsure = unsure;
  return result;
}

/**
 * Text that reads as clean words: letters of one script in each word, words of two letters or
 * more (an initial with its dot aside), none of the symbols OCR and broken text layers leave
 * ("©", "«", "|", a vowel sign first).
 */
export function readsClean(value: string): boolean {
  if (/[©®«»|_~^*=<>{}[\]\\]/.test(value) || /(?:^|\s)\p{M}/u.test(value)) return false;
  return value.split(/\s+/).every((word) => {
    const letters = word.replace(/[.,'’&()\-/]/g, '');
    if (letters === '') return true;
    const scripts = [
      /[A-Za-z\u00c0-\u024f\u1e00-\u1eff]/,
      /[\u0600-\u06ff]/,
      /[\u0900-\u097f]/,
    ].filter((re) => re.test(letters));
    return (
      scripts.length <= 1 &&
      (letters.length >= 2 || /^\p{Lu}\.?$/u.test(word) || /\d/.test(letters))
    );
  });
}

/** True when a parse found at least one field. */
export function hasAnyField(parsed: ParsedResume): boolean {
  return (
    parsed.name !== null ||
    parsed.email !== null ||
    parsed.phone !== null ||
    parsed.skills.length > 0 ||
    parsed.experience !== null ||
    parsed.designation !== null ||
    parsed.company !== null ||
    parsed.education.length > 0 ||
    parsed.linkedIn !== null ||
    parsed.city !== null ||
    parsed.noticePeriod !== null ||
    parsed.salary !== null
  );
}

/** The line of an open-ended range with the job's words beside it (the ranges' own lines). */
function currentJobLine(
  lines: readonly string[],
  ranges: readonly DateRange[],
): { line: string; range: DateRange } | undefined {
  for (const range of ranges) {
    const line = lines[range.line];
    if (!range.current || !line) continue;
    if ((line.replace(range.text, '').match(/\p{L}/gu) ?? []).length >= 8) return { line, range };
  }
  return undefined;
}
