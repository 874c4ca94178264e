/**
 * The resume parser against the development corpus kept beside the repository in
 * `../shared/resumes-dev/` (40 resumes with truth.json, written apart from the parser), scored
 * as that corpus's README says: 14 fields, exact and close, per field, language and producer
 * group, with the fields whose answer is null counted apart. Skipped when the folder is absent
 * (a fresh clone has none). Each file is parsed as its site's upload would parse it (the site's
 * dialling code and currency); scans go through OCR as the background queue reads them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectFormat } from '~/server/resumes/format';
import { ocrAvailable, ocrPdfText } from '~/server/resumes/ocr';
import { parseResumeText, type ParsedResume } from '~/server/resumes/parse';
import { parseResumeFile } from '~/server/resumes/service';
import { siteByContext } from '../sites';
import { sitePlacesByContext } from '~/server/reference/places';
import { distance } from '../tests/fixtures/resumes/world/score';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEV_CORPUS_DIR = path.resolve(here, '..', '..', 'shared', 'resumes-dev');

export const DEV_FIELDS = [
  'name',
  'email',
  'mobile',
  'experience',
  'designation',
  'company',
  'skills',
  'qualification',
  'institute',
  'passing_year',
  'city',
  'notice_days',
  'salary',
  'linkedin',
] as const;
export type DevField = (typeof DEV_FIELDS)[number];
type Grade = 'exact' | 'close' | 'wrong';

type SkillAnswer = string | string[];
interface Truth {
  name: string;
  name_alt?: string[];
  email: string | null;
  mobile: string | null;
  experience: { total_months: number } | null;
  designation: string | null;
  designation_alt?: string[];
  company: string | null;
  company_alt?: string[];
  skills: SkillAnswer[];
  skills_also_ok?: SkillAnswer[];
  qualification: string | null;
  qualification_alt?: string[];
  institute: string | null;
  institute_alt?: string[];
  passing_year: number | null;
  city: { city: string } | null;
  city_alt?: (string | { city: string })[];
  notice_days: number | null;
  salary: { amount: number; currency: string; period: string } | null;
  salary_alt?: { amount: number; currency: string; period: string }[];
  linkedin: string | null;
}
interface Entry {
  file: string;
  site: string;
  language: string;
  format: string;
  scanned: boolean;
  producer_group: string;
  truth: Truth;
}

export interface DevTally {
  total: number;
  exact: number;
  close: number;
}
const tally = (): DevTally => ({ total: 0, exact: 0, close: 0 });

/** The README's normalisation: NFKC, case-folded, digits in ASCII, dashes one, ends trimmed. */
export function normalise(value: unknown): string {
  return String(value ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(/[\u0966-\u096f]/g, (d) => String(d.charCodeAt(0) - 0x966))
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\u0640\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:|\-()/]+|[\s.,;:|\-()/]+$/g, '');
}

function gradeText(answers: (string | null)[], got: unknown): Grade {
  const g = normalise(got);
  const wanted = answers.filter((a): a is string => a !== null).map(normalise);
  if (wanted.length === 0) return g ? 'wrong' : 'exact';
  if (!g) return 'wrong';
  if (wanted.includes(g)) return 'exact';
  return wanted.some((w) => distance(w, g) <= Math.floor(w.length * 0.15)) ? 'close' : 'wrong';
}

const skillKey = (s: string) => normalise(s).replace(/[\s.\-/]+/g, '');
const words = (s: string) =>
  new Set(
    normalise(s)
      .split(/[\s/,]+/)
      .filter(Boolean),
  );

/** The README's skill match: same letters, a word subset covering half, or minus a bracket. */
function skillMatches(item: string, answer: string): boolean {
  if (skillKey(item) === skillKey(answer)) return true;
  const [a, b] = [words(item), words(answer)];
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size > 0 && [...small].every((w) => large.has(w)) && small.size * 2 >= large.size)
    return true;
  const bare = item.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  return bare !== item && bare !== '' && skillKey(bare) === skillKey(answer);
}
const answerMatches = (item: string, answer: SkillAnswer) =>
  (Array.isArray(answer) ? answer : [answer]).some((a) => skillMatches(item, a));

function gradeSkills(t: Truth, got: string[]): [Grade, string[]] {
  const junk = got.filter(
    (item) =>
      !t.skills.some((a) => answerMatches(item, a)) &&
      !(t.skills_also_ok ?? []).some((a) => answerMatches(item, a)),
  );
  const found = t.skills.filter((a) => got.some((item) => answerMatches(item, a))).length;
  if (t.skills.length === 0) return [got.length === 0 ? 'exact' : 'wrong', junk];
  if (junk.length > 0) return ['wrong', junk];
  if (found === t.skills.length) return ['exact', junk];
  return [found >= t.skills.length * 0.8 ? 'close' : 'wrong', junk];
}

