/**
 * Chrome domain on both backends: poll votes once per voter, feedback stored and mailed to the
 * site's info address (and re-sent when the mail failed), events stored as received, skill
 * assessments scored on the server, and Auto Apply's daily cap and one-click apply limits.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sites } from '../../sites';
import { setMailSender, type MailMessage } from '~/server/adapters/mail';
import { registerUser } from '~/server/accounts/users';
import { applyToJobs, listApplications } from '~/server/applications/service';
import { listResults, submitAssessment, AssessmentError } from '~/server/chrome/assessments';
import {
  runAutoApplyFor,
  runDueAutoApply,
  saveAutoApply,
  getAutoApply,
} from '~/server/chrome/auto-apply';
import { storeEvent } from '~/server/chrome/events';
import { mailPendingFeedback, submitFeedback } from '~/server/chrome/feedback';
import {
  PollError,
  SELECT_OPTION_FOR_VOTE,
  pollResults,
  vote,
  votedOption,
} from '~/server/chrome/poll';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { autoApplyLog, companies, feedback, jobs, trackingEvents } from '~/server/db/schema';
import { backends, useFreshDb } from './db';

const india = sites.find((s) => s.key === 'india')!;
const gulf = sites.find((s) => s.key === 'gulf')!;

async function seeker(db: Db, n: number, careerStage: 'fresher' | 'professional') {
  await ensureCountries(db);
  return registerUser(
    {
      careerStage,
      name: `Seeker ${String.fromCharCode(65 + n)}`,
      email: `seeker${n}@example.com`,
      password: `secret${n}pass`,
      isdCode: '91',
      mobile: `98765432${String(n).padStart(2, '0')}`,
      siteContext: india.context,
    },
    { db },
  );
}

/** `n` open India jobs titled "Java Developer n", newest last. */
async function javaJobs(db: Db, n: number): Promise<number[]> {
  await ensureCountries(db);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Acme', slug: 'acme', siteContext: india.context })
    .returning();
  const rows = await db
    .insert(jobs)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId: company!.id,
        companyName: 'Acme',
        description: 'Build Java services.',
        siteContext: india.context,
        countryCode: 'IN',
        slug: `java-${i}`,
        title: `Java Developer ${i}`,
        skills: ['java'],
        locations: ['Pune'],
        postedAt: new Date(Date.now() - (n - i) * 60_000),
      })),
    )
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

afterEach(() => setMailSender(undefined));

