/**
 * One run of the alert worker: every alert that is due gets the jobs posted since its last run
 * (the first run: the last FIRST_RUN_DAYS days), found by the search service's own conditions
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
import { jobAlertDeliveries, jobAlerts, type JobAlert } from '~/server/db/schema';
import { jobsByIds } from '~/server/search/engine';
import { newJobsMatching } from '~/server/search/service';
import { digestMessage } from './mails';
import { alertState, FIRST_RUN_DAYS } from './service';

/** Jobs per mail. */
export const MAIL_JOBS = 10;
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

/** Jobs posted after this are new for the alert. */
function sinceOf(alert: JobAlert, now: Date): Date {
  return alert.lastRunAt ?? new Date(now.getTime() - FIRST_RUN_DAYS * DAY_MS);
}

/** Sends one claimed delivery and records the outcome. */
async function deliver(db: Db, mail: MailSender, c: Claimed): Promise<'sent' | 'empty' | 'failed'> {
  try {
    const jobs = await jobsByIds(db, c.jobIds.slice(0, MAIL_JOBS));
    if (jobs.length === 0) {
      await db
        .update(jobAlertDeliveries)
        .set({ status: 'empty' })
        .where(eq(jobAlertDeliveries.id, c.deliveryId));
      return 'empty';
    }
    const sent = await mail.send(digestMessage(c.alert, jobs));
    await db
      .update(jobAlertDeliveries)
      .set({ status: 'sent', sentAt: new Date(), messageId: sent.id, jobCount: jobs.length })
      .where(eq(jobAlertDeliveries.id, c.deliveryId));
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[alerts] mail for alert ${c.alert.id} failed:`, message);
    await db
      .update(jobAlertDeliveries)
      .set({
        status: 'failed',
        error: message.slice(0, 500),
        attempts: sql`${jobAlertDeliveries.attempts} + 1`,
      })
      .where(eq(jobAlertDeliveries.id, c.deliveryId));
    return 'failed';
  }
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
    const outcome = await deliver(db, mail, { alert, deliveryId: Number(row.id), jobIds });
    if (outcome === 'sent') report.mails++;
    else if (outcome === 'failed') report.failed++;
  }
}

/** Runs every alert due at `now`, batch by batch, until none is left. */
export async function runDueAlerts(db: Db, options: RunOptions = {}): Promise<RunReport> {
  const now = options.now ?? new Date();
  const batchSize = Math.max(1, Math.min(5000, options.batchSize ?? 500));
  const mail = options.mail ?? getMailSender();
  const report: RunReport = { alerts: 0, mails: 0, empty: 0, failed: 0 };
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
    const claimed = await claim(db, due, matches, now);
    report.alerts += claimed.length;
    for (const c of claimed) {
      if (c.jobIds.length === 0) {
        report.empty++;
        continue;
      }
      const outcome = await deliver(db, mail, c);
      if (outcome === 'sent') report.mails++;
      else if (outcome === 'empty') report.empty++;
      else report.failed++;
    }
  }
  return report;
}
