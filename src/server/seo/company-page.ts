/**
 * The data of /company/<slug>: the company, its open jobs as a search filtered by its id (so
 * paging, sorting and the other filters follow the search's rules), its walk-ins, the cities of
 * its jobs and similar employers; and /companies, the site's employers with their open jobs.
 */
import { readResultsRequest, type ResultsRequest } from '~/lib/search/request';
import type { Lang } from '~/lib/sites/schema';
import {
  companyBySlug,
  companyCities,
  companyOpenJobs,
  employersWithOpenJobs,
  similarCompanies,
  type Employer,
} from '~/server/jobs/companies';
import type { Company } from '~/server/jobs/companies';
import type { Queryable } from '~/server/db/client';
import { EMPTY_SEARCH } from '~/lib/search/state';
import { searchJobs, walkinJobs } from '~/server/search/service';
import type { SearchResult } from '~/server/search/types';
import type { JobSummary } from '~/server/jobs/service';

export type { Employer };

export interface CompanyPage {
  company: Company;
  request: ResultsRequest;
  /** Null when the search did not run (a search box message). */
  result: SearchResult | null;
  /** Every open job of the company, whatever the page's filters. */
  openJobs: number;
  walkins: JobSummary[];
  cities: { name: string; count: number }[];
  similar: Employer[];
}

/** /company/<slug>; null when the site has no such company (a 404). */
export async function loadCompanyPage(
  site: { context: string },
  lang: Lang,
  slug: string,
  params: URLSearchParams,
  db?: Queryable,
): Promise<CompanyPage | null> {
  const company = await companyBySlug(site.context, slug, db);
  if (!company) return null;
  const request = readResultsRequest(params);
  // By its id: another company of the same name is another employer. The company is the page's
  // scope: no company facet (it would offer the site's other employers, and ticking one there
  // changes nothing), and the other facets are counted over its jobs alone, exactly. The page's
  // state leaves it out (no chip to remove it, no company in its links: the path says it).
  const companies = [String(company.id)];
  const { companies: _typed, ...filters } = request.state.filters;
  request.state = { ...request.state, filters };
  const scoped = { ...request.state, filters: { ...filters, companies } };
  const byCompany = { ...EMPTY_SEARCH, filters: { companies } };
  const [result, openJobs, walkins, cities, similar] = await Promise.all([
    request.blocked
      ? null
      : searchJobs(site.context, scoped, db, { lang, scope: ['companies'] }).then((found) => ({
          ...found,
          state: { ...found.state, filters },
        })),
    companyOpenJobs(company.id, db),
    walkinJobs(site.context, byCompany, db, { lang }),
    companyCities(company.id, db),
    similarCompanies(company, 8, db),
  ]);
  return {
    company,
    request,
    result,
    openJobs,
    walkins: walkins.jobs.slice(0, 5),
    cities,
    similar,
  };
}

/** Employers of /companies: the busiest first (top), and all of them A-Z. */
export async function loadCompaniesPage(
  siteContext: string,
  db?: Queryable,
): Promise<{ top: Employer[]; all: Employer[] }> {
  const employers = await employersWithOpenJobs(siteContext, db);
  const all = [...employers].sort((a, b) =>
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
  return { top: employers.slice(0, 12), all };
}

/** schema.org Organization of a company page. */
export function organizationJsonLd(company: Company, url: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url,
    ...(company.logoUrl ? { logo: company.logoUrl } : {}),
    ...(company.websiteUrl ? { sameAs: [company.websiteUrl] } : {}),
    ...(company.description ? { description: company.description } : {}),
  };
}
