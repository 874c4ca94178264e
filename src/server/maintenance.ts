/**
 * Housekeeping the running server does for itself, at most once an hour, started by a request
 * (so it needs no scheduler and runs wherever the app runs). It never delays the request that
 * starts it; each task runs on its own, so one failing (logged, not raised) doesn't stop the rest.
 * Every task is safe to run twice.
 */
import { getDb, type Db } from './db/client';
import { purgeUnclaimedGuestResumes } from './resumes/purge';
import { reconcilePayments } from './commerce/payments';
import { sendCartReminders } from './commerce/reminders';
import { runDueAutoApply } from './chrome/auto-apply';
import { mailPendingFeedback } from './chrome/feedback';

const EVERY_MS = 60 * 60_000;
let lastRun = 0;

const tasks: Record<string, (db: Db) => Promise<number>> = {
  'purged unclaimed guest resumes': purgeUnclaimedGuestResumes,
  // The first run after a start also settles payments made while the server was down.
  'settled payments whose callback never arrived': async (db) => (await reconcilePayments(db)).paid,
  'sent abandoned-cart reminders': sendCartReminders,
  // Auto Apply runs once a day per seeker (each run records its day, so hourly calls are cheap).
  'auto-apply applications sent': runDueAutoApply,
  'mailed pending feedback messages': mailPendingFeedback,
};

export function runDueMaintenance(now = Date.now()): void {
  if (now - lastRun < EVERY_MS) return;
  lastRun = now;
  void (async () => {
    const db = await getDb();
    for (const [done, task] of Object.entries(tasks)) {
      try {
        const count = await task(db);
        if (count > 0) console.info(`[maintenance] ${done}: ${count}`);
      } catch (error) {
        console.error(
          `[maintenance] ${done} failed:`,
          error instanceof Error ? error.message : error,
        );
      }
    }
  })().catch((error: unknown) => {
    console.error('[maintenance] failed:', error instanceof Error ? error.message : error);
  });
}
