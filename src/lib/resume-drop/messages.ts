/** What the resume upload box shows: the failure message of a check or an upload, and parsed values. */
import type { ApiFailure } from '~/lib/api-client/client';
import { NETWORK_ERROR, SOMETHING_WENT_WRONG, UPLOAD_FAILED } from '~/lib/api-client/messages';
import { RESUME_TOO_MANY_UPLOADS, resumeIssueOf } from '~/lib/validation/resume';
import type { ResumeDropStrings, UploadedResume } from './types';
import { joinListIn } from '~/lib/format/lists';
import { formatDuration } from '~/lib/format/numbers';

/** The translated text of a failed upload: SPEC §5 and §8 messages by their English text. */
export function failureMessage(
  failure: ApiFailure,
  strings: Pick<ResumeDropStrings, 'errors'>,
): string {
  if (failure.reason !== 'api') return strings.errors.network;
  return refusalMessage(failure.message, strings);
}

/** The translated text of the upload API's refusal (its English message), as the box shows it. */
export function refusalMessage(
  message: string,
  strings: Pick<ResumeDropStrings, 'errors'>,
): string {
  const issue = resumeIssueOf(message);
  if (issue) return strings.errors[issue];
  if (message === UPLOAD_FAILED) return strings.errors.uploadFailed;
  if (message === RESUME_TOO_MANY_UPLOADS) return strings.errors.tooMany;
  if (message === NETWORK_ERROR) return strings.errors.network;
  if (message === SOMETHING_WENT_WRONG) return strings.errors.generic;
  return message || strings.errors.generic;
}

/** Fills {{name}} placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The text of a message with {{fileName}} in it, before and after the name (which is shown
 * isolated in a <bdi>, so right-to-left text keeps its order).
 */
export function aroundFileName(template: string, fileName: string): [string, string] {
  const [before = '', ...rest] = template.split('{{fileName}}');
  return [before, rest.join(fileName)];
}

/** "8 years" / "8 سنوات" with the language's own plural, "8 years 6 months" when months. */
export function formatExperience(
  experience: { years: number; months: number },
  locale: string,
  join: string,
): string {
  const unit = (value: number, u: 'year' | 'month') => formatDuration(value, u, locale);
  const years = unit(experience.years, 'year');
  return experience.months > 0
    ? fill(join, { years, months: unit(experience.months, 'month') })
    : years;
}

/** "+91 9845012345" */
export function formatPhone(phone: { isd: string | null; number: string }): string {
  return phone.isd ? `+${phone.isd} ${phone.number}` : phone.number;
}

/** "B.Tech, National Institute of Technology, 2017" */
export function formatEducation(entry: UploadedResume['parsed']['education'][number]): string {
  return [entry.degree, entry.institute, entry.year ? String(entry.year) : null]
    .filter(Boolean)
    .join(', ');
}

/** continueHref with resume=<id> added to its query. */
export function continueUrl(href: string, resumeId: string): string {
  const [path, hash = ''] = href.split('#');
  const sep = path!.includes('?') ? '&' : '?';
  return `${path}${sep}resume=${encodeURIComponent(resumeId)}${hash ? `#${hash}` : ''}`;
}

/** The parsed fields to list, in profile order, as [label, text] pairs; empty ones left out. */
export function parsedRows(
  parsed: UploadedResume['parsed'],
  strings: Pick<ResumeDropStrings, 'fields' | 'experienceJoin' | 'unsure'>,
  locale: string,
): [string, string][] {
  // A field read with low confidence (a scan's garbled name) is never shown as read.
  const sure = (field: 'name' | 'designation' | 'company') =>
    parsed[field] && parsed.unsure?.includes(field) ? strings.unsure : parsed[field];
  const rows: [string, string | null][] = [
    [strings.fields.name, sure('name')],
    [strings.fields.email, parsed.email],
    [strings.fields.phone, parsed.phone ? formatPhone(parsed.phone) : null],
    [strings.fields.designation, sure('designation')],
    [strings.fields.company, sure('company')],
    [
      strings.fields.experience,
      parsed.experience
        ? formatExperience(parsed.experience, locale, strings.experienceJoin)
        : null,
    ],
    [strings.fields.skills, parsed.skills.length > 0 ? joinListIn(parsed.skills, locale) : null],
    [
      strings.fields.education,
      parsed.education.length > 0 ? parsed.education.map(formatEducation).join('\n') : null,
    ],
    [strings.fields.linkedIn, parsed.linkedIn],
  ];
  return rows.filter((row): row is [string, string] => !!row[1]);
}
