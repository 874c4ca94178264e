/**
 * How often an alert runs and what state it is in, as stored on job_alerts and offered by the
 * alert form. No imports: the database schema (src/server/db/schema-alerts.ts, loaded by
 * drizzle-kit on its own) uses it too.
 */
export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_STATUSES = ['pending', 'active', 'paused'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
