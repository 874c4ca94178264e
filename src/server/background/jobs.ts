/** Every kind of background work the worker runs: alert delivery, housekeeping and privacy. */
import { alertDeliveryJob } from '~/server/alerts/jobs';
import { privacyJobs } from '~/server/privacy/jobs';
import { housekeepingJobs } from './housekeeping';
import type { BackgroundJob } from './queue';

export function backgroundJobs(options: { alertBatchSize?: number } = {}): BackgroundJob[] {
  return [
    alertDeliveryJob({ batchSize: options.alertBatchSize }),
    ...housekeepingJobs,
    ...privacyJobs,
  ];
}
