/**
 * Reads a resume's plain text into profile fields: name, email, phone (with ISD code), skills,
 * total experience, current designation and company, education (degree, institute, year) and a
 * LinkedIn address. Heuristic, built for the layouts resumes commonly use (a name line on top,
 * labelled contact lines, headed sections); what it cannot find it leaves null or empty.
 *
 * Never throws: any input (garbage included) gives a ParsedResume. Pure: the current date used
 * for "Present" comes in through the options.
 */
import isdList from '../../../public/seeker/images/isd.json' with { type: 'json' };
import { NAME_RE } from '~/lib/validation/formats';
import {
  COMPANY_WORDS,
  DEGREE_PATTERNS,
  DESIGNATION_WORDS,
  GENERIC_SKILLS,
  INSTITUTE_PATTERN,
  SKILLS,
  SKILLS_BY_KEY,
  TITLES,
} from '~/server/reference/vocabulary';

export interface ParsedPhone {
  /** Dialling code without +, e.g. '91'; null when the text gives none and no default applies. */
  isd: string | null;
  /** National number, digits only. */
  number: string;
}

export interface ParsedEducation {
  degree: string | null;
  institute: string | null;
  /** Passing year (the later year of a range). */
  year: number | null;
}

export interface ParsedResume {
  name: string | null;
  email: string | null;
  phone: ParsedPhone | null;
  skills: string[];
  /** Total experience; null when the resume states none and has no date ranges. */
  experience: { years: number; months: number } | null;
  designation: string | null;
  company: string | null;
  /** In the resume's order (usually the highest first). */
  education: ParsedEducation[];
  /** https://www.linkedin.com/in/<id> */
  linkedIn: string | null;
}

export interface ParseOptions {
  /** "Present" in a date range; default now. */
  now?: Date;
  /** ISD code for a number written without one (the site's country code), e.g. '91'. */
  defaultIsd?: string;
}

export const EMPTY_PARSE: Readonly<ParsedResume> = Object.freeze({
  name: null,
  email: null,
  phone: null,
  skills: [],
  experience: null,
  designation: null,
  company: null,
  education: [],
  linkedIn: null,
});

/** Text beyond this many characters is not read (a resume is a few pages). */
export const MAX_PARSE_CHARS = 200_000;
const MAX_SKILLS = 40;
const MAX_EDUCATION = 6;

// --- text preparation -------------------------------------------------------------------------

/** Bullet glyphs, including the private-use ones Word's Symbol and Wingdings fonts give. */
const BULLETS =
  /[\u2022\u25cf\u25aa\u25a0\u25e6\u27a2\u25ba\u2713\u2714\u2023\u2043\u00b7\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf0a8\uf02d]/g;

/** Text split into trimmed, non-empty lines, with bullets and odd spaces normalised. */
export function toLines(text: string): string[] {
  return text
    .slice(0, MAX_PARSE_CHARS)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u200c-\u200f\u2060\ufeff]/g, '')
    .replace(/\t+/g, ' | ')
    .split('\n')
    .map((line) =>
      line
        .replace(BULLETS, ' ')
        .replace(/^\s*[-*>o]\s+/, '')
        .replace(/\s+/g, ' ')
        .replace(/^[\s|]+|[\s|]+$/g, '')
        .trim(),
    )
    .filter((line) => line !== '');
}

export type SectionKind =
  'summary' | 'skills' | 'experience' | 'education' | 'projects' | 'personal' | 'other';

const SECTION_HEADINGS: [SectionKind, RegExp][] = [
  [
    'summary',
    /^(?:professional |career |profile |executive )?(?:summary|profile|objective|overview|about me|career objective|professional objective)$/,
  ],
  [
    'skills',
    /^(?:key |technical |core |it |professional |primary |functional |soft |computer )?(?:skills?|skill set|skillset|competencies|core competencies|areas of expertise|expertise|technical proficiency|technologies|tools(?: and| &) technologies|tech stack)(?: summary)?$/,
  ],
  [
    'experience',
    /^(?:work |professional |employment |career |relevant |industry )?(?:experience|history|employment history|work history|career history|experience details)(?: summary)?$|^employment$|^(?:organisational|organizational) experience$/,
  ],
  [
    'education',
    /^(?:education(?:al)?|academic|academics|educational|scholastic)(?: qualifications?| background| details| profile| credentials)?$|^qualifications?$|^(?:academic|educational) qualifications?$/,
  ],
  ['projects', /^(?:key |academic |major |personal )?projects?(?: handled| undertaken)?$/],
  [
    'personal',
    /^(?:personal (?:details|information|profile|data)|contact(?: details| information)?|declaration)$/,
  ],
  [
    'other',
    /^(?:languages?(?: known)?|certifications?|certificates|courses|trainings?|awards?|achievements?|accomplishments|hobbies|interests|extra[- ]curricular activities|references?|publications|strengths|volunteering|activities)$/,
  ],
];

