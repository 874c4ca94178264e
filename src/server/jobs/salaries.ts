/**
 * The salaries of a site's open jobs, for salary insights (/salaries/...): jobs that are active,
 * show their pay (an employer who hid it is left out) and have a role. Roles and cities are
 * matched like the search matches them (search_key: lower case, single spaces).
 */
import { sql } from 'drizzle-orm';
import { getReadDb, queryRows, type Queryable } from '~/server/db/client';

const WITH_SALARY = sql`status = 'active' AND NOT salary_hidden AND role IS NOT NULL
  AND (salary_min IS NOT NULL OR salary_max IS NOT NULL)
  AND salary_currency IS NOT NULL AND salary_period IS NOT NULL`;

export interface JobSalary {
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  salaryPeriod: string;
  experienceMin: number | null;
}

/** Salaries of the open jobs of a role (a search key), optionally in one city (a search key). */
export async function openJobSalaries(
  siteContext: string,
  roleKey: string,
  cityKey: string | null,
  db?: Queryable,
): Promise<JobSalary[]> {
  const q = db ?? (await getReadDb());
  const inCity = cityKey
    ? sql`AND EXISTS (SELECT 1 FROM unnest(locations) c WHERE search_key(c) = ${cityKey})`
    : sql``;
  const rows = await queryRows<{
    salary_min: string | number | null;
    salary_max: string | number | null;
    salary_currency: string;
    salary_period: string;
    experience_min: number | null;
  }>(
    q,
    sql`SELECT salary_min, salary_max, salary_currency, salary_period, experience_min FROM jobs
      WHERE site_context = ${siteContext} AND ${WITH_SALARY} AND search_key(role) = ${roleKey}
      ${inCity}`,
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    salaryMin: num(r.salary_min),
    salaryMax: num(r.salary_max),
    salaryCurrency: r.salary_currency,
    salaryPeriod: r.salary_period,
    experienceMin: r.experience_min === null ? null : Number(r.experience_min),
  }));
}

/** Roles of a site with at least `min` open jobs showing a salary, most first. */
export async function rolesWithSalaries(
  siteContext: string,
  min: number,
  db?: Queryable,
): Promise<{ key: string; label: string; count: number }[]> {
  const q = db ?? (await getReadDb());
  const rows = await queryRows<{ key: string; label: string; n: number }>(
    q,
    sql`SELECT search_key(role) AS key, mode() WITHIN GROUP (ORDER BY role) AS label,
        count(*)::int AS n
      FROM jobs WHERE site_context = ${siteContext} AND ${WITH_SALARY}
      GROUP BY search_key(role) HAVING count(*) >= ${min} ORDER BY n DESC, key`,
  );
  return rows.map((r) => ({ key: r.key, label: r.label, count: Number(r.n) }));
}

/** Role-city pairs of a site with at least `min` open jobs showing a salary, most first. */
export async function roleCitiesWithSalaries(
  siteContext: string,
  min: number,
  db?: Queryable,
): Promise<{ roleKey: string; cityKey: string; city: string; count: number }[]> {
  const q = db ?? (await getReadDb());
  const rows = await queryRows<{ role_key: string; city_key: string; city: string; n: number }>(
    q,
    sql`SELECT search_key(role) AS role_key, search_key(c) AS city_key,
        mode() WITHIN GROUP (ORDER BY c) AS city, count(*)::int AS n
      FROM jobs, unnest(locations) AS c
      WHERE site_context = ${siteContext} AND ${WITH_SALARY}
      GROUP BY search_key(role), search_key(c) HAVING count(*) >= ${min}
      ORDER BY n DESC, role_key, city_key`,
  );
  return rows.map((r) => ({
    roleKey: r.role_key,
    cityKey: r.city_key,
    city: r.city,
    count: Number(r.n),
  }));
}
