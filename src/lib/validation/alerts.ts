/**
 * The free job alert form (SPEC §5 messages and formats): the search part (keywords, location,
 * experience, salary band, at most 2 industries, a function), how often, and who gets it.
 * Isomorphic: the page validates the POST with it; an island could validate the same form.
 */
import * as v from 'valibot';
import { INDUSTRIES, JOB_FUNCTIONS, MAX_INDUSTRIES } from '~/lib/reference-lists';
import { SEARCH_MAX_INDUSTRIES } from '~/lib/search/parse';
import { EMAIL_RE, NAME_MESSAGE, NAME_RE, PHONE_RE } from './formats';
import { ACCOUNT_MESSAGES as M } from './account';
import { SearchInputSchema } from './search';

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;

/** Not in SPEC §5 (ours): a picker, so only a hand-made request shows them. */
export const ALERT_CHOICE_INVALID = 'Please choose one of the options';

const industryIds = new Set(INDUSTRIES.map((i) => String(i.id)));
const functionIds = new Set(JOB_FUNCTIONS.map((f) => String(f.id)));
const field = () => v.pipe(v.optional(v.string(), ''), v.trim());

export const AlertFormSchema = v.object({
  ...SearchInputSchema.entries,
  /** A salary band of the site (search facet value "lo-hi" or "lo+"), '' for any. */
  salary: v.pipe(
    field(),
    v.check((s) => s === '' || /^\d{1,13}(-\d{1,13}|\+)$/.test(s), ALERT_CHOICE_INVALID),
  ),
  industries: v.pipe(
    v.optional(v.array(v.string()), []),
    v.transform((list) => [...new Set(list.map((s) => s.trim()).filter((s) => s !== ''))]),
    v.maxLength(MAX_INDUSTRIES, SEARCH_MAX_INDUSTRIES),
    v.check((list) => list.every((id) => industryIds.has(id)), ALERT_CHOICE_INVALID),
  ),
  function: v.pipe(
    field(),
    v.check((s) => s === '' || functionIds.has(s), ALERT_CHOICE_INVALID),
  ),
  frequency: v.picklist(ALERT_FREQUENCIES, ALERT_CHOICE_INVALID),
  name: v.pipe(field(), v.nonEmpty(M.nameRequired), v.regex(NAME_RE, NAME_MESSAGE)),
  email: v.pipe(
    field(),
    v.nonEmpty(M.emailRequired),
    v.regex(EMAIL_RE, M.emailInvalid),
    v.toLowerCase(),
  ),
  /** Optional; when given, SPEC §5's phone format. */
  mobile: v.pipe(
    field(),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.check((s) => s === '' || PHONE_RE.test(s), M.mobileInvalid),
  ),
});

export type AlertForm = v.InferOutput<typeof AlertFormSchema>;

/** A submitted form as the schema's input (industries may repeat). */
export function alertFormInput(form: FormData): Record<string, unknown> {
  const one = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    keywords: one('keywords') ?? '',
    location: one('location'),
    experience: one('experience'),
    salary: one('salary'),
    industries: form.getAll('industries').filter((x): x is string => typeof x === 'string'),
    function: one('function'),
    frequency: one('frequency') ?? '',
    name: one('name'),
    email: one('email'),
    mobile: one('mobile'),
  };
}
