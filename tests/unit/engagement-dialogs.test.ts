/**
 * The pure parts of the EngagementDialogs island: what the employment and education steps ask
 * and send (checked against the same schemas the server runs), which steps remain after a save,
 * and where a refused save's messages go.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '~/lib/validation/account';
import { ProfileEducationSchema, ProfileEmploymentSchema } from '~/lib/validation/profile';
import {
  educationBody,
  educationFields,
  employmentBody,
  employmentFields,
  placeErrors,
  stepsAfterSave,
} from '~/islands/EngagementDialogs/logic';
import type { DialogStepProp } from '~/islands/EngagementDialogs/types';

const messagesOf = (schema: v.GenericSchema, body: unknown) => {
  const r = v.safeParse(schema, body);
  return r.success ? {} : fieldMessages(r.issues);
};

describe('employment step', () => {
  it('asks notice period for a current job, end date for a past one, salary always', () => {
    expect(employmentFields({})).toEqual([
      'designation',
      'company',
      'isCurrent',
      'startDate',
      'noticePeriod',
      'currentSalary',
      'salaryMode',
    ]);
    expect(employmentFields({ isCurrent: 'on', noticePeriod: '0' })).toContain('lastWorkingDate');
    expect(employmentFields({ isCurrent: 'on', noticePeriod: '30' })).not.toContain(
      'lastWorkingDate',
    );
    const past = employmentFields({ isCurrent: 'off' });
    expect(past).toContain('endDate');
    expect(past).not.toContain('noticePeriod');
  });

  it('sends only what is shown, and the schema gives the SPEC messages', () => {
    const empty = employmentBody({});
    expect(empty.isCurrent).toBe('on');
    expect(messagesOf(ProfileEmploymentSchema, empty)).toMatchObject({
      designation: 'Please specify your Current Designation',
      company: 'Please specify your Current Company',
      startDate: 'Please specify a valid date range.',
    });

    // A past job that ends before it starts: the date range message on the end date.
    const backwards = employmentBody({
      designation: 'Analyst',
      company: 'Acme',
      isCurrent: 'off',
      startDate: '2022-05-01',
      endDate: '2021-01-01',
      noticePeriod: '30',
      currentSalary: '500000',
      salaryMode: 'annually',
    });
    expect(backwards).not.toHaveProperty('noticePeriod');
    expect(backwards.isCurrent).toBe('');
    expect(messagesOf(ProfileEmploymentSchema, backwards)).toEqual({
      endDate: 'Please specify a valid date range.',
    });
    expect(
      v.safeParse(ProfileEmploymentSchema, { ...backwards, endDate: '2023-01-31' }).success,
    ).toBe(true);
  });
});

describe('education step', () => {
  it('asks board and medium for school, specialization and institute for a degree', () => {
    expect(educationFields({ qualification: '12th' })).toEqual([
      'qualification',
      'board',
      'medium',
      'passingYear',
    ]);
    expect(educationFields({ qualification: 'btech' })).toEqual([
      'qualification',
      'specialization',
      'institute',
      'passingYear',
    ]);
  });

  it('gives the SPEC messages for what a degree lacks', () => {
    expect(messagesOf(ProfileEducationSchema, educationBody({ qualification: 'btech' }))).toEqual({
      specialization: 'Please specify your Specialization',
      institute: 'Please specify your Institute',
      passingYear: 'Please specify your passing year',
    });
    expect(messagesOf(ProfileEducationSchema, educationBody({}))).toMatchObject({
      qualification: 'Please specify your Highest Qualification',
    });
    const school = educationBody({
      qualification: '10th',
      board: 'CBSE',
      medium: 'English',
      passingYear: '2015',
      specialization: 'left over from a degree',
    });
    expect(school).not.toHaveProperty('specialization');
    expect(v.safeParse(ProfileEducationSchema, school).success).toBe(true);
  });
});

describe('steps after a save', () => {
  const steps: DialogStepProp[] = [
    { mode: 'engage', step: 'employment' },
    { mode: 'engage', step: 'education' },
    { mode: 'engage', step: 'noticePeriod' },
    { mode: 'engage', step: 'skills' },
    { mode: 'review', step: 'location', value: 'Pune' },
  ];

  it('keeps the later steps the server still lists, and only those', () => {
    const data = {
      dialogs: [
        { mode: 'engage', step: 'education' },
        { mode: 'engage', step: 'skills' },
        // A review of what was just saved is not asked now.
        { mode: 'review', step: 'salary' },
        { mode: 'review', step: 'location' },
      ],
    };
    expect(stepsAfterSave(steps, 0, data).map((s) => `${s.mode}:${s.step}`)).toEqual([
      'engage:employment',
      'engage:education',
      'engage:skills',
      'review:location',
    ]);
  });

  it('keeps every step when the answer has no usable list', () => {
    expect(stepsAfterSave(steps, 0, null)).toEqual(steps);
    expect(stepsAfterSave(steps, 0, { dialogs: [{ mode: 1 }] })).toEqual(steps);
  });
});

describe('placing messages', () => {
  it('puts shown fields by field and the rest in one line', () => {
    expect(
      placeErrors(
        [
          { field: 'endDate', message: 'Please specify a valid date range.' },
          { field: 'endDate', message: 'second' },
          { field: 'id', message: 'Profile not found' },
          { field: '', message: 'Profile not found' },
        ],
        ['startDate', 'endDate'],
      ),
    ).toEqual({
      byField: { endDate: 'Please specify a valid date range.' },
      other: 'Profile not found',
    });
  });
});