/** The section a heading line opens, or null when the line is not a heading. */
export function headingKind(line: string): SectionKind | null {
  if (line.length > 48) return null;
  const key = line
    .toLowerCase()
    .replace(/[:\-–—_=*#|]+\s*$/, '')
    .replace(/^[\s\-–—_=*#|]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [kind, re] of SECTION_HEADINGS) if (re.test(key)) return kind;
  return null;
}

interface Sections {
  /** Lines before the first heading (name and contact block). */
  header: string[];
  byKind: Map<SectionKind, string[]>;
}

/** Lines grouped by section; "Skills: a, b" style lines open the section with their rest. */
export function splitSections(lines: string[]): Sections {
  const header: string[] = [];
  const byKind = new Map<SectionKind, string[]>();
  let current: string[] = header;
  let currentKind: SectionKind | null = null;
  for (const line of lines) {
    const kind = headingKind(line);
    if (kind) {
      current = byKind.get(kind) ?? [];
      byKind.set(kind, current);
      currentKind = kind;
      continue;
    }
    const labelled = /^([A-Za-z][A-Za-z &/]{2,40}?)\s*[:\-–]\s+(.+)$/.exec(line);
    const labelKind = labelled ? headingKind(labelled[1]!) : null;
    // Inside a skills section, "Languages: Java, Python" is a group of skills, not a new section.
    if (
      labelled &&
      labelKind &&
      labelKind !== 'personal' &&
      labelKind !== 'summary' &&
      currentKind !== 'skills'
    ) {
      current = byKind.get(labelKind) ?? [];
      byKind.set(labelKind, current);
      currentKind = labelKind;
      current.push(labelled[2]!);
      continue;
    }
    current.push(line);
  }
  return { header, byKind };
}

// --- labelled values ---------------------------------------------------------------------------

/** The value of the first "Label: value" line whose label matches. */
function labelled(lines: readonly string[], label: RegExp): string | null {
  for (const line of lines) {
    const m = /^([^:]{2,40}?)\s*[:\-–]\s*(.+)$/.exec(line);
    if (m && label.test(m[1]!.trim())) {
      const value = m[2]!.trim();
      if (value) return value;
    }
  }
  return null;
}

// --- email, LinkedIn ---------------------------------------------------------------------------

const EMAIL_IN_TEXT =
  /(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,6}(?![A-Za-z0-9])/;

export function findEmail(text: string): string | null {
  const m = EMAIL_IN_TEXT.exec(text.replace(/mailto:/gi, ' '));
  return m ? m[0].replace(/^[.-]+/, '').toLowerCase() : null;
}

export function findLinkedIn(text: string): string | null {
  // A PDF line may break a long address after a hyphen: join those first.
  const joined = text.replace(/-\s*\n\s*/g, '-');
  const m = /linkedin\.com\/in\/([A-Za-z0-9_%\-]{3,100})/i.exec(joined);
  return m ? `https://www.linkedin.com/in/${m[1]!.replace(/-+$/, '')}` : null;
}

// --- phone -------------------------------------------------------------------------------------

const ISD_CODES: ReadonlySet<string> = new Set(
  (isdList as { isd: string }[]).map((entry) => entry.isd),
);

const PHONE_LABEL = /(?:phone|mobile|mob|cell|tel|telephone|contact|whats\s?app|ph)\b/i;
const PHONE_CANDIDATE = /(?:\+|\b00)?\(?\d[\d\s().\-/]{6,22}\d/g;

function splitIsd(digits: string): ParsedPhone | null {
  for (const len of [3, 2, 1]) {
    const isd = digits.slice(0, len);
    const rest = digits.slice(len);
    if (ISD_CODES.has(isd) && rest.length >= 6 && rest.length <= 12) {
      return { isd, number: rest.replace(/^0+/, '') };
    }
  }
  return null;
}

/** A phone number with its ISD code; scored so a labelled or +-prefixed number wins. */
export function findPhone(lines: readonly string[], defaultIsd?: string): ParsedPhone | null {
  let best: { phone: ParsedPhone; score: number } | null = null;
  lines.forEach((line, index) => {
    for (const match of line.matchAll(PHONE_CANDIDATE)) {
      const raw = match[0].trim();
      const digits = raw.replace(/\D/g, '');
      if (digits.length < 8 || digits.length > 15) continue;
      // Date ranges (2017 - 2021, 06/2015 - 03/2019) and similar number runs are not phones.
      const groups = raw.split(/[^\d]+/).filter(Boolean);
      if (groups.length > 1 && groups.every((g) => /^(?:19|20)\d\d$/.test(g) || g.length <= 2))
        continue;
      if (/^(?:19|20)\d\d\s*[-–/]\s*(?:19|20)\d\d$/.test(raw)) continue;
      let phone: ParsedPhone | null = null;
      const international = raw.startsWith('+') || /^00[1-9]/.test(raw);
      if (international) {
        phone = splitIsd(raw.startsWith('+') ? digits : digits.slice(2));
      } else if (
        digits.length === 12 &&
        digits.startsWith('91') &&
        /^[6-9]/.test(digits.slice(2))
      ) {
        phone = { isd: '91', number: digits.slice(2) };
      } else if (digits.length >= 9 && digits.length <= 11) {
        phone = { isd: defaultIsd ?? null, number: digits.replace(/^0+/, '') };
      }
      if (!phone || phone.number.length < 6) continue;
      let score = 0;
      if (international) score += 2;
      if (PHONE_LABEL.test(line.slice(0, (match.index ?? 0) + 1))) score += 3;
      if (index < 12) score += 1;
      if (!best || score > best.score) best = { phone, score };
    }
  });
  return (best as { phone: ParsedPhone } | null)?.phone ?? null;
}

// --- name --------------------------------------------------------------------------------------

const NOT_A_NAME =
  /\b(?:resume|curriculum|vitae|cv|bio-?data|profile|summary|objective|address|email|phone|mobile|contact|page|confidential)\b/i;

const toTitleCase = (s: string) =>
  s.replace(/\p{L}+/gu, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());

/** A cleaned name if the text reads as one: 2-4 capitalised words of letters, no job words. */
function asName(candidate: string): string | null {
  const cleaned = candidate
    .replace(/^(?:mr|mrs|ms|miss|dr|er)\.?\s+/i, '')
    .replace(/\./g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!NAME_RE.test(cleaned) || NOT_A_NAME.test(cleaned)) return null;
  const words = cleaned.split(' ');
  if (words.length < 1 || words.length > 4) return null;
  if (
    words.some((w) => DESIGNATION_WORDS.has(w.toLowerCase()) || COMPANY_WORDS.has(w.toLowerCase()))
  )
    return null;
  if (words.some((w) => SKILLS_BY_KEY.has(w.toLowerCase()) && words.length === 1)) return null;
  // Latin-script names start each word with a capital; other scripts have no case.
  const latin = /^[A-Za-z ]+$/.test(cleaned);
  if (latin && cleaned === cleaned.toUpperCase()) return toTitleCase(cleaned);
  if (latin && !words.every((w) => /^[A-Z]/.test(w))) return null;
  return cleaned;
}

export function findName(lines: readonly string[], header: readonly string[]): string | null {
  const fromLabel = labelled(lines.slice(0, 40), /^(?:full\s+)?name$|^candidate(?:'s)?\s+name$/i);
  if (fromLabel) {
    const name = asName(fromLabel.split(/\s+[|,]\s+/)[0]!);
    if (name) return name;
  }
  const top = (header.length > 0 ? header : lines).slice(0, 8);
  for (const line of top) {
    if (/@|\d|https?:|www\./i.test(line)) {
      // "Priya Sharma | priya@example.com": the part before the first separator may be the name.
      const first = line.split(/\s*[|•,]\s*|\s+[-–—]\s+/)[0] ?? '';
      if (first !== line) {
        const name = asName(first);
        if (name) return name;
      }
      continue;
    }
    for (const part of line.split(/\s*[|•,]\s*|\s+[-–—]\s+/)) {
      const name = asName(part);
      if (name) return name;
    }
  }
  return null;
}

// --- skills ------------------------------------------------------------------------------------

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface SkillMatcher {
  skill: string;
  re: RegExp;
  generic: boolean;
}

/** One regex per known skill; acronyms (all capitals) match case-sensitively. */
const SKILL_MATCHERS: readonly SkillMatcher[] = SKILLS.map((skill) => {
  const acronym = /^[A-Z0-9&/]{2,6}$/.test(skill);
  return {
    skill,
    re: new RegExp(
      `(?<![\\p{L}\\p{N}+#.])${escapeRe(skill)}(?![\\p{L}\\p{N}+#]|\\.[\\p{L}])`,
      acronym ? 'u' : 'iu',
    ),
    generic: GENERIC_SKILLS.has(skill.toLowerCase()),
  };
});

/** Items of a skills section: comma, semicolon, pipe or bullet separated, labels dropped. */
/**
 * A line of a skills section that is really a qualification ("B.Tech Computer Science, IIT
 * Bombay, 2015", "Qualification: B.Sc (2014)"): a degree or institute with a year, a degree with an
 * institute, or an education label. Such lines are left out of the skills.
 */
function looksLikeEducation(line: string): boolean {
  if (
    /^(?:highest\s+)?(?:qualifications?|education(?:al)?(?:\s+qualifications?)?|degree)\s*[:\-–]/i.test(
      line,
    )
  ) {
    return true;
  }
  const institute = INSTITUTE_PATTERN.test(line);
  return (HAS_YEAR.test(line) && (hasDegree(line) || institute)) || (hasDegree(line) && institute);
}

function skillItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    if (looksLikeEducation(line)) continue;
    // "Languages: Java, Python" -> "Java, Python"
    const body = line.replace(/^[A-Za-z][A-Za-z &/]{1,30}:\s*/, '');
    for (const raw of body.split(/\s*[,;|•]\s*|\s+\/\s+/)) {
      const item = raw
        .replace(/^(?:and|&)\s+/i, '')
        .replace(/[.:]+$/, '')
        .trim();
      if (item.length < 1 || item.length > 40) continue;
      if (item.split(' ').length > 5 || /[.!?]\s/.test(item)) continue;
      if (!/\p{L}/u.test(item)) continue;
      items.push(item);
    }
  }
  return items;
}

export function findSkills(text: string, skillsSection: readonly string[] | undefined): string[] {
  const chosen: string[] = [];
  const keys = new Set<string>();
  const add = (skill: string) => {
    const key = skill.toLowerCase();
    if (keys.has(key) || chosen.length >= MAX_SKILLS) return;
    // "Tally" adds nothing next to "Tally ERP".
    const inside = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(key)}(?![\\p{L}\\p{N}])`, 'u');
    if ([...keys].some((k) => inside.test(k))) return;
    keys.add(key);
    chosen.push(skill);
  };
  const sectionText = (skillsSection ?? []).join('\n');
  for (const item of skillItems(skillsSection ?? [])) {
    add(SKILLS_BY_KEY.get(item.toLowerCase()) ?? item);
  }
  // Known skills anywhere else, in order of first appearance; generic words only in the section.
  const found: { skill: string; at: number }[] = [];
  for (const m of SKILL_MATCHERS) {
    if (m.generic) {
      if (m.re.test(sectionText)) found.push({ skill: m.skill, at: -1 });
      continue;
    }
    const hit = m.re.exec(text);
    if (hit) found.push({ skill: m.skill, at: hit.index });
  }
  found.sort((a, b) => a.at - b.at || b.skill.length - a.skill.length);
  // Longer names first among overlapping ones ("Spring Boot" before "Spring").
  for (const { skill } of found) add(skill);
  return chosen;
}

// --- dates and experience ----------------------------------------------------------------------

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
const RANGE_RE = new RegExp(RANGE_SOURCE, 'gi');
/** The same without the g flag, for test() (a g regex keeps state between calls). */
const HAS_RANGE = new RegExp(RANGE_SOURCE, 'i');

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

// --- designation and company -------------------------------------------------------------------

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[\s,/()]+/)
    .filter(Boolean);
const TITLE_KEYS = new Set(TITLES.map((t) => t.toLowerCase()));

function designationScore(s: string): number {
  const words = wordsOf(s);
  let score = 0;
  if (TITLE_KEYS.has(s.toLowerCase())) score += 3;
  for (const w of words) if (DESIGNATION_WORDS.has(w)) score += 2;
  if (words.length > 7) score -= 3;
  return score;
}

function companyScore(s: string): number {
  let score = 0;
  for (const w of wordsOf(s)) if (COMPANY_WORDS.has(w)) score += 2;
  return score;
}

/** Tidies a designation or company: no trailing separators, location or dates. */
function tidy(s: string): string {
  return s
    .replace(RANGE_RE, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,|:;\-–—@]+|[\s,|:;\-–—@]+$/g, '')
    .trim();
}

/** "Infosys Limited, Bengaluru" -> "Infosys Limited" (a trailing place after a comma goes). */
function companyName(s: string): string {
  const parts = tidy(s.replace(/\s+(?:since|from)\s+(?:\p{L}+\s+)?(?:19|20)\d{2}\b.*$/iu, ''))
    .split(/\s*,\s*/)
    .filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? '';
  // Keep "Emirates Trading Co., LLC": a part made only of company words joins the previous one.
  let name = parts[0]!;
  for (const part of parts.slice(1)) {
    const words = wordsOf(part);
    if (words.length > 0 && words.every((w) => COMPANY_WORDS.has(w))) name += `, ${part}`;
    else break;
  }
  return name;
}

const PAIR_SEPARATORS = /\s+(?:[-–—|@]|at|with)\s+|\s*[|–—]\s*/i;

/** Designation and company from one line ("X at Y", "X – Y, City", "Y | X") or two lines. */
function designationAndCompany(parts: readonly string[]): {
  designation: string | null;
  company: string | null;
} {
  const pieces: string[] = [];
  for (const part of parts) {
    const cleaned = tidy(part);
    if (!cleaned) continue;
    const split = cleaned.split(PAIR_SEPARATORS).map(tidy).filter(Boolean);
    pieces.push(...(split.length > 1 ? split.slice(0, 2) : [cleaned]));
  }
  if (pieces.length === 0) return { designation: null, company: null };
  if (pieces.length === 1) {
    // "Senior Engineer, Infosys Limited"
    const commaParts = pieces[0]!.split(/\s*,\s*/);
    if (commaParts.length >= 2 && designationScore(commaParts[0]!) > 0) {
      return {
        designation: commaParts[0]!,
        company: companyName(commaParts.slice(1).join(', ')) || null,
      };
    }
    return designationScore(pieces[0]!) > 0
      ? { designation: pieces[0]!, company: null }
      : {
          designation: null,
          company: companyScore(pieces[0]!) > 0 ? companyName(pieces[0]!) : null,
        };
  }
  const [a, b] = [pieces[0]!, pieces[1]!];
  const aIsDesignation =
    designationScore(a) - companyScore(a) >= designationScore(b) - companyScore(b);
  const designation = aIsDesignation ? a : b;
  const company = aIsDesignation ? b : a;
  return {
    designation:
      designationScore(designation) > 0 || companyScore(company) > 0 ? designation : null,
    company: companyName(company) || null,
  };
}

const isBulletLike = (line: string) => line.length > 90 || /[.;]$/.test(line);

/** The current (or most recent) job from the experience section's first or "Present" entry. */
export function findCurrentJob(
  lines: readonly string[],
  experience: readonly string[] | undefined,
  experienceRanges: readonly DateRange[],
  text: string,
): { designation: string | null; company: string | null } {
  let designation = labelled(
    lines,
    /^(?:current\s+)?(?:designation|job\s+title|position|current\s+role|role|title)$/i,
  );
  let company = labelled(
    lines,
    /^(?:current\s+)?(?:company|employer|organi[sz]ation|company\s+name)$/i,
  );
  if (designation) designation = tidy(designation);
  if (company) company = companyName(company);
  if (designation && company) return { designation, company };

  if (experience && experience.length > 0 && experienceRanges.length > 0) {
    const entry =
      experienceRanges.find((r) => r.current) ??
      [...experienceRanges].sort((a, b) => b.end - a.end || a.line - b.line)[0]!;
    const dateLine = experience[entry.line] ?? '';
    const parts: string[] = [];
    const rest = tidy(dateLine.replace(entry.text, ' '));
    // The entry's heading: up to two lines just above its date line, or the date line's own text.
    const above: string[] = [];
    for (let i = entry.line - 1; i >= 0 && above.length < 2; i--) {
      const line = experience[i]!;
      if (isBulletLike(line) || HAS_RANGE.test(line)) break;
      above.unshift(line);
    }
    if (rest.length > 2 && !isBulletLike(rest)) parts.push(...above.slice(-1), rest);
    else parts.push(...above);
    const found = designationAndCompany(parts);
    designation ??= found.designation;
    company ??= found.company;
  }
  if (!designation || !company) {
    // A headline under the name: "Senior Java Developer at Acme" or "Data Analyst | Swiggy".
    for (const line of lines.slice(0, 8)) {
      if (isBulletLike(line) || headingKind(line) || line.includes('@')) continue;
      const m = /^(.{3,60}?)\s+(?:at|@|with|[|–—])\s+(.{2,60})$/.exec(line);
      if (m && designationScore(tidy(m[1]!)) > 0 && designationScore(m[2]!) === 0) {
        designation ??= tidy(m[1]!);
        company ??= companyName(m[2]!);
        break;
      }
    }
  }
  if (!designation || !company) {
    const m =
      /(?:currently|presently)\s+(?:working|employed)\s+(?:as|with)\s+(?:an?\s+)?([^,.;]{3,60}?)\s+(?:at|with|in)\s+([^,.;\n]{2,60})/i.exec(
        text,
      );
    if (m) {
      designation ??= tidy(m[1]!);
      company ??= companyName(m[2]!);
    }
  }
  return { designation: designation || null, company: company || null };
}

// --- education ---------------------------------------------------------------------------------

const hasDegree = (s: string) => DEGREE_PATTERNS.some((re) => re.test(s));
const YEAR_RE = /\b(?:19[5-9]\d|20\d\d)\b/g;
const HAS_YEAR = /\b(?:19[5-9]\d|20\d\d)\b/;

function educationEntry(entryLines: readonly string[], now: Date): ParsedEducation {
  const joined = entryLines.join(' | ');
  const years = [...joined.matchAll(YEAR_RE)]
    .map((m) => Number(m[0]))
    .filter((y) => y <= now.getUTCFullYear() + 6);
  const year = years.length > 0 ? Math.max(...years) : null;
  // Split every line into parts at commas and separators; drop what follows the year.
  const parts: string[] = [];
  for (const line of entryLines) {
    const beforeYearTail = line.replace(/\s*[(,|–—-]?\s*(?:19[5-9]\d|20\d\d)\b.*$/, '');
    for (const p of beforeYearTail.split(/\s*[|–—]\s*|\s+-\s+|\s+from\s+/i)) {
      const t = tidy(p);
      if (t) parts.push(t);
    }
  }
  let degree: string | null = null;
  let institute: string | null = null;
  for (const part of parts) {
    const commaParts = part.split(/\s*,\s*/);
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
    degree: degree ? degree.replace(/[\s,;:]+$/, '') : null,
    institute: institute ? institute.replace(/[\s,;:]+$/, '') : null,
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
    for (const line of lines) {
      if (hasDegree(line) && !isBulletLike(line)) {
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

// --- everything --------------------------------------------------------------------------------

/** Every field the text gives; never throws (a failure inside one field leaves it empty). */
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
  const source = text.slice(0, MAX_PARSE_CHARS);
  const lines = attempt(() => toLines(source), []);
  const { header, byKind } = attempt(() => splitSections(lines), {
    header: lines,
    byKind: new Map<SectionKind, string[]>(),
  });
  const flat = lines.join('\n');
  const experienceLines = byKind.get('experience');
  const education = new Set(byKind.get('education') ?? []);
  const workRanges = attempt(() => {
    if (experienceLines && experienceLines.length > 0) return findRanges(experienceLines, now);
    // No experience heading: ranges outside the education section.
    return findRanges(
      lines.filter((l) => !education.has(l)),
      now,
    );
  }, []);

  result.email = attempt(() => findEmail(flat), null);
  result.linkedIn = attempt(() => findLinkedIn(source), null);
  result.phone = attempt(() => findPhone(lines, options.defaultIsd), null);
  result.name = attempt(() => findName(lines, header), null);
  // Known skills are looked for outside the education section ("CBSE" is a board there).
  const skillText = lines.filter((l) => !education.has(l)).join('\n');
  result.skills = attempt(() => findSkills(skillText, byKind.get('skills')), []);
  result.experience = attempt(() => findExperience(flat, workRanges), null);
  const job = attempt(
    () =>
      findCurrentJob(
        lines,
        experienceLines,
        experienceLines && experienceLines.length > 0 ? workRanges : [],
        flat,
      ),
    { designation: null, company: null },
  );
  result.designation = job.designation;
  result.company = job.company;
  result.education = attempt(() => findEducation(byKind.get('education'), lines, now), []);
  return result;
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
    parsed.linkedIn !== null
  );
}
