/** Skills: known skills found anywhere, plus the items of a skills section. */
import {
  GENERIC_SKILLS,
  INSTITUTE_PATTERN,
  SKILLS,
  SKILLS_BY_KEY,
} from '~/server/reference/vocabulary';
import { HAS_YEAR, hasDegree } from './education';
import { isPlaceLine } from './places';
import { headingKind } from './text';

/** Pay: a currency, a pay unit or a pay word ("AED 28,000 per month", "INR 32 LPA"). */
export const PAY_WORDS =
  /(?<![\p{L}])(?:inr|aed|sar|qar|omr|kwd|bhd|usd|sgd|thb|vnd|idr|myr|hkd|rs\.?|rupees?|dirhams?|riyals?|lpa|ctc|lakhs?|lacs?|crores?|per\s+(?:month|annum|year)|p\.\s?[am]\.?|salary|package|درهم|ريال|راتب|रुपये|वेतन|लाख)(?![\p{L}])|[₹$€£₱]/iu;
/** Labels of personal lines that are never skills. */
const NOT_SKILL_LABELS =
  /^(?:(?:current|expected|present)\s+)?(?:ctc|salary|notice(?:\s+period)?|location|city|address|nationality|date\s+of\s+birth|dob|gender|marital\s+status|civil\s+status|passport|visa(?:\s+status)?|languages?\s+known|place|date|religion|(?:father|mother|husband|spouse)'?s?\s+name|mobile|phone|e-?mail|driving\s+licen[cs]e|availability|hobbies|interests)$/i;

/** Hindi and Arabic personal labels (city, notice, pay, address, details). */
const PERSONAL_WORDS =
  /(?<![\p{L}\p{M}])(?:शहर|नोटिस|वेतन|पता|विवरण|जानकारी|भाषाएं|भाषाएँ|जन्म|वैवाहिक|राष्ट्रीयता|मोबाइल|ईमेल|المدينة|الراتب|العنوان|الإشعار|الاشعار|اللغات|الجنسية|الحالة الاجتماعية|تاريخ الميلاد|الجوال|الهاتف|البريد|رخصة القيادة|الإقامة)(?![\p{L}\p{M}])/u;

/** An item that is pay, a notice period, a place, a heading or a personal detail. */
export function isJunkSkill(item: string): boolean {
  const t = item.trim();
  if (PAY_WORDS.test(t)) return true;
  // "90 days", "000 per month", "2 months": a number on its own first is never a skill ("5S",
  // "3D modelling" are).
  if (/^\d[\d.,]*(?:\s|$)/.test(t)) return true;
  if (
    /(?<![\p{L}])(?:days?|weeks?|months?|notice|immediate(?:ly)?|serving|दिन|सप्ताह|महीना|महीने|يوم|يوما|يومًا|يوماً|أيام|شهر|شهران|شهرين|أشهر|أسبوع|أسبوعين|أسابيع|فوري|فورا|فوراً)(?![\p{L}])/iu.test(
      t,
    )
  )
    return true;
  if (/@|https?:|www\./i.test(t)) return true;
  // "(सुरेश पाल सिंह)": a name signed in brackets under a declaration.
  if (/^\([^()]+\)$/.test(t)) return true;
  // A fragment starting with a vowel sign is a word a PDF broke, not a skill.
  if (/^\p{M}/u.test(t)) return true;
  // Personal labels run into their values ("शहर जयपुर"), and broken "details" headings.
  if (PERSONAL_WORDS.test(t)) return true;
  return isPlaceLine(t) || headingKind(t) !== null || NOT_SKILL_LABELS.test(t);
}

const MAX_SKILLS = 40;
/** Skills a section lists for the parser to take them as the resume's whole answer. */
const SKILLS_LISTED_ENOUGH = 5;

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
  // "MS Excel" names no master's degree, "ISO 9001:2015" and "Incoterms 2020" no passing year.
  const text = line
    .replace(
      /\bMS\s+(?:Excel|Word|Office|PowerPoint|Project|Access|Outlook|Visio|Teams|Dynamics|SQL)\b/gi,
      '',
    )
    .replace(/\b(?:ISO\s*\d{3,5}(?::\d{4})?|Incoterms\s*\d{4})/gi, '');
  const institute = INSTITUTE_PATTERN.test(text);
  return (HAS_YEAR.test(text) && (hasDegree(text) || institute)) || (hasDegree(text) && institute);
}

