/**
 * Housekeeping as background work: each task is a queue of its own (so one failing is retried
 * alone and shows its own depth on /metrics) on an hourly schedule, staggered over the hour.
 * Every task is idempotent and handles a bounded batch per run: running it twice, or again after a
 * worker died mid-run, does no harm.
 */
import { purgeUnclaimedGuestResumes } from '~/server/resumes/purge';
import { reconcilePayments } from '~/server/commerce/payments';
import { sendCartReminders } from '~/server/commerce/reminders';
import { runDueAutoApply } from '~/server/chrome/auto-apply';
import { mailPendingFeedback } from '~/server/chrome/feedback';
import { sendProfileReminders } from '~/server/alerts/profile-reminders';
import type { BackgroundJob } from './queue';

export const housekeepingJobs: BackgroundJob[] = [
  // The run at a worker's start also settles payments made while no worker ran.
  {
    name: 'settle-payments',
    cron: '5 * * * *',
    run: async (db) => (await reconcilePayments(db)).paid,
  },
  { name: 'purge-guest-resumes', cron: '15 * * * *', run: (db) => purgeUnclaimedGuestResumes(db) },
  { name: 'cart-reminders', cron: '25 * * * *', run: (db) => sendCartReminders(db) },
  // Once a UTC day per seeker (each run records its day, so hourly runs are cheap).
  { name: 'auto-apply', cron: '35 * * * *', run: (db) => runDueAutoApply(db) },
  { name: 'feedback-mail', cron: '45 * * * *', run: (db) => mailPendingFeedback(db) },
  // Daily, in the Indian morning; each seeker at most once in 7 days.
  {
    name: 'profile-reminders',
    cron: '30 3 * * *',
    expireInSeconds: 60 * 60,
    run: async (db) => {
      const { notified, mailed } = await sendProfileReminders(db);
      return notified > 0 ? { notified, mailed } : 0;
    },
  },
];
