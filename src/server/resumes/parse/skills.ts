/** Skills: known skills found anywhere, plus the items of a skills section. */
import {
  GENERIC_SKILLS,
  INSTITUTE_PATTERN,
  SKILLS,
  SKILLS_BY_KEY,
} from '~/server/reference/vocabulary';
import { HAS_YEAR, hasDegree } from './education';

const MAX_SKILLS = 40;

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
  const institute = INSTITUTE_PATTERN.test(line);
  return (HAS_YEAR.test(line) && (hasDegree(line) || institute)) || (hasDegree(line) && institute);
}

/** Items of a skills section: comma, semicolon, pipe or bullet separated, labels dropped. */
function skillItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    if (looksLikeEducation(line)) continue;
    // "Languages: Java, Python" -> "Java, Python"
    const body = line.replace(/^[A-Za-z][A-Za-z &/]{1,30}:\s*/, '');
    for (const raw of body.split(/\s*[,;|•]\s*|\s+\/\s+/)) {
      const item = raw
        .replace(/^(?:and|&)\s+/i, '')
        .replace(/[.:]+$/, '')
        .trim();
      if (item.length < 1 || item.length > 40) continue;
      if (item.split(' ').length > 5 || /[.!?]\s/.test(item)) continue;
      if (!/\p{L}/u.test(item)) continue;
      items.push(item);
    }
  }
  return items;
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
  const sectionText = (skillsSection ?? []).join('\n');
  for (const item of skillItems(skillsSection ?? [])) {
    add(SKILLS_BY_KEY.get(item.toLowerCase()) ?? item);
  }
  // Known skills anywhere else, in order of first appearance; generic words only in the section.
  const found: { skill: string; at: number }[] = [];
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
