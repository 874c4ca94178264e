/**
 * Pure parts of the EngagementDialogs island: which inputs a step shows for the values typed so
 * far, the body a step sends, which steps are still to ask after a save, and where the messages
 * of a refused save go.
 */
import { SERVING_NOTICE, isSchoolQualification } from '~/lib/validation/account';
import type { DialogStepProp } from './types';

export type Values = Record<string, string>;

/** A checkbox value as the form schemas read it. */
const checked = (value: string | undefined) => (value === 'on' ? 'on' : '');

/** "Currently working here" starts ticked: most seekers add the job they have now. */
export const isCurrentJob = (values: Values) => (values.isCurrent ?? 'on') === 'on';

/**
 * The inputs of the employment step. Salary is required by the employment schema; notice period
 * (with the last working date while serving it) is required for a current job.
 */
export function employmentFields(values: Values): string[] {
  const fields = ['designation', 'company', 'isCurrent', 'startDate'];
  if (isCurrentJob(values)) {
    fields.push('noticePeriod');
    if (values.noticePeriod === String(SERVING_NOTICE)) fields.push('lastWorkingDate');
  } else {
    fields.push('endDate');
  }
  return [...fields, 'currentSalary', 'salaryMode'];
}

/** The inputs of the education step: a degree names a specialization and institute, school a board and medium. */
export function educationFields(values: Values): string[] {
  const school = isSchoolQualification(values.qualification ?? '');
  return [
    'qualification',
    ...(school ? ['board', 'medium'] : ['specialization', 'institute']),
    'passingYear',
  ];
}

/** The body of the employment step: only what is shown is sent. */
export function employmentBody(values: Values): Record<string, string> {
  const shown = employmentFields(values);
  return Object.fromEntries(
    shown.map((f) => [
      f,
      f === 'isCurrent' ? checked(values.isCurrent ?? 'on') : (values[f] ?? ''),
    ]),
  );
}

export function educationBody(values: Values): Record<string, string> {
  return Object.fromEntries(educationFields(values).map((f) => [f, values[f] ?? '']));
}

const isDialog = (x: unknown): x is { mode: string; step: string } =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as { mode?: unknown }).mode === 'string' &&
  typeof (x as { step?: unknown }).step === 'string';

/**
 * The steps to show after a successful save of `steps[index]`: the later ones the server still
 * lists as pending (a saved employment also answers notice period and salary). Reviews the server
 * adds for what was just typed are not asked now. Without a usable list, all later steps stay.
 */
export function stepsAfterSave(
  steps: DialogStepProp[],
  index: number,
  data: unknown,
): DialogStepProp[] {
  const pending = (data as { dialogs?: unknown } | null)?.dialogs;
  const later = steps.slice(index + 1);
  if (!Array.isArray(pending) || !pending.every(isDialog)) return steps;
  return [
    ...steps.slice(0, index + 1),
    ...later.filter((s) => pending.some((d) => d.mode === s.mode && d.step === s.step)),
  ];
}

/**
 * Messages of a refused save: by field where the field is on screen, and the others (a field
 * not shown, or the whole request) joined as one message for the dialog's status line.
 */
export function placeErrors(
  errors: readonly { field: string; message: string }[],
  shown: readonly string[],
): { byField: Record<string, string>; other: string } {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const e of errors) {
    if (e.field && shown.includes(e.field)) {
      if (!(e.field in byField)) byField[e.field] = e.message;
    } else if (e.message && !other.includes(e.message)) {
      other.push(e.message);
    }
  }
  return { byField, other: other.join(' ') };
}
