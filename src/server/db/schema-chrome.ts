/**
 * Tables of the chrome domain (site-wide parts: tracking, home poll, feedback, assessments,
 * auto apply); migrations are generated from here with npm run db:generate.
 *
 * - tracking_events: what the event calls of SPEC §7 receive (user-engage, career-events,
 *   spltag publish) and A/B exposures, stored as sent (jsonb) with the site and, when logged in,
 *   the user.
 * - poll_votes: one row per poll and voter; the voter is the user, or a hashed first-party
 *   browser id for guests (a unique index decides "once").
 * - feedback: messages sent from /feedback, with when they were mailed to the site's info address.
 * - assessment_results: the latest score of a seeker per skill assessment.
 * - auto_apply_settings / auto_apply_log: a seeker's auto-apply opt-in and criteria, and the jobs
 *   applied to by it per day (the daily cap counts these).
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, tz, siteContextColumn } from './columns';
import { users, jobIdColumn, userIdColumn } from './schema';

export const TRACKING_EVENT_KINDS = [
  'user-engage',
  'career-events',
  'spltag',
  'ab-exposure',
] as const;
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number];

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<TrackingEventKind>().notNull(),
    /** The event's own name (e.g. install_banner), as sent. */
    name: text('name').notNull(),
    siteContext: siteContextColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('tracking_events_kind_received_idx').on(t.kind, t.receivedAt),
    check('tracking_events_kind_check', inList('kind', TRACKING_EVENT_KINDS)),
  ],
);

export const pollVotes = pgTable(
  'poll_votes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pollId: text('poll_id').notNull(),
    siteContext: siteContextColumn(),
    optionId: text('option_id').notNull(),
    /** 'u:<user id>' or 'b:<sha-256 of the browser id>': one vote per voter and poll. */
    voterKey: text('voter_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    votedAt: tz('voted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('poll_votes_voter_unique').on(t.pollId, t.voterKey),
    index('poll_votes_poll_idx').on(t.pollId, t.optionId),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteContext: siteContextColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** Set once the message went to the site's info address; null: still to send. */
    mailedAt: tz('mailed_at'),
  },
  (t) => [
    index('feedback_unmailed_idx')
      .on(t.createdAt)
      .where(sql`${t.mailedAt} is null`),
  ],
);

export const assessmentResults = pgTable(
  'assessment_results',
  {
    userId: userIdColumn(),
    assessmentId: text('assessment_id').notNull(),
    score: smallint('score').notNull(),
    total: smallint('total').notNull(),
    takenAt: tz('taken_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.assessmentId] }),
    check('assessment_results_score_check', sql`score >= 0 and score <= total`),
  ],
);

export const autoApplySettings = pgTable(
  'auto_apply_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteContext: siteContextColumn(),
    enabled: boolean('enabled').notNull().default(false),
    /** Jobs applied to per day; at most the one-click apply limit (5 fresher, 10 experienced). */
    dailyCap: smallint('daily_cap').notNull().default(5),
    keywords: text('keywords').notNull(),
    location: text('location').notNull().default(''),
    experience: smallint('experience'),
    /** The last day (UTC) a run looked for jobs for this seeker. */
    lastRunOn: date('last_run_on', { mode: 'string' }),
    updatedAt: tz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  () => [check('auto_apply_settings_cap_check', sql`daily_cap between 1 and 10`)],
);

export const autoApplyLog = pgTable(
  'auto_apply_log',
  {
    userId: userIdColumn(),
    jobId: jobIdColumn(),
    runOn: date('run_on', { mode: 'string' }).notNull(),
    appliedAt: tz('applied_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.jobId] }),
    index('auto_apply_log_day_idx').on(t.userId, t.runOn),
  ],
);
