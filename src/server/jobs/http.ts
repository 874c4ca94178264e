/**
 * The jobs service as the job page uses it (/job/<slug>-<id> and /seeker/job-details?id=): the
 * job of this site with what the page shows beside it.
 */
import type { WebContext } from '~/server/http/context';
import { similarJobs } from '~/server/search/service';
import { seoVocabulary, type SeoVocabulary } from '~/server/seo/landing';
import { salaryIndex, salaryPath, type SalaryIndex } from '~/server/seo/salaries';
import { seoSlug } from '~/lib/search/seo';
import { getJob, type JobSummary, type JobWithCompany } from './service';

export interface JobPage {
  job: JobWithCompany;
  /** Open jobs like this one (the search service). */
  similar: JobSummary[];
  /** The site's landing pages: which of the job's city and skills link to one. */
  vocabulary: SeoVocabulary;
  /** The salary page of the job's role (in its first city when there is one), if any. */
  salaryLink: { role: string; path: string } | null;
}

function salaryLinkOf(job: JobWithCompany, index: SalaryIndex): JobPage['salaryLink'] {
  const role = job.role ? index.bySlug.get(seoSlug(job.role)) : undefined;
  if (!role) return null;
  const city = job.locations[0]
    ? role.cities.find((c) => c.slug === seoSlug(job.locations[0] ?? ''))
    : undefined;
  return { role: role.label, path: salaryPath(role, city) };
}

/** The job page's data; null when the id is not a job of this site (the page is a 404). */
export async function loadJobPage(
  context: Pick<WebContext, 'locals'>,
  id: number | null,
): Promise<JobPage | null> {
  const job = id === null ? null : await getJob(id);
  // A job belongs to one site: on another site it is not found.
  if (!job || job.siteContext !== context.locals.site.context) return null;
  const [similar, vocabulary, salaries] = await Promise.all([
    similarJobs(job, 6),
    seoVocabulary(job.siteContext),
    salaryIndex(job.siteContext),
  ]);
  return { job, similar, vocabulary, salaryLink: salaryLinkOf(job, salaries) };
}
