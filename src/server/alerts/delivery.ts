/**
 * One run of the alert worker: every alert that is due gets the jobs the portal received since its
 * last run (the first run: the last FIRST_RUN_DAYS days; received, not posted, so a late feed
 * entry is not lost), found by the search service's own conditions
 * (newJobsMatching), and one mail with the best MAIL_JOBS of them; no match, no mail.
 *
 * At most once per (alert, run): for a batch of due alerts, ONE transaction inserts a
 * job_alert_deliveries row per alert (unique on alert and due time; a row another worker already
 * inserted makes ours a no-op) and moves those alerts' last/next run forward, guarded by the due
 * time it read. Only the alerts whose row this transaction inserted are mailed, after the commit.
 * A worker dying before the commit leaves nothing behind (the run is redone); one dying after it
 * never mails those alerts twice (a claimed delivery is never resent; see
 * docs/decisions/0010-alert-queue.md). A send that fails is marked `failed` and retried with
 * back-off by later runs.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { getMailSender, type MailSender } from '~/server/adapters/mail';
import { queryRows, type Db } from '~/server/db/client';
import { jobAlertDeliveries, jobAlerts, type JobAlert } from '~/server/db/schema-alerts';
import { jobsByIds } from '~/server/jobs/service';
import { newJobsMatching } from '~/server/search/service';
import { alertLabel, digestMessage } from './mails';
import { alertContext } from './context';
import { notifyMany } from './notifications';
import { mailMuted } from './preferences';
import { alertState, FIRST_RUN_DAYS } from './service';

/** Jobs per mail. */
export const MAIL_JOBS = 10;
/** Mails sent at the same time. */
const SEND_CONCURRENCY = 8;
/** Send attempts before a failed delivery is given up. */
export const MAX_ATTEMPTS = 5;

export interface RunOptions {
  now?: Date;
  /** Due alerts handled per transaction (ALERTS_BATCH_SIZE for operators). */
  batchSize?: number;
  mail?: MailSender;
}

export interface RunReport {
  /** Alerts whose run this worker did. */
  alerts: number;
  /** Mails sent (or written to the outbox). */
  mails: number;
  /** Runs without new matches (no mail). */
  empty: number;
  /** Sends that failed (retried later). */
  failed: number;
  /** Runs with new jobs whose seeker turned alert mails off (bell notification only). */
  muted: number;
  /** Where the time went (milliseconds): finding matches, claiming runs, sending mail. */
  ms: { match: number; claim: number; mail: number };
}

const DAY_MS = 86_400_000;

interface Claimed {
  alert: JobAlert;
  deliveryId: number;
  jobIds: number[];
}

/** Claims a batch: delivery rows and bookkeeping in one transaction; returns what is ours. */
async function claim(
  db: Db,
  batch: JobAlert[],
  matches: Map<string, number[]>,
  now: Date,
): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(jobAlertDeliveries)
      .values(
        batch.map((alert) => {
          const jobIds = matches.get(alert.id) ?? [];
          return {
            alertId: alert.id,
            runAt: alert.nextRunAt as Date,
            since: sinceOf(alert, now),
            until: now,
            jobIds,
            jobCount: jobIds.length,
            status: jobIds.length > 0 ? ('claimed' as const) : ('empty' as const),
          };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: jobAlertDeliveries.id, alertId: jobAlertDeliveries.alertId });
    if (inserted.length === 0) return [];
    const ours = new Map(inserted.map((r) => [r.alertId, r.id]));
    const mine = batch.filter((a) => ours.has(a.id));
    const ids = `{${mine.map((a) => a.id).join(',')}}`;
    const runs = `{${mine.map((a) => `"${(a.nextRunAt as Date).toISOString()}"`).join(',')}}`;
    const step = sql.raw(
      `(CASE WHEN a.frequency = 'weekly' THEN interval '7 days' ELSE interval '1 day' END)`,
    );
    await tx.execute(sql`UPDATE job_alerts a SET last_run_at = ${now.toISOString()}::timestamptz,
        next_run_at = greatest(v.run_at + ${step}, ${now.toISOString()}::timestamptz + ${step} / 24),
        updated_at = now()
      FROM unnest(${ids}::uuid[], ${runs}::timestamptz[]) AS v(id, run_at)
      WHERE a.id = v.id AND a.next_run_at = v.run_at`);
    return mine.map((alert) => ({
      alert,
      deliveryId: ours.get(alert.id) as number,
      jobIds: matches.get(alert.id) ?? [],
    }));
  });
}

