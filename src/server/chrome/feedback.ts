/**
 * Feedback from /feedback: stored first, then mailed to the site's info address (SPEC §3
 * contact data). A message whose mail failed stays unmailed and the hourly housekeeping job sends it
 * again; marking it mailed only after the send means a crash in between sends it twice at most,
 * never loses it.
 */
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import * as v from 'valibot';
import { siteByContext } from '../../../sites';
import { getMailSender, mailFrom } from '~/server/adapters/mail';
import { getDb, type Queryable } from '~/server/db/client';
import { feedback } from '~/server/db/schema-chrome';

export const FEEDBACK_TOPICS = ['search', 'profile', 'alerts', 'services', 'other'] as const;
/** Messages one client address may send per hour. */
export const FEEDBACK_PER_HOUR = { name: 'feedback:ip', limit: 5, windowSeconds: 3600 } as const;

/** Field errors are shown with chrome:feedback.errors.<field> (the page maps them). */
export const FeedbackSchema = v.object({
  name: v.pipe(v.string('name'), v.trim(), v.minLength(2, 'name'), v.maxLength(80, 'name')),
  email: v.pipe(
    v.string('email'),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(254, 'email'),
    v.regex(/^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z0-9]{2,6}$/, 'email'),
  ),
  topic: v.picklist(FEEDBACK_TOPICS, 'topic'),
  message: v.pipe(
    v.string('message'),
    v.trim(),
    v.minLength(10, 'message'),
    v.maxLength(2000, 'message'),
  ),
});
export type FeedbackInput = v.InferOutput<typeof FeedbackSchema>;

/** Stores the message and tries to mail it; returns its id and whether the mail went. */
export async function submitFeedback(
  input: FeedbackInput & { siteContext: string; userId: string | null },
  db?: Queryable,
): Promise<{ id: number; mailed: boolean }> {
  const handle = db ?? (await getDb());
  const [row] = await handle
    .insert(feedback)
    .values({
      siteContext: input.siteContext,
      userId: input.userId,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
    })
    .returning();
  const mailed = await mailOne(row!, handle);
  return { id: row!.id, mailed };
}

async function mailOne(row: typeof feedback.$inferSelect, db: Queryable): Promise<boolean> {
  const site = siteByContext(row.siteContext);
  if (!site) return false;
  try {
    await getMailSender().send({
      to: site.contact.infoEmail,
      from: mailFrom(site.domainName),
      siteContext: site.context,
      subject: `Feedback (${row.topic}) from ${row.name}`,
      text: [
        `From: ${row.name} <${row.email}>`,
        `Topic: ${row.topic}`,
        `Site: ${site.displayName}`,
        `Account: ${row.userId ?? 'guest'}`,
        `Sent: ${row.createdAt.toISOString()}`,
        '',
        row.message,
      ].join('\n'),
    });
  } catch (error) {
    console.error('[feedback] mail failed:', error instanceof Error ? error.message : error);
    return false;
  }
  await db
    .update(feedback)
    .set({ mailedAt: new Date() })
    .where(and(eq(feedback.id, row.id), isNull(feedback.mailedAt)));
  return true;
}

/** Mails feedback still unsent (older than a minute, so a request in flight is left alone). */
export async function mailPendingFeedback(db?: Queryable, now = new Date()): Promise<number> {
  const handle = db ?? (await getDb());
  const rows = await handle
    .select()
    .from(feedback)
    .where(and(isNull(feedback.mailedAt), lt(feedback.createdAt, new Date(now.getTime() - 60_000))))
    .orderBy(asc(feedback.createdAt))
    .limit(100);
  let sent = 0;
  for (const row of rows) if (await mailOne(row, handle)) sent++;
  return sent;
}
