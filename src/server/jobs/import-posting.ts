/**
 * The JobPosting schema (only what we read; anything else on the line is ignored) and how one
 * line becomes our rows.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { type JobType, type NewJob, type SalaryPeriod } from '~/server/db/schema-jobs';
import { slugify } from '~/lib/format/slug';
import { countryCode, currencyFor, siteForCountry } from './import-countries';

const text = v.pipe(v.string(), v.trim());
const textOrNumber = v.union([text, v.pipe(v.number(), v.transform(String))]);
// Array first: valibot object schemas also accept arrays (typeof [] is "object").
const oneOrMany = <T extends v.GenericSchema>(schema: T) => v.union([v.array(schema), schema]);
const named = v.looseObject({ name: v.optional(text) });
const numberLike = v.union([
  v.number(),
  v.pipe(text, v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number)),
]);

const AddressSchema = v.union([
  text,
  v.looseObject({
    addressLocality: v.optional(v.nullable(text)),
    addressRegion: v.optional(v.nullable(text)),
    addressCountry: v.optional(v.nullable(v.union([text, named]))),
  }),
]);
const PlaceSchema = v.looseObject({ address: v.optional(v.nullable(oneOrMany(AddressSchema))) });

const SalaryValueSchema = v.union([
  numberLike,
  v.looseObject({
    minValue: v.optional(v.nullable(numberLike)),
    maxValue: v.optional(v.nullable(numberLike)),
    value: v.optional(v.nullable(numberLike)),
    unitText: v.optional(v.nullable(text)),
  }),
]);

export const JobPostingSchema = v.looseObject({
  title: v.pipe(
    v.string('title is missing'),
    v.trim(),
    v.nonEmpty('title is empty'),
    v.maxLength(300, 'title is longer than 300 characters'),
  ),
  description: v.pipe(
    v.string('description is missing'),
    v.trim(),
    v.nonEmpty('description is empty'),
  ),
  datePosted: v.optional(v.nullable(text)),
  validThrough: v.optional(v.nullable(text)),
  employmentType: v.optional(v.nullable(oneOrMany(text))),
  hiringOrganization: v.optional(
    v.nullable(
      v.union([
        text,
        v.looseObject({
          name: v.optional(v.nullable(text)),
          sameAs: v.optional(v.nullable(oneOrMany(text))),
          logo: v.optional(v.nullable(v.union([text, v.looseObject({ url: v.optional(text) })]))),
        }),
      ]),
    ),
  ),
  jobLocation: v.optional(v.nullable(oneOrMany(PlaceSchema))),
  baseSalary: v.optional(
    v.nullable(
      v.looseObject({
        currency: v.optional(v.nullable(text)),
        value: v.optional(v.nullable(SalaryValueSchema)),
      }),
    ),
  ),
  salaryCurrency: v.optional(v.nullable(text)),
  skills: v.optional(v.nullable(oneOrMany(v.union([text, named])))),
  industry: v.optional(v.nullable(oneOrMany(v.union([text, named])))),
  occupationalCategory: v.optional(v.nullable(oneOrMany(v.union([text, named])))),
  experienceRequirements: v.optional(
    v.nullable(
      v.union([text, v.looseObject({ monthsOfExperience: v.optional(v.nullable(numberLike)) })]),
    ),
  ),
  educationRequirements: v.optional(
    v.nullable(v.union([text, v.looseObject({ credentialCategory: v.optional(text) })])),
  ),
  qualifications: v.optional(v.nullable(text)),
  identifier: v.optional(
    v.nullable(
      v.union([textOrNumber, v.looseObject({ value: v.optional(v.nullable(textOrNumber)) })]),
    ),
  ),
  url: v.optional(v.nullable(text)),
});
export type JobPosting = v.InferOutput<typeof JobPostingSchema>;

// ---------------------------------------------------------------------------------------------
// Mapping a JobPosting to our rows

const EMPLOYMENT_TYPES: Record<string, JobType> = {
  FULL_TIME: 'full_time',
  FULLTIME: 'full_time',
  PART_TIME: 'part_time',
  PARTTIME: 'part_time',
  CONTRACTOR: 'contract',
  CONTRACT: 'contract',
  TEMPORARY: 'temporary',
  PER_DIEM: 'temporary',
  INTERN: 'internship',
  INTERNSHIP: 'internship',
  VOLUNTEER: 'volunteer',
  FREELANCE: 'freelance',
  OTHER: 'other',
};

const SALARY_UNITS: Record<string, SalaryPeriod> = {
  HOUR: 'hour',
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
  YEAR: 'year',
};

const functionByName = new Map(JOB_FUNCTIONS.map((f) => [f.value.toLowerCase(), f.id]));
const industryByName = new Map(INDUSTRIES.map((i) => [i.value.toLowerCase(), i.id]));

const asList = <T>(value: T | T[] | null | undefined): T[] =>
  value == null ? [] : Array.isArray(value) ? value : [value];
const nameOf = (value: string | { name?: string | undefined }) =>
  typeof value === 'string' ? value : (value.name ?? '');
const isHttpUrl = (s: string | undefined | null): s is string => !!s && /^https?:\/\/\S+$/i.test(s);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** HTML descriptions (common in feeds) become plain text with paragraphs and "- " bullets. */
export function htmlToText(input: string): string {
  if (!/<[a-z!/][^>]*>/i.test(input)) return input.trim();
  return input
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code =
          entity[1] === 'x' || entity[1] === 'X'
            ? parseInt(entity.slice(2), 16)
            : Number(entity.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : whole;
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function parseDate(value: string | null | undefined, field: string): Date | null | string {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? `${field} is not a date: "${value.slice(0, 40)}"` : new Date(time);
}

function experience(req: JobPosting['experienceRequirements']): [number | null, number | null] {
  if (req == null) return [null, null];
  if (typeof req === 'object') {
    const months = req.monthsOfExperience;
    return months != null && months >= 0
      ? [Math.min(60, Math.floor(months / 12)), null]
      : [null, null];
  }
  const range = /(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*(?:years?|yrs?)/i.exec(req);
  if (range) {
    const a = Number(range[1]);
    const b = Number(range[2]);
    return [Math.min(a, b), Math.max(a, b)];
  }
  const single = /(\d{1,2})\s*\+?\s*(?:years?|yrs?)/i.exec(req);
  return single ? [Number(single[1]), null] : [null, null];
}

function salary(posting: JobPosting) {
  const value = posting.baseSalary?.value;
  if (value == null) return { min: null, max: null, period: null, currency: null };
  let min: number | null;
  let max: number | null;
  let period: SalaryPeriod | null = null;
  if (typeof value === 'number') {
    min = max = value;
  } else {
    min = value.minValue ?? value.value ?? null;
    max = value.maxValue ?? value.value ?? null;
    period = SALARY_UNITS[(value.unitText ?? '').toUpperCase()] ?? null;
  }
  const clean = (n: number | null) =>
    n != null && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
  min = clean(min);
  max = clean(max);
  if (min != null && max != null && min > max) [min, max] = [max, min];
  const currency = posting.baseSalary?.currency ?? posting.salaryCurrency ?? null;
  return { min, max, period, currency: currency ? currency.toUpperCase().slice(0, 3) : null };
}

export interface ImportedJob {
  job: Omit<NewJob, 'companyId'>;
  company: {
    name: string;
    slug: string;
    siteContext: string;
    logoUrl: string | null;
    websiteUrl: string | null;
  };
}

/** Parses and maps one line; returns the rows to write or the reason the line is skipped. */
export function parseJobLine(
  line: string,
  now: Date = new Date(),
): ImportedJob | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch (err) {
    return { error: `invalid JSON (${(err as Error).message})` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { error: 'not a JSON object' };
  }
  const type = (data as Record<string, unknown>)['@type'];
  if (type !== undefined && type !== 'JobPosting')
    return { error: `@type is "${String(type)}", not JobPosting` };
  const parsed = v.safeParse(JobPostingSchema, data);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue ? v.getDotPath(issue) : null;
    const message = issue?.message ?? 'invalid JobPosting';
    return { error: path && !message.startsWith(path) ? `${path}: ${message}` : message };
  }
  const p = parsed.output;

  // Country and cities: the first address that names a country decides the site.
  const addresses = asList(p.jobLocation).flatMap((place) => asList(place.address));
  let code: string | undefined;
  let rawCountry: string | undefined;
  for (const address of addresses) {
    if (typeof address === 'string' || address.addressCountry == null) continue;
    rawCountry = nameOf(address.addressCountry);
    code = countryCode(rawCountry);
    break;
  }
  if (rawCountry === undefined)
    return { error: 'missing country (jobLocation.address.addressCountry)' };
  const siteContext = code ? siteForCountry.get(code) : undefined;
  if (!code || !siteContext) return { error: `unknown country "${rawCountry.slice(0, 60)}"` };
  const locations: string[] = [];
  for (const address of addresses) {
    if (typeof address === 'string') continue;
    const other =
      address.addressCountry != null ? countryCode(nameOf(address.addressCountry)) : code;
    if (other && siteForCountry.get(other) !== siteContext) continue;
    const city = address.addressLocality || address.addressRegion;
    if (city && !locations.includes(city)) locations.push(city.slice(0, 100));
  }

  const posted = parseDate(p.datePosted, 'datePosted');
  if (typeof posted === 'string') return { error: posted };
  const expires = parseDate(p.validThrough, 'validThrough');
  if (typeof expires === 'string') return { error: expires };
  const postedAt = posted ?? now;

  const org = p.hiringOrganization;
  const companyName = ((typeof org === 'string' ? org : org?.name) || 'Confidential').slice(0, 200);
  const logo =
    typeof org === 'object' && org
      ? typeof org.logo === 'string'
        ? org.logo
        : org.logo?.url
      : undefined;
  const website = typeof org === 'object' && org ? asList(org.sameAs)[0] : undefined;

  const description = htmlToText(p.description);
  if (!description) return { error: 'description is empty' };
  const pay = salary(p);
  const [experienceMin, experienceMax] = experience(p.experienceRequirements);
  const skills = [
    ...new Set(
      asList(p.skills)
        .flatMap((s) => nameOf(s).split(/[,;|]/))
        .map((s) => s.trim())
        .filter((s) => s.length > 0 && s.length <= 80),
    ),
  ].slice(0, 40);
  const industry = asList(p.industry).map(nameOf)[0];
  const category = asList(p.occupationalCategory).map(nameOf)[0];
  const jobType =
    asList(p.employmentType)
      .map((t) => EMPLOYMENT_TYPES[t.toUpperCase().replace(/[\s-]/g, '_')])
      .find(Boolean) ?? 'full_time';
  const education = p.educationRequirements;
  const qualification =
    (typeof education === 'string' ? education : education?.credentialCategory) ||
    p.qualifications ||
    null;

  const identifier = p.identifier;
  const externalId =
    (typeof identifier === 'object' && identifier ? identifier.value : identifier) ||
    p.url ||
    `sha256:${createHash('sha256')
      .update([p.title, companyName, code, postedAt.toISOString()].join('\u0001'))
      .digest('hex')
      .slice(0, 32)}`;

  return {
    company: {
      name: companyName,
      slug: slugify(companyName) || 'confidential',
      siteContext,
      logoUrl: isHttpUrl(logo) ? logo : null,
      websiteUrl: isHttpUrl(website) ? website : null,
    },
    job: {
      externalId: String(externalId).slice(0, 500),
      slug: slugify([p.title, companyName, locations[0] ?? ''].join(' ')) || 'job',
      title: p.title,
      companyName,
      description,
      skills,
      locations,
      siteContext,
      countryCode: code,
      experienceMin: experienceMin != null ? Math.min(experienceMin, 60) : null,
      experienceMax: experienceMax != null ? Math.min(experienceMax, 60) : null,
      salaryMin: pay.min,
      salaryMax: pay.max,
      salaryCurrency:
        pay.min != null || pay.max != null
          ? (pay.currency ?? currencyFor(code, siteContext))
          : null,
      salaryPeriod: pay.min != null || pay.max != null ? pay.period : null,
      salaryHidden: false,
      functionId: category ? (functionByName.get(category.toLowerCase()) ?? null) : null,
      industryId: industry ? (industryByName.get(industry.toLowerCase()) ?? null) : null,
      role: category ? category.slice(0, 200) : null,
      qualification: qualification ? qualification.slice(0, 300) : null,
      employerType: 'company',
      jobType,
      isWalkin: false,
      postedAt,
      expiresAt: expires,
      status: expires && expires.getTime() <= now.getTime() ? 'expired' : 'active',
    },
  };
}
