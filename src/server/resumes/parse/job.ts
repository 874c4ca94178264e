/** The current designation and company, from the experience section or a labelled line. */
import { COMPANY_WORDS, DESIGNATION_WORDS, TITLES } from '~/server/reference/vocabulary';
import { HAS_RANGE, RANGE_RE, type DateRange } from './dates';
import { headingKind, isBulletLike, labelled } from './text';

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
