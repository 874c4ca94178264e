/** The current designation and company, from the experience section or a labelled line. */
import { COMPANY_WORDS, DESIGNATION_WORDS, TITLES } from '~/server/reference/vocabulary';
import { HAS_RANGE, ONLY_NOW, RANGE_RE, type DateRange } from './dates';
import { cityOf, isPlaceLine } from './places';
import { headingKind, isBulletLike, labelled } from './text';

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[\s,/()]+/)
    .map((w) => w.replace(/^(.{2,}?)\.$/, '$1'))
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
export function tidy(s: string): string {
  return s
    .replace(RANGE_RE, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,،|:;\-–—@]+|[\s,،|:;\-–—@]+$/g, '')
    .trim();
}

/** "Infosys Limited, Bengaluru" -> "Infosys Limited" (a trailing place after a comma goes). */
function companyName(s: string): string {
  const parts = tidy(s.replace(/\s+(?:since|from)\s+(?:\p{L}+\s+)?(?:19|20)\d{2}\b.*$/iu, ''))
    .split(/\s*[,،]\s*/)
    .filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? '';
  // "SME Banking, Gulf Pearl Bank B.S.C., Manama": the part with company words is the name.
  const scores = parts.map(companyScore);
  const best = scores.indexOf(Math.max(...scores));
  // Keep "Emirates Trading Co., LLC" and "Visayas Shipping Lines, Inc.": a part made only of
  // company words is the end of the part before it, never a name of its own.
  const suffixOnly = (part: string) => {
    const words = wordsOf(part);
    return words.length > 0 && words.every((w) => COMPANY_WORDS.has(w));
  };
  let start = scores[best]! > 0 && scores[0] === 0 ? best : 0;
  while (start > 0 && suffixOnly(parts[start]!)) start -= 1;
  let name = parts[start]!;
  for (const part of parts.slice(start + 1)) {
    if (suffixOnly(part)) name += `, ${part}`;
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
    const split = cleaned
      .split(PAIR_SEPARATORS)
      .map(tidy)
      .filter((piece) => piece && !ONLY_NOW.test(piece));
    pieces.push(...(split.length > 1 ? split.slice(0, 2) : [cleaned]));
  }
  if (pieces.length === 0) return { designation: null, company: null };
  if (pieces.length === 1) {
    const side = sideBySide(pieces[0]!);
    if (side) return side;
    // "Senior Engineer, Infosys Limited"
    const commaParts = pieces[0]!.split(/\s*[,،]\s*/);
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

const ARABIC_MONTH_END =
  /\s+(?:يناير|فبراير|مارس|أبريل|ابريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)$/u;

/**
 * A title and an employer with nothing between them, as OCR reads a table row whose rules it
 * dropped ("Site Engineer Ganga Buildcon Pvt. Ltd., Patna"): the title ends at its last title
 * word, and the words after it, capitalised, end in a company word before any comma.
 */
function sideBySide(piece: string): { designation: string; company: string } | null {
  // "مشرف مستودعات شركة الشرقية للخدمات": an Arabic employer starts with its kind of firm.
  const arabic = /^(.{3,40}?)\s+((?:شركة|مؤسسة|مجموعة|بنك|مصرف|مصنع|مستشفى)\s.{3,80})$/u.exec(
    piece,
  );
  if (arabic && DESIGNATION_WORDS.has(arabic[1]!.split(/\s+/)[0]!)) {
    // A month OCR left of the dates after it ("… اللوجستية أبريل") is no part of the name.
    const employer = arabic[2]!.replace(ARABIC_MONTH_END, '');
    return { designation: arabic[1]!, company: companyName(employer) };
  }
  const [head = '', ...rest] = piece.split(/\s*[,،]\s*/);
  const words = head.split(/\s+/);
  const lower = wordsOf(head);
  if (lower.length !== words.length || !COMPANY_WORDS.has(lower.at(-1)!)) return null;
  let end = -1;
  for (let i = 0; i < words.length - 2; i++) if (DESIGNATION_WORDS.has(lower[i]!)) end = i;
  if (end < 0) return null;
  const employer = words.slice(end + 1);
  if (!employer.every((w) => /^[\p{Lu}\d&]/u.test(w)) || COMPANY_WORDS.has(lower[end + 1]!))
    return null;
  return {
    designation: words.slice(0, end + 1).join(' '),
    company: companyName([employer.join(' '), ...rest].join(', ')),
  };
}

/** An employer read with its title before it and nothing between ("HSE Officer Majan …"). */
function titledEmployer(found: { designation: string | null; company: string | null }): {
  designation: string | null;
  company: string | null;
} {
  return !found.designation && found.company ? (sideBySide(found.company) ?? found) : found;
}

/** Column headings of an experience table ("Period | Organisation | Designation"). */
const COLUMN_HEADING =
  /^(?:company|organi[sz]ation|employer|position|designation|role|title|period|duration|dates?|from|to|location|responsibilities|key responsibilities|main duties|कंपनी|संस्था|पद|अवधि|الشركة|جهة العمل|المسمى الوظيفي|الوظيفة|الفترة|المدة)$/iu;

/** A table's heading row: "Period Company / Position Main duties". */
const columnHeadings = (line: string) =>
  line
    .split(/\s*[/|]\s*|\s{2,}|\t/)
    // "Period - Position , Company" (a scan's row): dashes and commas between the headings.
    .flatMap((cell) =>
      COLUMN_HEADING.test(cell.trim()) ? [] : cell.trim().split(/\s*[,،]\s*|\s+[-–—]?\s*/),
    )
    .every(
      (word) =>
        word === '' || COLUMN_HEADING.test(word) || /^(?:main|key|duties|and|&)$/i.test(word),
    );

const DESIGNATION_LABEL =
  /^(?:designation|position|role|title|job title|पद|पदनाम|المسمى الوظيفي|الوظيفة|المنصب)$/iu;
const COMPANY_LABEL = /^(?:company|employer|organi[sz]ation|कंपनी|संस्था|الشركة|جهة العمل)$/iu;

/** A sentence or bullet, not a heading line ("Lion City Payments Pte. Ltd." ends in a dot too). */
const sentenceLike = (line: string) =>
  isBulletLike(line) && !COMPANY_WORDS.has(wordsOf(line).at(-1) ?? '');

/** "Logistics Manager": a title word last (a company name ends with Berhad, Ltd, Group...). */
const endsWithTitle = (s: string) => DESIGNATION_WORDS.has(wordsOf(s).at(-1) ?? '');

/** "Guest Supervisor, The Bay Villas" -> the title and the company, apart. */
function titleThenCompany(piece: string): string[] {
  const [first = '', ...others] = piece.split(/\s*[,،]\s*/);
  const rest = others.join(', ');
  return others.length > 0 &&
    designationScore(first) > 0 &&
    companyScore(first) === 0 &&
    // "लेखाकार, जयपुर डेयरी": a short rest without title words is the company too.
    (companyScore(rest) > 0 || (designationScore(rest) === 0 && rest.split(' ').length <= 5))
    ? [first, rest]
    : [piece];
}

/** "Pacific Crest Outsourcing Inc. Makati City" -> without the place; "(Bayan Lepas)" goes too. */
function withoutTrailingPlace(piece: string): string {
  let text = piece.replace(/\s*\([^)]*\)\s*$/, '').trim() || piece;
  const words = text.split(' ');
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    // "State Bank of India", "شركة الاتصالات السعودية": a country in a name stays.
    if (/^(?:of|de|di|du|al|el)$/i.test(words.at(-n - 1) ?? '')) break;
    // "بنك مسقط", "Bank Muscat": a name of one word and a city is the whole name.
    if (words.length - n < 2) continue;
    if (cityOf(words.slice(-n).join(' '))) {
      text = words
        .slice(0, -n)
        .join(' ')
        .replace(/[\s,،]+$/, '')
        // OCR reads an Arabic comma before the city as a hamza glued to the word ("للتأمينء").
        .replace(/(?<=[\u0628-\u0646])ء$/u, '');
      break;
    }
  }
  return text;
}