function grade(field: DevField, t: Truth, got: ParsedResume): [Grade, string] {
  const edu = got.education[0];
  const alt = (list?: (string | { city: string })[]) =>
    (list ?? []).map((x) => (typeof x === 'string' ? x : x.city));
  switch (field) {
    case 'name':
      return [gradeText([t.name, ...alt(t.name_alt)], got.name), got.name ?? ''];
    case 'email':
      return [gradeText([t.email], got.email), got.email ?? ''];
    case 'designation':
      return [
        gradeText(
          t.designation === null ? [] : [t.designation, ...alt(t.designation_alt)],
          got.designation,
        ),
        got.designation ?? '',
      ];
    case 'company':
      return [
        gradeText(t.company === null ? [] : [t.company, ...alt(t.company_alt)], got.company),
        got.company ?? '',
      ];
    case 'qualification':
      return [
        gradeText(
          t.qualification === null ? [] : [t.qualification, ...alt(t.qualification_alt)],
          edu?.degree,
        ),
        edu?.degree ?? '',
      ];
    case 'institute':
      return [
        gradeText(
          t.institute === null ? [] : [t.institute, ...alt(t.institute_alt)],
          edu?.institute,
        ),
        edu?.institute ?? '',
      ];
    case 'city':
      return [
        gradeText(t.city === null ? [] : [t.city.city, ...alt(t.city_alt)], got.city?.city),
        got.city ? `${got.city.city} (${got.city.confidence})` : '',
      ];
    case 'linkedin':
      return [gradeText([t.linkedin], got.linkedIn), got.linkedIn ?? ''];
    case 'mobile': {
      const e164 = got.phone?.e164 ?? null;
      const shown = got.phone ? `${e164 ?? `(${got.phone.isd ?? '?'}) ${got.phone.number}`}` : '';
      if (t.mobile === null) return [got.phone ? 'wrong' : 'exact', shown];
      if (e164 === t.mobile) return ['exact', shown];
      const national = got.phone?.number.replace(/^0+/, '') ?? '';
      return [national.length >= 6 && t.mobile.endsWith(national) ? 'close' : 'wrong', shown];
    }
    case 'experience': {
      const e = got.experience;
      const shown = e ? `${e.years}y ${e.months}m` : '';
      if (t.experience === null) return [e ? 'wrong' : 'exact', shown];
      if (!e) return ['wrong', shown];
      const diff = Math.abs(e.years * 12 + e.months - t.experience.total_months);
      return [diff === 0 ? 'exact' : diff <= 3 ? 'close' : 'wrong', shown];
    }
    case 'passing_year':
      return [(edu?.year ?? null) === t.passing_year ? 'exact' : 'wrong', String(edu?.year ?? '')];
    case 'notice_days': {
      const days = got.noticePeriod?.days ?? null;
      return [days === t.notice_days ? 'exact' : 'wrong', String(days ?? '')];
    }
    case 'salary': {
      const s = got.salary;
      const shown = s ? `${s.currency} ${s.amount} ${s.mode}` : '';
      const answers = t.salary ? [t.salary, ...(t.salary_alt ?? [])] : [];
      if (answers.length === 0) return [s ? 'wrong' : 'exact', shown];
      if (!s) return ['wrong', shown];
      const same = answers.filter((a) => a.currency === s.currency && a.period === s.mode);
      if (same.some((a) => a.amount === s.amount)) return ['exact', shown];
      return [
        same.some((a) => Math.abs(a.amount - s.amount) <= a.amount * 0.02) ? 'close' : 'wrong',
        shown,
      ];
    }
    case 'skills': {
      const [g, junk] = gradeSkills(t, got.skills);
      return [g, `${got.skills.join(', ')}${junk.length ? `  [junk: ${junk.join(' | ')}]` : ''}`];
    }
  }
}

const expectedText = (field: DevField, t: Truth): string => {
  switch (field) {
    case 'experience':
      return t.experience
        ? `${Math.floor(t.experience.total_months / 12)}y ${t.experience.total_months % 12}m`
        : 'null';
    case 'salary':
      return t.salary ? `${t.salary.currency} ${t.salary.amount} ${t.salary.period}` : 'null';
    case 'skills':
      return t.skills.map((s) => (Array.isArray(s) ? s[0] : s)).join(', ');
    case 'city':
      return t.city?.city ?? 'null';
    default:
      return String(t[field] ?? 'null');
  }
};

