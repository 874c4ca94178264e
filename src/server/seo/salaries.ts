/**
 * Salary insights: /salaries (roles with enough salaries), /salaries/<role> and
 * /salaries/<role>-in-<city>, computed from the salaries of the site's open jobs (jobs/salaries.ts)
 * in the currency the figures belong to and the pay period (the site file's
 * salaryScale.period, as the salary filter's bands): each job counts once, at the middle of its range,
 * converted like the salary filter converts it. A city's page is in the currency its jobs pay in
 * (a city of another of the site's countries in that country's), a role's page across the site in
 * the site's. Shown only when at least MIN_SALARIES jobs back it.
 *
 * Which roles and role-city pairs have a page is cached per process (cache.ts, 10 minutes: the
 * links and the sitemap); the figures of a page are read on every render, and the page cache
 * drops the page when jobs change.
 */
import { seoSlug } from '~/lib/search/seo';
import { MIN_SALARIES, salaryInsights, type SalaryInsights } from '~/lib/salaries/stats';
import type { Queryable } from '~/server/db/client';
import {
  openJobSalaries,
  roleCitiesWithSalaries,
  rolesWithSalaries,
  type JobSalary,
} from '~/server/jobs/salaries';
import { salaryFactor, salaryScale, type BandPeriod } from '~/server/search/facet-ranges';
import { cached } from './cache';

export interface SalaryCity {
  key: string;
  label: string;
  slug: string;
  count: number;
}

export interface SalaryRole {
  key: string;
  label: string;
  slug: string;
  /** Open jobs showing a salary. */
  count: number;
  /** Cities with enough salaries of their own, most first. */
  cities: SalaryCity[];
}

export interface SalaryIndex {
  roles: SalaryRole[];
  bySlug: ReadonlyMap<string, SalaryRole>;
}

export const SALARY_INDEX_TTL_MS = 10 * 60_000;

/** The path of a role's salary page, or of the role in a city. */
export function salaryPath(role: { slug: string }, city?: { slug: string } | null): string {
  return city ? `/salaries/${role.slug}-in-${city.slug}` : `/salaries/${role.slug}`;
}

/** Roles and role-city pairs of a site with enough salaries (uncached). */
export async function loadSalaryIndex(siteContext: string, db?: Queryable): Promise<SalaryIndex> {
  const [roles, pairs] = await Promise.all([
    rolesWithSalaries(siteContext, MIN_SALARIES, db),
    roleCitiesWithSalaries(siteContext, MIN_SALARIES, db),
  ]);
  const bySlug = new Map<string, SalaryRole>();
  const byKey = new Map<string, SalaryRole>();
  for (const r of roles) {
    const slug = seoSlug(r.label);
    // A role without a Latin slug, or a second spelling of a slug, has no page of its own.
    if (!slug || bySlug.has(slug)) continue;
    const role: SalaryRole = { key: r.key, label: r.label, slug, count: r.count, cities: [] };
    bySlug.set(slug, role);
    byKey.set(r.key, role);
  }
  for (const p of pairs) {
    const role = byKey.get(p.roleKey);
    const slug = seoSlug(p.city);
    if (!role || !slug || role.cities.some((c) => c.slug === slug)) continue;
    role.cities.push({ key: p.cityKey, label: p.city, slug, count: p.count });
  }
  return { roles: [...bySlug.values()], bySlug };
}

/** A site's salary index, cached (a test database bypasses the cache). */
export function salaryIndex(siteContext: string, db?: Queryable): Promise<SalaryIndex> {
  if (db) return loadSalaryIndex(siteContext, db);
  return cached(`salary-index|${siteContext}`, SALARY_INDEX_TTL_MS, () =>
    loadSalaryIndex(siteContext),
  );
}

/** The role (and city) a salary page's slug names; null when none has a page. */
export function resolveSalarySlug(
  index: SalaryIndex,
  slug: string,
): { role: SalaryRole; city: SalaryCity | null } | null {
  const role = index.bySlug.get(slug);
  if (role) return { role, city: null };
  for (let at = slug.indexOf('-in-'); at > 0; at = slug.indexOf('-in-', at + 1)) {
    const pairRole = index.bySlug.get(slug.slice(0, at));
    const city = pairRole?.cities.find((c) => c.slug === slug.slice(at + 4));
    if (pairRole && city) return { role: pairRole, city };
  }
  return null;
}

/** A job's pay in `currency` per `period`: the middle of its range; null if unknown. */
export function payOf(job: JobSalary, currency: string, period: BandPeriod): number | null {
  const factor = salaryFactor(job.salaryCurrency, job.salaryPeriod, currency, period);
  const ends = [job.salaryMin, job.salaryMax].filter((n): n is number => n !== null);
  if (factor === null || ends.length === 0) return null;
  return (((ends[0] as number) + (ends[ends.length - 1] as number)) / 2) * factor;
}

export interface SalaryPage {
  role: SalaryRole;
  city: SalaryCity | null;
  insights: SalaryInsights;
  /** The currency amounts are in (ISO 4217). */
  currency: string;
  /** The period amounts are per. */
  period: BandPeriod;
}

/** The currency most of the jobs are paid in (the site's when they are not one country's). */
function payCurrency(jobs: readonly JobSalary[], siteCurrency: string): string {
  const counts = new Map<string, number>();
  for (const job of jobs) counts.set(job.salaryCurrency, (counts.get(job.salaryCurrency) ?? 0) + 1);
  let best = siteCurrency;
  for (const [code, n] of counts) if (n > (counts.get(best) ?? 0)) best = code;
  return best;
}

/** /salaries/<slug>; null when it names nothing or too few salaries back it now. */
export async function loadSalaryPage(
  site: { context: string; currency: { code: string } },
  slug: string,
  db?: Queryable,
): Promise<SalaryPage | null> {
  const resolved = resolveSalarySlug(await salaryIndex(site.context, db), slug);
  if (!resolved) return null;
  const { role, city } = resolved;
  const { period } = salaryScale(site.currency.code);
  const jobs = await openJobSalaries(site.context, role.key, city?.key ?? null, db);
  const currency = city ? payCurrency(jobs, site.currency.code) : site.currency.code;
  const points = jobs.flatMap((job) => {
    const amount = payOf(job, currency, period);
    return amount === null ? [] : [{ amount, experienceMin: job.experienceMin }];
  });
  const insights = salaryInsights(points);
  return insights ? { role, city, insights, currency, period } : null;
}

/** Paths of every salary page of a site (the sitemap). */
export async function salaryPaths(siteContext: string, db?: Queryable): Promise<string[]> {
  const index = await salaryIndex(siteContext, db);
  return [
    '/salaries',
    ...index.roles.flatMap((role) => [
      salaryPath(role),
      ...role.cities.map((c) => salaryPath(role, c)),
    ]),
  ];
}
