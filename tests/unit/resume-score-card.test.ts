/** The resume score card: what a real resume scores, and what a thin one is told to improve. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scoreResumeText } from '~/server/commerce/score-card';

const now = new Date('2026-06-01T00:00:00Z');

describe('scoreResumeText', () => {
  it('scores a complete resume well, with little to improve', () => {
    const text = readFileSync('tests/fixtures/resumes/mohammed-al-farsi.txt', 'utf8');
    const card = scoreResumeText(text, now);
    const by = Object.fromEntries(card.checks.map((c) => [c.check, c]));
    expect(by.contact!.points).toBe(15);
    expect(by.dates!.points).toBe(15);
    expect(by.skills!.points).toBeGreaterThan(0);
    expect(card.score).toBeGreaterThanOrEqual(60);
    expect(card.score).toBe(card.checks.reduce((n, c) => n + c.points, 0));
  });

  it('tells a thin resume what is missing and which service helps', () => {
    const card = scoreResumeText(
      'Ravi Kumar\nLooking for a job in sales where I can use my skills and grow with the company over many years of service to customers everywhere',
      now,
    );
    const by = Object.fromEntries(card.checks.map((c) => [c.check, c]));
    expect(by.sections).toMatchObject({ advice: 'sections', service: 'resume-writing' });
    expect(by.sections!.detail.missing).toBe('summary, experience, education, skills');
    expect(by.contact).toMatchObject({ points: 0, advice: 'contact' });
    expect(by.length).toMatchObject({ points: 0, advice: 'length' });
    expect(by.dates).toMatchObject({ points: 0, advice: 'dates' });
    expect(by.readability).toMatchObject({ advice: 'readability' });
    expect(card.score).toBeLessThan(20);
  });
});