/** Jobs received after this are new for the alert. */
function sinceOf(alert: JobAlert, now: Date): Date {
  return alert.lastRunAt ?? new Date(now.getTime() - FIRST_RUN_DAYS * DAY_MS);
}

/** A text[] literal (quoted elements). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Sends the mails of claimed deliveries (jobs read in one statement for all of them) and records
 * the outcomes, sent ones in one statement at the end. A worker dying before that leaves them
 * `claimed`: never sent again (at most once).
 */
async function deliver(
  db: Db,
  mail: MailSender,
  claimed: readonly Claimed[],
  report: RunReport,
  /** False for retries: the seeker's bell already has this run. */
  ring = true,
) {
  const wanted = [...new Set(claimed.flatMap((c) => c.jobIds.slice(0, MAIL_JOBS)))];
  const jobs = new Map((await jobsByIds(db, wanted)).map((j) => [j.id, j]));
  const sent: { id: number; messageId: string; count: number }[] = [];
  const empty: number[] = [];
  const muted: number[] = [];
  // Seekers who turned alert mails off in their settings get the bell notification only.
  const mutedUsers = await mailMuted(
    claimed.flatMap((c) => (c.alert.userId ? [c.alert.userId] : [])),
    'alerts',
    db,
  );
  const bell: Parameters<typeof notifyMany>[0] = [];
  const sendOne = async (c: Claimed) => {
    const list = c.jobIds
      .slice(0, MAIL_JOBS)
      .map((id) => jobs.get(id))
      .filter((j) => j !== undefined);
    if (list.length === 0) {
      // Nothing new, or the jobs went away meanwhile: no mail.
      empty.push(c.deliveryId);
      report.empty++;
      return;
    }
    if (c.alert.userId) {
      if (ring)
        bell.push({
          userId: c.alert.userId,
          kind: 'alert_match',
          target: `/search/results?${c.alert.query}&sort=date`,
          params: { count: list.length, label: alertLabel(c.alert, alertContext(c.alert).lang) },
        });
      if (mutedUsers.has(c.alert.userId)) {
        muted.push(c.deliveryId);
        report.muted++;
        return;
      }
    }
    try {
      const result = await mail.send(digestMessage(c.alert, list));
      sent.push({ id: c.deliveryId, messageId: result.id, count: list.length });
      report.mails++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[alerts] mail for alert ${c.alert.id} failed:`, message);
      report.failed++;
      await db
        .update(jobAlertDeliveries)
        .set({
          status: 'failed',
          error: message.slice(0, 500),
          attempts: sql`${jobAlertDeliveries.attempts} + 1`,
        })
        .where(eq(jobAlertDeliveries.id, c.deliveryId));
    }
  };
  // A few sends at a time: mail servers (and the outbox's disk) answer faster in parallel.
  for (let i = 0; i < claimed.length; i += SEND_CONCURRENCY) {
    await Promise.all(claimed.slice(i, i + SEND_CONCURRENCY).map(sendOne));
  }
  if (sent.length > 0) {
    await db.execute(sql`UPDATE job_alert_deliveries d SET status = 'sent', sent_at = now(),
        message_id = v.message_id, job_count = v.n
      FROM unnest(${`{${sent.map((s) => s.id).join(',')}}`}::int8[],
        ${textArray(sent.map((s) => s.messageId))}::text[],
        ${`{${sent.map((s) => s.count).join(',')}}`}::int[]) AS v(id, message_id, n)
      WHERE d.id = v.id`);
  }
  for (const [status, ids] of [
    ['empty', empty],
    ['muted', muted],
  ] as const) {
    if (ids.length === 0) continue;
    await db.execute(sql`UPDATE job_alert_deliveries SET status = ${status}
      WHERE id = ANY(${`{${ids.join(',')}}`}::int8[])`);
  }
  await notifyMany(bell, db);
}

/**
 * Failed sends whose back-off is over (1, 2, 4, 8 minutes ...), taken back one by one with a
 * guarded update so two workers never retry the same one.
 */
async function retryFailed(db: Db, mail: MailSender, now: Date, report: RunReport) {
  const rows = await queryRows<{ id: number; alert_id: string; job_ids: string }>(
    db,
    sql`SELECT id, alert_id, job_ids::text AS job_ids FROM job_alert_deliveries
      WHERE status = 'failed' AND attempts < ${MAX_ATTEMPTS}
        AND created_at > ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz
        AND coalesce(sent_at, created_at) + make_interval(mins => power(2, attempts - 1)::int)
          <= ${now.toISOString()}::timestamptz
      ORDER BY id LIMIT 1000`,
  );
  for (const row of rows) {
    const [taken] = await db
      .update(jobAlertDeliveries)
      .set({ status: 'claimed' })
      .where(
        and(eq(jobAlertDeliveries.id, Number(row.id)), eq(jobAlertDeliveries.status, 'failed')),
      )
      .returning({ id: jobAlertDeliveries.id });
    if (!taken) continue;
    const [alert] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, row.alert_id));
    if (!alert) continue;
    const jobIds = row.job_ids.slice(1, -1).split(',').filter(Boolean).map(Number);
    await deliver(db, mail, [{ alert, deliveryId: Number(row.id), jobIds }], report, false);
  }
}

/** Runs every alert due at `now`, batch by batch, until none is left. */
export async function runDueAlerts(db: Db, options: RunOptions = {}): Promise<RunReport> {
  const now = options.now ?? new Date();
  const batchSize = Math.max(1, Math.min(5000, options.batchSize ?? 500));
  const mail = options.mail ?? getMailSender();
  const report: RunReport = {
    alerts: 0,
    mails: 0,
    empty: 0,
    failed: 0,
    muted: 0,
    ms: { match: 0, claim: 0, mail: 0 },
  };
  await retryFailed(db, mail, now, report);
  const seen = new Set<string>();
  for (;;) {
    const due = (
      await db
        .select()
        .from(jobAlerts)
        .where(
          and(
            eq(jobAlerts.status, 'active'),
            eq(jobAlerts.awaitingReplace, false),
            lte(jobAlerts.nextRunAt, now),
          ),
        )
        .orderBy(jobAlerts.nextRunAt, jobAlerts.id)
        .limit(batchSize)
    ).filter((a) => !seen.has(a.id));
    if (due.length === 0) break;
    for (const a of due) seen.add(a.id);
    // Matching reads only; it runs before the claim so the transaction stays short.
    let t0 = performance.now();
    const matches = new Map<string, number[]>();
    const bySite = Map.groupBy(due, (a) => a.siteContext);
    for (const [siteContext, alerts] of bySite) {
      const found = await newJobsMatching(
        db,
        siteContext,
        alerts.map((a) => ({ key: a.id, state: alertState(a), since: sinceOf(a, now) })),
        { until: now, limit: MAIL_JOBS },
      );
      for (const [k, v] of found) matches.set(k, v);
    }
    report.ms.match += performance.now() - t0;
    t0 = performance.now();
    const claimed = await claim(db, due, matches, now);
    report.ms.claim += performance.now() - t0;
    t0 = performance.now();
    report.alerts += claimed.length;
    report.empty += claimed.filter((c) => c.jobIds.length === 0).length;
    await deliver(
      db,
      mail,
      claimed.filter((c) => c.jobIds.length > 0),
      report,
    );
    report.ms.mail += performance.now() - t0;
  }
  for (const key of ['match', 'claim', 'mail'] as const)
    report.ms[key] = Math.round(report.ms[key]);
  return report;
}
