/**
 * Tables of the accounts domain; migrations are generated from here with npm run db:generate.
 *
 * - users: one row per job seeker (email and / or mobile, password hash, career stage, site).
 * - sessions: logged-in browsers (only the SHA-256 of the cookie's token).
 * - otp_codes: one-time passwords (hashed, expiring, single-use, attempt-limited).
 * - rate_limits: fixed-window counters shared by every app server (login, OTP send and verify).
 * - user_identities: sign-ins through another provider (Facebook) linked to a user.
 * - password_resets: forgot-password links (only the SHA-256 of the link's token; 30 minutes, once).
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, tz, siteContextColumn } from './columns';
import { CAREER_STAGES, type CareerStage } from '../../lib/profile/kinds';

/**
 * What an OTP proves: a login, ownership of the mobile number / email of a logged-in user, or
 * (reset_password) the right to set a new password from the forgot-password page.
 */
export const OTP_PURPOSES = ['login', 'verify_mobile', 'verify_email', 'reset_password'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export const OTP_CHANNELS = ['sms', 'email'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    channel: text('channel').$type<OtpChannel>().notNull(),
    /** Normalised address: "sms:<isd>:<number>" or "email:<lower-case address>". */
    destination: text('destination').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of "<id>:<code>"; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    /**
     * SHA-256 (hex, 40 chars) of the client address that asked for the code: wrong codes from
     * other addresses do not use up its tries, so nobody elsewhere can spend the owner's code.
     */
    requestedBy: text('requested_by'),
    /** Wrong codes entered against this row (by the client that asked for it). */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    /** Set when the code was used or replaced by a newer one: a code works once. */
    consumedAt: tz('consumed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('otp_codes_destination_idx').on(t.destination, t.purpose, t.createdAt.desc()),
    index('otp_codes_expires_idx').on(t.expiresAt),
    check('otp_codes_purpose_check', inList('purpose', OTP_PURPOSES)),
    check('otp_codes_channel_check', inList('channel', OTP_CHANNELS)),
  ],
);

/**
 * Fixed-window counters: `key` names what is counted (e.g. "login:ip:203.0.113.9"); the window
 * restarts when it is older than its length. Rows past expires_at are dead and may be deleted.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: tz('window_started_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const IDENTITY_PROVIDERS = ['facebook'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').$type<IdentityProvider>().notNull(),
    /** The provider's user id. */
    subject: text('subject').notNull(),
    userId: userIdColumn(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('user_identities_user_idx').on(t.userId),
    check('user_identities_provider_check', inList('provider', IDENTITY_PROVIDERS)),
  ],
);

export { CAREER_STAGES, type CareerStage };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case (the unique index is on lower(email) as a safety net). */
    email: text('email'),
    /**
     * E.164, e.g. +971501234567 (src/lib/validation/mobile.ts); rows of before decision 0037
     * may hold the national digits, which lookups also match.
     */
    mobile: text('mobile'),
    /** Dialling code without +, e.g. 91. */
    isdCode: text('isd_code'),
    name: text('name'),
    /** Null for accounts that only sign in with an OTP. */
    passwordHash: text('password_hash'),
    careerStage: text('career_stage').$type<CareerStage>(),
    siteContext: siteContextColumn(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true, mode: 'date' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** Set when the seeker deleted the account: it stops working until restored or erased. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_unique').on(t.isdCode, t.mobile),
    check('users_career_stage_check', inList('career_stage', CAREER_STAGES)),
    check('users_contact_check', sql`email is not null or mobile is not null`),
  ],
);

/** The seeker a row belongs to: user_id, required, removed with the user (ON DELETE CASCADE). */
export function userIdColumn() {
  return uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session token; the raw token only ever lives in the cookie. */
    tokenHash: text('token_hash').primaryKey(),
    userId: userIdColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    userAgent: text('user_agent'),
    /** Where the session signed in: the client address, masked (settings' sessions list). */
    clientAddress: text('client_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const PASSWORD_RESET_CHANNELS = ['email', 'sms'] as const;
export type PasswordResetChannel = (typeof PASSWORD_RESET_CHANNELS)[number];

/**
 * A forgot-password link: the token is only in the mailed link (or the redirect after a mobile
 * OTP); the table keeps its SHA-256. Valid until expires_at, spent by used_at (a conditional
 * update, so it works once even when two tabs race); a reset spends every link of the user.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull(),
    /** How the seeker proved the account was theirs: the mailed link, or an OTP to the mobile. */
    channel: text('channel').$type<PasswordResetChannel>().notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_expires_idx').on(t.expiresAt),
    check('password_resets_channel_check', inList('channel', PASSWORD_RESET_CHANNELS)),
  ],
);

export type OtpCode = typeof otpCodes.$inferSelect;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type PasswordReset = typeof passwordResets.$inferSelect;
