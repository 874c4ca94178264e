/**
 * Voice search (SPEC §7 voice-search/api/v1/getSemantic): a spoken request, as transcribed, split
 * into the search box's three fields. Rule-based and offline:
 *
 *   extractSemantic('find me java developer jobs in Pune with 3 years experience', site)
 *   // → { keywords: 'java developer', location: 'Pune', experience: 3 }
 *
 * - Digits in Devanagari (०-९) and Arabic scripts (٠-٩, ۰-۹) count as digits.
 * - Location: the longest name of one of the site's cities in the text (other names and
 *   Hindi/Arabic spellings too: Bangalore, मुंबई, دبي; on Gulf also country names), given back
 *   as the city's own name.
 * - Experience: "3 years", "5 yrs", "2+ years", "३ साल", "٥ سنوات" → the number (at most 50);
 *   "fresher", "no experience", "फ्रेशर", "حديث التخرج" → 0.
 * - Keywords: what is left, without filler words ("find me", "jobs", "in", "नौकरी", "وظائف"...),
 *   cleaned like typed keywords.
 */
import { cleanSearchText } from '~/lib/validation/search';
import type { Site } from '~/lib/sites/schema';
import { spokenCityNames } from './places';

/** Not in SPEC: an empty or missing transcript (the recogniser heard nothing). */
export const SEMANTIC_TEXT_REQUIRED = 'We could not hear a search. Please try again.';
export const SEMANTIC_TEXT_TOO_LONG = 'The spoken search is too long.';

export interface Semantic {
  keywords: string;
  location: string;
  experience: number | null;
}

const DIGITS: Record<string, string> = {};
for (let i = 0; i < 10; i++) {
  DIGITS[String.fromCharCode(0x0966 + i)] = String(i); // Devanagari
  DIGITS[String.fromCharCode(0x0660 + i)] = String(i); // Arabic-Indic
  DIGITS[String.fromCharCode(0x06f0 + i)] = String(i); // Eastern Arabic-Indic (Persian, Urdu)
}

/** Devanagari and Arabic-script digits as ASCII digits. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096f\u0660-\u0669\u06f0-\u06f9]/g, (d) => DIGITS[d] ?? d);
}

/** Words that say how long, after a number. */
const YEAR_WORDS = [
  'years?',
  'yrs?',
  'y',
  'साल',
  'वर्ष',
  'वर्षों',
  'सालों',
  'سنة',
  'سنوات',
  'سنين',
  'عام',
  'أعوام',
  'اعوام',
].join('|');

const EXPERIENCE_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\d{1,2})\\s*(?:\\+|plus)?\\s*(?:-\\s*\\d{1,2}\\s*)?(?:${YEAR_WORDS})(?![\\p{L}])(?:\\s*(?:of\\s+)?(?:experience|exp|experienced|का अनुभव|अनुभव|من الخبرة|خبرة))?`,
  'iu',
);

const FRESHER_RE =
  /(?<![\p{L}])(?:freshers?|fresh graduates?|entry[ -]level|no experience|without experience|फ्रेशर|फ्रेशर्स|नए|बिना अनुभव|حديثي التخرج|حديث التخرج|بدون خبرة|خريج جديد)(?![\p{L}])/iu;

/** Filler words of a spoken job search (lower case), in English, Hindi and Arabic. */
const FILLERS = new Set([
  // English
  'find',
  'me',
  'show',
  'search',
  'searching',
  'look',
  'looking',
  'for',
  'a',
  'an',
  'the',
  'any',
  'some',
  'job',
  'jobs',
  'vacancy',
  'vacancies',
  'opening',
  'openings',
  'position',
  'positions',
  'career',
  'careers',
  'work',
  'in',
  'at',
  'near',
  'around',
  'with',
  'of',
  'i',
  'am',
  "i'm",
  'want',
  'need',
  'get',
  'give',
  'please',
  'can',
  'you',
  'hiring',
  'available',
  'experience',
  'exp',
  'experienced',
  'as',
  'and',
  'or',
  'to',
  'on',
  'latest',
  'new',
  // Hindi
  'नौकरी',
  'नौकरियां',
  'नौकरियाँ',
  'जॉब',
  'जॉब्स',
  'में',
  'के',
  'लिए',
  'की',
  'का',
  'को',
  'मुझे',
  'चाहिए',
  'दिखाओ',
  'दिखाइए',
  'खोजें',
  'खोजो',
  'ढूंढो',
  'ढूंढें',
  'अनुभव',
  'साथ',
  'वाली',
  'वाले',
  'और',
  'कृपया',
  // Arabic
  'وظائف',
  'وظيفة',
  'وظيفه',
  'في',
  'ل',
  'عن',
  'ابحث',
  'أبحث',
  'ابحثي',
  'اريد',
  'أريد',
  'لي',
  'من',
  'مع',
  'خبرة',
  'على',
  'و',
  'الوظائف',
  'شواغر',
  'من فضلك',
]);

/** Arabic clitics a city name may carry: "بدبي" (in Dubai), "لدبي", "ودبي". */
const ARABIC_PREFIXES = ['', 'ب', 'ل', 'و', 'في'];

export function extractSemantic(text: string, site: Site): Semantic {
  let rest = ` ${asciiDigits(text).replace(/\s+/g, ' ').trim()} `;

  let experience: number | null = null;
  const years = EXPERIENCE_RE.exec(rest);
  if (years) {
    experience = Math.min(50, Number(years[1]));
    rest = rest.replace(years[0], ' ');
  } else {
    const fresher = FRESHER_RE.exec(rest);
    if (fresher) {
      experience = 0;
      rest = rest.replace(fresher[0], ' ');
    }
  }

  let location = '';
  const lower = rest.toLowerCase();
  for (const { name, city } of spokenCityNames(site.context)) {
    const found = findWord(lower, name);
    if (found) {
      location = city;
      rest = `${rest.slice(0, found.start)} ${rest.slice(found.end)}`;
      break;
    }
  }

  const words = cleanSearchText(rest.replace(/,/g, ' '))
    .split(' ')
    .filter((w) => w !== '' && !FILLERS.has(w.toLowerCase()));
  return { keywords: words.join(' '), location, experience };
}

/** Where `name` occurs in `text` as whole words (an Arabic name may carry a clitic). */
function findWord(text: string, name: string): { start: number; end: number } | null {
  const arabic = /[\u0600-\u06ff]/.test(name);
  for (const prefix of arabic ? ARABIC_PREFIXES : ['']) {
    const needle = `${prefix}${name}`;
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      const before = text[at - 1] ?? ' ';
      const after = text[at + needle.length] ?? ' ';
      if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after))
        return { start: at, end: at + needle.length };
      from = at + 1;
    }
  }
  return null;
}
