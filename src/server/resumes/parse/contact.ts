/** Contact details: email, LinkedIn address, phone number with its ISD code, and the name. */
import isdList from '../../../../public/seeker/images/isd.json' with { type: 'json' };
import { NAME_RE } from '~/lib/validation/formats';
import { parseMobile } from '~/lib/validation/mobile';
import { COMPANY_WORDS, DESIGNATION_WORDS, SKILLS_BY_KEY } from '~/server/reference/vocabulary';
import type { ParsedPhone } from './types';
import { isPlaceLine } from './places';
import { headingKind, labelled, type SectionKind } from './text';

const EMAIL_IN_TEXT =
  /(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,6}(?![A-Za-z0-9])/;

export function findEmail(text: string): string | null {
  const m = EMAIL_IN_TEXT.exec(
    text
      .replace(/mailto:/gi, ' ')
      // "kavita.sharma@ gmail.com": OCR spaces an address at its @.
      .replace(/(?<=[A-Za-z0-9._%+-])[ \t]?@[ \t]?(?=[A-Za-z0-9-]+\.[A-Za-z]{2,})/g, '@'),
  );
  return m ? m[0].replace(/^[.-]+/, '').toLowerCase() : null;
}

export function findLinkedIn(text: string): string | null {
  // A PDF line may break a long address after a hyphen: join those first.
  const joined = text.replace(/-\s*\n\s*/g, '-');
  // OCR may drop the slash after "in" ("linkedin.com/injdoe"): a profile's path is always /in/.
  const m =
    /linkedin\.com\/in\/([A-Za-z0-9_%\-]{3,100})/i.exec(joined) ??
    /linkedin\.com\/in(?!\/)([A-Za-z0-9_%\-]{3,100})/i.exec(joined);
  return m ? `https://www.linkedin.com/in/${m[1]!.replace(/-+$/, '')}` : null;
}

// --- phone -------------------------------------------------------------------------------------

const ISD_CODES: ReadonlySet<string> = new Set(
  (isdList as { isd: string }[]).map((entry) => entry.isd),
);

const PHONE_LABEL =
  /(?:phone|mobile|mob|cell|tel|telephone|contact|whats\s?app|ph)\b|मोबाइल|मोबाईल|फ़ोन|फोन|दूरभाष|संपर्क|الجوال|جوال|الهاتف|هاتف|موبايل|الموبايل/iu;
/** A number labelled as a home, office or fixed line (in three languages) is not the mobile. */
const NOT_MOBILE_LABEL =
  /whats\s?app|\b(?:home|residence|res|office|fax|landline)\b|घर|निवास|कार्यालय|ऑफिस|लैंडलाइन|المنزل|منزل|المكتب|مكتب|العمل|الفاكس|فاكس|أرضي/iu;
const REFERENCES_HEADING = /referen|referee|المراجع|المعرفون|संदर्भ/iu;
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

const RTL_TEXT = /[\u0600-\u06ff]/;

/**
 * The number as typed, when an Arabic line may have drawn it right to left; else null. The caller
 * takes it only when the drawn order is no mobile and the typed order is one.
 */
function rightToLeftReading(raw: string, line: string, end: number): string | null {
  if (!RTL_TEXT.test(line)) return null;
  if (line[end] === '+')
    return `+${raw
      .split(/[\s.\-]+/)
      .reverse()
      .join(' ')}`;
  if (/^\d{8,12}$/.test(raw)) return [...raw].reverse().join('');
  // "٢١٠٩ ٦٤٣ ٠٥٥" for ٠٥٥ ٦٤٣ ٢١٠٩: groups apart by spaces are drawn from the right.
  const groups = raw.split(/[\s.\-]+/);
  if (groups.length >= 2 && groups.every((g) => /^\d+$/.test(g))) return groups.reverse().join(' ');
  return null;
}

/** True when the text reads as a mobile by the portal's rule (with the site's code if none). */
function readsAsMobile(raw: string, defaultIsd: string | undefined): boolean {
  const digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+')) {
    const phone = splitIsd(digits);
    return phone !== null && parseMobile(phone.number, phone.isd ?? '') !== null;
  }
  return defaultIsd !== undefined && parseMobile(digits.replace(/^0+/, ''), defaultIsd) !== null;
}

/**
 * Runs of digits that may be a phone number, with where they start. A spaced dash parts two
 * ("Cebu City 6000 - 0917 812 3345": a postcode, then the number).
 */
function phoneCandidates(line: string): { 0: string; index: number }[] {
  return [...line.matchAll(PHONE_CANDIDATE)].flatMap((match) => {
    let offset = match.index ?? 0;
    return match[0].split(/(?<=\d) [-–—] (?=\d)/).map((piece) => {
      const found = { 0: piece, index: offset };
      offset += piece.length + 3;
      return found;
    });
  });
}

