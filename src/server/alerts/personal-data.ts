/**
 * The alerts' part of a seeker's personal data (data export): their job alerts (with those made
 * as a guest with their address) and deliveries, what recruiters did with their profile, their
 * notifications and the messages they agreed to receive (their consents).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  jobAlertDeliveries,
  jobAlerts,
  messagePreferences,
  notifications,
  profileEvents,
} from '~/server/db/schema-alerts';

/** The seeker's alerts: made by the account, or as a guest with its email address. */
export function ownAlerts(userId: string, email: string | null) {
  return email
    ? or(
        eq(jobAlerts.userId, userId),
        and(isNull(jobAlerts.userId), sql`lower(${jobAlerts.email}) = ${email.toLowerCase()}`),
      )
    : eq(jobAlerts.userId, userId);
}

export async function exportAlertData(userId: string, email: string | null, db: Queryable) {
  const alerts = await db.select().from(jobAlerts).where(ownAlerts(userId, email));
  const alertIds = alerts.map((a) => a.id);
  return {
    job_alerts: alerts,
    job_alert_deliveries: alertIds.length
      ? await db
          .select()
          .from(jobAlertDeliveries)
          .where(inArray(jobAlertDeliveries.alertId, alertIds))
      : [],
    profile_events: await db.select().from(profileEvents).where(eq(profileEvents.userId, userId)),
    seeker_notifications: await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId)),
    seeker_message_preferences: await db
      .select()
      .from(messagePreferences)
      .where(eq(messagePreferences.userId, userId)),
  };
}

/** Pauses the seeker's active alerts (their account was deleted); returns the ones paused. */
export async function pauseAlertsOf(userId: string, db: Queryable): Promise<string[]> {
  const paused = await db
    .update(jobAlerts)
    .set({ status: 'paused', nextRunAt: null })
    .where(and(eq(jobAlerts.userId, userId), eq(jobAlerts.status, 'active')))
    .returning({ id: jobAlerts.id });
  return paused.map((a) => a.id);
}

/** Turns the alerts paused by pauseAlertsOf back on (the account was restored). */
export async function resumeAlerts(userId: string, ids: string[], db: Queryable, now = new Date()) {
  if (ids.length === 0) return;
  await db
    .update(jobAlerts)
    .set({ status: 'active', nextRunAt: now })
    .where(
      and(eq(jobAlerts.userId, userId), inArray(jobAlerts.id, ids), eq(jobAlerts.status, 'paused')),
    );
}

/**
 * Erases the seeker's alerts, those made as a guest with their address included (deliveries go
 * with them); the rest of their alerts data goes with the user row.
 */
export async function eraseAlertData(userId: string, email: string | null, db: Queryable) {
  await db.delete(jobAlerts).where(ownAlerts(userId, email));
}
