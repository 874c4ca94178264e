/**
 * The browse pages the SEO sitemap lists (in every language of the site): /companies and each
 * company with open jobs, /browse-jobs, its locations hub and each function and industry with
 * open jobs.
 */
import type { Queryable } from '~/server/db/client';
import { companyPath } from '~/lib/jobs/paths';
import { employersWithOpenJobs } from '~/server/jobs/companies';
import { categoryPaths } from './browse';

export async function browsePaths(siteContext: string, db?: Queryable): Promise<string[]> {
  const [employers, categories] = await Promise.all([
    employersWithOpenJobs(siteContext, db),
    categoryPaths(siteContext, db),
  ]);
  return [
    '/companies',
    ...employers.map(companyPath),
    '/browse-jobs',
    '/browse-jobs/locations',
    ...categories,
  ];
}