/** A phone number with its ISD code; scored so a labelled or +-prefixed number wins. */
export function findPhone(lines: readonly string[], defaultIsd?: string): ParsedPhone | null {
  let best: { phone: ParsedPhone; score: number } | null = null;
  let inReferences = false;
  lines.forEach((line, index) => {
    // Referees' numbers, under their heading, are never the seeker's.
    if (headingKind(line)) inReferences = REFERENCES_HEADING.test(line);
    if (inReferences) return;
    for (const match of phoneCandidates(line)) {
      const drawn = match[0].trim();
      // A right-to-left line may hold the number as drawn, not as typed: "٤٥٦٧ ١٢٣ ٥٥ ٩٦٦+"
      // (its groups from the right) or "٧٦٥٤٣٢١٥٥٠" (every digit from the right). The typed order
      // is taken when only it reads as a mobile.
      const typed = rightToLeftReading(drawn, line, (match.index ?? 0) + match[0].length);
      const raw =
        typed && !readsAsMobile(drawn, defaultIsd) && readsAsMobile(typed, defaultIsd)
          ? typed
          : drawn;
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
      } else if (
        (digits.length >= 9 && digits.length <= 11) ||
        // Eight digits are a whole mobile in Singapore, Hong Kong and the Gulf: only when it is one.
        (digits.length === 8 && defaultIsd && parseMobile(digits, defaultIsd)) ||
        // A trunk 0 before a long national mobile (Indonesia's 0812-3456-7890): only when it is one.
        (digits.length <= 13 &&
          digits.startsWith('0') &&
          defaultIsd &&
          parseMobile(digits.replace(/^0+/, ''), defaultIsd))
      ) {
        phone = { isd: defaultIsd ?? null, number: digits.replace(/^0+/, '') };
      }
      if (!phone || phone.number.length < 6) continue;
      // A mobile by the portal's rule is kept in E.164 (and preferred to other numbers).
      const mobile = phone.isd ? parseMobile(phone.number, phone.isd) : null;
      phone = mobile
        ? { isd: mobile.isdCode, number: mobile.national, e164: mobile.e164 }
        : { ...phone, e164: null };
      let score = mobile ? 2 : 0;
      if (international) score += 2;
      // The label nearest the number names it: "Mobile: 050 … | WhatsApp: +91 …" gives the
      // mobile, and a home country's WhatsApp number comes second.
      const before = line.slice(0, match.index ?? 0);
      // A number before it on the line ends its label too: "फोन (घर): 0712-2543310 मोबाइल: …".
      const nearest = (before.split(/\s[|•·]\s|[,;]\s|\t/).at(-1) ?? before).replace(/^.*\d/s, '');
      if (PHONE_LABEL.test(before)) score += 3;
      if (NOT_MOBILE_LABEL.test(nearest)) score -= 3;
      if (index < 12) score += 1;
      if (!best || score > best.score) best = { phone, score };
    }
  });
  return (best as { phone: ParsedPhone } | null)?.phone ?? null;
}

// --- name --------------------------------------------------------------------------------------

const NOT_A_NAME =
  /\b(?:resume|curriculum|vitae|cv|bio-?data|profile|summary|objective|address|email|phone|mobile|contact|page|confidential|about(?: me)?|single|married|divorced|widowed|unmarried|male|female|nationality|religion|road|rd|street|st|jalan|jln|soi|brgy|barangay|blk|block|avenue|ave|lane|nagar|sector|seksyen|taman|district|village|city|province|state|region|governorate|emirate)\b|المنطقة|منطقة|محافظة|ولاية|إمارة|बायोडाटा|बायो-डाटा|बायो डाटा|रिज़्यूमे|रिज्यूमे|सीवी|पता|विवाहित|अविवाहित|السيرة الذاتية|سيرة ذاتية|العنوان|متزوج|أعزب|عزباء/i;

/**
 * Words a name may hold in lower case: Malay and Arabic patronymics (bin, binti, binte, bte, bint),
 * Tamil "s/o", "d/o", "a/l", "a/p", Arabic and Spanish particles.
 */
const NAME_PARTICLES = new Set([
  'bin',
  'binti',
  'binte',
  'bte',
  'bt',
  'bint',
  'ibn',
  'b',
  's/o',
  'd/o',
  'a/l',
  'a/p',
  'al',
  'el',
  'de',
  'del',
  'dela',
  'della',
  'delos',
  'dos',
  'da',
  'van',
  'von',
  'y',
]);

