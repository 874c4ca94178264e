/**
 * The resume parser over the corpus (tests/fixtures/resumes/corpus: 70 files in PDF, DOCX, DOC,
 * RTF and TXT made by LibreOffice from 14 people in six layouts, plus hand-typed text resumes)
 * keeps the precision and recall it reached: `npm run bench -- parse` prints the same figures
 * with every miss. Also the two cases that used to fail: "X at Y" headlines and qualification
 * lines inside a skills section.
 */
import { describe, expect, it } from 'vitest';
import { parseResumeText } from '~/server/resumes/parse';
import { FIELDS, scoreCorpus, type Field } from '../fixtures/resumes/corpus/score';

/** Reached on this corpus (rounded down); a change to the parser must not fall below. */
const THRESHOLDS: Record<Field, { precision: number; recall: number }> = {
  name: { precision: 0.98, recall: 0.98 },
  email: { precision: 1, recall: 1 },
  phone: { precision: 1, recall: 1 },
  designation: { precision: 1, recall: 1 },
  company: { precision: 1, recall: 1 },
  skills: { precision: 0.93, recall: 0.99 },
};

describe('resume parser corpus', () => {
  it('covers at least 40 resumes in all five formats', async () => {
    const score = await scoreCorpus();
    expect(score.files).toBeGreaterThanOrEqual(40);
  }, 60_000);

  it('keeps field-by-field precision and recall at the reached thresholds', async () => {
    const score = await scoreCorpus();
    for (const field of FIELDS) {
      const { precision, recall } = score.fields[field];
      expect(precision, `${field} precision`).toBeGreaterThanOrEqual(THRESHOLDS[field].precision);
      expect(recall, `${field} recall`).toBeGreaterThanOrEqual(THRESHOLDS[field].recall);
    }
  }, 60_000);

  it('reads "Senior Java Developer at Acme" under the name as designation and company', () => {
    const parsed = parseResumeText(
      'RAVI KUMAR\nSenior Java Developer at Acme\nravi@example.com | 9876543210\n\nSKILLS\nJava, SQL',
    );
    expect(parsed.designation).toBe('Senior Java Developer');
    expect(parsed.company).toBe('Acme');
  });

  it('keeps qualification lines out of the skills', () => {
    const parsed = parseResumeText(
      'Ravi Kumar\nravi@example.com\n\nSkills\nJava, SQL\nB.Tech Computer Science, IIT Bombay, 2015\nMBA Finance 2018\nQualification: B.Sc Computer Science (2014)',
      { now: new Date('2026-11-21T10:00:00Z') },
    );
    expect(parsed.skills).toEqual(['Java', 'SQL']);
    expect(parsed.education.map((e) => e.year)).toContain(2015);
  });
});