/**
 * The pieces of an entry's heading lines: table cells and labelled values whole, other text cut
 * at " – ", " | ", " at ", commas kept for the company's own name. Column headings, places and
 * dates go.
 */
type Piece = { text: string; label?: 'd' | 'c'; pair?: number };

function entryPieces(lines: readonly string[]): Piece[] {
  const pieces: Piece[] = [];
  for (const [lineIndex, line] of lines.entries()) {
    const cells = line.split(/\s+\|\s+/);
    for (const cell of cells) {
      const labelled = /^([^:]{2,25}?)\s*:\s*(.+)$/u.exec(cell);
      if (labelled && DESIGNATION_LABEL.test(labelled[1]!.trim())) {
        pieces.push({ text: tidy(labelled[2]!), label: 'd' });
        continue;
      }
      if (labelled && COMPANY_LABEL.test(labelled[1]!.trim())) {
        pieces.push({ text: tidy(labelled[2]!), label: 'c' });
        continue;
      }
      let cleaned = tidy(cell.replace(/^\d{1,2}[.)]\s+/, ''));
      // A cell of paragraphs ("Senior Engineer — Design review of … — Testing …"): its first
      // paragraph heads it, the duties follow.
      const head = cleaned.split(/\s+—\s+/)[0]!;
      if (sentenceLike(cleaned) && head !== cleaned && !sentenceLike(head)) cleaned = head;
      if (!cleaned || sentenceLike(cleaned) || COLUMN_HEADING.test(cleaned)) continue;
      // A table cell holds one thing: "Senior Executive – Talent Acquisition" stays whole.
      const whole =
        cells.length > 2 &&
        designationScore(cleaned) > 0 &&
        companyScore(cleaned) === 0 &&
        !/\s(?:at|@|with)\s/i.test(cleaned);
      const split = whole
        ? [cleaned]
        : cleaned
            .split(PAIR_SEPARATORS)
            .map(tidy)
            .filter((piece) => piece && !ONLY_NOW.test(piece));
      // The two sides of one "Title – Employer" line are marked as a pair.
      const pair = split.length === 2 && cells.length === 1 ? lineIndex : undefined;
      for (const piece of split.flatMap(titleThenCompany)) {
        const bare = withoutTrailingPlace(piece);
        if (bare && !isPlaceLine(bare) && !COLUMN_HEADING.test(bare) && !/^\d/.test(bare))
          pieces.push({ text: bare, pair });
      }
    }
  }
  return pieces;
}

