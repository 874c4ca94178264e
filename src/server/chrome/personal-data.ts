/**
 * The site chrome's part of a seeker's personal data (data export): tracking events, poll
 * votes, feedback, assessment results and Auto Apply's settings and log.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '~/server/db/client';
import {
  assessmentResults,
  autoApplyLog,
  autoApplySettings,
  feedback,
  pollVotes,
  trackingEvents,
} from '~/server/db/schema-chrome';

export async function exportChromeData(userId: string, db: Queryable) {
  return {
    tracking_events: await db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.userId, userId)),
    poll_votes: await db.select().from(pollVotes).where(eq(pollVotes.userId, userId)),
    feedback: await db.select().from(feedback).where(eq(feedback.userId, userId)),
    assessment_results: await db
      .select()
      .from(assessmentResults)
      .where(eq(assessmentResults.userId, userId)),
    auto_apply_settings: await db
      .select()
      .from(autoApplySettings)
      .where(eq(autoApplySettings.userId, userId)),
    auto_apply_log: await db.select().from(autoApplyLog).where(eq(autoApplyLog.userId, userId)),
  };
}

/** Turns Auto Apply off (the account was deleted); whether it was on. */
export async function pauseAutoApply(userId: string, db: Queryable): Promise<boolean> {
  const off = await db
    .update(autoApplySettings)
    .set({ enabled: false })
    .where(and(eq(autoApplySettings.userId, userId), eq(autoApplySettings.enabled, true)))
    .returning({ userId: autoApplySettings.userId });
  return off.length > 0;
}

/** Turns Auto Apply back on (the account was restored). */
export async function resumeAutoApply(userId: string, db: Queryable) {
  await db
    .update(autoApplySettings)
    .set({ enabled: true })
    .where(eq(autoApplySettings.userId, userId));
}

/**
 * Erases what the user row's deletion would only unlink (ON DELETE SET NULL): tracking events,
 * poll votes and feedback, feedback sent as a guest with their address included.
 */
export async function eraseChromeData(userId: string, email: string | null, db: Queryable) {
  await db.delete(trackingEvents).where(eq(trackingEvents.userId, userId));
  await db.delete(pollVotes).where(eq(pollVotes.userId, userId));
  await db
    .delete(feedback)
    .where(
      email
        ? or(eq(feedback.userId, userId), sql`lower(${feedback.email}) = ${email.toLowerCase()}`)
        : eq(feedback.userId, userId),
    );
}
