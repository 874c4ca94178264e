/**
 * The site chrome's part of a seeker's personal data (data export): tracking events, poll
 * votes, feedback, assessment results and Auto Apply's settings and log.
 */
import { eq } from 'drizzle-orm';
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
