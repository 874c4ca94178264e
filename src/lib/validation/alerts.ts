/**
 * The free job alert form (SPEC §5 messages and formats): the search part (keywords, location,
 * experience, salary band, at most 2 industries, a function), how often, and who gets it.
 * Isomorphic: the page validates the POST with it; an island could validate the same form.
 */
import * as v from 'valibot';
import { ALERT_FREQUENCIES } from '~/lib/alerts/kinds';
import { INDUSTRIES, JOB_FUNCTIONS, MAX_INDUSTRIES } from '~/lib/reference-lists';
import { SEARCH_MAX_INDUSTRIES } from '~/lib/search/parse';
import { EMAIL_RE, NAME_MESSAGE, NAME_RE } from './formats';
import { mobileField, withMobileRule } from './mobile';
import { ACCOUNT_MESSAGES as M } from './account';
import {
  SEARCH_INVALID_EXPERIENCE,
  SEARCH_INVALID_LOCATION,
  SEARCH_KEYWORDS_REQUIRED,
  SEARCH_ONLY_SPECIAL,
  SearchInputSchema,
} from './search';

export { ALERT_FREQUENCIES };

/** A mobile of several of the site's countries typed without its code (the form has no picker). */
export const ALERT_MOBILE_NEEDS_CODE =
  'This number is a mobile number in more than one country. Please type it with its country code, e.g. +971 50 123 4567.';

/** Not in SPEC §5 (ours): a picker, so only a hand-made request shows them. */
export const ALERT_CHOICE_INVALID = 'Please choose one of the options';

/**
 * The alert form's own messages by their key (alerts:messages.<key>; see ./messages.ts); the
 * name, email and mobile messages are the account forms' (account:messages).
 */
export const ALERT_MESSAGES = {
  keywordsRequired: SEARCH_KEYWORDS_REQUIRED,
  onlySpecial: SEARCH_ONLY_SPECIAL,
  invalidLocation: SEARCH_INVALID_LOCATION,
  invalidExperience: SEARCH_INVALID_EXPERIENCE,
  maxIndustries: SEARCH_MAX_INDUSTRIES,
  choiceInvalid: ALERT_CHOICE_INVALID,
  mobileNeedsCode: ALERT_MOBILE_NEEDS_CODE,
} as const;

const industryIds = new Set(INDUSTRIES.map((i) => String(i.id)));
const functionIds = new Set(JOB_FUNCTIONS.map((f) => String(f.id)));
const field = () => v.pipe(v.optional(v.string(), ''), v.trim());

/**
 * The alert form. It has no dialling-code field: `isdCodes` are the site's, and a mobile typed
 * without a code is of the one of them it can belong to; one of several asks for its code.
 */
export const alertFormSchema = (isdCodes: readonly string[]) =>
  v.pipe(
    withMobileRule(
      v.object({
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
        /** Not a field of the form: '' (the number's own code), or the site's only one. */
        isdCode: field(),
        /** Optional; when given, the mobile rule (mobile.ts), kept in E.164. */
        mobile: mobileField(null, M.mobileInvalid),
      }),
      isdCodes,
      M.mobileInvalid,
      ALERT_MOBILE_NEEDS_CODE,
    ),
    // The code was only there to read the mobile with; the alert keeps the E.164 number.
    v.transform(({ isdCode: _isdCode, ...form }) => form),
  );

export type AlertForm = v.InferOutput<ReturnType<typeof alertFormSchema>>;
