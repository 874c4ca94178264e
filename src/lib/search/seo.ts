/**
 * SEO landing pages: `/jobs-in-{city}`, `/{skill}-jobs` and `/{skill}-jobs-in-{city}`, with
 * lower-case hyphenated slugs. Pure helpers shared by the landing route, the sitemap, the related
 * search links and the page-name mapping; the server resolves a slug back to a skill or city of
 * its data (a slug alone is not enough: "c-plus-plus" is "C++", "ho-chi-minh-city" is
 * "Ho Chi Minh City"). Also the shapes of the Hindi and Arabic role landing pages' slugs.
 */
import type { Lang } from '~/lib/sites/schema';

/** A slug: lower-case ASCII letters and digits in groups joined by single hyphens. */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest slug part we accept (skills and cities are short; anything longer is noise). */
export const MAX_SLUG_LENGTH = 80;

/**
 * The slug of a skill or city name: accents dropped, `+` read as "plus", `#` as "sharp" and `&`
 * as "and" (so C++, C# and R&D keep distinct slugs), anything else that is not a letter or digit
 * becomes a hyphen. '' when nothing usable is left (e.g. a name in a non-Latin script).
 */
export function seoSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/#/g, ' sharp ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length <= MAX_SLUG_LENGTH ? slug : '';
}

/** What a landing path asks for, as slugs; at least one of the two is set. */
export interface SeoSlugs {
  skill: string | null;
  city: string | null;
}

const JOBS_IN = 'jobs-in-';
const SKILL_JOBS_IN = '-jobs-in-';
const SKILL_JOBS = '-jobs';

const validPart = (part: string) => part.length <= MAX_SLUG_LENGTH && SLUG_RE.test(part);

/**
 * Reads one path segment (no slashes, no language prefix) as a landing page:
 * `jobs-in-pune` → city pune; `java-jobs` → skill java; `java-jobs-in-pune` → both.
 * The first "-jobs-in-" splits skill from city. Null when the segment is not of that shape
 * (upper case, a trailing hyphen, an empty part and other spellings are not landing pages).
 */
export function parseSeoSegment(segment: string): SeoSlugs | null {
  if (!SLUG_RE.test(segment)) return null;
  if (segment.startsWith(JOBS_IN)) {
    const city = segment.slice(JOBS_IN.length);
    return validPart(city) ? { skill: null, city } : null;
  }
  const at = segment.indexOf(SKILL_JOBS_IN);
  if (at > 0) {
    const skill = segment.slice(0, at);
    const city = segment.slice(at + SKILL_JOBS_IN.length);
    return validPart(skill) && validPart(city) ? { skill, city } : null;
  }
  if (segment.endsWith(SKILL_JOBS) && segment.length > SKILL_JOBS.length) {
    const skill = segment.slice(0, -SKILL_JOBS.length);
    return validPart(skill) ? { skill, city: null } : null;
  }
  return null;
}

/** The path of a landing page from slugs (no language prefix); null when both are missing. */
export function seoPathFromSlugs(slugs: {
  skill?: string | null;
  city?: string | null;
}): string | null {
  const skill = slugs.skill || null;
  const city = slugs.city || null;
  if (skill && city) return `/${skill}${SKILL_JOBS_IN}${city}`;
  if (city) return `/${JOBS_IN}${city}`;
  if (skill) return `/${skill}${SKILL_JOBS}`;
  return null;
}

/**
 * The landing page of a skill and/or city by name, e.g. ('Java', 'Pune') → /java-jobs-in-pune.
 * Null when a given name has no usable slug (then there is no landing page for it) or the
 * path would not read back as the same slugs.
 */
export function seoPath(names: { skill?: string | null; city?: string | null }): string | null {
  const skill = names.skill ? seoSlug(names.skill) : null;
  const city = names.city ? seoSlug(names.city) : null;
  if (skill === '' || city === '') return null;
  const path = seoPathFromSlugs({ skill, city });
  if (!path) return null;
  const back = parseSeoSegment(path.slice(1));
  return back && back.skill === skill && back.city === city ? path : null;
}

/** True when a path (without language prefix) has the shape of a landing page. */
export function isSeoPath(path: string): boolean {
  const segments = path.split('/').filter((s) => s !== '');
  return segments.length === 1 && parseSeoSegment(segments[0] as string) !== null;
}

/**
 * "jobs" in each language's slug of a role landing page (lib/search/role-landing.ts), placed as
 * the language says it.
 */
export const ROLE_SLUG_SHAPES: Record<Lang, { before: string; after: string }> = {
  en: { before: '', after: '-jobs' },
  hi: { before: '', after: '-नौकरियाँ' },
  ar: { before: 'وظائف-', after: '' },
};

/**
 * A name as a slug in its own script: NFC, lower case where the script has it, letters, marks
 * (Devanagari vowel signs) and digits kept, anything else one hyphen; '+' and '#' spelt out as in
 * seoSlug. '' when nothing is left.
 */
export function localSlug(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/#/g, ' sharp ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A path segment as the landing route compares it: percent-decoding undone, NFC. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).normalize('NFC');
  } catch {
    return segment;
  }
}

/** True when a (decoded or encoded) segment has the shape of a Hindi or Arabic role landing page. */
export function isLocalRoleSegment(segment: string): boolean {
  const s = decodedSegment(segment);
  return (
    (s.endsWith(ROLE_SLUG_SHAPES.hi.after) && s.length > ROLE_SLUG_SHAPES.hi.after.length) ||
    (s.startsWith(ROLE_SLUG_SHAPES.ar.before) && s.length > ROLE_SLUG_SHAPES.ar.before.length)
  );
}
