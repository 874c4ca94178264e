/**
 * Deterministic demo data: companies and jobs for every site. The same seed and `now` always
 * give the same rows. Job i is derived from (seed, i) alone, so any slice of the sequence can be
 * generated on its own (seeding appends by starting after the jobs already there).
 */
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import type { EmployerType, JobType, NewCompany, NewJob } from '~/server/jobs/service';
import {
  CONSULTANT_WORDS,
  JOB_FAMILIES,
  SECTORS,
  type JobFamily,
  type Sector,
} from '~/server/reference/job-families';
import { SITE_PLACES, type CountryPlaces, type SitePlaces } from '~/server/reference/places';
import { hashSeed, Rng } from './random';
import { slugify } from '~/lib/format/slug';

export const DEFAULT_DEMO_SEED = 20_240_601;
/** Jobs are posted within this many days before `now`. */
export const POSTED_WITHIN_DAYS = 60;

const DAY = 86_400_000;

const functionIds = new Map(JOB_FUNCTIONS.map((f) => [f.value, f.id]));
const industryIds = new Map(INDUSTRIES.map((i) => [i.value, i.id]));
const OTHERS_FUNCTION = functionIds.get('Others') ?? null;
const OTHERS_INDUSTRY = industryIds.get('Others') ?? null;

/** Names used by the demo data that are missing from the reference lists (a test keeps it empty). */
export function unknownReferenceNames(): string[] {
  const missing = JOB_FAMILIES.filter((f) => !functionIds.has(f.fn)).map(
    (f) => `function: ${f.fn}`,
  );
  for (const sector of Object.values(SECTORS)) {
    for (const name of sector.industries)
      if (!industryIds.has(name)) missing.push(`industry: ${name}`);
  }
  return missing;
}

export interface DemoCompany extends NewCompany {
  siteContext: string;
  slug: string;
  name: string;
  employerType: EmployerType;
  /** Where the company is based (Gulf companies are in one of six countries). */
  countryCode: string;
  city: string;
  sector: Sector | 'staffing';
  industryId: number | null;
}

/** A job row ready to insert once its company's id is known. */
export interface DemoJob extends Omit<NewJob, 'companyId'> {
  companySlug: string;
}

/** Busier (earlier) cities get more jobs. */
const cityWeight = (_: string, i: number) => 1 / Math.pow(i + 1, 0.8);

function pickCity(rng: Rng, country: CountryPlaces): string {
  const indexed = country.cities.map((c, i) => [c, i] as const);
  return rng.weighted(indexed, ([c, i]) => cityWeight(c, i))[0];
}

// ---------------------------------------------------------------------------------------------
// Companies

const companiesCache = new Map<string, DemoCompany[]>();

/** The demo companies of one site (memoised per seed). */
export function demoCompanies(seed: number, site: SitePlaces): DemoCompany[] {
  const cacheKey = `${seed}|${site.context}`;
  const cached = companiesCache.get(cacheKey);
  if (cached) return cached;

  const sectors = Object.entries(SECTORS) as [Sector, (typeof SECTORS)[Sector]][];
  const list: DemoCompany[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < site.companies; i++) {
    const rng = new Rng(hashSeed(seed, site.context, 'company', i));
    const country = rng.weighted(site.countries, (c) => c.weight);
    const city = pickCity(rng, country);
    const consultant = rng.chance(0.12);
    const [sector, info] = consultant
      ? (['staffing', undefined] as const)
      : rng.weighted(sectors, ([, s]) => s.weight);
    // Random prefix + sector word + legal suffix, retried on a clash; numbered as a last resort.
    let name = '';
    for (let attempt = 0; attempt < 50 && (name === '' || taken.has(slugify(name))); attempt++) {
      const prefix = rng.pick(site.namePrefixes);
      const word = info ? rng.pick(info.words) : rng.pick(CONSULTANT_WORDS);
      const suffix = rng.pick(country.companySuffixes);
      name = [prefix, word, suffix].filter(Boolean).join(' ');
    }
    if (taken.has(slugify(name))) name = `${name} ${i + 1}`;
    taken.add(slugify(name));
    const about = info
      ? rng.pick(info.about)
      : '{name} is a recruitment consultancy that hires for leading employers across {country}, from its office in {city}.';
    list.push({
      siteContext: site.context,
      name,
      slug: slugify(name),
      employerType: consultant ? 'consultant' : 'company',
      description: about
        .replaceAll('{name}', name)
        .replaceAll('{city}', city)
        .replaceAll('{country}', country.name),
      logoUrl: null,
      websiteUrl: null,
      countryCode: country.code,
      city,
      sector,
      industryId: info
        ? (industryIds.get(rng.pick(info.industries)) ?? OTHERS_INDUSTRY)
        : (industryIds.get('Employment / Recruitment / Staffing') ?? OTHERS_INDUSTRY),
    });
  }
  companiesCache.set(cacheKey, list);
  return list;
}

