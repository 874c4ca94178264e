/**
 * Tables of the privacy domain (src/server/privacy); migrations are generated from here with
 * npm run db:generate.
 *
 * - data_exports: a seeker's "Download my data" request: built (a ZIP in the storage adapter)
 *   in the request for small accounts, else by the background queue; downloadable by its owner
 *   for 24 hours after it is ready, then deleted with its file.
 * - account_closures: a deleted account in its 14-day grace period (logging in offers to restore
 *   it), what was paused with it, and the restore offer's token; gone with the account's erasure.
 * - account_mails: the mail telling a seeker their account was closed or restored, written in the
 *   closing's or restoring's own transaction and sent after it (again by the queue when a sender
 *   died or the mail server refused), so each goes once; gone with the account's erasure.
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { inList, siteContextColumn, tz } from './columns';
import { userIdColumn } from './schema-accounts';

export const EXPORT_STATUSES = ['pending', 'building', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    siteContext: siteContextColumn(),
    /** Language, brand and origin of the request: the ready mail uses them and links there. */
    lang: text('lang').notNull(),
    brand: text('brand').notNull().default('classic'),
    origin: text('origin').notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('pending'),
    /** Builds tried (a failed build is retried by the queue a few times). */
    attempts: smallint('attempts').notNull().default(0),
    /** When a build took it: another may take it over after a while (a worker that died). */
    claimedAt: tz('claimed_at'),
    storageKey: text('storage_key'),
    size: integer('size'),
    createdAt: tz('created_at').notNull().defaultNow(),
    readyAt: tz('ready_at'),
    /** Ready + 24 hours: no download after, and the queue deletes the row and its file. */
    expiresAt: tz('expires_at'),
    /** Set when the "your data is ready" mail was claimed for sending (at most once). */
    mailedAt: tz('mailed_at'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'building')`),
    check('data_exports_status_check', inList('status', EXPORT_STATUSES)),
  ],
);

export type DataExport = typeof dataExports.$inferSelect;

export const accountClosures = pgTable(
  'account_closures',
  {
    userId: userIdColumn().primaryKey(),
    closedAt: tz('closed_at').notNull().defaultNow(),
    /** Closed + 14 days: the queue erases the account's personal data from then on. */
    eraseAfter: tz('erase_after').notNull(),
    /** Job alerts that were active, and whether Auto Apply was on: a restore turns them back on. */
    pausedAlertIds: uuid('paused_alert_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    autoApplyWasOn: boolean('auto_apply_was_on').notNull().default(false),
    /** SHA-256 of the token in the restore offer's cookie (set when the seeker logs in). */
    restoreTokenHash: text('restore_token_hash'),
    restoreExpiresAt: tz('restore_expires_at'),
  },
  (t) => [index('account_closures_erase_idx').on(t.eraseAfter)],
);

export type AccountClosure = typeof accountClosures.$inferSelect;

export const ACCOUNT_MAIL_KINDS = ['closed', 'restored'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

export const accountMails = pgTable(
  'account_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    kind: text('kind').$type<AccountMailKind>().notNull(),
    /** Site, language, brand and origin of the request: the mail is in them and links there. */
    siteContext: siteContextColumn(),
    lang: text('lang').notNull(),
    brand: text('brand').notNull().default('classic'),
    origin: text('origin').notNull(),
    /** A closing's day of erasure, which the mail names. */
    eraseAfter: tz('erase_after'),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** When a sender took it: another takes it over after a while (a sender that died). */
    claimedAt: tz('claimed_at'),
    sentAt: tz('sent_at'),
  },
  (t) => [
    index('account_mails_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    check('account_mails_kind_check', inList('kind', ACCOUNT_MAIL_KINDS)),
  ],
);

export type AccountMail = typeof accountMails.$inferSelect;
