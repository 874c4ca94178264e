/**
 * A name, designation or company the parser is unsure of (read from a scan, or text that does not
 * read as clean words) is never put into a form as if it were read right: it is only suggested,
 * for the seeker to check and enter.
 */
import { describe, expect, it } from 'vitest';
import type { ParsedResumeFields } from '~/lib/resumes/parsed';
import { employmentPrefill, registrationPrefill } from '~/server/resumes/prefill';

const SITE = { context: 'fixture', currency: 'XTS' };

const parsed = (unsure: ParsedResumeFields['unsure']): ParsedResumeFields => ({
  name: 'Nguyen Van An',
  email: 'an.nguyen@example.com',
  phone: { isd: '+84', number: '912345678' },
  skills: [],
  experience: null,
  designation: 'Kế toán trưởng',
  company: 'Cong ty TNHH Minh Phat',
  education: [],
  linkedIn: null,
  unsure,
});

describe('what an uploaded resume fills in', () => {
  it('fills the registration name, email and mobile when the parser is sure', () => {
    expect(registrationPrefill(parsed([]))).toEqual({
      values: { name: 'Nguyen Van An', email: 'an.nguyen@example.com', mobile: '912345678' },
      suggestions: {},
    });
  });

  it('only suggests a name it is unsure of, and still fills email and mobile', () => {
    expect(registrationPrefill(parsed(['name']))).toEqual({
      values: { email: 'an.nguyen@example.com', mobile: '912345678' },
      suggestions: { name: 'Nguyen Van An' },
    });
  });

  it('only suggests a designation or company it is unsure of', () => {
    const employment = employmentPrefill(parsed(['designation', 'company']), SITE);
    expect(employment.values).toEqual({});
    expect(employment.suggestions).toEqual({
      designation: 'Kế toán trưởng',
      company: 'Cong ty TNHH Minh Phat',
    });
    expect(employmentPrefill(parsed(['company']), SITE).values).toEqual({
      designation: 'Kế toán trưởng',
    });
  });

  it('gives nothing for a resume that was not read', () => {
    expect(registrationPrefill(null)).toEqual({ values: {}, suggestions: {} });
  });
});