describe.each(backends)('chrome on %s', (backend) => {
  const t = useFreshDb(backend);

  describe('poll', () => {
    it('counts one vote per browser and per user, keeping the first choice', async () => {
      await ensureCountries(t.db);
      const browser = { userId: null, browserId: 'browser-aaaaaaaaaaaaaaaaaaaa' };
      expect(await vote(india, 'remote', browser, t.db)).toEqual({
        counted: true,
        optionId: 'remote',
      });
      expect(await vote(india, 'office', browser, t.db)).toEqual({
        counted: false,
        optionId: 'remote',
      });
      const user = await seeker(t.db, 1, 'fresher');
      const asUser = { userId: user.id, browserId: null };
      await vote(india, 'hybrid', asUser, t.db);
      await vote(india, 'hybrid', asUser, t.db);
      // Parallel double posts by the same voter still count once.
      const other = { userId: null, browserId: 'browser-bbbbbbbbbbbbbbbbbbbb' };
      await Promise.all([vote(india, 'office', other, t.db), vote(india, 'office', other, t.db)]);

      const results = await pollResults('india', t.db);
      expect(results?.total).toBe(3);
      expect(results?.options).toEqual([
        { id: 'office', votes: 1, percent: 33 },
        { id: 'remote', votes: 1, percent: 33 },
        { id: 'hybrid', votes: 1, percent: 33 },
      ]);
      expect(await votedOption('india', browser, t.db)).toBe('remote');
      expect(
        await votedOption('india', { userId: null, browserId: 'never-voted-xxxxxxxxxx' }, t.db),
      ).toBeNull();
      // Another site's poll is separate.
      expect((await pollResults('gulf', t.db))?.total).toBe(0);
    });

    it('refuses a missing or unknown option with the SPEC message', async () => {
      await ensureCountries(t.db);
      const voter = { userId: null, browserId: 'browser-cccccccccccccccccccc' };
      for (const option of [undefined, 'not-an-option']) {
        const error = await vote(gulf, option, voter, t.db).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PollError);
        expect((error as PollError).message).toBe(SELECT_OPTION_FOR_VOTE);
      }
      expect((await pollResults('gulf', t.db))?.total).toBe(0);
    });
  });

  describe('feedback', () => {
    it('is stored and mailed to the site info address', async () => {
      await ensureCountries(t.db);
      const sent: MailMessage[] = [];
      setMailSender({ name: 'test', send: async (m) => (sent.push(m), { id: 'x' }) });
      const result = await submitFeedback(
        {
          name: 'Asha',
          email: 'asha@example.com',
          topic: 'search',
          message: 'The walk-in filter is great.',
          siteContext: gulf.context,
          userId: null,
        },
        t.db,
      );
      expect(result.mailed).toBe(true);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe(gulf.contact.infoEmail);
      expect(sent[0]!.text).toContain('The walk-in filter is great.');
      expect(sent[0]!.text).toContain('asha@example.com');
      const [row] = await t.db.select().from(feedback);
      expect(row?.mailedAt).toBeInstanceOf(Date);
    });

    it('keeps feedback whose mail failed and sends it later, once', async () => {
      await ensureCountries(t.db);
      setMailSender({ name: 'down', send: () => Promise.reject(new Error('smtp down')) });
      const result = await submitFeedback(
        {
          name: 'Ravi',
          email: 'ravi@example.com',
          topic: 'other',
          message: 'Please add more jobs in Pune.',
          siteContext: india.context,
          userId: null,
        },
        t.db,
      );
      expect(result.mailed).toBe(false);
      const sent: MailMessage[] = [];
      setMailSender({ name: 'test', send: async (m) => (sent.push(m), { id: 'x' }) });
      const later = new Date(Date.now() + 5 * 60_000);
      expect(await mailPendingFeedback(t.db, later)).toBe(1);
      expect(await mailPendingFeedback(t.db, later)).toBe(0);
      expect(sent.map((m) => m.to)).toEqual([india.contact.infoEmail]);
    });
  });

  it('stores events as received', async () => {
    await ensureCountries(t.db);
    const id = await storeEvent(
      'career-events',
      {
        name: 'install_banner',
        siteContext: india.context,
        userId: null,
        payload: { page_name: 'home', channel_id: 1, user_type: 'guest' },
      },
      t.db,
    );
    const [row] = await t.db.select().from(trackingEvents).where(eq(trackingEvents.id, id));
    expect(row).toMatchObject({
      kind: 'career-events',
      name: 'install_banner',
      siteContext: 'rexmonster',
      payload: { page_name: 'home', channel_id: 1, user_type: 'guest' },
    });
  });

  it('scores assessments on the server and keeps the latest result', async () => {
    const user = await seeker(t.db, 2, 'professional');
    const right = { sum: 'a', absolute: 'b', lookup: 'b', filter: 'a' };
    expect(
      await submitAssessment(user.id, 'spreadsheets', { ...right, lookup: 'a' }, t.db),
    ).toEqual({
      score: 3,
      total: 4,
    });
    expect(await submitAssessment(user.id, 'spreadsheets', right, t.db)).toEqual({
      score: 4,
      total: 4,
    });
    await expect(
      submitAssessment(user.id, 'spreadsheets', { sum: 'a' }, t.db),
    ).rejects.toBeInstanceOf(AssessmentError);
    const results = await listResults(user.id, 'ar', t.db);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ assessmentId: 'spreadsheets', score: 4, total: 4 });
    expect(results[0]!.name).toBe('أساسيات جداول البيانات');
  });

  describe('auto apply', () => {
    const dayOne = new Date('2026-05-04T06:00:00Z');
    const dayTwo = new Date('2026-05-05T06:00:00Z');

    it('applies up to the daily cap once a day, never twice to a job', async () => {
      const user = await seeker(t.db, 3, 'professional');
      const ids = await javaJobs(t.db, 8);
      await applyToJobs(user, [ids[ids.length - 1]!], india.context, { db: t.db });
      await saveAutoApply(
        user,
        { enabled: true, keywords: 'java', location: '', experience: null, dailyCap: 3 },
        t.db,
      );
      expect(await runDueAutoApply(t.db, dayOne)).toBe(3);
      // Hourly runs later the same day do nothing.
      expect(await runDueAutoApply(t.db, new Date(dayOne.getTime() + 3_600_000))).toBe(0);
      expect(await runDueAutoApply(t.db, dayTwo)).toBe(3);
      const [logged] = await t.db
        .select({ n: count() })
        .from(autoApplyLog)
        .where(eq(autoApplyLog.userId, user.id));
      expect(Number(logged?.n)).toBe(6);
      const applied = await listApplications(user.id, {}, { db: t.db });
      expect(applied).toHaveLength(7);
      expect(new Set(applied.map((a) => a.id)).size).toBe(7);
      // The job applied to by hand was not counted as an Auto Apply one.
      const [manual] = await t.db
        .select({ n: count() })
        .from(autoApplyLog)
        .where(and(eq(autoApplyLog.userId, user.id), eq(autoApplyLog.jobId, ids[ids.length - 1]!)));
      expect(Number(manual?.n)).toBe(0);
    });

    it('leaves nothing half-done when a run dies in the middle, and the next run completes it', async () => {
      const user = await seeker(t.db, 6, 'professional');
      await javaJobs(t.db, 5);
      await saveAutoApply(
        user,
        { enabled: true, keywords: 'java', location: '', experience: null, dailyCap: 4 },
        t.db,
      );
      // The run dies after its applications were written, while logging them.
      await t.db.execute(sql`create function fail_auto_apply_log() returns trigger language plpgsql
        as $$ begin raise exception 'crash while logging'; end $$`);
      await t.db.execute(sql`create trigger crash before insert on auto_apply_log
        for each row execute function fail_auto_apply_log()`);
      expect(await runDueAutoApply(t.db, dayOne)).toBe(0);
      expect(await listApplications(user.id, {}, { db: t.db })).toHaveLength(0);
      expect((await getAutoApply(user.id, t.db))?.lastRunOn).toBeNull();

      await t.db.execute(sql`drop trigger crash on auto_apply_log`);
      expect(await runDueAutoApply(t.db, new Date(dayOne.getTime() + 3_600_000))).toBe(4);
      expect(await listApplications(user.id, {}, { db: t.db })).toHaveLength(4);
      expect((await getAutoApply(user.id, t.db))?.lastRunOn).toBe('2026-05-04');
    });

    it('keeps a fresher within 5 a day whatever the cap says, and skips opted-out seekers', async () => {
      const fresher = await seeker(t.db, 4, 'fresher');
      await javaJobs(t.db, 12);
      await saveAutoApply(
        fresher,
        { enabled: true, keywords: 'java', location: '', experience: null, dailyCap: 10 },
        t.db,
      );
      expect((await getAutoApply(fresher.id, t.db))?.dailyCap).toBe(5);
      const settings = (await getAutoApply(fresher.id, t.db))!;
      expect(await runAutoApplyFor({ ...settings, dailyCap: 10 }, t.db, dayOne)).toHaveLength(5);

      const other = await seeker(t.db, 5, 'professional');
      await saveAutoApply(
        other,
        { enabled: false, keywords: 'java', location: '', experience: null, dailyCap: 10 },
        t.db,
      );
      expect(await runDueAutoApply(t.db, dayTwo)).toBe(5); // the fresher's second day only
      expect(await listApplications(other.id, {}, { db: t.db })).toHaveLength(0);
    });
  });
});
