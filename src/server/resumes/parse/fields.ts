/**
 * The profile fields a resume states in its personal lines: current city (one of the site's
 * places), notice period (the SPEC's list) and current salary (amount, currency, monthly or
 * annual). Each comes with a confidence: a labelled line ("Notice Period: 30 days") is sure, a
 * value found without a label ("Noida" under the name, "12 LPA" in a sentence) is a suggestion.
 */
import { CURRENCY_WORDS, type CurrencyWords } from '~/server/reference/currencies';
import { COUNTRY_PLACES } from '~/server/reference/places';
import { sites } from '../../../../sites';
import { cityBeforeState, cityInLine, cityInside, cityOf, findCity } from './places';
import type { ParsedCity, ParsedNotice, ParsedSalary, NoticeDays } from './types';

const EXPECTED = /expected|desired|अपेक्षित|المتوقع/iu;

/**
 * The value of a "Label: value" line ("Label - value", "Label | value") whose label matches; on
 * a short line without a separator (a table whose cells ran together: "City Singapore"), the
 * words after the shortest matching label.
 */
function valueAfterLabel(line: string, label: RegExp): string | null {
  const m = /^([^:|]{2,40}?)\s*(?:[:：|]|\s[-–]\s)\s*(.+)$/u.exec(line);
  if (m) return label.test(m[1]!.trim()) && !EXPECTED.test(m[1]!) ? m[2]!.trim() : null;
  const words = line.split(' ');
  if (words.length > 7 || /[.;!?]/.test(line) || EXPECTED.test(line)) return null;
  for (let k = 1; k < words.length && k <= 4; k++) {
    if (label.test(words.slice(0, k).join(' '))) return words.slice(k).join(' ');
  }
  return null;
}

/**
 * A line of several labelled parts ("Notice: 15 days - Current salary: IDR 6.800.000/month -
 * Religion: Hindu") as one line per part: a dash, pipe or dot parts them where a new label and
 * its colon follow.
 */
export function labelledParts(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    if (!line.includes(':')) return [line];
    const parts = line.split(/\s+[-–|·•]\s+(?=\p{L}[\p{L}\p{M} ]{1,30}:)/u);
    // "Nationality: Indian Current package: AED 22,000/month Notice period: 2 months": a form's
    // cells run together, each a capitalised label of up to three words and its colon.
    return (line.match(/:\s/g) ?? []).length < 2
      ? parts
      : parts.flatMap((part) =>
          part.split(/\s+(?=\p{Lu}[\p{Ll}\p{M}]+(?:\s+\p{Ll}[\p{Ll}\p{M}]*){0,2}:\s)/u),
        );
  });
}

/** The value of the first line whose label matches. */
function labelledValue(lines: readonly string[], label: RegExp): string | null {
  for (const line of labelledParts(lines)) {
    const value = valueAfterLabel(line, label);
    if (value) return value;
  }
  return null;
}

// --- city --------------------------------------------------------------------------------------

const CITY_LABEL =
  /^(?:(?:current|present)\s+)?(?:location|city|based\s+(?:in|at)|residing\s+(?:in|at)|address|residence)$|^(?:वर्तमान\s+)?(?:शहर|स्थान|पता|निवास)$|^(?:المدينة|الموقع|الموقع الحالي|مكان الإقامة|مدينة الإقامة|العنوان|الإقامة|السكن)$/iu;

/** A line that gives an address: a label, or an e-mail or phone beside it (a contact line). */
const ADDRESS_LINE =
  /address|location|residence|domicile|alamat|पता|निवास|العنوان|السكن|الإقامة|@|\+\d{2}|mobile|phone|\btel\b|الجوال|هاتف|मोबाइल|फ़ोन|फोन/iu;

