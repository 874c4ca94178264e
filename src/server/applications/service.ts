/**
 * Applying to jobs (SPEC §2 applied-success, §9 one-click apply limits). A seeker applies once
 * per job (a unique index decides, so double clicks and parallel requests are harmless); a
 * one-click apply takes at most 5 jobs for freshers and 10 for professionals, checked here, on
 * the server. A guest's apply waits in pending_applies until they log in.
 */
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ONE_CLICK_APPLY_LIMIT } from '~/lib/reference-lists';
import { AccountError } from '~/server/errors';
import { randomToken, sha256Hex } from '~/server/tokens';
import { getDb, type Queryable } from '~/server/db/client';
import { ownRows } from '~/server/db/owner';
import { applications, pendingApplies, savedJobs } from '~/server/db/schema-applications';
import { countPart, manyPart, type Part } from '~/server/db/json-rows';
import type { CareerStage } from '~/lib/validation/account';
import { jobSummaries, openJobIds, type JobSummary } from '~/server/jobs/service';
import { applicationProfile } from '~/server/profiles/service';

export interface ApplyOptions {
  db?: Queryable;
  now?: Date;
}

/** SPEC §9: 5 for freshers, 10 for experienced; an account without a stage counts as a fresher. */
export function applyLimitFor(careerStage: CareerStage | null | undefined): number {
  return careerStage === 'professional'
    ? ONE_CLICK_APPLY_LIMIT.experienced
    : ONE_CLICK_APPLY_LIMIT.fresher;
}

export interface ApplyResult {
  /** Jobs applied to by this call. */
  applied: number[];
  /** Jobs the seeker had applied to before. */
  alreadyApplied: number[];
  /** Jobs that are not open on this site (expired, closed, unknown, another site). */
  unavailable: number[];
}

const uniqueIds = (ids: readonly number[]) =>
  [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);

/** Applies the user to the jobs; throws applyNothingSelected, applyLimit or applyJobUnavailable. */
export async function applyToJobs(
  user: { id: string; careerStage: CareerStage | null },
  jobIds: readonly number[],
  siteContext: string,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const ids = uniqueIds(jobIds);
  if (ids.length === 0) throw new AccountError('applyNothingSelected', 422, { field: 'jobIds' });
  const limit = applyLimitFor(user.careerStage);
  if (ids.length > limit) {
    throw new AccountError('applyLimit', 422, { params: { limit }, field: 'jobIds' });
  }
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const openIds = await openJobIds(ids, siteContext, now, db);
  const unavailable = ids.filter((id) => !openIds.has(id));
  const candidates = ids.filter((id) => openIds.has(id));
  if (candidates.length === 0) {
    throw new AccountError('applyJobUnavailable', 410, { field: 'jobIds' });
  }
  // What was sent: the default profile and its resume, as they are now.
  const sent = await applicationProfile(user.id, { db });
  const inserted = await db
    .insert(applications)
    .values(
      candidates.map((jobId) => ({ userId: user.id, jobId, siteContext, appliedAt: now, ...sent })),
    )
    .onConflictDoNothing({ target: [applications.userId, applications.jobId] })
    .returning({ jobId: applications.jobId });
  const applied = inserted.map((r) => r.jobId);
  const appliedSet = new Set(applied);
  return {
    applied: candidates.filter((id) => appliedSet.has(id)),
    alreadyApplied: candidates.filter((id) => !appliedSet.has(id)),
    unavailable,
  };
}

export type AppliedJob = JobSummary & { appliedAt: Date };

/**
 * The user's applications, newest first, with their jobs: only this user's rows are ever read.
 * `jobIds` narrows to those jobs (ids the user did not apply to are simply absent).
 */
