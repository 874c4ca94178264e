/** The inputs of a step (engagement, or a review being updated). */
import { passingYears } from '~/lib/validation/account';
import type { FieldKit } from './fields';
import { educationFields, employmentFields, isCurrentJob, type Values } from './logic';
import type { EngagementDialogsProps } from './types';

export function stepInputs(
  key: string,
  { check, pair, field, choice, range }: FieldKit,
  values: Values,
  { strings: s, options }: Pick<EngagementDialogsProps, 'strings' | 'options'>,
) {
  switch (key) {
    case 'employment': {
      const current = isCurrentJob(values);
      const shown = employmentFields(values);
      return [
        field('designation', s.fields.designation, {
          maxLength: 100,
          autoComplete: 'organization-title',
        }),
        field('company', s.fields.company, { maxLength: 100, autoComplete: 'organization' }),
        check('isCurrent', s.fields.isCurrent, current),
        pair(
          'dates',
          field('startDate', s.fields.startDate, { type: 'date' }),
          !current && field('endDate', s.fields.endDate, { type: 'date' }),
          current && choice('noticePeriod', s.fields.noticePeriod, options.notice),
        ),
        shown.includes('lastWorkingDate') &&
          field('lastWorkingDate', s.fields.lastWorkingDate, { type: 'date' }),
        pair(
          'salary',
          field('currentSalary', s.fields.currentSalary, {
            dir: 'ltr',
            inputMode: 'numeric',
            maxLength: 15,
          }),
          choice('salaryMode', s.fields.salaryMode, options.salaryModes),
        ),
      ];
    }
    case 'education': {
      const shown = educationFields(values);
      const years = passingYears().map((y) => ({ value: String(y), label: String(y) }));
      return [
        choice('qualification', s.fields.qualification, options.qualifications),
        shown.includes('board')
          ? pair(
              'school',
              field('board', s.fields.board, { maxLength: 100 }),
              field('medium', s.fields.medium, { maxLength: 100 }),
            )
          : pair(
              'degree',
              field('specialization', s.fields.specialization, { maxLength: 100 }),
              field('institute', s.fields.institute, { maxLength: 100 }),
            ),
        choice('passingYear', s.fields.passingYear, years),
      ];
    }
    case 'experience':
      return [
        choice('experienceYears', s.fields.years, range(51)),
        choice('experienceMonths', s.fields.months, range(12)),
      ];
    case 'preferredLocation':
      return [
        field('preferredLocations', s.fields.preferredLocations, { hint: s.fields.commaHint }),
      ];
    case 'currentLocation':
    case 'location':
      return [field('currentLocation', s.fields.currentLocation)];
    case 'salary':
      return [
        field('currentSalary', s.fields.currentSalary, { dir: 'ltr', inputMode: 'numeric' }),
        choice('salaryMode', s.fields.salaryMode, options.salaryModes),
      ];
    case 'noticePeriod':
      return [
        choice('noticePeriod', s.fields.noticePeriod, options.notice),
        field('lastWorkingDate', s.fields.lastWorkingDate, { type: 'date' }),
      ];
    case 'skills':
      return [field('skills', s.fields.skills, { hint: s.fields.commaHint })];
    case 'workPermit':
      return [choice('visaStatus', s.fields.visaStatus, options.visa)];
    case 'linkedIn':
      return [field('linkedinUrl', s.fields.linkedinUrl, { dir: 'ltr', inputMode: 'url' })];
    default:
      return [];
  }
}
