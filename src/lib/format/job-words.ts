/**
 * Job words in the page's language (decision 0087): the portal's own names of things, which the
 * data keeps in English (a role or job family title, a skill, a job function, an industry), shown
 * on Hindi and Arabic pages and in their mails by the name the portal has for them: "Sales
 * Executive" reads "सेल्स एग्जीक्यूटिव" and "مندوب مبيعات". Titles, skills and qualifications take
 * the first (usual) name of src/lib/names; functions and industries the chrome
 * namespace's `names` the search filters show. A word the portal has no name for, and what
 * employers write (a job's own title, a company's name), stays as written; links, search and data
 * keep the English.
 */
import { nameKey } from '~/lib/chrome/names';
import { getT, keyIn } from '~/lib/i18n';
import { QUALIFICATION_NAMES, SKILL_NAMES, TITLE_NAMES, splitNames } from '~/lib/names';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import type { Lang } from '~/lib/sites/schema';

type LocalLang = Exclude<Lang, 'en'>;

const wordKey = (english: string) => english.trim().replace(/\s+/g, ' ').toLowerCase();

const byLang = new Map<LocalLang, ReadonlyMap<string, string>>();

/** English (folded) → the language's name, made once per language. */
function namesOf(lang: LocalLang): ReadonlyMap<string, string> {
  let names = byLang.get(lang);
  if (names) return names;
  const map = new Map<string, string>();
  const column = lang === 'hi' ? 1 : 2;
  const t = getT(lang);
  for (const { value } of [...JOB_FUNCTIONS, ...INDUSTRIES]) {
    const name = t(keyIn('chrome:names', nameKey(value)), { defaultValue: '' });
    if (name) map.set(wordKey(value), name);
  }
  // Titles after skills: a term that is both ("Customer Service") reads as its title's name.
  for (const term of [...QUALIFICATION_NAMES, ...SKILL_NAMES, ...TITLE_NAMES]) {
    const [name] = splitNames(term[column]);
    if (name) map.set(wordKey(term[0]), name);
  }
  names = map;
  byLang.set(lang, names);
  return names;
}

/**
 * Seniorities the portal puts before a title ("Senior Accountant", the designations filter): in
 * Hindi before the title's name as spoken (सीनियर अकाउंटेंट), in Arabic after it as Gulf job ads
 * write it (محاسب أول).
 */
const SENIORITY: Record<string, Record<LocalLang, string>> = {
  senior: { hi: 'सीनियर', ar: 'أول' },
  junior: { hi: 'जूनियर', ar: 'مبتدئ' },
  lead: { hi: 'लीड', ar: 'رئيسي' },
};

/** "Intern" after a title (the portal's internships: "Data Entry Operator Intern"). */
const INTERN: Record<LocalLang, string> = { hi: 'इंटर्न', ar: 'متدرب' };

/** A job word in `lang`: its local name, or the word as it came. */
export function jobWord(english: string, lang: Lang): string {
  if (lang === 'en' || !english) return english;
  const names = namesOf(lang);
  const key = wordKey(english);
  const name = names.get(key);
  if (name) return name;
  // A seniority before, or "Intern" after, a named title; any other text (an employer's own
  // title) stays as written.
  const words = key.split(' ');
  const senior = SENIORITY[words[0] ?? '']?.[lang];
  const seniorTitle = senior ? names.get(words.slice(1).join(' ')) : undefined;
  if (senior && seniorTitle)
    return lang === 'ar' ? `${seniorTitle} ${senior}` : `${senior} ${seniorTitle}`;
  const internTitle = words.at(-1) === 'intern' ? names.get(words.slice(0, -1).join(' ')) : null;
  if (internTitle) return `${internTitle} ${INTERN[lang]}`;
  return english;
}

/** The English job words that have a name in `lang` (for checks that none is shown in English). */
export function namedJobWords(lang: LocalLang): string[] {
  const names = namesOf(lang);
  const words = [...JOB_FUNCTIONS, ...INDUSTRIES].map((r) => r.value);
  for (const term of [...QUALIFICATION_NAMES, ...SKILL_NAMES, ...TITLE_NAMES]) words.push(term[0]);
  return [...new Set(words)].filter((w) => names.has(wordKey(w)));
}