/**
 * "Storekeeper – Acme Pipes Pvt. Ltd.": a job's heading line of two sides, one an employer by its
 * company words, gives the title on the other side even when its words are not known title words
 * (a title written in another script, a trade's own name): short, with no company words.
 */
function besideEmployer(pieces: readonly Piece[]): Piece | undefined {
  for (const employer of pieces) {
    if (employer.pair === undefined || companyScore(employer.text) === 0) continue;
    const other = pieces.find((p) => p !== employer && p.pair === employer.pair);
    if (
      other &&
      companyScore(other.text) === 0 &&
      other.text.split(/\s+/).length <= 4 &&
      /\p{L}[\p{L}\p{M}]/u.test(other.text)
    )
      return other;
  }
  return undefined;
}

/**
 * Designation and company from the lines around an entry's date line: a piece with title words
 * is the designation, one with company words (Ltd, Sdn Bhd, PT, شركة...) the company; a piece
 * with neither is the company when the designation is found beside it.
 */
function fromEntry(lines: readonly string[]): {
  designation: string | null;
  company: string | null;
} {
  const pieces = entryPieces(lines);
  if (pieces.length === 0) return { designation: null, company: null };
  const byScore = (score: (s: string) => number) =>
    [...pieces].sort((a, b) => score(b.text) - score(a.text))[0]!;
  let designationPiece =
    pieces.find((p) => p.label === 'd') ??
    byScore((t) => designationScore(t) - companyScore(t) * 2 + (endsWithTitle(t) ? 3 : 0));
  let designation =
    designationPiece.label === 'd' ||
    designationScore(designationPiece.text) > companyScore(designationPiece.text) ||
    endsWithTitle(designationPiece.text)
      ? designationPiece.text
      : null;
  const beside = designation ? undefined : besideEmployer(pieces);
  if (beside) [designationPiece, designation] = [beside, beside.text];
  const rest = pieces.filter((p) => p !== designationPiece || !designation);
  const companyPiece =
    rest.find((p) => p.label === 'c') ??
    (rest.length > 0
      ? [...rest].sort((a, b) => companyScore(b.text) - companyScore(a.text))[0]
      : undefined);
  let company: string | null = null;
  if (companyPiece && (companyScore(companyPiece.text) > 0 || companyPiece.label === 'c')) {
    company = companyName(companyPiece.text);
  } else if (designation) {
    const other = rest.find((p) => designationScore(p.text) === 0 && p.text.split(' ').length <= 6);
    if (other) company = companyName(other.text);
  }
  return { designation, company: company || null };
}