export async function listApplications(
  userId: string,
  filter: { siteContext?: string; jobIds?: readonly number[]; limit?: number } = {},
  options: ApplyOptions = {},
): Promise<AppliedJob[]> {
  const db = options.db ?? (await getDb());
  const conditions = [eq(applications.userId, userId)];
  if (filter.siteContext) conditions.push(eq(applications.siteContext, filter.siteContext));
  if (filter.jobIds) {
    const ids = uniqueIds(filter.jobIds);
    if (ids.length === 0) return [];
    conditions.push(inArray(applications.jobId, ids));
  }
  const rows = await db
    .select({ jobId: applications.jobId, appliedAt: applications.appliedAt })
    .from(applications)
    .where(and(...conditions))
    .orderBy(desc(applications.appliedAt), desc(applications.id))
    .limit(Math.max(1, Math.min(200, filter.limit ?? 50)));
  return withJobs(rows, { db });
}

/** Applications (job id and when) with their jobs, in the same order. */
export async function withJobs(
  rows: readonly { jobId: number; appliedAt: Date }[],
  options: ApplyOptions = {},
): Promise<AppliedJob[]> {
  if (rows.length === 0) return [];
  const db = options.db ?? (await getDb());
  // An application goes with its job (on delete cascade), so every job is there.
  const jobsById = await jobSummaries(
    rows.map((r) => r.jobId),
    db,
  );
  return rows.flatMap(({ jobId, appliedAt }) => {
    const job = jobsById.get(jobId);
    return job ? [{ ...job, appliedAt }] : [];
  });
}

export interface MyJobs {
  /** Saved jobs and applications on the site. */
  saved: number;
  applications: number;
  /** The latest applications on the site (job and when), newest first. */
  latest: { jobId: number; appliedAt: Date }[];
  /** Every job applied to on the site. */
  appliedIds: Set<number>;
}

/**
 * The dashboard's "my jobs" (counts, latest applications, the jobs applied to) as a value of a
 * statement that reads more beside it (decision 0074).
 */
export function myJobsPart(userId: string, siteContext: string, latest: number): Part<MyJobs> {
  const mine = ownRows(applications, userId, siteContext);
  const saved = countPart(sql`${savedJobs} where ${ownRows(savedJobs, userId, siteContext)}`);
  const applied = countPart(sql`${applications} where ${mine}`);
  const recent = manyPart(
    { jobId: applications.jobId, appliedAt: applications.appliedAt },
    sql`${applications} where ${mine}`,
    [desc(applications.appliedAt), desc(applications.id)],
    latest,
  );
  return {
    sql: sql`json_build_object('saved', ${saved.sql}, 'applications', ${applied.sql}, 'latest', ${recent.sql}, 'ids', (select coalesce(json_agg(${applications.jobId}), '[]'::json) from ${applications} where ${mine}))`,
    decode: (value) => {
      const o = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
      return {
        saved: saved.decode(o.saved),
        applications: applied.decode(o.applications),
        latest: recent.decode(o.latest),
        appliedIds: new Set(((o.ids as unknown[] | null) ?? []).map(Number)),
      };
    },
  };
}

/** Which of these jobs the user has applied to (for "Applied" marks on job lists). */
export async function appliedJobIds(
  userId: string,
  jobIds: readonly number[],
  options: ApplyOptions = {},
): Promise<Set<number>> {
  const ids = uniqueIds(jobIds);
  if (ids.length === 0) return new Set();
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({ jobId: applications.jobId })
    .from(applications)
    .where(and(eq(applications.userId, userId), inArray(applications.jobId, ids)));
  return new Set(rows.map((r) => r.jobId));
}

/** How long a guest's apply waits for them to log in. */
export const PENDING_APPLY_SECONDS = 60 * 60;
export const PENDING_APPLY_COOKIE = 'jp_pending_apply';

