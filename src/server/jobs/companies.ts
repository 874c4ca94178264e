/**
 * Employers as the public pages show them (/companies, /company/<slug>): the companies of a site
 * with their open jobs, where they hire, and employers like them. Names, logos and websites are
 * what the jobs data gave (the import keeps hiringOrganization's logo and sameAs).
 *
 * "Open" here is what the search index holds: active jobs (the index drops a job when it stops
 * being active), so a company's count equals a search filtered by its name.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getReadDb, queryRows, type Queryable } from '~/server/db/client';
import { companies, type Company } from '~/server/db/schema-jobs';

export type { Company };

export interface Employer {
  id: number;
  name: string;
  slug: string;
  logoUrl: string | null;
  employerType: string;
  /** Active jobs of the company on its site. */
  openJobs: number;
}

/** The columns the employer queries select (`n`: open jobs), and the Employer they make. */
type EmployerRow = {
  id: number;
  name: string;
  slug: string;
  logo_url: string | null;
  employer_type: string;
  n: number;
};
const toEmployer = (r: EmployerRow): Employer => ({
  id: Number(r.id),
  name: r.name,
  slug: r.slug,
  logoUrl: r.logo_url,
  employerType: r.employer_type,
  openJobs: Number(r.n),
});

/** Every company of a site with open jobs, most jobs first, then by name. */
export async function employersWithOpenJobs(
  siteContext: string,
  db?: Queryable,
): Promise<Employer[]> {
  const q = db ?? (await getReadDb());
  const rows = await queryRows<EmployerRow>(
    q,
    sql`SELECT c.id, c.name, c.slug, c.logo_url, c.employer_type, count(*)::int AS n
      FROM companies c JOIN jobs j ON j.company_id = c.id AND j.status = 'active'
      WHERE c.site_context = ${siteContext}
      GROUP BY c.id ORDER BY n DESC, c.name`,
  );
  return rows.map(toEmployer);
}

/** A site's company by its slug; null when there is none. */
export async function companyBySlug(
  siteContext: string,
  slug: string,
  db?: Queryable,
): Promise<Company | null> {
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return null;
  const q = db ?? (await getReadDb());
  const [row] = await q
    .select()
    .from(companies)
    .where(and(eq(companies.siteContext, siteContext), eq(companies.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** The cities of a company's open jobs, most jobs first. */
export async function companyCities(
  companyId: number,
  db?: Queryable,
): Promise<{ name: string; count: number }[]> {
  const q = db ?? (await getReadDb());
  const rows = await queryRows<{ name: string; n: number }>(
    q,
    sql`SELECT c AS name, count(*)::int AS n FROM jobs, unnest(locations) AS c
      WHERE company_id = ${companyId} AND status = 'active'
      GROUP BY c ORDER BY n DESC, c LIMIT 30`,
  );
  return rows.map((r) => ({ name: r.name, count: Number(r.n) }));
}

/**
 * Other companies of the site hiring in the same industries and functions as this one: ranked by
 * how many of their open jobs share one of this company's industries (or, failing that, functions).
 */
export async function similarCompanies(
  company: { id: number; siteContext: string },
  limit = 8,
  db?: Queryable,
): Promise<Employer[]> {
  const q = db ?? (await getReadDb());
  const rows = await queryRows<EmployerRow & { shared: number }>(
    q,
    sql`WITH own AS (
        SELECT array_agg(DISTINCT industry_id) FILTER (WHERE industry_id IS NOT NULL) AS industries,
          array_agg(DISTINCT function_id) FILTER (WHERE function_id IS NOT NULL) AS functions
        FROM jobs WHERE company_id = ${company.id} AND status = 'active')
      SELECT c.id, c.name, c.slug, c.logo_url, c.employer_type, count(*)::int AS n,
        (count(*) FILTER (WHERE j.industry_id = ANY (own.industries)) * 2
          + count(*) FILTER (WHERE j.function_id = ANY (own.functions)))::int AS shared
      FROM own, companies c JOIN jobs j ON j.company_id = c.id AND j.status = 'active'
      WHERE c.site_context = ${company.siteContext} AND c.id <> ${company.id}
      GROUP BY c.id HAVING count(*) FILTER (WHERE j.industry_id = ANY (own.industries)
        OR j.function_id = ANY (own.functions)) > 0
      ORDER BY shared DESC, n DESC, c.name LIMIT ${limit}`,
  );
  return rows.map(toEmployer);
}

/** How many open jobs a company has. */
export async function companyOpenJobs(companyId: number, db?: Queryable): Promise<number> {
  const q = db ?? (await getReadDb());
  const [row] = await queryRows<{ n: number }>(
    q,
    sql`SELECT count(*)::int AS n FROM jobs WHERE company_id = ${companyId} AND status = 'active'`,
  );
  return Number(row?.n ?? 0);
}
