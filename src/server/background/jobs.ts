/** Every kind of background work the worker runs: alerts, housekeeping, privacy, resume OCR. */
import { alertDeliveryJob } from '~/server/alerts/jobs';
import { privacyJobs } from '~/server/privacy/jobs';
import { resumeOcrJob } from '~/server/resumes/ocr-job';
import { housekeepingJobs } from './housekeeping';
import type { BackgroundJob } from './queue';

export function backgroundJobs(options: { alertBatchSize?: number } = {}): BackgroundJob[] {
  return [
    alertDeliveryJob({ batchSize: options.alertBatchSize }),
    ...housekeepingJobs,
    ...privacyJobs,
    resumeOcrJob,
  ];
}