/** Keeps a guest's apply; returns the token for their cookie. */
export async function savePendingApply(
  jobIds: readonly number[],
  returnUrl: string,
  siteContext: string,
  options: ApplyOptions = {},
): Promise<string> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const token = randomToken();
  await db.insert(pendingApplies).values({
    tokenHash: sha256Hex(token),
    jobIds: uniqueIds(jobIds).slice(0, ONE_CLICK_APPLY_LIMIT.experienced),
    returnUrl,
    siteContext,
    expiresAt: new Date(now.getTime() + PENDING_APPLY_SECONDS * 1000),
    createdAt: now,
  });
  if (Math.random() < 0.05) {
    await db
      .delete(pendingApplies)
      .where(lt(pendingApplies.expiresAt, now))
      .catch(() => {});
  }
  return token;
}

/** Takes (and forgets) a guest's apply of this site; null when missing or expired. */
export async function takePendingApply(
  token: string | undefined,
  siteContext: string,
  options: ApplyOptions = {},
): Promise<{ jobIds: number[]; returnUrl: string } | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = await db
    .delete(pendingApplies)
    .where(eq(pendingApplies.tokenHash, sha256Hex(token)))
    .returning();
  if (!row || row.siteContext !== siteContext || row.expiresAt <= now) return null;
  return { jobIds: row.jobIds, returnUrl: row.returnUrl };
}

export const APPLICATIONS_PAGE_SIZE = 20;

/** sent: nothing known yet; viewed: a recruiter opened it; closed: the job no longer takes any. */
export type ApplicationState = 'sent' | 'viewed' | 'closed';

export interface ApplicationView {
  job: JobSummary;
  appliedAt: Date;
  profileName: string | null;
  resumeId: string | null;
  resumeName: string | null;
  viewedAt: Date | null;
  state: ApplicationState;
}

/** How many jobs the user applied to on this site (the dashboard's count). */
export async function countApplications(
  userId: string,
  siteContext: string,
  options: ApplyOptions = {},
): Promise<number> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(ownRows(applications, userId, siteContext));
  return row?.n ?? 0;
}

/** One page of the user's applications on this site, newest first (/seeker/applications). */
export async function applicationsPage(
  userId: string,
  siteContext: string,
  page = 1,
  options: ApplyOptions = {},
): Promise<{ items: ApplicationView[]; total: number; page: number; totalPages: number }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const mine = ownRows(applications, userId, siteContext);
  const total = await countApplications(userId, siteContext, { db });
  const totalPages = Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const rows = await db
    .select()
    .from(applications)
    .where(mine)
    .orderBy(desc(applications.appliedAt), desc(applications.id))
    .limit(APPLICATIONS_PAGE_SIZE)
    .offset((current - 1) * APPLICATIONS_PAGE_SIZE);
  const ids = rows.map((r) => r.jobId);
  const [jobs, open] = await Promise.all([
    jobSummaries(ids, db),
    openJobIds(ids, siteContext, now, db),
  ]);
  const items = rows.flatMap((row): ApplicationView[] => {
    const job = jobs.get(row.jobId);
    if (!job) return [];
    const state: ApplicationState = !open.has(row.jobId)
      ? 'closed'
      : row.viewedAt
        ? 'viewed'
        : 'sent';
    const { appliedAt, profileName, resumeId, resumeName, viewedAt } = row;
    return [{ job, appliedAt, profileName, resumeId, resumeName, viewedAt, state }];
  });
  return { items, total, page: current, totalPages };
}

/**
 * A recruiter opened the user's application to a job (the employer system's profile events):
 * the first time is kept. False when the user did not apply to that job.
 */
export async function markApplicationViewed(
  userId: string,
  jobId: number,
  at: Date,
  options: ApplyOptions = {},
): Promise<boolean> {
  if (!Number.isSafeInteger(jobId) || jobId < 1) return false;
  const db = options.db ?? (await getDb());
  const mine = and(eq(applications.userId, userId), eq(applications.jobId, jobId));
  await db
    .update(applications)
    .set({ viewedAt: at })
    .where(and(mine, isNull(applications.viewedAt)));
  const [row] = await db.select({ id: applications.id }).from(applications).where(mine).limit(1);
  return row !== undefined;
}
