/**
 * An alert's form and its row, in one place: which fields the form has, the search its search part
 * describes (the results page's URL query the row keeps), the columns a saved form writes, and the
 * form values of a search state or of a saved alert. Create, update, the edit form and "create an
 * alert from this search" all go through here, so a new field is added once.
 */
import { parseSearchState } from '~/lib/search/parse';
import { toQuery, type SearchState } from '~/lib/search/state';
import type { AlertFrequency } from './kinds';

/** The search part of the form, in the order the form shows it. */
export const ALERT_SEARCH_FIELDS = [
  'keywords',
  'location',
  'experience',
  'salary',
  'industries',
  'function',
] as const;
/** Every field of the form: the search, then how often and who gets it. */
export const ALERT_FIELDS = [
  ...ALERT_SEARCH_FIELDS,
  'frequency',
  'name',
  'email',
  'mobile',
] as const;
export type AlertField = (typeof ALERT_FIELDS)[number];

/** The form's values as the page shows them again, by field name (industries may be several). */
export type AlertFormValues = Record<string, string | string[]>;

/** The search part of a checked form. */
export interface AlertSearchForm {
  keywords: string;
  location?: string;
  experience?: number;
  salary: string;
  industries: string[];
  function: string;
}

/** What a checked form stores on its alert besides the address. */
export interface AlertFormOutput extends AlertSearchForm {
  frequency: AlertFrequency;
  name: string;
  mobile?: string;
}

/** The search state an alert form describes, as the results page's URL query. */
export function alertQuery(form: AlertSearchForm): string {
  const params = new URLSearchParams();
  if (form.keywords) params.set('q', form.keywords);
  if (form.location) params.set('location', form.location);
  if (form.experience !== undefined) params.set('experience', String(form.experience));
  if (form.salary) params.set('salaryRanges', form.salary);
  if (form.industries.length > 0) params.set('industries', form.industries.join(','));
  if (form.function) params.set('functions', form.function);
  return toQuery(parseSearchState(params).state).toString();
}

/** The columns a saved form writes (create and update alike; the address is set on create). */
export function alertColumns(form: AlertFormOutput) {
  return {
    name: form.name,
    mobile: form.mobile || null,
    query: alertQuery(form),
    frequency: form.frequency,
  };
}

/** The search part's values of a search state (a results page's, or an alert's own). */
export function searchFormValues(state: SearchState): AlertFormValues {
  return {
    keywords: state.q,
    location: state.location,
    experience: state.experience === null ? '' : String(state.experience),
    salary: state.filters.salaryRanges?.[0] ?? '',
    industries: state.filters.industries ?? [],
    function: state.filters.functions?.[0] ?? '',
  };
}

/** The form values of a saved alert (the edit form). */
export function savedFormValues(alert: {
  query: string;
  frequency: string;
  name: string;
  email: string;
  mobile: string | null;
}): AlertFormValues {
  return {
    ...searchFormValues(parseSearchState(new URLSearchParams(alert.query)).state),
    frequency: alert.frequency,
    name: alert.name,
    email: alert.email,
    mobile: alert.mobile ?? '',
  };
}

/** A submitted form as the schema's input: one text per field, every industry given. */
export function alertFormInput(form: FormData): Record<AlertField, unknown> {
  const one = (key: AlertField) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : undefined;
  };
  const input = Object.fromEntries(ALERT_FIELDS.map((f) => [f, one(f)])) as Record<
    AlertField,
    unknown
  >;
  input.industries = form.getAll('industries').filter((x): x is string => typeof x === 'string');
  // Required ones read as empty, so their message is "required", not a type error.
  input.keywords ??= '';
  input.frequency ??= '';
  return input;
}
