/** The privacy domain's background work (src/server/background runs it). */
import type { BackgroundJob } from '~/server/background/queue';
import { sendDueAccountMails } from './account-mails';
import { eraseDueAccounts } from './closing';
import { processDataExports } from './export';

export const DATA_EXPORTS_JOB = 'data-exports';

export const privacyJobs: BackgroundJob[] = [
  // Every minute, and woken when a large account asks for its data.
  { name: DATA_EXPORTS_JOB, cron: '* * * * *', run: (db) => processDataExports(db) },
  // Closed and restored mails a sender could not send (refused, or a process that died).
  { name: 'account-mails', cron: '* * * * *', run: (db) => sendDueAccountMails(db) },
  // Deleted accounts past their 14 days of grace, erased for good.
  { name: 'account-erasure', cron: '50 * * * *', run: (db) => eraseDueAccounts(db) },
];