/** A street address's shape: a block or house number first, or a word for a street. */
const STREET_LINE =
  /^(?:blk|block|no\.?|unit|flat|house|lot|#)\s*\d|(?<![\p{L}])(?:st|street|road|rd|avenue|ave|jalan|jln|soi|lane|marg|barangay|brgy)\.?(?![\p{L}])/iu;

const CITY_WORD =
  /(?<![\p{L}])(?:current\s+location|location|city)(?![\p{L}])|शहर|المدينة|الموقع(?:\s+الحالي)?|مكان\s+الإقامة/iu;

export function findCurrentCity(
  lines: readonly string[],
  header: readonly string[],
): ParsedCity | null {
  const value = labelledValue(lines, CITY_LABEL);
  if (value) {
    const found = findCity([value]);
    if (found) return { ...found, confidence: 0.9 };
  }
  // A label and its city run together, as a right-to-left table's cells can come out.
  for (const line of lines) {
    if (!CITY_WORD.test(line) || line.length > 60) continue;
    // "Quezon City, Metro Manila": the word is part of the city's own name.
    const named = line
      .split(/\s*[|,،•]\s*|\s+[-–]\s+/)
      .map(cityOf)
      .find(Boolean);
    if (named) return { ...named, confidence: 0.7 };
    const found = cityInside(line.replace(CITY_WORD, ' '));
    if (found) return { ...found, confidence: 0.7 };
  }
  // A place on a line of its own (or a part of the contact line) near the name.
  const top = header.slice(0, 8);
  for (const line of top) {
    for (const part of line.split(/\s*[|,،•]\s*|\s+[-–]\s+/)) {
      const found = cityOf(part);
      if (found) return { ...found, confidence: 0.7 };
    }
  }
  // Inside an address or the contact line (with a district, a street or a postcode beside it).
  // A short "District, City" line of a contact block (a sidebar's, under its heading).
  const contactBlock = lines
    .slice(0, 30)
    .filter((l) => l.length <= 50 && /[,،]/.test(l) && !/\d{3}/.test(l));
  // A street address without a label ("Blk 231 Jurong East St 21,", "12 Jalan Ampang").
  const streetLines = lines.slice(0, 30).filter((l) => l.length <= 80 && STREET_LINE.test(l));
  for (const line of [
    ...top,
    ...lines.filter((l) => ADDRESS_LINE.test(l)),
    ...contactBlock,
    ...streetLines,
  ]) {
    const found = cityInLine(line);
    if (found) return { ...found, confidence: 0.6 };
  }
  // An Indian address's city before its state and PIN, though not a site city; the address may
  // wrap before the state ("…, Dehradun,\nUttarakhand - 248006").
  for (const [i, line] of lines.slice(0, 30).entries()) {
    if (!/\d{3}\s?\d{3}|[०-९]{6}/.test(`${line} ${lines[i + 1] ?? ''}`)) continue;
    const found = cityBeforeState(`${line}, ${lines[i + 1] ?? ''}`);
    if (found) return { ...found, confidence: 0.5 };
  }
  return null;
}

// --- notice period -----------------------------------------------------------------------------

const NOTICE_LABEL =
  /notice|availability|available\s+to\s+join|joining\s+time|नोटिस|सूचना\s+अवधि|जॉइनिंग|ज्वाइनिंग|فترة\s+الإشعار|فترة\s+الإنذار|الإشعار|مدة\s+الإشعار|(?:إمكانية\s+|موعد\s+)?(?:الالتحاق|الانضمام)(?:\s+بالعمل)?$/iu;
const NOTICE_STEPS: readonly NoticeDays[] = [15, 30, 45, 60, 90, 180];

/** A notice period in words as one of the SPEC's values. */
export function noticeDays(text: string): NoticeDays | null {
  // "One (1) month", "2 (two) months": a number written twice, once in words, once in digits.
  const t = text
    .toLowerCase()
    .replace(/(?<![\p{L}])\p{L}+\s*\((\d{1,3})\)/gu, '$1')
    .replace(/(\d{1,3})\s*\(\p{L}+\)/gu, '$1');
  if (/serving|सर्विंग|अवधि\s+में|خلال\s+فترة\s+الإشعار/iu.test(t)) return 0;
  if (/immediate|immediately|right\s+away|तुरंत|तत्काल|فوري|فورا|فورًا/iu.test(t)) return 1;
  const m =
    /(\d{1,3})\s*(?:\+\s*)?(days?|weeks?|months?|hari|minggu|bulan|ngày|tuần|tháng|दिन|सप्ताह|हफ्ते|म(?:ही|हि|हीं)न[ाे]|माह|يوما|يومًا|يوم|أيام|أسابيع|أسبوع|أشهر|شهور|شهر)/iu.exec(
      t,
    );
  let days: number | null = null;
  if (m) {
    const n = Number(m[1]);
    const unit = m[2]!;
    if (/week|minggu|tuần|सप्ताह|हफ्ते|أسبوع|أسابيع/iu.test(unit)) days = n * 7;
    else if (/month|bulan|tháng|मही|महि|माह|شهر|أشهر|شهور/iu.test(unit)) days = n * 30;
    else days = n;
  } else if (/\bone\s+month\b|एक\s+(?:महीना|महीने|माह|मास)|شهر\s+واحد|^شهر$/iu.test(t)) days = 30;
  else if (/\btwo\s+months?\b|दो\s+(?:महीने|माह)|شهرين|شهران/iu.test(t)) days = 60;
  else if (/\bthree\s+months?\b|तीन\s+(?:महीने|माह)|ثلاثة\s+أشهر/iu.test(t)) days = 90;
  else if (/\btwo\s+weeks\b|दो\s+(?:सप्ताह|हफ्ते)|أسبوعين|أسبوعان/iu.test(t)) days = 14;
  else if (/\bsix\s+months\b|छह\s+महीने|ستة\s+أشهر/iu.test(t)) days = 180;
  if (days === null || days <= 0 || days > 365) return null;
  return NOTICE_STEPS.find((step) => days <= step) ?? 180;
}

export function findNoticePeriod(lines: readonly string[]): ParsedNotice | null {
  const value = labelledValue(lines, NOTICE_LABEL);
  if (value) {
    const days = noticeDays(value);
    if (days !== null) return { days, confidence: 0.9 };
  }
  // "Notice period of 60 days" or "Available immediately" inside a sentence.
  for (const line of lines) {
    if (!NOTICE_LABEL.test(line) && !/available\s+immediately|immediate\s+joiner/i.test(line))
      continue;
    // "Currently serving notice – last working day ...": serving, before the words after "notice".
    // "Availability: can start after 30 days notice": the period before the word, too.
    const days = /serving|सेवारत|सर्विंग/iu.test(line)
      ? 0
      : (noticeDays(line.replace(/^.*?(?:notice|available)/i, '')) ?? noticeDays(line));
    if (days !== null) return { days, confidence: 0.6 };
  }
  return null;
}

// --- salary ------------------------------------------------------------------------------------

const SALARY_LABEL =
  /^(?:current|present|last\s+drawn|existing)?\s*(?:ctc|salary|package|compensation|pay|monthly\s+salary|annual\s+ctc|gaji(?:\s+terakhir|\s+saat\s+ini)?)(?:\s*\(.*\))?$|^(?:current|last\s+drawn)$|^(?:वर्तमान\s+|मौजूदा\s+)?(?:वेतन|सैलरी|सीटीसी|ctc)$|^(?:ال)?راتب(?:\s+\S+){0,2}$/iu;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SITE_CURRENCIES = new Map(
  sites.flatMap((site) => [
    [site.currency.code, site.currency.symbol] as const,
    ...site.otherCountries.map((c) => [c.currency, null] as const),
  ]),
);
/** A site currency without reference words: its code and its site file's symbol. */
const byCode = (code: string, symbol: string | null): CurrencyWords => {
  const sign = symbol && symbol !== code ? escape(symbol.toLowerCase()) : null;
  const names = [code.toLowerCase(), ...(sign ? [sign] : [])]
    .map((name) => (/^\p{L}/u.test(name) ? `\\b${name}\\b` : name))
    .join('|');
  return { code, words: new RegExp(names, 'iu'), before: names };
};
/**
 * The currencies a salary may be written in, in the order they are tried: the site files'
 * (reference words first), then the other currencies of the reference words, then the fallbacks.
 */
const CURRENCIES: readonly CurrencyWords[] = [
  ...CURRENCY_WORDS.filter((c) => SITE_CURRENCIES.has(c.code) && !c.fallback),
  ...[...SITE_CURRENCIES]
    .filter(([code]) => !CURRENCY_WORDS.some((c) => c.code === code))
    .map(([code, symbol]) => byCode(code, symbol)),
  ...CURRENCY_WORDS.filter((c) => !SITE_CURRENCIES.has(c.code) && !c.fallback),
  ...CURRENCY_WORDS.filter((c) => c.fallback),
];
const MONTHLY =
  /per\s+month|monthly|\/\s*(?:bulan|tháng|माह|महीना|شهر)|per\s+bulan|sebulan|प्र\s?ति\s+(?:माह|महीना)|\/\s*(?:month|mo)\b|\bp\.?\s?m\.?(?![\p{L}])|a\s+month|प्रति\s+माह|प्रति\s+महीना|मासिक|شهري|شهريا|شهريًا|في\s+الشهر/iu;
const ANNUAL =
  /per\s+annum|\bp\.?\s?a\.?(?![\p{L}])|annual(?:ly)?|yearly|per\s+year|\/\s*(?:year|yr|annum)|\blpa\b|\bctc\b|प्रति\s+वर्ष|सालाना|वार्षिक|سنوي|سنويا|سنويًا|في\s+السنة/iu;

/** Salary text ("32 LPA", "28,000 a month" with a currency, "12.5 lakhs p.a.") read as an amount. */
export function readSalary(
  text: string,
  fallbackCurrency: string | null,
  /** The line around the amount, for its currency and mode when the amount alone lacks them. */
  around = '',
): Omit<ParsedSalary, 'confidence'> | null {
  const m =
    /(\d[\d,.]*)\s*(lpa|lakhs?|lacs?|l\b|लाख|k\b|crores?|cr\b|million|mn\b|juta|triệu|tr\b|مليون|ملايين|ألف|الف)?/iu.exec(
      text
        // Arabic thousands separator and decimal sign ("١٤٬٥٠٠", "٩٫٥").
        .replace(/\u066c/g, ',')
        .replace(/\u066b/g, '.')
        .replace(/(\d)\s(?=\d{3}\b)/g, '$1'),
    );
  if (!m) return null;
  // "9.500.000" (Indonesia, Vietnam): dots group thousands.
  const digits = /^\d{1,3}(?:\.\d{3}){2,}$/.test(m[1]!)
    ? m[1]!.replace(/\./g, '')
    : m[1]!.replace(/,/g, '');
  let amount = Number(digits.replace(/\.$/, ''));
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const unit = (m[2] ?? '').toLowerCase();
  const lakhs = /^(?:lpa|lakhs?|lacs?|l|लाख)$/u.test(unit);
  if (lakhs) amount *= 100_000;
  else if (/^(?:crores?|cr)$/.test(unit)) amount *= 10_000_000;
  else if (unit === 'k' || unit === 'ألف' || unit === 'الف') amount *= 1000;
  else if (/^(?:million|mn|juta|triệu|tr|مليون|ملايين)$/u.test(unit)) amount *= 1_000_000;
  amount = Math.round(amount);
  text = `${text} ${around}`;
  const currency = CURRENCIES.find((c) => c.words.test(text))?.code ?? fallbackCurrency;
  if (!currency) return null;
  const mode = MONTHLY.test(text)
    ? 'monthly'
    : ANNUAL.test(text) || lakhs
      ? 'annual'
      : COUNTRY_PLACES.get(countryOfCurrency(currency) ?? '')?.period === 'year'
        ? 'annual'
        : 'monthly';
  if (amount < 100 || amount > 1_000_000_000) return null;
  return { amount, currency, mode };
}

function countryOfCurrency(currency: string): string | null {
  for (const [code, place] of COUNTRY_PLACES) if (place.currency === currency) return code;
  return null;
}

/** An amount with a currency before it or a pay unit after it. */
const PAY_PHRASE = new RegExp(
  `((?:${CURRENCIES.flatMap((c) => c.before ?? []).join('|')})\\s*)?\\d[\\d,.]*\\s*(lpa|lakhs?|lacs?|crores?|k\\b|per\\s+(?:month|annum|year)|p\\.\\s?[am]\\.?|monthly|annually|ريال|درهم|लाख)?`,
  'giu',
);

export function findCurrentSalary(
  lines: readonly string[],
  fallbackCurrency: string | null,
): ParsedSalary | null {
  const parts = labelledParts(lines);
  for (const line of parts) {
    const value = valueAfterLabel(line, SALARY_LABEL);
    if (!value) continue;
    const ctc = /ctc/i.test(line) ? 'ctc' : '';
    // "Current salary: RM" / "9,500/month": a PDF broke the value onto the next line.
    const next = parts[parts.indexOf(line) + 1] ?? '';
    const found =
      readSalary(`${value} ${ctc}`, fallbackCurrency) ??
      (/\d/.test(value) ? null : readSalary(`${value} ${next} ${ctc}`, fallbackCurrency));
    if (found) return { ...found, confidence: 0.9 };
  }
  // "Drawing a CTC of 18 LPA": an amount with its currency or unit, outside a label.
  for (const line of lines) {
    if (EXPECTED.test(line)) continue;
    if (!/\b(?:ctc|lpa|salary|per\s+month|per\s+annum)\b|راتب|वेतन/iu.test(line)) continue;
    for (const m of line.matchAll(PAY_PHRASE)) {
      if (!m[1] && !m[2]) continue;
      const found = readSalary(m[0], fallbackCurrency, line);
      if (found) return { ...found, confidence: 0.6 };
    }
  }
  return null;
}

/** The currency of a site city's country, for a salary written without one. */
export function currencyOf(city: ParsedCity | null): string | null {
  return city ? (COUNTRY_PLACES.get(city.country)?.currency ?? null) : null;
}

export { cityOf };
