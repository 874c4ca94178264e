/**
 * The browse pages the SEO sitemap lists (in every language of the site): /companies and each
 * company with open jobs.
 */
import type { Queryable } from '~/server/db/client';
import { companyPath } from '~/lib/jobs/paths';
import { employersWithOpenJobs } from '~/server/jobs/companies';

export async function browsePaths(siteContext: string, db?: Queryable): Promise<string[]> {
  const employers = await employersWithOpenJobs(siteContext, db);
  return ['/companies', ...employers.map(companyPath)];
}
