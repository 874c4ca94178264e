/** Qualifications: degree, institute and passing year, from the education section or any line. */
import { DEGREE_PATTERNS, INSTITUTE_PATTERN } from '~/server/reference/vocabulary';
import { tidy } from './job';
import { isBulletLike } from './text';
import type { ParsedEducation } from './types';

const MAX_EDUCATION = 6;

export const hasDegree = (s: string) => DEGREE_PATTERNS.some((re) => re.test(s));
const YEAR_RE = /\b(?:19[5-9]\d|20\d\d)\b/g;
export const HAS_YEAR = /\b(?:19[5-9]\d|20\d\d)\b/;

/** "'19–'21": a year written with an apostrophe and its last two digits. */
function fullYears(line: string, now: Date): string {
  const soon = (now.getUTCFullYear() % 100) + 6;
  return line.replace(/(?<![\p{L}\p{N}])['‘’](\d\d)(?!\d)/gu, (_, yy: string) =>
    Number(yy) <= soon ? `20${yy}` : `19${yy}`,
  );
}

function educationEntry(lines: readonly string[], now: Date): ParsedEducation {
  const entryLines = lines.map((line) => fullYears(line, now));
  // "2019-21", "2014–16": the later year written short.
  const joined = entryLines
    .join(' | ')
    .replace(
      /\b((?:19|20)(\d\d))\s*[-–—/]\s*(\d\d)\b(?![-/.]\d)/g,
      (all, from: string, _short: string, to: string) =>
        Number(to) > Number(from.slice(2)) ? `${from}-${from.slice(0, 2)}${to}` : all,
    );
  const years = [...joined.matchAll(YEAR_RE)]
    .map((m) => Number(m[0]))
    .filter((y) => y <= now.getUTCFullYear() + 6);
  // The degree line's own year first: a later line may be a certificate's.
  const ownYears = years.filter(
    (y) => entryLines[0]!.includes(String(y)) || joined.indexOf(String(y)) < entryLines[0]!.length,
  );
  const year =
    ownYears.length > 0 ? Math.max(...ownYears) : years.length > 0 ? Math.max(...years) : null;
  // Split every line into parts at commas and separators; drop what follows the year.
  const parts: string[] = [];
  for (const line of entryLines) {
    // "2015 — Bachelor of ...", "2014 – 2018 Bachelor ...": a year or range first goes first.
    const lead = line.replace(
      /^\s*(?:(?:\p{L}{3,9}\.?\s+)?(?:19[5-9]\d|20\d\d)\s*(?:[-–—]|to)\s*)?(?:\p{L}{3,9}\.?\s+)?(?:19[5-9]\d|20\d\d)\s*[:|–—-]?\s*/u,
      '',
    );
    // "..., graduated 2015", "passed out in 2012": the words that lead to the year go with it.
    const beforeYearTail = lead.replace(
      /\s*[(,،|–—-]?\s*(?:(?:graduated|graduating|passed\s+out|passed|completed|class\s+of|batch|lulus|tốt\s+nghiệp|تخرج|تخرجت|उत्तीर्ण)(?:\s+(?:in|on|from|سنة|عام))?\s*:?\s*)?(?:19[5-9]\d|20\d\d)\b.*$/iu,
      '',
    );
    for (const segment of beforeYearTail.split(/\s*\|\s*|\s+from\s+/i)) {
      const pieces = segment.split(/\s*[–—]\s*|\s+-\s+/);
      // "Anna University – College of Engineering, Guindy": a college of a university is one
      // institute, named by both.
      const oneInstitute =
        pieces.length > 1 && pieces.every((p) => INSTITUTE_PATTERN.test(p) && !hasDegree(p));
      for (const p of oneInstitute ? [segment] : pieces) {
        const t = tidy(p);
        if (t) parts.push(t);
      }
    }
  }
  let degree: string | null = null;
  let institute: string | null = null;
  // "B.E. Mechanical, VNIT Nagpur": what follows the degree after a comma names the institute
  // even without a word like "University" in it.
  let besideDegree: string | null = null;
  for (const part of parts) {
    const commaParts = part.split(/\s*[,،]\s*/);
    const degreeIndex: number = degree === null ? commaParts.findIndex(hasDegree) : -1;
    if (degreeIndex >= 0) {
      degree = commaParts[degreeIndex]!;
      let rest = commaParts.filter((_, i) => i !== degreeIndex).join(', ');
      // "बी.कॉम. देवी अहिल्या विश्वविद्यालय": a dotted degree and its institute a table's
      // cells left without a separator.
      const abbreviated = /^((?:[\p{L}\p{M}]{1,5}\.){2,5})\s+(\S.*)$/u.exec(degree);
      if (abbreviated && INSTITUTE_PATTERN.test(abbreviated[2]!) && !hasDegree(abbreviated[2]!)) {
        degree = abbreviated[1]!;
        rest = [abbreviated[2]!, ...(rest ? [rest] : [])].join(', ');
      }
      if (!institute && rest && INSTITUTE_PATTERN.test(rest)) institute = tidy(rest);
      else if (rest) besideDegree = tidy(rest);
      continue;
    }
    if (!institute && INSTITUTE_PATTERN.test(part)) institute = part;
  }
  if (!institute) {
    const other = [...parts, ...(besideDegree ? [besideDegree] : [])].find(
      (p) =>
        p !== degree &&
        !hasDegree(p) &&
        /^\p{L}/u.test(p) &&
        !/\b(?:cgpa|gpa|percentage|marks|grade)\b|%/i.test(p),
    );
    if (other) institute = other;
  }
  return {
    // "Tertiary: Bachelor of ...": a level label before the degree goes.
    degree: degree
      ? degree
          .replace(/[\s,،;:]+$/, '')
          // "= MBA(HR)": a mark OCR read from a scan's bullet or rule; "2. हाईस्कूल": a list's number.
          .replace(/^[=~_|•*»«+]+\s*/, '')
          .replace(/^\d{1,2}[.)]\s+/, '')
          .replace(/^(?:tertiary|degree|qualification|graduate|college)\s*:\s*/i, '')
      : null,
    institute: institute ? withoutOtherScript(institute.replace(/[\s,،;:]+$/, '')) : null,
    year,
  };
}

/**
 * "University of Delhi (दिल्ली विश्वविद्यालय)": a Latin name keeps its own script; the same name in
 * another script in brackets after it goes.
 */
const withoutOtherScript = (institute: string) =>
  /[A-Za-z]/.test(institute)
    ? institute.replace(/\s*\([\u0600-\u06ff\u0900-\u097f\s\p{M}.,'-]+\)\s*$/u, '').trim()
    : institute;

/**
 * Lines a narrow column broke ("Bachelor of Science in Facilities" / "and Events Management")
 * joined again: a line that starts in lower case, or follows one ending in "of", "and", "&", "in".
 */
function joinContinuations(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (
      previous !== undefined &&
      ((previous.length < 60 &&
        (/^[a-z(]/.test(line) || /\b(?:of|and|in|for|&)$/i.test(previous))) ||
        // "… Institut Teknologi Sepuluh Nopember" / "(ITS), Surabaya — 2011-2015": its acronym.
        (/^\([A-Z]{2,8}\)/.test(line) && INSTITUTE_PATTERN.test(previous)) ||
        // "… Hanoi University of Science" / "and Technology — 2017", after a long degree line.
        (/^(?:and|of|for|&)\s+\p{Lu}/u.test(line) &&
          previous.length < 120 &&
          INSTITUTE_PATTERN.test(previous)) ||
        instituteGoesOn(previous, line) ||
        instituteEnds(previous, line) ||
        bracketCloses(previous, line) ||
        instituteTail(previous, line))
    ) {
      out[out.length - 1] = `${previous} ${line}`;
    } else {
      out.push(line);
    }
  }
  return out;
}

/**
 * An institute's name a narrow column broke after a word that cannot end it ("Singapore
 * University of Social" / "Sciences (SUSS), 2016", "Indian Institute of Social" / "Welfare and
 * Business" / "Management (IISWBM)," / "Kolkata"): the name stops after "of", "and" or "for" and
 * one more word, or at a comma, and the next line is neither a degree, a year nor a grade.
 */
function instituteGoesOn(previous: string, line: string): boolean {
  return (
    previous.length < 100 &&
    INSTITUTE_PATTERN.test(previous) &&
    !HAS_YEAR.test(previous) &&
    (/\b(?:of|and|for|&)\s+\p{L}+$/iu.test(previous) || /,$/.test(previous)) &&
    /^\p{Lu}/u.test(line) &&
    line.length < 60 &&
    !hasDegree(line) &&
    !/^(?:19[5-9]\d|20\d\d)\b/.test(line) &&
    !/\b(?:cgpa|gpa|percentage|marks|grade)\b|%/i.test(line)
  );
}

/**
 * An institute's name broken before its last word ("MBA (HR), Jaipur National" / "University —
 * 2014–2016"): the line is that last word and what follows the name (a comma, dates), and the
 * line before ends in a word of a name that is not yet an institute.
 */
const NAME_END_WORD =
  /^(?:university|universiti|universitas|college|institute|vidyapith|vidyapeeth|polytechnic|academy|विश्वविद्यालय|महाविद्यालय|संस्थान|विद्यापीठ)(?![\p{L}\p{M}])(?=\s*(?:$|[,،|–—(-]|\d))/iu;
/** Up to five words of a name: capitalised Latin words or Devanagari words. */
const NAME_WORDS =
  /^(?:\p{Lu}[\p{L}.]*|[\u0900-\u097f]+)(?:\s+(?:\p{Lu}[\p{L}.]*|[\u0900-\u097f]+)){0,4}$/u;
function instituteEnds(previous: string, line: string): boolean {
  const lastPart = previous
    .split(/[,،|–—]/)
    .at(-1)!
    .trim();
  return (
    NAME_END_WORD.test(line) &&
    NAME_WORDS.test(lastPart) &&
    !HAS_YEAR.test(previous) &&
    !INSTITUTE_PATTERN.test(lastPart) &&
    !hasDegree(lastPart)
  );
}

/** "B.Eng (Mechanical" / "Engineering)": a bracket the line above left open closes here. */
const bracketCloses = (previous: string, line: string) =>
  previous.length < 100 &&
  (previous.match(/\(/g) ?? []).length > (previous.match(/\)/g) ?? []).length &&
  /^[^()]*\)/.test(line);

/**
 * The end of an institute's name a narrow column put before its year ("Universiti Teknologi" /
 * "Malaysia, 2018", "International Institute of Information Technology" / "Bangalore (IIIT-B),
 * 2017"): up to three capitalised words and an acronym in brackets, then the year.
 */
const INSTITUTE_TAIL =
  /^\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,2}(?:\s*\([\p{Lu}\p{N}&.-]{2,12}\))?\s*[,،–—-]\s*(?:19[5-9]\d|20\d\d)\b/u;
const instituteTail = (previous: string, line: string) =>
  previous.length < 100 &&
  INSTITUTE_PATTERN.test(previous) &&
  !HAS_YEAR.test(previous) &&
  !/[,،]$/.test(previous) &&
  INSTITUTE_TAIL.test(line) &&
  !hasDegree(line);

/** A year or a range of years first on a line ("2009 – 2013", "Aug 2014 - present"). */
const YEARS_LEAD =
  /^\s*(?:\p{L}{3,9}\.?\s+)?(?:19[5-9]\d|20\d\d)\b(?:\s*(?:[-–—]|to)\s*(?:(?:\p{L}{3,9}\.?\s+)?(?:19[5-9]\d|20\d\d)\b|\p{L}+))?/iu;
const onlyYears = (line: string) =>
  YEARS_LEAD.test(line) && line.replace(YEARS_LEAD, '').replace(/[()\s]/g, '') === '';

/** An institute's line, long with its dates and grade after it, but no sentence. */
const institutionLine = (line: string) =>
  INSTITUTE_PATTERN.test(line) &&
  line.length < 160 &&
  !/[.;]$/.test(line) &&
  // A table's column headings ("Degree | Institution | Year | Score") name no institute.
  !/^(?:(?:degree|qualification|course|exam(?:ination)?|institut(?:e|ion)|university|college|board|school|year|passing|score|grade|cgpa|gpa|percentage|result|marks)[\s|/&]*)+$/i.test(
    line,
  );

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
    const joined = joinContinuations(lines);
    // "2009 – 2013" on a line of its own before the first degree: each entry starts with its
    // years, so a years line goes with the degree after it, and a line that starts with years
    // ("2006 – 2009 SMA Negeri 5 Surabaya") starts an entry of its own.
    const yearsFirst = joined.length > 0 && onlyYears(joined[0]!);
    let pendingYears: string | null = null;
    // "Hanoi University of Technology 2012 – 2016" over "Bachelor of IT": when the section's
    // first entry names its institute before its degree, every entry does.
    const instituteFirst =
      joined.length > 1 &&
      institutionLine(joined[0]!) &&
      !degreeLine(joined[0]!) &&
      degreeLine(joined[1]!);
    let pendingInstitute: string | null = null;
    for (const line of joined) {
      if (instituteFirst && institutionLine(line) && !degreeLine(line)) {
        pendingInstitute = line;
        current = null;
      } else if (yearsFirst && onlyYears(line)) {
        pendingYears = line;
      } else if (degreeLine(line) || (yearsFirst && YEARS_LEAD.test(line))) {
        current = pendingYears ? [pendingYears, line] : [line];
        if (pendingInstitute) current.push(pendingInstitute);
        pendingYears = null;
        pendingInstitute = null;
        entries.push(current);
      } else if (current && current.length < 3 && (!isBulletLike(line) || institutionLine(line))) {
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
  // The highest first, as registration takes the first (a resume may list 10th first).
  return entries
    .slice(0, MAX_EDUCATION)
    .map((entry) => educationEntry(entry, now))
    .map((education, i) => ({ education, i, level: level(education.degree ?? '') }))
    .sort((a, b) => b.level - a.level || a.i - b.i)
    .map(({ education }) => education);
}

/** How high a qualification is: doctorate 6, master's 5, bachelor's 4, diploma 3, school 2 or 1. */
function level(written: string): number {
  // "M.C.A.", "B.B.A.": the letters of a dotted abbreviation read as one word (MCA, BBA).
  const degree = written.replace(/\b([BM])\.\s?([BC])\.\s?A\b\.?/g, '$1$2A');
  if (/ph\.?\s?d|doctor|doctorate|dba\b|دكتوراه|دكتوراة|पीएच|विद्यावाचस्पति/iu.test(degree)) return 6;
  if (
    /master|\bmba\b|\bm\.?\s?(?:sc|tech|com|a|e|eng|phil|ed|s|pharm|arch|des|lib|sw|ds|fa)\b\.?|\bmca\b|\bllm\b|magister|\bpgd|post[\s-]?graduate|ماجستير|एम\.?\s?(?:कॉम|ए|टेक|बी\.?\s?ए|एससी|सी\.?\s?ए|फिल|एड|फार्मा?)|स्नातकोत्तर/iu.test(
      degree,
    )
  )
    return 5;
  // "Diploma in Mechanical Engineering" is a diploma, whatever its field's name says.
  if (
    /diploma|\biti\b|आईटीआई|आई\.\s?टी\.\s?आई|\bd\.?\s?pharm|\bd\.?\s?el\.?\s?ed\b|دبلوم|डिप्लोमा|डी\.?\s?(?:फार्मा?|एल\.?\s?एड)/iu.test(
      degree,
    )
  )
    return 3;
  if (
    /bachelor|\bb\.?\s?(?:sc|tech|com|a|e|eng|ba|ca|s|ed|pharm|arch|des|lib|voc|bm|fa|ms|sw|ds|ams|hms)\b|\bbba\b|\bbca\b|sarjana|ijazah|\bllb\b|\bmbbs\b|engineer|بكالوريوس|बी\.?\s?(?:कॉम|ए|टेक|एससी|ई|बी\.?\s?ए|सी\.?\s?ए|एड|फार्मा?|आर्क)|स्नातक/iu.test(
      degree,
    )
  )
    return 4;
  if (
    /12th|\bhsc\b|higher\s+secondary|senior\s+secondary|intermediate|a[\s-]level|stpm|\bsma\b|xii|इंटरमीडिएट|12वीं|बारहवीं|उच्च\s+माध्यमिक|الثانوية/iu.test(
      degree,
    )
  )
    return 2;
  return 1;
}
