/**
 * Profile section schemas (src/lib/validation/profile.ts): SPEC §5 messages verbatim, the
 * normalising they do (LinkedIn https, salary commas, city de-duplication), and that every
 * message has a translation key.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '~/lib/validation/account';
import {
  AddSkillsSchema,
  CurrentSalarySchema,
  ExperienceSchema,
  LinkedInSchema,
  LocationsSchema,
  NoticePeriodSchema,
  PROFILE_MESSAGES,
  ProfileEmploymentSchema,
  ProfileIdSchema,
  ProfileNameSchema,
  PromptSchema,
  VisaStatusSchema,
  profileMessageKey,
} from '~/lib/validation/profile';
import en from '../../locales/en/profile.json' with { type: 'json' };

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : fieldMessages(r.issues);
};
const outputOf = <S extends v.GenericSchema>(schema: S, input: unknown) => {
  const r = v.safeParse(schema, input);
  if (!r.success) throw new Error(JSON.stringify(fieldMessages(r.issues)));
  return r.output as v.InferOutput<S>;
};

describe('profile messages', () => {
  it('are the SPEC texts and each has an English translation equal to it', () => {
    expect(PROFILE_MESSAGES.linkedInInvalid).toBe('Please enter valid link (LinkedIn)');
    expect(PROFILE_MESSAGES.visaStatusRequired).toBe('Please select your Visa Status.');
    expect(PROFILE_MESSAGES.profileRequired).toBe('Please select a profile from list.');
    for (const [key, text] of Object.entries(PROFILE_MESSAGES)) {
      expect(profileMessageKey(text)).toBe(key);
      expect((en.messages as Record<string, string>)[key]).toBe(text);
    }
  });
});

describe('LinkedIn', () => {
  it('accepts profile links, adding https', () => {
    expect(
      outputOf(LinkedInSchema, { linkedinUrl: 'www.linkedin.com/in/asha-rao' }).linkedinUrl,
    ).toBe('https://www.linkedin.com/in/asha-rao');
    expect(
      outputOf(LinkedInSchema, { linkedinUrl: 'http://in.linkedin.com/in/asha' }).linkedinUrl,
    ).toBe('https://in.linkedin.com/in/asha');
  });
  it.each([
    '',
    'https://example.com/in/asha',
    'linkedin',
    'https://linkedin.com/',
    'javascript:alert(1)',
  ])('refuses %j', (linkedinUrl) => {
    expect(errorsOf(LinkedInSchema, { linkedinUrl })).toEqual({
      linkedinUrl: 'Please enter valid link (LinkedIn)',
    });
  });
});

describe('skills', () => {
  it('splits a list and refuses duplicates in any case', () => {
    expect(outputOf(AddSkillsSchema, { skills: 'SQL, Go' }).skills).toEqual(['SQL', 'Go']);
    expect(outputOf(AddSkillsSchema, { skills: ['SQL', 'Go'] }).skills).toEqual(['SQL', 'Go']);
    expect(errorsOf(AddSkillsSchema, { skills: 'Java, java' })).toEqual({
      skills: 'This Skill is already added.',
    });
    expect(errorsOf(AddSkillsSchema, { skills: ' , ' })).toEqual({
      skills: 'Please select skills.',
    });
  });
});

describe('employment', () => {
  const job = {
    designation: 'Engineer',
    company: 'Acme',
    startDate: '2021-01-01',
    isCurrent: '',
    endDate: '2020-01-01',
    currentSalary: '100000',
    salaryMode: 'monthly',
  };
  it('refuses an end before the start', () => {
    expect(errorsOf(ProfileEmploymentSchema, job)).toEqual({
      endDate: 'Please specify a valid date range.',
    });
  });
  it('takes an optional id to update', () => {
    const out = outputOf(ProfileEmploymentSchema, { ...job, endDate: '2022-01-01', id: '7' });
    expect(out.id).toBe(7);
    expect(outputOf(ProfileEmploymentSchema, { ...job, endDate: '2022-01-01' }).id).toBeNull();
    expect(
      errorsOf(ProfileEmploymentSchema, { ...job, endDate: '2022-01-01', id: 'x' }),
    ).toHaveProperty('id');
  });
});

describe('notice period, salary, experience', () => {
  it('needs a last working date while serving notice', () => {
    expect(errorsOf(NoticePeriodSchema, { noticePeriod: '0' })).toEqual({
      lastWorkingDate: 'Please specify your last working date',
    });
    expect(
      errorsOf(NoticePeriodSchema, { noticePeriod: '0', lastWorkingDate: '2001-01-01' }),
    ).toEqual({
      lastWorkingDate: 'Please specify a valid date range.',
    });
    expect(errorsOf(NoticePeriodSchema, {})).toEqual({
      noticePeriod: 'Please specify your notice period',
    });
    expect(outputOf(NoticePeriodSchema, { noticePeriod: 30, lastWorkingDate: '' })).toEqual({
      noticePeriod: 30,
      lastWorkingDate: null,
    });
  });
  it('needs a salary and its mode', () => {
    expect(errorsOf(CurrentSalarySchema, { currentSalary: '', salaryMode: '' })).toEqual({
      currentSalary: 'Please specify your current salary',
      salaryMode: 'Please specify salary mode',
    });
    expect(
      outputOf(CurrentSalarySchema, { currentSalary: '12,00,000', salaryMode: 'annually' }),
    ).toEqual({
      currentSalary: 1_200_000,
      salaryMode: 'annually',
    });
  });
  it('takes 0-50 years and 0-11 months', () => {
    expect(outputOf(ExperienceSchema, { experienceYears: '3', experienceMonths: '' })).toEqual({
      experienceYears: 3,
      experienceMonths: 0,
    });
    expect(errorsOf(ExperienceSchema, { experienceYears: '51' })).toEqual({
      experienceYears: 'Please update your experience.',
    });
    expect(errorsOf(ExperienceSchema, { experienceYears: '2', experienceMonths: '12' })).toEqual({
      experienceMonths: 'Please update your experience.',
    });
  });
});

describe('locations, visa, profiles, prompts', () => {
  it('needs both locations and de-duplicates preferred ones', () => {
    expect(errorsOf(LocationsSchema, {})).toEqual({
      currentLocation: 'Please select your current location.',
      preferredLocations: 'Please select your preferred location.',
    });
    expect(
      errorsOf(LocationsSchema, { currentLocation: 'Pune1', preferredLocations: 'Pune' }),
    ).toEqual({
      currentLocation: 'Please enter your city name.',
    });
    expect(
      outputOf(LocationsSchema, {
        currentLocation: ' Pune ',
        preferredLocations: 'Dubai، dubai, Pune',
      }),
    ).toEqual({ currentLocation: 'Pune', preferredLocations: ['Dubai', 'Pune'] });
  });
  it('needs a visa status from the list', () => {
    expect(errorsOf(VisaStatusSchema, { visaStatus: 'tourist' })).toEqual({
      visaStatus: 'Please select your Visa Status.',
    });
    expect(outputOf(VisaStatusSchema, { visaStatus: 'work_permit' }).visaStatus).toBe(
      'work_permit',
    );
  });
  it('needs a profile from the list and a profile name', () => {
    expect(errorsOf(ProfileIdSchema, { profileId: '' })).toEqual({
      profileId: 'Please select a profile from list.',
    });
    expect(errorsOf(ProfileIdSchema, { profileId: '-1' })).toEqual({
      profileId: 'Please select a profile from list.',
    });
    expect(errorsOf(ProfileNameSchema, { name: '   ' })).toEqual({
      name: 'Please enter a profile name',
    });
  });
  it('knows the prompt keys', () => {
    expect(outputOf(PromptSchema, { prompt: 'review:salary' })).toEqual({
      prompt: 'review:salary',
      state: 'skipped',
    });
    expect(errorsOf(PromptSchema, { prompt: 'engage:nothing' })).toHaveProperty('prompt');
  });
});

describe('JSON bodies', () => {
  it('reads booleans and numbers in employment as a form would send them', () => {
    const out = outputOf(ProfileEmploymentSchema, {
      designation: 'Analyst',
      company: 'Acme',
      startDate: '2021-03-01',
      isCurrent: true,
      noticePeriod: 30,
      currentSalary: 600000,
      salaryMode: 'annually',
    });
    expect(out).toMatchObject({
      isCurrent: true,
      noticePeriod: 30,
      currentSalary: 600000,
      id: null,
    });
  });
});
