/**
 * Saved jobs: a seeker keeps open jobs of a site for later. The list shows each job's state
 * (open, closed, applied); a job that closed is shown once with a notice (closed_noticed_at set
 * by that listing) and removed from the list a day later, so the seeker is told before it goes.
 * Every function matches rows by the owner's user id.
 */
import { and, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { getDb, type Queryable } from '~/server/db/client';
import { ownRows } from '~/server/db/owner';
import { savedJobs } from '~/server/db/schema-applications';
import { jobSummariesWithState, openJobIds, type JobSummary } from '~/server/jobs/service';
import { appliedJobIds } from './service';

export interface SavedOptions {
  db?: Queryable;
  now?: Date;
}

/** How long a closed job stays on the list after its notice was first shown. */
export const CLOSED_NOTICE_MS = 86_400_000;
export const SAVED_PAGE_SIZE = 20;

export type SavedJobState = 'open' | 'closed' | 'applied';

export interface SavedJob {
  job: JobSummary;
  savedAt: Date;
  state: SavedJobState;
  /** Closed: the list tells the seeker it will be removed. */
  closedNotice: boolean;
}

/** A Postgres array of job ids as either driver answers it (a list, or its text '{1,2}'). */
function idsOf(value: (number | string)[] | string | null): number[] {
  if (value === null) return [];
  const list = Array.isArray(value) ? value : value.replace(/[{}]/g, '').split(',');
  return list.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * Saves an open job of this site for the user (saving twice is harmless): 'unavailable' for a
 * job that is closed, expired, unknown or of another site.
 */
export async function saveJob(
  userId: string,
  jobId: number,
  siteContext: string,
  options: SavedOptions = {},
): Promise<'saved' | 'unavailable'> {
  if (!validId(jobId)) return 'unavailable';
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const open = await openJobIds([jobId], siteContext, now, db);
  if (!open.has(jobId)) return 'unavailable';
  await db
    .insert(savedJobs)
    .values({ userId, jobId, siteContext, savedAt: now })
    .onConflictDoNothing({ target: [savedJobs.userId, savedJobs.jobId] });
  return 'saved';
}

/** Removes a job from the user's saved jobs (an unsaved job is ignored). */
export async function unsaveJob(userId: string, jobId: number, options: SavedOptions = {}) {
  if (!validId(jobId)) return;
  const db = options.db ?? (await getDb());
  await db.delete(savedJobs).where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)));
}

/** Which of these jobs the user saved (the job page's Save / Saved button). */
export async function savedJobIds(
  userId: string,
  jobIds: readonly number[],
  options: SavedOptions = {},
): Promise<Set<number>> {
  const ids = [...new Set(jobIds)].filter(validId);
  if (ids.length === 0) return new Set();
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({ jobId: savedJobs.jobId })
    .from(savedJobs)
    .where(and(eq(savedJobs.userId, userId), inArray(savedJobs.jobId, ids)));
  return new Set(rows.map((r) => r.jobId));
}

/** How many jobs the user has saved on this site (the dashboard's count). */
export async function countSavedJobs(
  userId: string,
  siteContext: string,
  options: SavedOptions = {},
): Promise<number> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ n: count() })
    .from(savedJobs)
    .where(ownRows(savedJobs, userId, siteContext));
  return row?.n ?? 0;
}

/**
 * One page of the user's saved jobs on this site, newest saved first, with each job's state.
 * Closed jobs whose notice was shown over a day ago are removed first; closed jobs shown for the
 * first time get their notice time now.
 */
export async function listSavedJobs(
  userId: string,
  siteContext: string,
  page = 1,
  options: SavedOptions = {},
): Promise<{ items: SavedJob[]; total: number; page: number; totalPages: number }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const mine = ownRows(savedJobs, userId, siteContext);
  // How many are saved, and which closed jobs were noticed over a day ago: those go, unless the
  // job opened again (its notice is cleared). One statement for both.
  const [head] = await db
    .select({
      total: count(),
      noticed: sql<
        (number | string)[] | string | null
      >`array_agg(${savedJobs.jobId}) filter (where ${and(
        isNotNull(savedJobs.closedNoticedAt),
        lt(savedJobs.closedNoticedAt, new Date(now.getTime() - CLOSED_NOTICE_MS)),
      )})`,
    })
    .from(savedJobs)
    .where(mine);
  let total = Number(head?.total ?? 0);
  const noticed = idsOf(head?.noticed ?? null);
  if (noticed.length > 0) {
    const reopened = await openJobIds(noticed, siteContext, now, db);
    const gone = noticed.filter((id) => !reopened.has(id));
    if (gone.length) {
      await db.delete(savedJobs).where(and(mine, inArray(savedJobs.jobId, gone)));
      total -= gone.length;
    }
    if (reopened.size) {
      await db
        .update(savedJobs)
        .set({ closedNoticedAt: null })
        .where(and(mine, inArray(savedJobs.jobId, [...reopened])));
    }
  }
  const totalPages = Math.max(1, Math.ceil(total / SAVED_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const rows = await db
    .select({
      jobId: savedJobs.jobId,
      savedAt: savedJobs.savedAt,
      closedNoticedAt: savedJobs.closedNoticedAt,
    })
    .from(savedJobs)
    .where(mine)
    .orderBy(desc(savedJobs.savedAt), desc(savedJobs.jobId))
    .limit(SAVED_PAGE_SIZE)
    .offset((current - 1) * SAVED_PAGE_SIZE);
  const ids = rows.map((r) => r.jobId);
  const [{ summaries: jobs, open }, applied] = await Promise.all([
    jobSummariesWithState(ids, siteContext, now, db),
    appliedJobIds(userId, ids, { db }),
  ]);
  const newlyClosed = ids.filter(
    (id) => !open.has(id) && rows.find((r) => r.jobId === id)?.closedNoticedAt === null,
  );
  if (newlyClosed.length > 0) {
    await db
      .update(savedJobs)
      .set({ closedNoticedAt: now })
      .where(and(eq(savedJobs.userId, userId), inArray(savedJobs.jobId, newlyClosed)));
  }
  const items = rows.flatMap(({ jobId, savedAt }): SavedJob[] => {
    const job = jobs.get(jobId);
    if (!job) return [];
    const closed = !open.has(jobId);
    const state: SavedJobState = closed ? 'closed' : applied.has(jobId) ? 'applied' : 'open';
    return [{ job, savedAt, state, closedNotice: closed }];
  });
  return { items, total, page: current, totalPages };
}
