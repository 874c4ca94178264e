/**
 * Job search input, SPEC §5 "Search": messages verbatim, special characters replaced by spaces.
 */
import * as v from 'valibot';

export const SEARCH_KEYWORDS_REQUIRED = 'Please enter a job title/role/skill to search';
export const SEARCH_ONLY_SPECIAL = 'Only special character(s) are not allowed';
export const SEARCH_INVALID_LOCATION = 'Please enter a valid location.';
export const SEARCH_NO_RESULTS =
  'No result found for your search. Please enter a job title or skill.';
/** Not in SPEC: experience is a picker, so this only shows for a hand-edited URL or body. */
export const SEARCH_INVALID_EXPERIENCE = 'Please select a valid experience.';

/**
 * Anything that is not a letter (any script, with its combining marks: Devanagari matras,
 * Arabic diacritics), a digit, a space or one of + # . - , becomes a space. + # . - keep skills
 * like C++, C#, .NET, node.js and front-end intact; the comma separates several keywords or
 * locations ("java, python"), and so does the Arabic comma "،". ZWJ and ZWNJ stay: they shape
 * the letters of a Devanagari or Arabic word without splitting it.
 * Runs of spaces collapse to one and the ends are trimmed.
 */
export function cleanSearchText(s: string): string {
  return s
    .replace(/\u060C/gu, ',')
    .replace(/[^\p{L}\p{M}\p{N}\u200C\u200D +#.,-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when the text holds at least one letter or digit, i.e. is not made of special characters
 * only. The Arabic tatweel (a stretch of the line between letters) is no letter on its own.
 */
export const hasWord = (s: string) => /[\p{L}\p{N}]/u.test(s.replace(/\u0640/gu, ''));

/** A location: letters of any script, spaces and , . ' ( ) - &, at least one letter, no digits. */
export const LOCATION_RE = /^(?=.*\p{L})[\p{L}\p{M} ,.'()&-]+$/u;

/** A missing key defaults to '' so it gets the same message as an empty box. */
const KeywordsSchema = v.optional(
  v.pipe(
    v.string(SEARCH_KEYWORDS_REQUIRED),
    v.trim(),
    v.nonEmpty(SEARCH_KEYWORDS_REQUIRED),
    // valibot keeps running a pipe after a failed check: skip '' so it gets one message only.
    v.check((s) => s === '' || hasWord(s), SEARCH_ONLY_SPECIAL),
    v.transform(cleanSearchText),
  ),
  '',
);

/** Empty or missing means "anywhere" (undefined). */
const LocationSchema = v.optional(
  v.pipe(
    v.string(SEARCH_INVALID_LOCATION),
    v.trim(),
    v.check((s) => s === '' || LOCATION_RE.test(s), SEARCH_INVALID_LOCATION),
    v.transform((s) => (s === '' ? undefined : s.replace(/\s+/g, ' '))),
  ),
);

/** Years 0-50 as a number or a numeric string (forms and query strings); '' means "any". */
const ExperienceSchema = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], SEARCH_INVALID_EXPERIENCE),
    v.transform((x) => (typeof x === 'string' ? (x.trim() === '' ? undefined : Number(x)) : x)),
    v.union(
      [
        v.undefined(),
        v.pipe(
          v.number(SEARCH_INVALID_EXPERIENCE),
          v.integer(SEARCH_INVALID_EXPERIENCE),
          v.minValue(0, SEARCH_INVALID_EXPERIENCE),
          v.maxValue(50, SEARCH_INVALID_EXPERIENCE),
        ),
      ],
      SEARCH_INVALID_EXPERIENCE,
    ),
  ),
);

/** The search box: keywords required, location and experience optional. */
export const SearchInputSchema = v.object({
  keywords: KeywordsSchema,
  location: LocationSchema,
  experience: ExperienceSchema,
});

export type SearchInput = v.InferOutput<typeof SearchInputSchema>;