const toTitleCase = (s: string) =>
  s
    .split(' ')
    .map((word) =>
      NAME_PARTICLES.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.replace(
            /[\p{L}\p{M}]+/gu,
            (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
          ),
    )
    .join(' ');

/** "M." or "R" (a Filipino middle initial), kept with its dot. */
const INITIAL = /^\p{Lu}\.?$/u;

/**
 * A cleaned name if the text reads as one: 1-7 words of letters (a middle initial, "bin",
 * "s/o", "Al-" and hyphenated parts allowed), no job, place, civil status or heading words. A
 * name in capitals ("MUHAMMAD FAIZAL BIN ABDUL RAHMAN") comes back in title case; a family name
 * in capitals beside given names ("Karen WONG Ka-yan") is kept as written. An English name after
 * a comma ("Tan Wei Ming, Jasmine") is kept; a nickname in brackets and Chinese characters go.
 */
function asName(candidate: string): string | null {
  const cleaned = candidate
    .replace(/\s*[(（][^)）]{1,20}[)）]\s*/g, ' ')
    .replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, ' ')
    // "_ MARK ANTHONY …": a mark OCR read from a scan's rule.
    .replace(/^[_~=|•*»«]+\s*/, '')
    .replace(/^(?:mr|mrs|ms|miss|dr|er|engr|eng)\.?\s+/i, '')
    // "MARK ANTHONY R. DELA CRUZ, CPA": letters after a name are a licence, not a name.
    .replace(
      /(?:\s*,\s*(?:CPA|MBA|PMP|CFA|ACCA|CA|RN|PhD|MD|PE|CMA|CIA|CISA|LPT|RPh|CHRP|CSCP)\.?)+\s*$/i,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[,،]$/, '');
  const [main = '', english, ...more] = cleaned.split(/\s*,\s*/);
  if (more.length > 0) return null;
  if (english !== undefined && !/^\p{Lu}(?:\p{Ll}+|\p{Lu}+)$/u.test(english)) return null;
  const words = main.split(' ').filter(Boolean);
  if (words.length < 1 || words.length > 7) return null;
  // "CPA", "HR": an acronym alone is no name.
  if (words.length === 1 && /^[A-Z]{2,4}$/.test(words[0]!)) return null;
  // An initial ("R.") and the short forms names are written with ("Mohd.", "Md.", "Jr.", the
  // Filipino "Ma." for Maria).
  const letters = main
    .replace(/\p{Lu}\.(?=\s|$)/gu, 'X')
    .replace(/(?<![\p{L}])(?:mohd|muhd|mhd|md|sk|jr|sr|ma)\.(?=\s|$)/giu, 'X')
    .replace(/[/'’-]/g, '');
  if (!NAME_RE.test(letters.length > 30 ? letters.slice(0, 30) : letters)) return null;
  if (NOT_A_NAME.test(main)) return null;
  // "Noida" under the name, or a heading such as "शिक्षा", is not a name.
  if (isPlaceLine(main) || headingKind(main)) return null;
  const lower = words.map((w) => w.toLowerCase());
  if (lower.some((w) => DESIGNATION_WORDS.has(w) || COMPANY_WORDS.has(w))) return null;
  if (words.length === 1 && SKILLS_BY_KEY.has(lower[0]!)) return null;
  // Letter-spaced text ("सं प र्क") is a heading, not a name.
  if (words.length >= 3 && words.every((w) => w.length <= 2)) return null;
  const core = words.filter((w, i) => !NAME_PARTICLES.has(lower[i]!) && !INITIAL.test(w));
  if (core.length === 0) return null;
  const latin = /^[A-Za-z .'’/-]+$/.test(main);
  if (latin) {
    // Latin-script names start each word with a capital; other scripts have no case.
    if (!core.every((w) => /^[A-Z]/.test(w))) return null;
    if (main === main.toUpperCase() && core.every((w) => w.length > 1)) {
      const titled = toTitleCase(main);
      return english ? `${titled}, ${toTitleCase(english)}` : titled;
    }
  }
  return english ? `${main}, ${english}` : main;
}

/** Lines of one or two name words each, read as one name ("Maria" / "Cristina" / "D. Santos"). */
function brokenName(top: readonly string[]): string | null {
  let joined = '';
  for (const line of top.slice(0, 4)) {
    if (line.split(' ').length > 2 || !asName(line) || joined.includes(line)) break;
    joined = joined ? `${joined} ${line}` : line;
  }
  return joined.split(' ').length >= 2 ? asName(joined) : null;
}

/** The name before a heading that ends its line ("Name CONTACT", "Name CONTACT / للتواصل"). */
function nameBeforeHeading(line: string): string | null {
  const words = line.trim().split(/\s+/);
  for (let k = 2; k < words.length && k <= 5; k++) {
    const tail = words
      .slice(k)
      .join(' ')
      .split(/\s*[|/]\s*/);
    if (!headingKind(tail[0]!) || /\p{Ll}/u.test(tail[0]!)) continue;
    if (!tail.slice(1).every((part) => headingKind(part) || !/[A-Za-z\d]/.test(part))) continue;
    return asName(words.slice(0, k).join(' '));
  }
  return null;
}

export function findName(lines: readonly string[], header: readonly string[]): string | null {
  const name = nameIn(lines, header);
  return name ? closedSyllables(name) : null;
}

/**
 * A Devanagari name as a PDF's text layer may space it ("सुनीता दे वी", "राजेश कु मार"): a lone
 * syllable (a consonant with its vowel sign and nothing else) is no word of a name and goes with
 * the word after it.
 */
function closedSyllables(name: string): string {
  return name.replace(
    /(?<![\p{L}\p{M}])([\u0915-\u0939][\u093e-\u094c]) (?=[\u0900-\u097f])/gu,
    '$1',
  );
}

function nameIn(lines: readonly string[], header: readonly string[]): string | null {
  const fromLabel = labelled(
    lines.slice(0, 40),
    /^(?:full\s+)?name$|^candidate(?:'s)?\s+name$|^(?:पूरा\s+)?नाम$|^الاسم(?:\s+الكامل)?$/i,
  );
  if (fromLabel) {
    const name = asName(fromLabel.split(/\s+[|,]\s+/)[0]!);
    if (name) return name;
  }
  const top = (header.length > 0 ? header : lines).slice(0, 8);
  const broken = brokenName(top);
  if (broken) return broken;
  // A page whose first lines are a sidebar's sections (a scan's OCR, a two-column page reads the
  // narrow column first): a name-like line under such a heading ("Site Execution" under SKILLS)
  // counts only when no name set in capitals, the page's title, comes later.
  let inSection = false;
  let underHeading: string | null = null;
  for (const line of top) {
    const kind = headingKind(line);
    // A name may follow a "Profile" heading; a sidebar's skills or languages are no name.
    if (kind === 'skills' || kind === 'other') inSection = true;
    const name = nameOfLine(line);
    if (!name) continue;
    if (!inSection) return name;
    underHeading ??= name;
  }
  if (!underHeading) return null;
  // The title is looked for until the main column's sections start.
  const main = lines.findIndex((l) => MAIN_SECTIONS.has(headingKind(l) ?? 'other'));
  const title = lines
    .slice(0, Math.min(40, main < 0 ? 40 : main))
    .find((l) => /^[A-Z][A-Z .'/-]+$/.test(l) && l.includes(' ') && !headingKind(l) && asName(l));
  return title ? asName(title) : underHeading;
}

const MAIN_SECTIONS = new Set<SectionKind>(['summary', 'experience', 'education', 'projects']);

/** The name a line of the page's top gives, if it is one. */
function nameOfLine(line: string): string | null {
  // "Lahug, Cebu City": what a comma puts before a place is a district of an address (in
  // the line's first part: "NAME — Title | … — City, State" is a name line).
  const afterCommas = line
    .split(/\s*[|•]\s*|\s+[-–—]\s+|\t/)[0]!
    .split(/\s*[,،]\s*/)
    .slice(1);
  if (afterCommas.some((part) => isPlaceLine(part.split(/\s*[|•·٠*+]\s*|\s{2,}/)[0] ?? '')))
    return null;
  if (/@|\d|https?:|www\./i.test(line)) {
    // "Priya Sharma | priya@example.com": the part before the first separator may be the name.
    const first = line.split(/\s*[|•,]\s*|\s+[-–—]\s+/)[0] ?? '';
    return first !== line ? asName(first) : null;
  }
  // "Aisha Al-Sulaiti عائشة السليطي": a name written in two scripts on one line (OCR drops
  // the separator) is the name in the script it starts with.
  const firstScript = /^([A-Za-z][A-Za-z .'’/-]+?)\s+(?=[\u0600-\u06ff])/.exec(line);
  if (firstScript) {
    const name = asName(firstScript[1]!);
    if (name) return name;
  }
  // "Omar Haddad CONTACT / للتواصل": a scan's OCR reads a sidebar's heading onto the name's line.
  const beforeHeading = nameBeforeHeading(line);
  if (beforeHeading) return beforeHeading;
  const parts = line.split(/\s*[|•,]\s*|\s+[-–—]\s+|\t/);
  // "सं प र्क | CO N TAC T": a heading in two scripts, not a name.
  if (parts.some((part) => headingKind(part))) return null;
  const whole = asName(line);
  if (whole) return whole;
  // "Lahug, Cebu City": what a comma puts before a place is a district of an address.
  if (
    line
      .split(/\s*[,،]\s*/)
      .slice(1)
      .some((part) => isPlaceLine(part))
  )
    return null;
  for (const part of parts) {
    const name = asName(part);
    if (name) return name;
  }
  return null;
}
