/**
 * Auto Apply (user menu): a seeker opts in with criteria (keywords, location, experience) and a
 * daily cap; once a day the hourly housekeeping job applies for them to the newest matching open jobs
 * they have not applied to, through the same applyToJobs as one-click apply, so its rules hold:
 * one application per job, and at most 5 (fresher) or 10 (experienced) jobs at once (SPEC §9),
 * which also bounds the daily cap. Each run for a seeker is one transaction (applications, log,
 * last run day), so a run killed half-way leaves nothing half-done and the next run repeats it.
 */
import { typedDigits } from '~/lib/validation/digits';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import * as v from 'valibot';
import { EMPTY_SEARCH } from '~/lib/search/state';
import { getUser } from '~/server/accounts/users';
import { applyLimitFor, applyToJobs } from '~/server/applications/service';
import { getDb, type Queryable } from '~/server/db/client';
import { autoApplyLog, autoApplySettings } from '~/server/db/schema-chrome';
import type { CareerStage } from '~/lib/validation/account';
import { searchJobs } from '~/server/search/service';

/** Field errors are shown with chrome:autoApply.errors.<field>. */
export function autoApplySchema(limit: number) {
  return v.object({
    /** A checkbox: present (any value) when ticked. */
    enabled: v.optional(v.string()),
    keywords: v.pipe(
      v.string('keywords'),
      v.trim(),
      v.minLength(2, 'keywords'),
      v.maxLength(100, 'keywords'),
    ),
    location: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'location')), ''),
    experience: v.optional(
      v.union([
        v.literal(''),
        v.pipe(
          v.string('experience'),
          v.regex(/^\d{1,2}$/, 'experience'),
          v.transform(Number),
          v.maxValue(50, 'experience'),
        ),
      ]),
      '',
    ),
    dailyCap: v.pipe(
      v.string('dailyCap'),
      v.transform(typedDigits),
      v.regex(/^\d{1,2}$/, 'dailyCap'),
      v.transform(Number),
      v.minValue(1, 'dailyCap'),
      v.maxValue(limit, 'dailyCap'),
    ),
  });
}

export type AutoApplySettings = typeof autoApplySettings.$inferSelect;

export async function getAutoApply(
  userId: string,
  db?: Queryable,
): Promise<AutoApplySettings | null> {
  const handle = db ?? (await getDb());
  const [row] = await handle
    .select()
    .from(autoApplySettings)
    .where(eq(autoApplySettings.userId, userId));
  return row ?? null;
}

export async function saveAutoApply(
  user: { id: string; careerStage: CareerStage | null; siteContext: string },
  input: {
    enabled: boolean;
    keywords: string;
    location: string;
    experience: number | null;
    dailyCap: number;
  },
  db?: Queryable,
): Promise<void> {
  const handle = db ?? (await getDb());
  const values = {
    enabled: input.enabled,
    keywords: input.keywords,
    location: input.location,
    experience: input.experience,
    dailyCap: Math.min(input.dailyCap, applyLimitFor(user.careerStage)),
    siteContext: user.siteContext,
  };
  await handle
    .insert(autoApplySettings)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: autoApplySettings.userId, set: values });
}

/** Jobs applied to by Auto Apply, newest first. */
export async function autoAppliedJobIds(userId: string, db?: Queryable): Promise<number[]> {
  const handle = db ?? (await getDb());
  const rows = await handle
    .select({ jobId: autoApplyLog.jobId })
    .from(autoApplyLog)
    .where(eq(autoApplyLog.userId, userId))
    .orderBy(desc(autoApplyLog.appliedAt))
    .limit(50);
  return rows.map((r) => r.jobId);
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** How many jobs a candidate search looks at, beyond the cap (some are already applied to). */
const CANDIDATES = 40;

/** Runs Auto Apply for one seeker for `now`'s day; returns the jobs applied to. */
export async function runAutoApplyFor(
  settings: AutoApplySettings,
  db: Queryable,
  now = new Date(),
): Promise<number[]> {
  const today = dayOf(now);
  const user = await getUser(settings.userId, { db });
  if (!user) return [];
  const result = await searchJobs(
    settings.siteContext,
    {
      ...EMPTY_SEARCH,
      q: settings.keywords,
      location: settings.location,
      experience: settings.experience,
      sort: 'date',
    },
    db,
  );
  const candidateIds = result.jobs.slice(0, CANDIDATES).map((j) => j.id);
  return db.transaction(async (tx) => {
    // Lock the settings row: two workers running it at once apply once.
    const [locked] = await tx
      .select()
      .from(autoApplySettings)
      .where(eq(autoApplySettings.userId, settings.userId))
      .for('update');
    if (!locked?.enabled || locked.lastRunOn === today) return [];
    const [done] = await tx
      .select({ n: count() })
      .from(autoApplyLog)
      .where(and(eq(autoApplyLog.userId, settings.userId), eq(autoApplyLog.runOn, today)));
    const cap = Math.min(locked.dailyCap, applyLimitFor(user.careerStage)) - Number(done?.n ?? 0);
    let applied: number[] = [];
    if (cap > 0 && candidateIds.length > 0) {
      const already = new Set(
        (
          await tx
            .select({ jobId: autoApplyLog.jobId })
            .from(autoApplyLog)
            .where(eq(autoApplyLog.userId, settings.userId))
        ).map((r) => r.jobId),
      );
      // Jobs the seeker applied to by hand come back as alreadyApplied and are skipped below.
      const fresh = candidateIds.filter((id) => !already.has(id));
      for (let i = 0; i < fresh.length && applied.length < cap;) {
        const batch = fresh.slice(i, i + (cap - applied.length));
        i += batch.length;
        try {
          const r = await applyToJobs(user, batch, settings.siteContext, { db: tx, now });
          applied = [...applied, ...r.applied];
        } catch {
          // applyJobUnavailable: none of this batch is open any more; try the next ones.
        }
      }
      if (applied.length > 0) {
        await tx
          .insert(autoApplyLog)
          .values(
            applied.map((jobId) => ({ userId: user.id, jobId, runOn: today, appliedAt: now })),
          )
          .onConflictDoNothing();
      }
    }
    await tx
      .update(autoApplySettings)
      .set({ lastRunOn: today })
      .where(eq(autoApplySettings.userId, settings.userId));
    return applied;
  });
}

/** Runs Auto Apply for every seeker due today (opted in, not yet run today). */
export async function runDueAutoApply(db?: Queryable, now = new Date()): Promise<number> {
  const handle = db ?? (await getDb());
  const today = dayOf(now);
  const due = await handle
    .select()
    .from(autoApplySettings)
    .where(
      and(
        eq(autoApplySettings.enabled, true),
        or(isNull(autoApplySettings.lastRunOn), lt(autoApplySettings.lastRunOn, today)),
      ),
    )
    .limit(500);
  let total = 0;
  for (const settings of due) {
    try {
      total += (await runAutoApplyFor(settings, handle, now)).length;
    } catch (error) {
      console.error('[auto-apply] run failed:', error instanceof Error ? error.message : error);
    }
  }
  return total;
}
