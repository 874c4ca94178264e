/**
 * "Complete your profile" reminders on both databases: one bell notification (and a mail, when
 * the seeker's profile-reminder mail preference allows) per seeker with pending actions, not
 * again within 7 days, none for a complete profile, none on a new account's first day.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage, MailSender } from '~/server/adapters/mail';
import { setMailSender } from '~/server/adapters/mail';
import { defaultPreferences, savePreferences } from '~/server/alerts/preferences';
import { sendProfileReminders } from '~/server/alerts/profile-reminders';
import { ensureCountries } from '~/server/db/countries';
import {
  notifications,
  resumes,
  seekerEducations,
  seekerJobPreferences,
  seekerProfileExtras,
  seekerProfiles,
  users,
} from '~/server/db/schema';
import { getProfile, scoreOf } from '~/server/profiles/service';
import { backends, useFreshDb } from './db';

const DAY = 86_400_000;

function capture(): MailSender & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: 'capture',
    sent,
    async send(message) {
      sent.push(message);
      return { id: `m${sent.length}` };
    },
  };
}

describe.each(backends)('profile reminders on %s', (backend) => {
  const t = useFreshDb(backend);
  let mail: ReturnType<typeof capture>;

  beforeEach(async () => {
    await ensureCountries(t.db);
    mail = capture();
    setMailSender(mail);
    return () => setMailSender(undefined);
  });

  /** A seeker who registered two days ago (unless `extra` says otherwise). */
  const seeker = async (email: string, extra: Partial<typeof users.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(users)
      .values({
        email,
        siteContext: 'rexmonster',
        name: 'Asha Rao',
        createdAt: new Date(Date.now() - 2 * DAY),
        ...extra,
      })
      .returning();
    return row!.id;
  };
  const remindersOf = (userId: string) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('reminds a seeker with pending actions once per 7 days, by bell and mail', async () => {
    const asha = await seeker('asha@example.com');
    const now = new Date();

    expect(await sendProfileReminders(t.db, now)).toEqual({ notified: 1, mailed: 1 });
    const [bell] = await remindersOf(asha);
    expect(bell).toMatchObject({
      kind: 'profile_reminder',
      target: '/seeker/profile',
      readAt: null,
    });
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({
      to: 'asha@example.com',
      subject: 'Complete your profile to get noticed by recruiters',
    });
    const score = scoreOf(await getProfile(asha, { db: t.db })).score;
    expect(mail.sent[0]!.text).toContain(`Your profile is ${score}% complete`);
    expect(mail.sent[0]!.text).toContain('Upload your resume');

    // The same day, twice at once, and six days later: nothing more.
    await Promise.all([sendProfileReminders(t.db, now), sendProfileReminders(t.db, now)]);
    expect(await sendProfileReminders(t.db, new Date(now.getTime() + 6 * DAY))).toEqual({
      notified: 0,
      mailed: 0,
    });
    expect(await remindersOf(asha)).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);

    // After 7 days, a new one.
    expect(await sendProfileReminders(t.db, new Date(now.getTime() + 7 * DAY + 60_000))).toEqual({
      notified: 1,
      mailed: 1,
    });
  });

  it('waits a day after registration before the first reminder', async () => {
    const now = new Date();
    const meera = await seeker('meera@example.com', {
      createdAt: new Date(now.getTime() - 60_000),
    });

    expect(await sendProfileReminders(t.db, now)).toEqual({ notified: 0, mailed: 0 });
    expect(await remindersOf(meera)).toHaveLength(0);

    expect(await sendProfileReminders(t.db, new Date(now.getTime() + DAY))).toEqual({
      notified: 1,
      mailed: 1,
    });
    expect(await remindersOf(meera)).toHaveLength(1);
  });

  it('rings the bell but sends no mail when profile-reminder mails are off', async () => {
    const ravi = await seeker('ravi@example.com');
    const prefs = defaultPreferences();
    prefs.reminders.mail = false;
    await savePreferences(ravi, prefs, t.db);

    expect(await sendProfileReminders(t.db)).toEqual({ notified: 1, mailed: 0 });
    expect(await remindersOf(ravi)).toHaveLength(1);
    expect(mail.sent).toHaveLength(0);
  });

  it('leaves a complete profile alone', async () => {
    const now = new Date();
    const done = await seeker('done@example.com', {
      mobile: '9876543210',
      isdCode: '91',
      careerStage: 'fresher',
      emailVerifiedAt: now,
      mobileVerifiedAt: now,
    });
    await t.db.insert(seekerProfiles).values({ userId: done, currentLocation: 'Pune' });
    await t.db
      .insert(seekerEducations)
      .values({ userId: done, qualification: 'B.Tech', passingYear: 2024 });
    await t.db
      .insert(seekerJobPreferences)
      .values({ userId: done, preferredLocations: ['Pune'], skills: ['Java'] });
    await t.db.insert(seekerProfileExtras).values({
      userId: done,
      linkedinUrl: 'https://www.linkedin.com/in/done',
      visaStatus: 'citizen',
      photoId: randomUUID(),
      photoKey: 'photos/done.jpg',
      photoMime: 'image/jpeg',
      photoSize: 100,
    });
    await t.db.insert(resumes).values({
      ownerUserId: done,
      storageKey: 'resumes/done.pdf',
      fileName: 'done.pdf',
      mime: 'application/pdf',
      size: 1000,
      format: 'pdf',
      parseStatus: 'empty',
    });
    const score = scoreOf(await getProfile(done, { db: t.db }));
    expect(score.pending).toEqual([]);

    expect(await sendProfileReminders(t.db)).toEqual({ notified: 0, mailed: 0 });
    expect(await remindersOf(done)).toHaveLength(0);
    expect(mail.sent).toHaveLength(0);
  });
});