export interface DevScore {
  files: number;
  skippedScans: number;
  byField: Record<DevField, DevTally>;
  byLang: Record<string, DevTally>;
  byProducer: Record<string, DevTally>;
  scans: DevTally;
  /** Fields whose answer is a value (null answers are easy for a parser that returns nothing). */
  withValue: DevTally;
  nullAnswers: DevTally;
  overall: DevTally;
  misses: { file: string; field: DevField; expected: string; got: string; grade: Grade }[];
  /** Parse time of each text (not scanned) file, ms. */
  textMs: number[];
}

/** The parse options an upload on the site would use (its dialling code and currency). */
function siteOptions(context: string) {
  const site = siteByContext(context);
  const currency = sitePlacesByContext.get(context)?.countries[0]?.currency;
  return {
    ...(site ? { defaultIsd: site.country.defaultCountryCode } : {}),
    ...(currency ? { defaultCurrency: currency } : {}),
  };
}

/** OCR text, kept in /tmp by the file's and the OCR code's hash when `cache` (faster re-runs). */
async function ocrText(bytes: Uint8Array, site: string, cache: boolean): Promise<string> {
  if (!cache) return ocrPdfText(bytes, site).catch(() => '');
  const code = readFileSync(path.join(here, '..', 'src', 'server', 'resumes', 'ocr.ts'));
  const key = createHash('sha256')
    .update(bytes)
    .update(code)
    .update(site)
    .digest('hex')
    .slice(0, 24);
  const dir = path.join('/tmp', 'parse-dev-ocr');
  const file = path.join(dir, `${key}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const text = await ocrPdfText(bytes, site).catch(() => '');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text);
  return text;
}

export async function scoreDevCorpus(
  options: {
    ocr?: boolean;
    ocrCache?: boolean;
    only?: string[];
    except?: string[];
    /** Another folder of resumes with a truth.json of the same form (a set written later). */
    dir?: string;
  } = {},
): Promise<DevScore | null> {
  const dir = options.dir ?? DEV_CORPUS_DIR;
  const truthFile = path.join(dir, 'truth.json');
  if (!existsSync(truthFile)) return null;
  const corpus = JSON.parse(readFileSync(truthFile, 'utf8')) as { as_of: string; files: Entry[] };
  // "Present" runs through the as_of month.
  const now = new Date(`${corpus.as_of}-15T12:00:00Z`);
  const ocr = options.ocr !== false && (await ocrAvailable());
  const score: DevScore = {
    files: 0,
    skippedScans: 0,
    byField: Object.fromEntries(DEV_FIELDS.map((f) => [f, tally()])) as Record<DevField, DevTally>,
    byLang: {},
    byProducer: {},
    scans: tally(),
    withValue: tally(),
    nullAnswers: tally(),
    overall: tally(),
    misses: [],
    textMs: [],
  };
  for (const entry of corpus.files) {
    if (options.only && !options.only.some((f) => entry.file.includes(f))) continue;
    if (options.except?.some((f) => entry.file.includes(f))) continue;
    if (entry.scanned && !ocr) {
      score.skippedScans += 1;
      continue;
    }
    const bytes = new Uint8Array(readFileSync(path.join(dir, entry.file)));
    const format = detectFormat(bytes);
    const parseOptions = { now, ...siteOptions(entry.site) };
    let parsed: ParsedResume;
    if (!format) {
      parsed = parseResumeText('', parseOptions);
    } else {
      const started = performance.now();
      const outcome = await parseResumeFile(bytes, format, parseOptions);
      if (!outcome.scanned) score.textMs.push(performance.now() - started);
      parsed = outcome.scanned
        ? parseResumeText(await ocrText(bytes, entry.site, options.ocrCache === true), {
            ...parseOptions,
            scanned: true,
          })
        : outcome.parsed;
    }
    score.files += 1;
    const lang = entry.language.startsWith('hi')
      ? 'hi'
      : entry.language.startsWith('ar')
        ? 'ar'
        : 'en';
    for (const field of DEV_FIELDS) {
      const [g, got] = grade(field, entry.truth, parsed);
      const isNull =
        field === 'skills' ? entry.truth.skills.length === 0 : entry.truth[field] === null;
      const tallies = [
        score.byField[field],
        (score.byLang[lang] ??= tally()),
        (score.byProducer[entry.producer_group] ??= tally()),
        isNull ? score.nullAnswers : score.withValue,
        score.overall,
      ];
      if (entry.scanned) tallies.push(score.scans);
      for (const t of tallies) {
        t.total += 1;
        if (g === 'exact') t.exact += 1;
        if (g !== 'wrong') t.close += 1;
      }
      if (g !== 'exact') {
        score.misses.push({
          file: entry.file,
          field,
          expected: expectedText(field, entry.truth),
          got,
          grade: g,
        });
      }
    }
  }
  return score;
}
