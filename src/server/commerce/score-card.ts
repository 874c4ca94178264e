/**
 * The resume score card (getResumeScoreCard): a 0-100 score of the seeker's uploaded resume from
 * what is in its text, with what to improve and the career service that helps. Six checks:
 * sections recruiters look for (25), length (15), contact details (15), skills (20), dates of jobs
 * and studies (15), readability (10).
 */
import {
  findEmail,
  findPhone,
  findRanges,
  findSkills,
  splitSections,
  toLines,
} from '~/server/resumes/parse';

export type ScoreCheck = 'sections' | 'length' | 'contact' | 'skills' | 'dates' | 'readability';

export interface ScoreCard {
  score: number;
  checks: {
    check: ScoreCheck;
    points: number;
    max: number;
    /** Key of the advice (commerce:scoreCard.<key>) when points are missing. */
    advice: string | null;
    detail: Record<string, string | number>;
    /** The career service that would help with it. */
    service: string | null;
  }[];
  words: number;
}

const KEY_SECTIONS = ['summary', 'experience', 'education', 'skills'] as const;

export function scoreResumeText(text: string, now = new Date()): ScoreCard {
  const lines = toLines(text);
  const { header, byKind } = splitSections(lines);
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const checks: ScoreCard['checks'] = [];

  const missing = KEY_SECTIONS.filter((k) => !(byKind.get(k)?.length ?? 0));
  const sectionPoints = Math.round(
    25 * ((KEY_SECTIONS.length - missing.length) / KEY_SECTIONS.length),
  );
  checks.push({
    check: 'sections',
    points: sectionPoints,
    max: 25,
    advice: missing.length ? 'sections' : null,
    detail: { missing: missing.join(', '), found: KEY_SECTIONS.length - missing.length },
    service: missing.length ? 'resume-writing' : null,
  });

  // 300-900 words reads as one or two full pages.
  const lengthPoints = words >= 300 && words <= 900 ? 15 : words >= 150 && words <= 1300 ? 8 : 0;
  checks.push({
    check: 'length',
    points: lengthPoints,
    max: 15,
    advice: lengthPoints === 15 ? null : words > 900 ? 'tooLong' : 'length',
    detail: { words },
    service: lengthPoints === 15 ? null : 'resume-writing',
  });

  const email = findEmail(text);
  const phone = findPhone(header.length ? header : lines);
  const contactPoints = (email ? 8 : 0) + (phone ? 7 : 0);
  checks.push({
    check: 'contact',
    points: contactPoints,
    max: 15,
    advice: contactPoints === 15 ? null : 'contact',
    detail: { email: email ? 1 : 0, phone: phone ? 1 : 0 },
    service: null,
  });

  const skills = findSkills(text, byKind.get('skills'));
  const skillPoints = Math.min(20, skills.length * 4);
  checks.push({
    check: 'skills',
    points: skillPoints,
    max: 20,
    advice: skills.length >= 5 ? null : 'skills',
    detail: { skills: skills.length },
    service: skills.length >= 5 ? null : 'profile-highlighter',
  });

  const ranges = findRanges(lines, now);
  const datePoints = ranges.length >= 2 ? 15 : ranges.length === 1 ? 8 : 0;
  checks.push({
    check: 'dates',
    points: datePoints,
    max: 15,
    advice: datePoints === 15 ? null : 'dates',
    detail: { ranges: ranges.length },
    service: datePoints === 15 ? null : 'resume-writing',
  });

  // Average sentence length in words: bullets and short sentences read best (under 22 words).
  const sentences = text
    .split(/[.!?•\n]+/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 3);
  const average = sentences.length
    ? sentences.reduce((n, s) => n + s.split(/\s+/).length, 0) / sentences.length
    : 0;
  const readabilityPoints = sentences.length === 0 ? 0 : average <= 22 ? 10 : average <= 30 ? 5 : 0;
  checks.push({
    check: 'readability',
    points: readabilityPoints,
    max: 10,
    advice: readabilityPoints === 10 ? null : 'readability',
    detail: { averageWords: Math.round(average) },
    service: readabilityPoints === 10 ? null : 'resume-writing',
  });

  return { score: checks.reduce((n, c) => n + c.points, 0), checks, words };
}
