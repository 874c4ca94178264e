/**
 * Alert delivery as background work: every ALERTS_CHECK_SECONDS (whole minutes) one run mails
 * every due alert (runDueAlerts, set-based; docs/decisions/0010-alert-queue.md).
 */
import { config } from '~/server/config';
import { wakeBackgroundJob, type BackgroundJob } from '~/server/background/queue';
import { runDueAlerts } from './delivery';

export const ALERTS_QUEUE = 'alerts-due';

export function alertDeliveryJob(options: { batchSize?: number } = {}): BackgroundJob {
  const minutes = Math.max(1, Math.round(config.ALERTS_CHECK_SECONDS / 60));
  return {
    name: ALERTS_QUEUE,
    cron: minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`,
    async run(db) {
      const { alerts, mails, empty, failed, muted } = await runDueAlerts(db, options);
      return alerts > 0 || failed > 0 ? { alerts, mails, empty, failed, muted } : 0;
    },
  };
}

/** A newly active alert is due at once: the worker of this process (if any) runs it now. */
export function wakeAlertWorker(): void {
  wakeBackgroundJob(ALERTS_QUEUE);
}
