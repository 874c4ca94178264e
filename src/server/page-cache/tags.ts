/**
 * Names of the page cache's tags. A cached page carries the tags of the rows it shows; a write to
 * those rows drops every page with one of them (src/server/http/page-cache.ts).
 */

/** Every page that shows jobs (job pages, lists, landing pages, sitemaps) on every site. */
export const ALL_JOBS_TAG = 'jobs';

/** Career advice and Aspire pages (content collections: they change with a deploy). */
export const CONTENT_TAG = 'content';

/** The job's own pages (detail, in every language). */
export function jobTag(jobId: number): string {
  return `job:${jobId}`;
}

/** Pages that list a site's jobs: home, results, SEO landing pages, walk-in jobs, sitemaps. */
export function siteJobsTag(siteContext: string): string {
  return `jobs:${siteContext}`;
}

/** Tags of a job page: its own, its site's lists, and all jobs. */
export function jobPageTags(jobId: number, siteContext: string): string[] {
  return [jobTag(jobId), siteJobsTag(siteContext), ALL_JOBS_TAG];
}

/** Tags of a page listing a site's jobs. */
export function jobListTags(siteContext: string): string[] {
  return [siteJobsTag(siteContext), ALL_JOBS_TAG];
}

/**
 * A seeker's own pages (src/server/http/seeker-page-cache.ts), announced by the database's
 * triggers (drizzle/sql/seeker_pages_notify.sql) on the same channel.
 */
export function seekerTag(userId: string): string {
  return `seeker:${userId}`;
}

/** The tags of a notice that name public pages (the seekers' are no shared cache's business). */
export function publicTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => !tag.startsWith('seeker:'));
}
