/**
 * Job alerts on both databases: guest confirmation, the 5-per-address limit and replacing,
 * ownership, one-click unsubscribe, and delivery: jobs posted since the last run through the
 * search service, one mail per (alert, run) even when two workers run at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { brands, siteByContext } from '../../sites';
import type { MailMessage, MailSender } from '~/server/adapters/mail';
import { setMailSender } from '~/server/adapters/mail';
import { runDueAlerts } from '~/server/alerts/delivery';
import {
  confirmAlert,
  createAlert,
  deleteAlert,
  getOwnedAlert,
  listAlerts,
  replaceAlert,
  replaceChoice,
  setPaused,
  unsubscribe,
  updateAlert,
  type AlertOwner,
} from '~/server/alerts/service';
import { alertToken } from '~/server/alerts/tokens';
import { createDb, type Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import {
  companies,
  jobAlertDeliveries,
  jobAlerts,
  jobs,
  users,
  type NewJob,
} from '~/server/db/schema';
import type { AlertForm } from '~/lib/validation/alerts';
import { backends, useFreshDb } from './db';

const site = siteByContext('rexmonster')!;
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

const form = (over: Partial<AlertForm> = {}): AlertForm => ({
  keywords: 'java developer',
  location: undefined,
  experience: undefined,
  salary: '',
  industries: [],
  function: '',
  frequency: 'daily',
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '',
  ...over,
});

async function seedJobs(db: Db, list: Partial<NewJob>[]) {
  await ensureCountries(db);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Kaveri Infotech', slug: 'kaveri', siteContext: 'rexmonster' })
    .onConflictDoNothing()
    .returning();
  const companyId =
    company?.id ?? (await db.select().from(companies).where(eq(companies.slug, 'kaveri')))[0]!.id;
  for (const job of list) {
    await db.insert(jobs).values({
      slug: 'job',
      title: 'Java Developer',
      companyId,
      companyName: 'Kaveri Infotech',
      description: 'Build services.',
      skills: ['Java'],
      locations: ['Pune'],
      siteContext: 'rexmonster',
      countryCode: 'IN',
      salaryMin: 600_000,
      salaryMax: 900_000,
      salaryCurrency: 'INR',
      salaryPeriod: 'year',
      // Received when posted, unless a test says it arrived later (a late feed).
      createdAt: job.createdAt ?? job.postedAt ?? new Date(),
      ...job,
    });
  }
}

async function makeUser(db: Db, email: string): Promise<AlertOwner> {
  const [u] = await db
    .insert(users)
    .values({ email, siteContext: 'rexmonster', emailVerifiedAt: new Date() })
    .returning();
  return { userId: u!.id, email, emailVerified: true };
}

const base = (db: Db, user: AlertOwner | null, f: AlertForm) =>
  createAlert({
    site,
    lang: 'en',
    brand: brands.classic,
    origin: 'http://rexmonster.localhost:4321',
    user,
    form: f,
    db,
  });

describe.each(backends)('alerts on %s', (backend) => {
  const t = useFreshDb(backend);
  let mail: ReturnType<typeof capture>;
  beforeEach(async () => {
    mail = capture();
    setMailSender(mail);
    await ensureCountries(t.db);
    return () => setMailSender(undefined);
  });

  it('a guest alert waits for its mailed link, then mails new matches once', async () => {
    const now = new Date();
    await seedJobs(t.db, [
      { title: 'Java Developer', postedAt: new Date(now.getTime() - 2 * DAY) },
      { title: 'Senior Java Developer', postedAt: new Date(now.getTime() - 3 * DAY) },
      { title: 'Java Developer', postedAt: new Date(now.getTime() - 20 * DAY) },
      { title: 'Staff Nurse', skills: ['Patient Care'], postedAt: new Date(now.getTime() - DAY) },
    ]);
    const created = await base(t.db, null, form());
    expect(created.kind).toBe('pending');
    expect(mail.sent).toHaveLength(1);
    const link = /(http:\/\/\S+confirm=\S+)/.exec(mail.sent[0]!.text)?.[1];
    expect(link).toBeDefined();
    // Not active before confirmation: nothing runs.
    expect((await runDueAlerts(t.db, { mail })).alerts).toBe(0);

    const token = new URL(link!).searchParams.get('confirm');
    const confirmed = await confirmAlert(token, t.db);
    expect(confirmed?.status).toBe('active');
    expect(await confirmAlert(`${created.alert.id}.forged`, t.db)).toBeNull();

    const report = await runDueAlerts(t.db, { mail });
    expect(report).toMatchObject({ alerts: 1, mails: 1 });
    const digest = mail.sent[1]!;
    expect(digest.to).toBe('asha@example.com');
    // The two Java jobs of the last 7 days, not the 20-day-old one or the nurse.
    expect(digest.text.match(/^.*Java Developer$/gm)).toHaveLength(2);
    expect(digest.text).not.toContain('Staff Nurse');
    expect(digest.text).toContain('utm_source=job_alert');
    expect(digest.html).toContain('dir="ltr"');
    expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(digest.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/rexmonster\.localhost:4321\/api\/alerts\/unsubscribe\?token=/,
    );

    // Run again: nothing is due. A day later: only jobs posted since, and no match means no mail.
    expect((await runDueAlerts(t.db, { mail })).alerts).toBe(0);
    const later = new Date(now.getTime() + DAY + 60_000);
    const quiet = await runDueAlerts(t.db, { mail, now: later });
    expect(quiet).toMatchObject({ alerts: 1, mails: 0, empty: 1 });
    expect(mail.sent).toHaveLength(2);
    await seedJobs(t.db, [
      { title: 'Java Developer', slug: 'fresh', postedAt: new Date(later.getTime() + 1000) },
    ]);
    const next = await runDueAlerts(t.db, { mail, now: new Date(later.getTime() + DAY + 60_000) });
    expect(next.mails).toBe(1);
    expect(mail.sent[2]!.text.match(/^.*Java Developer$/gm)).toHaveLength(1);
  });

  it('mails a job that arrives after its alert ran, though posted before: once', async () => {
    await seedJobs(t.db, [{ title: 'Java Developer', postedAt: new Date(Date.now() - DAY) }]);
    const seeker = await makeUser(t.db, 'late@example.com');
    const created = await base(t.db, seeker, form({ email: 'late@example.com' }));
    expect(created.kind).toBe('active');
    const now = new Date(Date.now() + 1000);
    expect((await runDueAlerts(t.db, { mail, now })).mails).toBe(1);

    // The feed delivers, after that run, a job posted two days before it.
    const arrived = new Date(now.getTime() + 60 * 60_000);
    await seedJobs(t.db, [
      {
        title: 'Java Developer',
        slug: 'late-feed',
        postedAt: new Date(now.getTime() - 2 * DAY),
        createdAt: arrived,
      },
    ]);
    const nextRun = new Date(now.getTime() + DAY + 60_000);
    const next = await runDueAlerts(t.db, { mail, now: nextRun });
    expect(next).toMatchObject({ alerts: 1, mails: 1 });
    const late = mail.sent.at(-1)!;
    expect(late.text).toContain('/job/late-feed');
    expect(late.text.match(/^.*Java Developer$/gm)).toHaveLength(1);

    // The run after that has nothing new: never mailed twice.
    const third = await runDueAlerts(t.db, { mail, now: new Date(nextRun.getTime() + DAY) });
    expect(third).toMatchObject({ alerts: 1, mails: 0, empty: 1 });
  });

  it('two workers at once mail each (alert, run) once', async () => {
    await seedJobs(t.db, [{ title: 'Java Developer', postedAt: new Date(Date.now() - DAY) }]);
    const user = await makeUser(t.db, 'ravi@example.com');
    for (let i = 0; i < 5; i++) {
      await base(
        t.db,
        user,
        form({ email: 'ravi@example.com', keywords: `java${i === 0 ? '' : ', developer'}` }),
      );
    }
    const second =
      backend === 'postgres'
        ? await createDb({ url: t.handle.url, migrate: false, poolSize: 2 })
        : null;
    try {
      const [a, b] = await Promise.all([
        runDueAlerts(t.db, { mail, batchSize: 2 }),
        runDueAlerts(second?.db ?? t.db, { mail, batchSize: 2 }),
      ]);
      expect(a.mails + b.mails).toBe(5);
      expect(mail.sent).toHaveLength(5);
      const rows = await t.db.select().from(jobAlertDeliveries);
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((r) => r.alertId)).size).toBe(5);
    } finally {
      await second?.close();
    }
  });

  it('the 6th alert of an address waits for the one it replaces', async () => {
    const user = await makeUser(t.db, 'meera@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await base(t.db, user, form({ email: 'meera@example.com' }))).kind).toBe('active');
    }
    const sixth = await base(t.db, user, form({ email: 'meera@example.com', keywords: 'python' }));
    expect(sixth.kind).toBe('replace');
    expect(await listAlerts(user, t.db)).toHaveLength(5);
    const choice = await replaceChoice(sixth.alert.id, { owner: user }, t.db);
    expect(choice?.candidates).toHaveLength(5);
    const old = choice!.candidates[2]!;
    const done = await replaceAlert(sixth.alert.id, old.id, { owner: user }, t.db);
    expect(done?.status).toBe('active');
    const left = await listAlerts(user, t.db);
    expect(left).toHaveLength(5);
    expect(left.map((a) => a.id)).not.toContain(old.id);

    // A guest's 6th alert: the choice is made through the mailed, signed link only.
    const guestSixth = await base(
      t.db,
      null,
      form({ email: 'meera@example.com', keywords: 'sql' }),
    );
    expect(guestSixth.kind).toBe('replace');
    expect(
      await replaceChoice(
        guestSixth.alert.id,
        { owner: await makeUser(t.db, 'x@example.com') },
        t.db,
      ),
    ).toBeNull();
    const link = /(http:\/\/\S+token=\S+)/.exec(mail.sent.at(-1)!.text)?.[1];
    const token = new URL(link!).searchParams.get('token')!;
    const viaMail = await replaceAlert(guestSixth.alert.id, left[0]!.id, { token }, t.db);
    expect(viaMail?.status).toBe('active');
  });

  it("another seeker can never read or change someone's alerts", async () => {
    const owner = await makeUser(t.db, 'owner@example.com');
    const other = await makeUser(t.db, 'other@example.com');
    const { alert } = await base(t.db, owner, form({ email: 'owner@example.com' }));
    expect(await listAlerts(other, t.db)).toHaveLength(0);
    expect(await getOwnedAlert(other, alert.id, t.db)).toBeNull();
    expect(await updateAlert(other, alert.id, form({ keywords: 'hacked' }), t.db)).toBe(false);
    expect(await setPaused(other, alert.id, true, t.db)).toBe(false);
    expect(await deleteAlert(other, alert.id, t.db)).toBe(false);
    const [row] = await t.db.select().from(jobAlerts).where(eq(jobAlerts.id, alert.id));
    expect(row).toMatchObject({ status: 'active', query: 'q=java+developer' });
    // The owner can.
    expect(await setPaused(owner, alert.id, true, t.db)).toBe(true);
    expect((await getOwnedAlert(owner, alert.id, t.db))?.nextRunAt).toBeNull();
    expect(await setPaused(owner, alert.id, false, t.db)).toBe(true);
    expect(
      await updateAlert(owner, alert.id, form({ keywords: 'kotlin', frequency: 'weekly' }), t.db),
    ).toBe(true);
    expect((await getOwnedAlert(owner, alert.id, t.db))?.frequency).toBe('weekly');
    expect(await deleteAlert(owner, alert.id, t.db)).toBe(true);
  });

  it('one-click unsubscribe needs a genuine token and no login', async () => {
    const { alert } = await base(t.db, null, form());
    expect(await unsubscribe(`${alert.id}.bad`, t.db)).toBe(false);
    expect(await unsubscribe(alertToken('confirm', alert.id), t.db)).toBe(false);
    expect(await t.db.select().from(jobAlerts)).toHaveLength(1);
    expect(await unsubscribe(alertToken('unsubscribe', alert.id), t.db)).toBe(true);
    expect(await t.db.select().from(jobAlerts)).toHaveLength(0);
    // Again: still fine.
    expect(await unsubscribe(alertToken('unsubscribe', alert.id), t.db)).toBe(true);
  });
});

/** The worker as operators run it, killed mid-run (PostgreSQL: a second process shares it). */
describe.each(backends.filter((b) => b === 'postgres'))(
  'the alert worker process on %s',
  (backend) => {
    const t = useFreshDb(backend);

    const runWorker = (dataDir: string) =>
      spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts', '--once'], {
        env: {
          ...process.env,
          DATABASE_URL: t.handle.url,
          DATA_DIR: dataDir,
          ALERTS_BATCH_SIZE: '10',
          SMTP_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });

    const mailsIn = (dataDir: string) => {
      const dir = path.join(dataDir, 'outbox', 'mail');
      return existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.json'))
            .flatMap((f) => {
              try {
                return [JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string }];
              } catch {
                return []; // being written (or cut short by the kill): not a mail
              }
            })
        : [];
    };

    it('killed mid-run and run again, it mails no alert twice', { timeout: 120_000 }, async () => {
      await seedJobs(t.db, [{ title: 'Java Developer', postedAt: new Date(Date.now() - DAY) }]);
      const ALERTS = 600;
      const due = new Date(Date.now() - 60_000);
      await t.db.insert(jobAlerts).values(
        Array.from({ length: ALERTS }, (_, i) => ({
          siteContext: 'rexmonster',
          origin: 'http://rexmonster.localhost:4321',
          email: `seeker${i}@example.com`,
          name: 'Asha Rao',
          query: 'q=java',
          status: 'active' as const,
          confirmedAt: due,
          nextRunAt: due,
        })),
      );
      const dataDir = mkdtempSync(path.join(tmpdir(), 'alerts-kill-'));
      try {
        // First run: killed (SIGKILL, no clean-up) once some mails are out.
        const first = runWorker(dataDir);
        const killed = await new Promise<NodeJS.Signals | null>((resolve) => {
          const poll = setInterval(() => {
            if (mailsIn(dataDir).length >= 20) first.kill('SIGKILL');
          }, 10);
          first.on('exit', (_code, signal) => {
            clearInterval(poll);
            resolve(signal);
          });
        });
        expect(killed).toBe('SIGKILL');
        const afterKill = mailsIn(dataDir).length;
        expect(afterKill).toBeLessThan(ALERTS);

        // Second run: finishes what was left.
        const second = runWorker(dataDir);
        const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
        expect(code).toBe(0);

        const mails = mailsIn(dataDir);
        const recipients = mails.map((m) => m.to);
        expect(new Set(recipients).size).toBe(recipients.length); // nobody twice
        const deliveries = await t.db.select().from(jobAlertDeliveries);
        expect(deliveries).toHaveLength(ALERTS); // every alert's run was done exactly once
        const sent = deliveries.filter((d) => d.status === 'sent').length;
        const leftClaimed = deliveries.filter((d) => d.status === 'claimed').length;
        expect(sent + leftClaimed).toBe(ALERTS);
        // At most the batch in flight when killed is left claimed, never sent again (at most
        // once); its mails may have gone out before the kill stopped the batch being marked sent.
        expect(leftClaimed).toBeLessThanOrEqual(10);
        expect(mails.length).toBeGreaterThanOrEqual(sent);
        expect(mails.length).toBeLessThanOrEqual(ALERTS);
        expect(mails.length).toBeGreaterThan(afterKill);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
