/**
 * "Complete your profile" reminders (a daily background job): each seeker whose profile still has
 * pending actions, registered a day ago or more (a new seeker has just been through the profile
 * form), gets at most one bell notification per REMIND_EVERY_DAYS, and a mail with it
 * when their profile-reminder mail preference allows (the bell always). The notification is
 * claimed under a per-seeker lock before the mail goes, so two runs at once, or a run repeated
 * after a crash, never notify or mail twice within the period (a crash right after the claim may
 * lose that one mail, never double it).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { siteByContext, defaultSite } from '../../../sites';
import { getMailSender, mailFrom } from '~/server/adapters/mail';
import { queryRows, type Db } from '~/server/db/client';
import { notifications } from '~/server/db/schema-alerts';
import { listSeekersAfter } from '~/server/accounts/users';
import { getProfile, scoreOf } from '~/server/profiles/service';
import { alertContext } from './context';
import { render } from './mails';
import { mailMuted } from './preferences';

export const REMIND_EVERY_DAYS = 7;
/** A new account's first reminder comes no sooner than this. */
const FIRST_REMINDER_AFTER_MS = 86_400_000;
const BATCH = 200;
/** Pending actions named in the mail (the biggest gains first). */
const ACTIONS_IN_MAIL = 3;
const TARGET = '/seeker/profile';

export interface ReminderReport {
  notified: number;
  mailed: number;
}

export async function sendProfileReminders(db: Db, now = new Date()): Promise<ReminderReport> {
  const since = new Date(now.getTime() - REMIND_EVERY_DAYS * 86_400_000);
  const report: ReminderReport = { notified: 0, mailed: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Every seeker old enough in id order (keyset pages), less those reminded within the period.
    const page = await listSeekersAfter(after, BATCH, {
      db,
      registeredBefore: new Date(now.getTime() - FIRST_REMINDER_AFTER_MS),
    });
    if (page.length === 0) return report;
    after = page[page.length - 1]!.id;
    const reminded = new Set(
      (
        await db
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(
            and(
              inArray(
                notifications.userId,
                page.map((s) => s.id),
              ),
              eq(notifications.kind, 'profile_reminder'),
              gt(notifications.createdAt, since),
            ),
          )
      ).map((r) => r.userId),
    );
    const batch = page
      .filter((s) => !reminded.has(s.id))
      .map((s) => ({ ...s, site: s.siteContext }));
    const muted = await mailMuted(
      batch.map((s) => s.id),
      'reminders',
      db,
    );
    for (const seeker of batch) {
      const score = scoreOf(await getProfile(seeker.id, { db }));
      if (score.pending.length === 0) continue;
      if (!(await claimReminder(db, seeker.id, score.score, since))) continue;
      report.notified++;
      if (!seeker.email || muted.has(seeker.id)) continue;
      try {
        await mailReminder(seeker, score);
        report.mailed++;
      } catch (error) {
        console.error(
          '[alerts] profile reminder mail not sent:',
          error instanceof Error ? error.message : error,
        );
      }
    }
  }
}

/** Adds the bell notification unless one is already there for the period; true when added. */
async function claimReminder(db: Db, userId: string, score: number, since: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises claims for one seeker (two workers, or a --once run beside the queue).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`profile-reminder:${userId}`}))`);
    const added = await queryRows<{ id: number }>(
      tx,
      sql`insert into ${notifications} (user_id, kind, params, target)
        select ${userId}::uuid, 'profile_reminder', ${JSON.stringify({ score })}::jsonb, ${TARGET}
        where not exists (select 1 from ${notifications} where user_id = ${userId}::uuid
          and kind = 'profile_reminder' and created_at > ${since.toISOString()}::timestamptz)
        returning id`,
    );
    return added.length > 0;
  });
}

async function mailReminder(
  seeker: { email: string | null; name: string | null; site: string },
  score: ReturnType<typeof scoreOf>,
): Promise<void> {
  const site = siteByContext(seeker.site) ?? defaultSite;
  const ctx = alertContext({
    siteContext: site.context,
    brand: 'classic',
    lang: site.languages[0] ?? 'en',
    origin: `https://${site.domain}`,
  });
  const { html, text } = render(ctx, {
    heading: ctx.t('alerts:profileReminder.heading', { score: score.score }),
    paragraphs: [
      ...(seeker.name ? [ctx.t('alerts:mail.hello', { name: seeker.name })] : []),
      ctx.t('alerts:profileReminder.text'),
      ...score.pending
        .slice(0, ACTIONS_IN_MAIL)
        .map((p) => `• ${ctx.t(`resume:score.actions.${p.item}`)}`),
    ],
    button: { label: ctx.t('alerts:profileReminder.button'), href: ctx.link(TARGET) },
    footer: [
      {
        label: ctx.t('alerts:mail.preferences'),
        href: ctx.link('/seeker/settings') + '#mail-preferences',
      },
    ],
  });
  await getMailSender().send({
    to: seeker.email as string,
    from: mailFrom(site.domainName),
    siteContext: site.context,
    subject: ctx.t('alerts:profileReminder.subject'),
    text,
    html,
  });
}