/** Every site's demo companies. */
export function allDemoCompanies(seed: number): DemoCompany[] {
  return SITE_PLACES.flatMap((site) => demoCompanies(seed, site));
}

// ---------------------------------------------------------------------------------------------
// Jobs

const JOB_TYPES: readonly [JobType, number][] = [
  ['full_time', 78],
  ['contract', 8],
  ['part_time', 5],
  ['internship', 4],
  ['temporary', 3],
  ['freelance', 2],
];

const WALKIN_TIMES = [
  '9:30 AM - 1:00 PM',
  '10:00 AM - 4:00 PM',
  '10:00 AM - 6:00 PM',
  '11:00 AM - 5:00 PM',
  '2:00 PM - 6:00 PM',
];
const FLOORS = [
  'Ground Floor',
  '1st Floor',
  '2nd Floor',
  '3rd Floor',
  '5th Floor',
  '8th Floor',
  '12th Floor',
];
const BUILDINGS = [
  'Tower B',
  'Block 3',
  'Building 12',
  'Plaza One',
  'Trade Centre',
  'Business Park',
  'Corporate Tower',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Skills that only make sense in some places. */
const INDIA_ONLY = new Set(['Tally', 'GST', 'CBSE', 'Two-Wheeler Licence']);
const NOT_INDIA = new Set(['VAT', 'QuickBooks']);

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const prettyDate = (d: Date) =>
  `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const roundTo = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);
const bullets = (lines: readonly string[]) => lines.map((l) => `- ${l}`).join('\n');

function familyWeight(family: JobFamily, context: string): number {
  return family.weight * (family.siteBoost?.[context] ?? 1);
}

// Per-site lookups built once: companies by sector and the consultants.
const siteIndexCache = new Map<
  string,
  { bySector: Map<string, DemoCompany[]>; consultants: DemoCompany[] }
>();
function siteIndex(seed: number, site: SitePlaces) {
  const key = `${seed}|${site.context}`;
  let index = siteIndexCache.get(key);
  if (!index) {
    const companies = demoCompanies(seed, site);
    const bySector = new Map<string, DemoCompany[]>();
    for (const c of companies) {
      if (c.employerType === 'consultant') continue;
      const list = bySector.get(c.sector) ?? [];
      list.push(c);
      bySector.set(c.sector, list);
    }
    index = { bySector, consultants: companies.filter((c) => c.employerType === 'consultant') };
    siteIndexCache.set(key, index);
  }
  return index;
}

/** Job number `index` of the demo sequence for `seed`, posted within 60 days before `now`. */
export function demoJob(seed: number, index: number, now: Date): DemoJob {
  const rng = new Rng(hashSeed(seed, 'job', index));
  const site = rng.weighted(SITE_PLACES, (s) => s.weight);
  const family = rng.weighted(JOB_FAMILIES, (f) => familyWeight(f, site.context));
  const { bySector, consultants } = siteIndex(seed, site);

  // Employer: a company of a sector that hires this function, or (13%) a recruitment consultancy.
  const candidates = family.sectors.flatMap((s) => bySector.get(s) ?? []);
  const useConsultant = consultants.length > 0 && (candidates.length === 0 || rng.chance(0.13));
  // A small site may have no company of the sector and no consultancy: any of its companies.
  const company = useConsultant
    ? rng.pick(consultants)
    : rng.pick(candidates.length > 0 ? candidates : demoCompanies(seed, site));

  // Place: mostly where the company is based; consultancies hire across the site's countries.
  const country =
    (useConsultant ? rng.weighted(site.countries, (c) => c.weight) : undefined) ??
    site.countries.find((c) => c.code === company.countryCode) ??
    (site.countries[0] as CountryPlaces);
  const firstCity =
    !useConsultant && rng.chance(0.4) && country.cities.includes(company.city)
      ? company.city
      : pickCity(rng, country);
  const locations = [firstCity];
  if (rng.chance(0.12)) {
    for (const city of rng.sample(country.cities, rng.int(1, 2)))
      if (!locations.includes(city)) locations.push(city);
  }

  // Title and experience.
  const t = rng.pick(family.titles);
  let jobType = rng.weighted(JOB_TYPES, ([, w]) => w)[0];
  if (jobType === 'internship' && t.exp[0] > 0) jobType = 'full_time';
  const isWalkin = jobType !== 'internship' && rng.chance(family.walkin);
  let experienceMin: number;
  let experienceMax: number;
  let title = t.title;
  if (jobType === 'internship') {
    experienceMin = 0;
    experienceMax = rng.pick([0, 1]);
    title = `${t.title} Intern`;
  } else {
    const span = t.exp[1] - t.exp[0] + 1;
    experienceMin = t.exp[0] + Math.floor(Math.pow(rng.next(), 1.4) * span);
    experienceMax = experienceMin + rng.pick([1, 2, 2, 3, 3, 4, 5]);
    if (!t.fixed && t.exp[1] > 4) {
      if (experienceMin >= 8 && rng.chance(0.3)) title = `Lead ${t.title}`;
      else if (experienceMin >= 5 && rng.chance(0.6)) title = `Senior ${t.title}`;
      else if (experienceMin <= 1 && rng.chance(0.25)) title = `Junior ${t.title}`;
    }
  }

  // Skills: the title's own, plus a few of the family's, dropping ones foreign to the country.
  const indian = site.indianQualifications === true;
  const local = (s: string) => (indian ? !NOT_INDIA.has(s) : !INDIA_ONLY.has(s));
  const skills = [...new Set([...t.skills, ...rng.sample(family.common, rng.int(2, 4))])]
    .filter(local)
    .slice(0, 8);

  // Salary in local currency: interpolate entry..senior on experience (geometric), scale by family.
  const years = Math.min(experienceMin, 15) / 15;
  let base =
    country.entry *
    Math.pow(country.senior / country.entry, years) *
    family.pay *
    rng.between(0.85, 1.15);
  if (jobType === 'internship') base *= 0.4;
  if (jobType === 'part_time') base *= 0.55;
  const salaryMin = roundTo(base, country.round);
  const salaryMax = Math.max(salaryMin, roundTo(base * rng.between(1.15, 1.6), country.round));

  // Dates: posted within the last 60 days; walk-in drives a few days after posting.
  const minutesAgo = Math.floor(rng.next() * POSTED_WITHIN_DAYS * 1440); // 0 .. 60 days - 1 minute
  const postedAt = new Date(now.getTime() - minutesAgo * 60_000);
  let expiresAt = new Date(postedAt.getTime() + rng.pick([30, 45, 60, 90]) * DAY);
  let walkinStartDate: string | null = null;
  let walkinEndDate: string | null = null;
  let walkinTime: string | null = null;
  let walkinVenue: string | null = null;
  let walkinText = '';
  if (isWalkin) {
    const start = new Date(postedAt.getTime() + rng.int(1, 14) * DAY);
    const end = new Date(start.getTime() + rng.int(0, 4) * DAY);
    walkinStartDate = isoDate(start);
    walkinEndDate = isoDate(end);
    walkinTime = rng.pick(WALKIN_TIMES);
    walkinVenue = `${company.name}, ${rng.pick(FLOORS)}, ${rng.pick(BUILDINGS)}, ${rng.pick(country.streets)}, ${firstCity}`;
    expiresAt = new Date(Date.parse(`${walkinEndDate}T23:59:59Z`));
    const when =
      walkinStartDate === walkinEndDate
        ? `on ${prettyDate(start)}`
        : `from ${prettyDate(start)} to ${prettyDate(end)}`;
    walkinText = `Walk-in interview ${when}, ${walkinTime}, at ${walkinVenue}. Bring your resume and a photo ID.`;
  }

  const qualification = rng.pick(indian ? family.qualIndia : family.qualIntl);
  const employer = company.name;
  const intro = rng.pick([
    `${employer} is hiring a ${title} for its ${family.team} team in ${firstCity}.`,
    `Join the ${family.team} team at ${employer} as a ${title}, based in ${firstCity}.`,
    `We are looking for a ${title} to join the ${family.team} team at ${employer} in ${firstCity}.`,
  ]);
  // The company's own description is shown next to the job; only consultancies explain theirs.
  const about = useConsultant
    ? `We are recruiting for a well-known employer in ${country.name}.`
    : '';
  const requirements = [
    experienceMin === 0
      ? `Freshers and candidates with up to ${experienceMax} ${experienceMax === 1 ? 'year' : 'years'} of experience are welcome`
      : `${experienceMin}-${experienceMax} years of experience as a ${t.title} or in a similar role`,
    `Hands-on experience with ${skills.slice(0, 3).join(', ')}`,
    `Qualification: ${qualification}`,
  ];
  if (site.extraLanguage && rng.chance(0.5)) {
    requirements.push(`Good spoken and written English; ${site.extraLanguage} is an advantage`);
  } else {
    requirements.push('Clear communication and a habit of owning problems until they are solved');
  }
  const paragraphs = [
    about ? `${intro} ${about}` : intro,
    `What you will do:\n${bullets(rng.sample(family.duties, rng.int(3, 4)))}`,
    `What we are looking for:\n${bullets(requirements)}`,
    `What we offer:\n${bullets(rng.sample(site.benefits, rng.int(2, 3)))}`,
  ];
  if (walkinText) paragraphs.push(walkinText);
  paragraphs.push(
    rng.pick([
      'Apply now; shortlisted candidates will hear from us within a week.',
      'We are an equal opportunity employer.',
      'Shortlisted candidates will be called for interviews.',
    ]),
  );

  return {
    externalId: null,
    slug: slugify(`${title} ${employer} ${firstCity}`),
    title,
    companySlug: company.slug,
    companyName: employer,
    description: paragraphs.join('\n\n'),
    skills,
    locations,
    siteContext: site.context,
    countryCode: country.code,
    experienceMin,
    experienceMax,
    salaryMin,
    salaryMax,
    salaryCurrency: country.currency,
    salaryPeriod: country.period,
    salaryHidden: rng.chance(0.15),
    functionId: functionIds.get(family.fn) ?? OTHERS_FUNCTION,
    industryId: company.industryId,
    role: t.title,
    qualification,
    employerType: company.employerType,
    jobType,
    isWalkin,
    walkinStartDate,
    walkinEndDate,
    walkinTime,
    walkinVenue,
    postedAt,
    expiresAt,
    status: expiresAt.getTime() > now.getTime() ? 'active' : 'expired',
  };
}

/** Jobs start .. start+count-1 of the demo sequence. */
export function* demoJobs(options: {
  seed?: number;
  start?: number;
  count: number;
  now: Date;
}): Generator<DemoJob> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const start = options.start ?? 0;
  for (let i = start; i < start + options.count; i++) yield demoJob(seed, i, options.now);
}