/** Words in brackets that say how well, not what: "PLC (basic)", "English (fluent)". */
const LEVEL_WORDS =
  /^(?:basic|beginner|intermediate|advanced|expert|proficient|native|fluent|good|excellent|working|conversational|professional|certified|green belt|black belt|yellow belt|\d.*)$/i;

/** "PTW" for "Permit to Work": the initials of the words before it. */
function initialsOf(words: string, short: string): boolean {
  const initials = words
    .split(/[\s-]+/)
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w[0]!.toUpperCase());
  const letters = short.replace(/[^A-Za-z]/g, '').toUpperCase();
  const all = initials.join('');
  const capitals = initials
    .filter((_, i) => /^\p{Lu}/u.test(words.split(/[\s-]+/)[i] ?? ''))
    .join('');
  return letters.length >= 2 && (letters === all || letters === capitals);
}

/**
 * "Onboarding (Zoho People)", "Contract Administration (FIDIC)": a skill with the tool or
 * standard it was used with, both skills. The skill's own abbreviation ("Permit to Work (PTW)"),
 * a level ("PLC (basic)"), a list or a translation in the brackets leaves the item whole.
 */
function withBracketedTool(item: string): string[] {
  const m = /^(.+?)\s*\(([^(),]{2,30})\)$/.exec(item);
  const inner = m?.[2]!.trim() ?? '';
  // Only a Latin-script tool name: "(فيديك)", "(बेसिक)" are translations or levels.
  if (
    !m ||
    LEVEL_WORDS.test(inner) ||
    // "SAP (SD/MM)": modules of the tool, not a tool of their own.
    /^[A-Z]{2,4}(?:\/[A-Z]{2,4})+$/.test(inner) ||
    inner.split(' ').length > 3 ||
    !/^[A-Za-z0-9 .&+#/-]+$/.test(inner) ||
    initialsOf(m[1]!, inner)
  )
    return [item];
  return [m[1]!.trim(), inner];
}

/** A category of skills as a table's first column names it ("Cloud", "CI/CD", "Scripting / OS"). */
const CATEGORY_WORD =
  '(?:cloud|containers?|containeri[sz]ation|ci/cd|devops|observability|monitoring|scripting|os|operating\\s+systems?|(?:programming\\s+)?languages?|frameworks?|libraries|databases?|tools?|testing|front[\\s-]?end|back[\\s-]?end|mobile|analytics|bi|erp|platforms?|methodolog(?:y|ies)|version\\s+control|security|networking|soft\\s+skills|functional|domain)';
const CATEGORY_FIRST = new RegExp(
  `^${CATEGORY_WORD}(?:\\s*[/&]\\s*${CATEGORY_WORD})*\\s+(?=\\S)`,
  'i',
);

/**
 * A skills table whose first column names each row's category, read as text without its
 * columns ("Containers Kubernetes, Docker, Helm", "CI/CD Jenkins, GitHub Actions"): when two rows
 * or more start with a category and no colon, the category goes. A row whose first item is itself
 * a known skill ("Mobile Banking", when the vocabulary knows it) keeps it.
 */
function withoutCategoryColumn(lines: readonly string[]): readonly string[] {
  const labelled = lines.map((line) => {
    if (line.includes(':')) return null;
    const m = CATEGORY_FIRST.exec(line);
    if (!m) return null;
    const firstItem = line.split(/\s*[,;|•]\s*/)[0]!.toLowerCase();
    return SKILLS_BY_KEY.has(firstItem) ? null : m[0].length;
  });
  if (labelled.filter((n) => n !== null).length < 2) return lines;
  return lines.map((line, i) => (labelled[i] ? line.slice(labelled[i]) : line));
}

/**
 * A long list line the page wrapped inside an item ("… • Trade Marketing • Budget" /
 * "Management • Product Launch") joined again: the first line is as long as a page's line, has
 * separators and does not end with one, and the next goes on with a few words before its first.
 */
function joinWrappedItems(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const goesOn =
      previous !== undefined &&
      previous.length >= 70 &&
      /[,;|•·]/.test(previous) &&
      !/[,;|•·.:]\s*$/.test(previous) &&
      /^\p{L}/u.test(line) &&
      /^[^,;|•·:]{1,30}(?:[,;|•·]|$)/u.test(line) &&
      line
        .split(/[,;|•·]/)[0]!
        .trim()
        .split(/\s+/).length <= 3;
    if (goesOn) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out;
}

/** Items of a skills section: comma, semicolon, pipe or bullet separated, labels dropped. */
function skillItems(sectionLines: readonly string[]): string[] {
  const items: string[] = [];
  for (let line of withoutCategoryColumn(joinWrappedItems(sectionLines))) {
    if (looksLikeEducation(line)) continue;
    // "Technical | Cisco Routing, Fortinet FortiGate": a table's category cell before its list.
    const cells = line.split(/\s+\|\s+/);
    if (
      cells.length === 2 &&
      /^\p{L}[\p{L}\p{M} &/-]{1,25}$/u.test(cells[0]!) &&
      (cells[1]!.match(/[,،]/g) ?? []).length >= 2 &&
      cells[0]!.split(' ').length <= 2 &&
      !SKILLS_BY_KEY.has(cells[0]!.toLowerCase())
    )
      line = cells[1]!;
    const label = /^(\p{L}[\p{L}\p{M} &/']{1,30}?)\s*:\s*/u.exec(line);
    // "Current CTC: INR 32 LPA" and "Notice Period: 90 days" are not skills.
    const name = label?.[1]!.trim() ?? '';
    if (label && (NOT_SKILL_LABELS.test(name) || PERSONAL_WORDS.test(name) || PAY_WORDS.test(name)))
      continue;
    // "Languages: Java, Python" -> "Java, Python"; "PHP, JavaScript - Frameworks: Laravel" -> a
    // second group whose label goes too.
    const body = (label ? line.slice(label[0].length) : line).replace(
      /\s+[-–]\s+\p{L}[\p{L} &/]{1,25}:\s*/gu,
      ', ',
    );
    // Commas inside brackets stay: "AWS (EKS, EC2)" is one item.
    const protectedBody = body.replace(/\([^()]{0,60}\)/g, (group) =>
      group.replace(/,/g, '\u0001'),
    );
    for (const raw of protectedBody.split(/\s*[,;|•،؛]\s*|\s+\/\s+/)) {
      const item = raw
        .replace(/\u0001/g, ',')
        .replace(/^(?:and|&)\s+/i, '')
        // "NEBOSH IGC (2015)": the year it was earned is not part of the skill.
        .replace(/\s*\((?:19|20)\d\d\)$/, '')
        // OCR reads a bullet at the right end of an Arabic page as "©" or "e" after the skill.
        .replace(/(?:\s+[©®«»•e])+(?=\s*(?:\(|$))/u, '')
        .replace(/[.:!]+$/, '')
        .trim();
      if (item.length < 1 || item.length > 40) continue;
      if (item.split(' ').length > 5 || /[.!?]\s/.test(item)) continue;
      if (!/\p{L}/u.test(item) || isJunkSkill(item)) continue;
      items.push(...withBracketedTool(item));
    }
  }
  return items;
}

/**
 * Without a skills heading (a scan whose OCR garbled it), a line listing five or more short
 * items, half of them known skills, is the list: "AutoCAD, STAAD.Pro, Bar Bending Schedule, …".
 */
function listLine(text: string): string[] {
  for (const line of text.split('\n')) {
    const items = line.split(/\s*[,;|•،]\s*/).filter(Boolean);
    if (items.length < 5 || items.some((item) => item.split(/\s+/).length > 4)) continue;
    const known = items.filter((item) => SKILLS_BY_KEY.has(item.toLowerCase())).length;
    if (known * 2 >= items.length && !looksLikeEducation(line)) return [line];
  }
  return [];
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
  const section = skillsSection?.length ? skillsSection : listLine(text);
  const sectionText = section.join('\n');
  const listed = skillItems(section);
  for (const item of listed) {
    add(SKILLS_BY_KEY.get(item.toLowerCase()) ?? item);
  }
  // A resume that lists its skills has said which they are: a tool its experience names in
  // passing ("POS materials") is not added to them.
  if (listed.length >= SKILLS_LISTED_ENOUGH) return chosen;
  // Known skills anywhere else, in order of first appearance; generic words only in the section.
  const found: { skill: string; at: number }[] = [];
  // "PHP 64,000 per month" is pay in pesos, not the language: pay lines are not searched.
  text = text
    .split('\n')
    .filter((line) => !(/\d/.test(line) && PAY_WORDS.test(line)) && !/\bPHP\s?\d/.test(line))
    .join('\n');
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
