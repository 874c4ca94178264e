/**
 * The browse pages the SEO sitemap lists (in every language of the site): /companies and each
 * company with open jobs, /browse-jobs, its locations hub and each function and industry with
 * open jobs, and the salary pages.
 */
import type { Queryable } from '~/server/db/client';
import { companyPath } from '~/lib/jobs/paths';
import { employersWithOpenJobs } from '~/server/jobs/companies';
import { categoryPaths } from './browse';
import { salaryPaths } from './salaries';

export async function browsePaths(siteContext: string, db?: Queryable): Promise<string[]> {
  const [employers, categories, salaries] = await Promise.all([
    employersWithOpenJobs(siteContext, db),
    categoryPaths(siteContext, db),
    salaryPaths(siteContext, db),
  ]);
  return [
    '/companies',
    ...employers.map(companyPath),
    '/browse-jobs',
    '/browse-jobs/locations',
    ...categories,
    ...salaries,
  ];
}
