/**
 * Housekeeping the running server does for itself, at most once an hour, started by a request
 * (so it needs no scheduler and runs wherever the app runs): today, purging guest resumes nobody
 * claimed, the daily Auto Apply run and feedback whose mail failed. It never delays the request that starts it, and a failure is logged, not raised.
 */
import { getDb } from './db/client';
import { purgeUnclaimedGuestResumes } from './resumes/purge';
import { runDueAutoApply } from './chrome/auto-apply';
import { mailPendingFeedback } from './chrome/feedback';

const EVERY_MS = 60 * 60_000;
let lastRun = 0;

export function runDueMaintenance(now = Date.now()): void {
  if (now - lastRun < EVERY_MS) return;
  lastRun = now;
  void (async () => {
    const db = await getDb();
    const purged = await purgeUnclaimedGuestResumes(db);
    if (purged > 0) console.info(`[maintenance] purged ${purged} unclaimed guest resumes`);
    // Auto Apply runs once a day per seeker (each run records its day, so hourly calls are cheap).
    const autoApplied = await runDueAutoApply(db);
    if (autoApplied > 0) console.info(`[maintenance] auto apply sent ${autoApplied} applications`);
    const mailed = await mailPendingFeedback(db);
    if (mailed > 0) console.info(`[maintenance] mailed ${mailed} pending feedback messages`);
  })().catch((error: unknown) => {
    console.error('[maintenance] failed:', error instanceof Error ? error.message : error);
  });
}
