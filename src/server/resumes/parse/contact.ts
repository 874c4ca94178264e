/** Contact details: email, LinkedIn address, phone number with its ISD code, and the name. */
import isdList from '../../../../public/seeker/images/isd.json' with { type: 'json' };
import { NAME_RE } from '~/lib/validation/formats';
import { parseMobile } from '~/lib/validation/mobile';
import { COMPANY_WORDS, DESIGNATION_WORDS, SKILLS_BY_KEY } from '~/server/reference/vocabulary';
import type { ParsedPhone } from './types';
import { isPlaceLine } from './places';
import { headingKind, labelled } from './text';

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
      } else if (
        (digits.length >= 9 && digits.length <= 11) ||
        // Eight digits are a whole mobile in Singapore, Hong Kong and the Gulf: only when it is one.
        (digits.length === 8 && defaultIsd && parseMobile(digits, defaultIsd))
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
      if (PHONE_LABEL.test(line.slice(0, (match.index ?? 0) + 1))) score += 3;
      if (index < 12) score += 1;
      if (!best || score > best.score) best = { phone, score };
    }
  });
  return (best as { phone: ParsedPhone } | null)?.phone ?? null;
}

// --- name --------------------------------------------------------------------------------------

const NOT_A_NAME =
  /\b(?:resume|curriculum|vitae|cv|bio-?data|profile|summary|objective|address|email|phone|mobile|contact|page|confidential)\b|बायोडाटा|रिज़्यूमे|रिज्यूमे|सीवी|पता|السيرة الذاتية|سيرة ذاتية|العنوان/i;

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
  // "Noida" under the name, or a heading such as "शिक्षा", is not a name.
  if (isPlaceLine(cleaned) || headingKind(cleaned)) return null;
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
  const fromLabel = labelled(
    lines.slice(0, 40),
    /^(?:full\s+)?name$|^candidate(?:'s)?\s+name$|^(?:पूरा\s+)?नाम$|^الاسم(?:\s+الكامل)?$/i,
  );
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
