/**
 * Tells every server process which cached pages a write made stale. The notice is a PostgreSQL
 * NOTIFY sent inside the writer's transaction, so it is delivered on commit and never for a
 * rolled-back write; each server process LISTENs (listen.ts) and drops the pages with those tags.
 * PGlite delivers NOTIFY to listeners of the same database, PostgreSQL to every connection.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import { ALL_JOBS_TAG, jobTag, siteJobsTag } from './tags';

export const PAGE_CACHE_CHANNEL = 'page_cache';

/** NOTIFY payloads are limited to 8000 bytes; past this many tags the notice widens to all jobs. */
const MAX_TAGS = 200;

export async function announcePageChanges(db: Queryable, tags: readonly string[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  const sent = unique.length > MAX_TAGS ? [ALL_JOBS_TAG] : unique;
  await db.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, ${JSON.stringify(sent)})`);
}

/** The notice for jobs written (imported, edited, closed): their pages and their sites' lists. */
export async function announceJobChanges(
  db: Queryable,
  changed: readonly { id: number; siteContext: string }[],
): Promise<void> {
  const tags = [
    ...new Set(changed.map((job) => siteJobsTag(job.siteContext))),
    ...changed.map((job) => jobTag(job.id)),
  ];
  await announcePageChanges(db, tags);
}