/** A date line without its range, written out or short ("Since 2017", "'19-'21"). */
const withoutDates = (line: string, entry: DateRange) =>
  line.includes(entry.text)
    ? line.replace(entry.text, ' ')
    : line.replace(
        /\b(?:since|from)\s+(?:\p{L}{3,9}\.?\s+)?(?:19|20)\d\d\b|'\d\d\s*[-–—]\s*'\d\d|\b(?:19|20)\d\d\s*[-–—]\s*\d\d\b/giu,
        ' ',
      );

/** The lines of an entry: its date line, up to two heading lines above and two below. */
function entryLines(experience: readonly string[], entry: DateRange): string[] {
  const dateLine = experience[entry.line] ?? '';
  const above: string[] = [];
  for (let i = entry.line - 1; i >= 0 && above.length < 2; i--) {
    const line = experience[i]!;
    if (sentenceLike(line) || HAS_RANGE.test(line) || headingKind(line) || columnHeadings(line))
      break;
    above.unshift(line);
  }
  const below: string[] = [];
  for (let i = entry.line + 1; i < experience.length && below.length < 2; i++) {
    const line = experience[i]!;
    // "2. Lucknow Electricals — Assistant Electrician": a numbered line is the next entry.
    if (
      sentenceLike(line) ||
      HAS_RANGE.test(line) ||
      line.length > 80 ||
      /^\d{1,2}[.)]\s/.test(line)
    )
      break;
    // "(present)" under "04/2018 – sekarang" and a city on its own line are not the heading.
    if (/^\(?[\p{L}\s]{0,12}\)$/u.test(line) || isPlaceLine(line)) continue;
    below.push(line);
    // "Lead UX Researcher | PhonePe" under the dates is the whole heading; what follows is duties.
    if (above.length === 0 && tidy(line).split(PAIR_SEPARATORS).filter(Boolean).length > 1) break;
  }
  // Above the date line is the entry's own heading when there is one; else it follows the date.
  const rest = tidy(withoutDates(dateLine, entry));
  const parts = [...above, ...(rest.length > 2 ? [rest] : [])];
  const found = fromEntry(parts);
  // Complete only with a company that reads as one; else the lines below may hold it.
  return found.designation && found.company && companyScore(found.company) > 0
    ? parts
    : [...parts, ...below];
}

/** A line that holds a date range and nothing else ("04/2019 — Present"). */
const dateOnly = (line: string) =>
  HAS_RANGE.test(line) &&
  !/\p{L}{3,}/u.test(
    line.replace(
      /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|\b(?:present|current|now|till|to|date|since|today)\b/giu,
      '',
    ),
  );

/**
 * Dates in a column of their own, read apart from the jobs they stand beside (a scan's OCR reads
 * a left column of dates as one block): a run of date-only lines, then the jobs in the same
 * order. The heading (up to two lines before its first bullet) of the job that stands where the
 * entry's date stands in the run; null when the entry is not in such a run.
 */
