/**
 * Job import from JSON Lines of schema.org JobPosting objects (one per line).
 *
 * Each line is validated on its own: a broken line (bad JSON, no title, no description, no or
 * unknown country...) is reported with its line number and skipped; the others are upserted by
 * external id, so importing the same file again updates the jobs instead of duplicating them.
 * Lines are committed in batches, each in one transaction: a killed import leaves whole batches
 * behind, and running it again completes it.
 *
 * External id: identifier.value, else a plain identifier, else url; a line with none of them gets
 * a hash of its title, employer, country and posting date, which is stable across re-imports.
 */
import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { sites, siteByKey } from '../../../sites';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import {
  companies,
  jobs,
  type JobType,
  type NewJob,
  type SalaryPeriod,
} from '~/server/db/schema-jobs';
import { slugify } from '~/lib/format/slug';

// ---------------------------------------------------------------------------------------------
// Countries: ISO codes and names to sites

const GULF_CURRENCIES: Record<string, string> = {
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  OM: 'OMR',
  KW: 'KWD',
  BH: 'BHD',
};

/** ISO alpha-2 -> other spellings seen in feeds (alpha-3 and English names), lower case. */
const COUNTRY_NAMES: Record<string, readonly string[]> = {
  IN: ['ind', 'india', 'bharat'],
  AE: ['are', 'united arab emirates', 'uae', 'u.a.e.', 'emirates'],
  SA: ['sau', 'saudi arabia', 'ksa', 'kingdom of saudi arabia'],
  QA: ['qat', 'qatar'],
  OM: ['omn', 'oman', 'sultanate of oman'],
  KW: ['kwt', 'kuwait'],
  BH: ['bhr', 'bahrain', 'kingdom of bahrain'],
  HK: ['hkg', 'hong kong', 'hongkong', 'hong kong sar', 'hong kong sar china'],
  SG: ['sgp', 'singapore'],
  PH: ['phl', 'philippines', 'the philippines'],
  TH: ['tha', 'thailand'],
  VN: ['vnm', 'vietnam', 'viet nam'],
  ID: ['idn', 'indonesia'],
  MY: ['mys', 'malaysia'],
};

const countryAliases = new Map<string, string>();
for (const [code, names] of Object.entries(COUNTRY_NAMES)) {
  countryAliases.set(code.toLowerCase(), code);
  for (const name of names) countryAliases.set(name, code);
}

/** ISO alpha-2 -> site context. Gulf covers six countries; every other site its own. */
const siteForCountry = new Map<string, string>();
for (const site of sites) siteForCountry.set(site.country.isoCode, site.context);
const gulf = siteByKey('gulf');
if (gulf) for (const code of Object.keys(GULF_CURRENCIES)) siteForCountry.set(code, gulf.context);

/** ISO alpha-2 code for a country written as a code or a name, if it is one of ours. */
export function countryCode(text: string): string | undefined {
  const key = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[()]/g, '');
  return countryAliases.get(key);
}

/** The site a country (code or name) is listed on, or undefined. */
export function siteContextForCountry(text: string): string | undefined {
  const code = countryCode(text);
  return code ? siteForCountry.get(code) : undefined;
}

function currencyFor(code: string, siteContext: string): string | null {
  return (
    GULF_CURRENCIES[code] ?? sites.find((s) => s.context === siteContext)?.currency.code ?? null
  );
}

// ---------------------------------------------------------------------------------------------
// The JobPosting schema (only what we read; anything else on the line is ignored)

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

// ---------------------------------------------------------------------------------------------
// Writing batches

export interface LineError {
  line: number;
  reason: string;
}

export interface ImportSummary {
  /** Lines read, blank lines excluded. */
  lines: number;
  imported: number;
  updated: number;
  skipped: number;
  /** The first 1000 skipped lines (all of them go to onError). */
  errors: LineError[];
}

export interface ImportOptions {
  /** Lines per transaction (default 500). */
  batchSize?: number;
  /** "Now" for default posting dates and expiry (default: the current time). */
  now?: Date;
  onError?: (error: LineError) => void;
  /** Called after each batch commits; throwing here stops the import (tests use it). */
  onBatch?: (info: {
    batch: number;
    firstLine: number;
    lastLine: number;
    summary: ImportSummary;
  }) => void | Promise<void>;
}

