/**
 * Housekeeping the running server does for itself, at most once an hour, started by a request
 * (so it needs no scheduler and runs wherever the app runs): purging guest resumes nobody
 * claimed; settling payments whose gateway callback never arrived (the first run after a start
 * catches payments made while the server was down); one reminder mail per abandoned cart. It never delays the request that starts it, and a failure is logged, not raised.
 */
import { getDb } from './db/client';
import { purgeUnclaimedGuestResumes } from './resumes/purge';
import { reconcilePayments } from './commerce/payments';
import { sendCartReminders } from './commerce/reminders';

const EVERY_MS = 60 * 60_000;
let lastRun = 0;

export function runDueMaintenance(now = Date.now()): void {
  if (now - lastRun < EVERY_MS) return;
  lastRun = now;
  void (async () => {
    const db = await getDb();
    const purged = await purgeUnclaimedGuestResumes(db);
    if (purged > 0) console.info(`[maintenance] purged ${purged} unclaimed guest resumes`);
    const settled = await reconcilePayments(db);
    if (settled.paid > 0) console.info(`[maintenance] settled ${settled.paid} payments`);
    const reminded = await sendCartReminders(db);
    if (reminded > 0) console.info(`[maintenance] sent ${reminded} cart reminders`);
  })().catch((error: unknown) => {
    console.error('[maintenance] failed:', error instanceof Error ? error.message : error);
  });
}
