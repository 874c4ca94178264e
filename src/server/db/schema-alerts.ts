/**
 * Tables of the alerts domain (src/server/alerts); migrations are generated from here with
 * npm run db:generate.
 *
 * - job_alerts: a saved search mailed daily or weekly. `query` is the search state as the results
 *   page's URL query (src/lib/search/state.ts toQuery), so an alert runs exactly the search the
 *   seeker saw. A guest's alert stays `pending` until the link of its confirmation mail is
 *   opened; `awaiting_replace` marks a 6th alert of an address waiting for the seeker to pick the
 *   one it replaces (not counted, never run).
 * - job_alert_deliveries: one row per (alert, run), claimed in the transaction that moves the
 *   alert's run bookkeeping forward; its unique key is what makes a run mail at most once.
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, tz, siteContextColumn } from './columns';
import { users, userIdColumn } from './schema';
import {
  ALERT_FREQUENCIES,
  ALERT_STATUSES,
  type AlertFrequency,
  type AlertStatus,
} from '../../lib/alerts/kinds';

export { ALERT_FREQUENCIES, ALERT_STATUSES, type AlertFrequency, type AlertStatus };

export const DELIVERY_STATUSES = ['claimed', 'sent', 'failed', 'empty', 'muted'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteContext: siteContextColumn(),
    /** Language and brand the alert was made in: its mails use them. */
    lang: text('lang').notNull().default('en'),
    brand: text('brand').notNull().default('classic'),
    /** Origin of the site host the alert was made on (its mails link there). */
    origin: text('origin').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    /** The account that made it; null for a guest's alert. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobile: text('mobile'),
    /** The search state as a URL query (q=java&location=Pune&industries=3,7). */
    query: text('query').notNull(),
    frequency: text('frequency').$type<AlertFrequency>().notNull().default('daily'),
    status: text('status').$type<AlertStatus>().notNull().default('pending'),
    awaitingReplace: boolean('awaiting_replace').notNull().default(false),
    confirmedAt: tz('confirmed_at'),
    /** Jobs posted after this were not mailed yet; null before the first run (then: 7 days). */
    lastRunAt: tz('last_run_at'),
    /** When the next run is due; null while pending or paused. */
    nextRunAt: tz('next_run_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('job_alerts_email_idx').on(sql`lower(${t.email})`),
    index('job_alerts_user_idx').on(t.userId),
    index('job_alerts_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.status} = 'active'`),
    check('job_alerts_frequency_check', inList('frequency', ALERT_FREQUENCIES)),
    check('job_alerts_status_check', inList('status', ALERT_STATUSES)),
  ],
);

export const jobAlertDeliveries = pgTable(
  'job_alert_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    /** The due time this run served: (alert_id, run_at) is unique. */
    runAt: tz('run_at').notNull(),
    /** Jobs posted in (since, until] were looked at. */
    since: tz('since').notNull(),
    until: tz('until').notNull(),
    jobIds: bigint('job_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    jobCount: integer('job_count').notNull().default(0),
    status: text('status').$type<DeliveryStatus>().notNull().default('claimed'),
    /** Send attempts (a failed send is retried with back-off, a few times). */
    attempts: integer('attempts').notNull().default(0),
    messageId: text('message_id'),
    error: text('error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    uniqueIndex('job_alert_deliveries_run_unique').on(t.alertId, t.runAt),
    index('job_alert_deliveries_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
    check('job_alert_deliveries_status_check', inList('status', DELIVERY_STATUSES)),
  ],
);

export type JobAlert = typeof jobAlerts.$inferSelect;
export type NewJobAlert = typeof jobAlerts.$inferInsert;
export type JobAlertDelivery = typeof jobAlertDeliveries.$inferSelect;

/**
 * Seeker engagement (dashboard, profile performance, bell): what recruiters did with a seeker's
 * profile, the seeker's notifications, and which messages they allow by kind and channel.
 */
export const PROFILE_EVENT_KINDS = ['view', 'appearance'] as const;
export type ProfileEventKind = (typeof PROFILE_EVENT_KINDS)[number];

/** A recruiter viewed the profile, or it appeared in a recruiter's search results. */
export const profileEvents = pgTable(
  'profile_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    kind: text('kind').$type<ProfileEventKind>().notNull(),
    /** Who looked (a company name as the employer system sends it); never shown in full to others. */
    viewer: text('viewer'),
    occurredAt: tz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('profile_events_user_idx').on(t.userId, t.kind, t.occurredAt),
    check('profile_events_kind_check', inList('kind', PROFILE_EVENT_KINDS)),
  ],
);

export const NOTIFICATION_KINDS = [
  'alert_match',
  'application_viewed',
  'profile_reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notifications = pgTable(
  'seeker_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Values of the kind's translated text, e.g. { count, label }. */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Where opening it leads: a path of this site (without language prefix). */
    target: text('target').notNull(),
    readAt: tz('read_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('seeker_notifications_user_idx').on(t.userId, t.createdAt),
    check('seeker_notifications_kind_check', inList('kind', NOTIFICATION_KINDS)),
  ],
);

/** SPEC §7 "email preferences edit": what may be sent, by kind and channel (default: all on). */
export const MESSAGE_KINDS = ['alerts', 'recommended', 'reminders', 'offers'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const messagePreferences = pgTable(
  'seeker_message_preferences',
  {
    userId: userIdColumn(),
    kind: text('kind').$type<MessageKind>().notNull(),
    mail: boolean('mail').notNull().default(true),
    whatsapp: boolean('whatsapp').notNull().default(true),
    updatedAt: tz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('seeker_message_preferences_kind_check', inList('kind', MESSAGE_KINDS)),
  ],
);

export type ProfileEvent = typeof profileEvents.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