/** Every insertable jobs column but the upsert key and created_at: `col = excluded.col`. */
const jobUpdateSet: Record<string, SQL> = Object.fromEntries(
  Object.entries(getTableColumns(jobs))
    .filter(
      ([key, c]) =>
        !c.generated && !c.generatedIdentity && key !== 'externalId' && key !== 'createdAt',
    )
    .map(([key, c]) => [key, key === 'updatedAt' ? sql`now()` : sql.raw(`excluded.${c.name}`)]),
);

async function writeBatch(db: Db, batch: { line: number; parsed: ImportedJob }[]) {
  // A later line with the same external id wins over an earlier one in the same batch
  // (one INSERT ... ON CONFLICT can't touch a row twice).
  const byId = new Map<string, ImportedJob>();
  for (const { parsed } of batch) byId.set(parsed.job.externalId as string, parsed);
  const unique = [...byId.values()];
  const overwritten = batch.length - unique.length;

  return db.transaction(async (tx) => {
    const companyRows = new Map<string, ImportedJob['company']>();
    for (const { company } of unique)
      companyRows.set(`${company.siteContext}|${company.slug}`, company);
    const ids = await tx
      .insert(companies)
      .values([...companyRows.values()])
      .onConflictDoUpdate({
        target: [companies.siteContext, companies.slug],
        set: {
          logoUrl: sql`coalesce(excluded.logo_url, ${companies.logoUrl})`,
          websiteUrl: sql`coalesce(excluded.website_url, ${companies.websiteUrl})`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: companies.id, slug: companies.slug, siteContext: companies.siteContext });
    const companyId = new Map(ids.map((r) => [`${r.siteContext}|${r.slug}`, r.id]));

    const rows: NewJob[] = unique.map(({ job, company }) => ({
      ...job,
      companyId: companyId.get(`${company.siteContext}|${company.slug}`) as number,
    }));
    const result = await tx
      .insert(jobs)
      .values(rows)
      .onConflictDoUpdate({ target: jobs.externalId, set: jobUpdateSet })
      // xmax is 0 for a freshly inserted row and set for one ON CONFLICT updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const imported = result.filter((r) => r.inserted).length;
    return { imported, updated: result.length - imported + overwritten };
  });
}

/** Imports JobPosting lines (any iterable of strings: a file's lines, an array in tests). */
export async function importJobLines(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const now = options.now ?? new Date();
  const summary: ImportSummary = { lines: 0, imported: 0, updated: 0, skipped: 0, errors: [] };
  await ensureCountries(db);

  let batch: { line: number; parsed: ImportedJob }[] = [];
  let batchNumber = 0;
  let firstLine = 1;
  let lineNumber = 0;
  const flush = async () => {
    if (batch.length > 0) {
      const counts = await writeBatch(db, batch);
      summary.imported += counts.imported;
      summary.updated += counts.updated;
    }
    batchNumber++;
    await options.onBatch?.({ batch: batchNumber, firstLine, lastLine: lineNumber, summary });
    batch = [];
    firstLine = lineNumber + 1;
  };

  let sinceFlush = 0;
  for await (const raw of lines) {
    lineNumber++;
    const line = raw.trim();
    if (line === '') continue;
    summary.lines++;
    sinceFlush++;
    const parsed = parseJobLine(line, now);
    if ('error' in parsed) {
      summary.skipped++;
      const error = { line: lineNumber, reason: parsed.error };
      if (summary.errors.length < 1000) summary.errors.push(error);
      options.onError?.(error);
    } else {
      batch.push({ line: lineNumber, parsed });
    }
    if (sinceFlush >= batchSize) {
      await flush();
      sinceFlush = 0;
    }
  }
  if (sinceFlush > 0) await flush();
  return summary;
}

/**
 * Lines of a file. The readline interface is created on the first next(), not before: lines it
 * emits before someone iterates over it are lost (the importer first awaits the database).
 */
async function* fileLines(file: string): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  const reader = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of reader) yield line;
  } finally {
    reader.close();
    stream.destroy();
  }
}

/** Imports a JSON Lines file. */
export async function importJobsFile(
  db: Db,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  await access(file, constants.R_OK); // fail with ENOENT/EACCES before touching the database
  return importJobLines(db, fileLines(file), options);
}
