/** Job URLs: /job/{slug}-{id}; the id at the end is what identifies the job. */
export function jobPath(job: { id: number; slug: string }): string {
  return `/job/${job.slug}-${job.id}`;
}

/** The job id from the part after /job/, e.g. "java-developer-acme-123" → 123; null if none. */
export function jobIdFromSlug(slugWithId: string): number | null {
  const match = /(?:^|-)(\d{1,15})\/?$/.exec(slugWithId);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A company's page: /company/{slug} (the slug is unique per site). */
export function companyPath(company: { slug: string }): string {
  return `/company/${company.slug}`;
}