function besideDateColumn(experience: readonly string[], entry: DateRange): string[] | null {
  if (!dateOnly(experience[entry.line] ?? '')) return null;
  let start = entry.line;
  while (start > 0 && dateOnly(experience[start - 1]!)) start--;
  let end = entry.line;
  while (end + 1 < experience.length && dateOnly(experience[end + 1]!)) end++;
  if (end === start) return null;
  const jobs: string[][] = [];
  let heading: string[] | null = null;
  for (let i = end + 1; i < experience.length && jobs.length <= entry.line - start; i++) {
    const line = experience[i]!;
    if (headingKind(line)) break;
    if (isBulletLike(line) || /^[•▪◦●■\-*]/u.test(line) || sentenceLike(line)) {
      if (heading) jobs.push(heading);
      heading = null;
    } else if (!heading) heading = [line];
    else if (heading.length < 2) heading.push(line);
  }
  if (heading) jobs.push(heading);
  return jobs[entry.line - start] ?? null;
}

/** Up to two lines before the experience section's first bullet or sentence. */
function firstEntryHeading(experience: readonly string[]): string[] {
  const heading: string[] = [];
  for (const line of experience) {
    // Rules ("====="), headings and a bare label ("Current employer:") are not the entry.
    if (!/\p{L}/u.test(line) || headingKind(line) || /:$/.test(line)) continue;
    if (isBulletLike(line) || /^[•▪◦●■\-*]/u.test(line)) break;
    heading.push(line);
    // "Mount Elizabeth Hospital - Senior Physiotherapist" is the whole entry heading.
    if (heading.length === 2 || tidy(line).split(PAIR_SEPARATORS).length > 1) break;
  }
  return heading;
}

/** "Current Role:", "Present Designation:", "वर्तमान पद:", "المسمى الوظيفي الحالي:". */
const CURRENT_DESIGNATION_LABEL =
  /^(?:(?:current|present)\s+)?(?:designation|job\s+title|position|role|title)$|^(?:वर्तमान\s+)?(?:पद|पदनाम)$|^(?:المسمى\s+الوظيفي|الوظيفة|المنصب)(?:\s+الحالي|\s+الحالية)?$/iu;
/** "Present Employer:", "Current Company:", "वर्तमान कंपनी:", "جهة العمل الحالية:". */
const CURRENT_COMPANY_LABEL =
  /^(?:(?:current|present)\s+)?(?:company|employer|organi[sz]ation|company\s+name)$|^(?:वर्तमान\s+)?(?:कंपनी|नियोक्ता)$|^(?:الشركة|جهة\s+العمل)(?:\s+الحالية)?$/iu;

/** The current (or most recent) job from the experience section's first or "Present" entry. */
export function findCurrentJob(
  lines: readonly string[],
  experience: readonly string[] | undefined,
  experienceRanges: readonly DateRange[],
  text: string,
): { designation: string | null; company: string | null } {
  let designation = labelled(lines, CURRENT_DESIGNATION_LABEL);
  let company = labelled(lines, CURRENT_COMPANY_LABEL);
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
    const read = fromEntry(besideDateColumn(experience, entry) ?? entryLines(experience, entry));
    const found = titledEmployer(
      read.designation || read.company ? read : designationAndCompany(parts),
    );
    designation ??= found.designation;
    company ??= found.company;
  } else if (experience && experience.length > 0 && (!designation || !company)) {
    // No date the parser can read (an OCR'd scan garbles digits): the section's first entry
    // heading, the lines before its first bullet, still names the job.
    const found = titledEmployer(fromEntry(firstEntryHeading(experience)));
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
  return { designation: oneScript(designation) || null, company: oneScript(company) || null };
}

/**
 * "HR Officer — مسؤول موارد بشرية": a title or employer written in two scripts, one after the
 * other, is the one it starts with.
 */
function oneScript(value: string | null): string | null {
  if (!value) return value;
  const parts = value.split(/\s+[—–/|]\s+/);
  if (parts.length !== 2) return value;
  const script = (s: string) =>
    /[\u0600-\u06ff]/.test(s)
      ? 'ar'
      : /[\u0900-\u097f]/.test(s)
        ? 'hi'
        : /[A-Za-z]/.test(s)
          ? 'en'
          : '';
  const [a, b] = parts.map(script);
  const pure = (s: string) => !(/[A-Za-z]/.test(s) && /[\u0600-\u06ff\u0900-\u097f]/.test(s));
  return a && b && a !== b && parts.every(pure) ? parts[0]! : value;
}
