/**
 * Job alerts (SPEC §1, §2): saved searches mailed daily or weekly.
 *
 *   const created = await createAlert({ site, lang, brand, origin, user, form });
 *   await confirmAlert(token);                 // the link of a guest's confirmation mail
 *   await listAlerts(owner); await setPaused(owner, id, true); await deleteAlert(owner, id);
 *   await unsubscribe(token);                  // a mail's one-click unsubscribe
 *
 * Rules: at most MAX_ALERTS_PER_EMAIL alerts per address (the 6th waits for the seeker to pick
 * the one it replaces); a guest's alert is active only once the link mailed to its address is
 * opened, a logged-in seeker's alert for their own address at once. An owner is the account that
 * made the alert, or a seeker whose verified address it is. A newly active alert is due at once;
 * its first mail covers the last FIRST_RUN_DAYS days (the worker, delivery.ts).
 */
import { and, desc, eq, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm';
import { manyPart, type Part } from '~/server/db/json-rows';
import { alertColumns } from '~/lib/alerts/form';
import type { AlertForm } from '~/lib/validation/alerts';
import { parseSearchState } from '~/lib/search/parse';
import type { SearchState } from '~/lib/search/state';
import type { Brand, Lang, Site } from '~/lib/sites/schema';
import { getDb, type Queryable } from '~/server/db/client';
import { jobAlerts, type AlertFrequency, type JobAlert } from '~/server/db/schema-alerts';
import { sendConfirmationMail, sendReplaceMail } from './mails';
import { readAlertToken } from './tokens';

export const MAX_ALERTS_PER_EMAIL = 5;
export const FIRST_RUN_DAYS = 7;
export const FREQUENCY_MS: Record<AlertFrequency, number> = {
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
};

/** Who is asking: a logged-in seeker (email and whether it is verified). */
export interface AlertOwner {
  userId: string;
  email: string | null;
  emailVerified: boolean;
}

/** The search an alert runs (page 1, newest first). */
export function alertState(alert: Pick<JobAlert, 'query'>): SearchState {
  const { state } = parseSearchState(new URLSearchParams(alert.query));
  return { ...state, page: 1, sort: 'date' };
}

/**
 * Who acts on alerts: a seeker (their own alerts, and guest alerts of their verified address), or
 * the holder of a guest alert's signed manage link (that one alert only: guests have no login).
 */
export type AlertActor = AlertOwner | { alertId: string };

/** The actor a guest's manage link stands for, or null when the link is bad. */
export function manageLinkActor(token: unknown): { alertId: string } | null {
  const alertId = readAlertToken('manage', token);
  return alertId ? { alertId } : null;
}

const ownedBy = (owner: AlertActor): SQL => {
  if ('alertId' in owner) return eq(jobAlerts.id, owner.alertId);
  const mine = eq(jobAlerts.userId, owner.userId);
  if (!owner.email || !owner.emailVerified) return mine;
  return or(
    mine,
    and(isNull(jobAlerts.userId), sql`lower(${jobAlerts.email}) = ${owner.email.toLowerCase()}`),
  ) as SQL;
};

export type CreateOutcome =
  | { kind: 'active'; alert: JobAlert }
  | { kind: 'pending'; alert: JobAlert }
  | { kind: 'replace'; alert: JobAlert };

export interface CreateInput {
  site: Site;
  lang: Lang;
  brand: Brand;
  /** Origin of the host the form was posted to (links in mails go back there). */
  origin: string;
  user: AlertOwner | null;
  form: AlertForm;
  db?: Queryable;
}

/** Alerts of one address that count towards the limit. */
export async function alertsOfEmail(email: string, db?: Queryable): Promise<JobAlert[]> {
  const q = db ?? (await getDb());
  return q
    .select()
    .from(jobAlerts)
    .where(
      and(
        sql`lower(${jobAlerts.email}) = ${email.toLowerCase()}`,
        eq(jobAlerts.awaitingReplace, false),
      ),
    )
    .orderBy(desc(jobAlerts.createdAt));
}

export async function createAlert(input: CreateInput): Promise<CreateOutcome> {
  const q = input.db ?? (await getDb());
  const email = input.form.email.toLowerCase();
  // Active at once only for the seeker's own address; anyone else's must be confirmed by mail.
  const ownAddress = input.user !== null && input.user.email?.toLowerCase() === email;
  const now = new Date();
  const existing = await alertsOfEmail(email, q);
  const full = existing.length >= MAX_ALERTS_PER_EMAIL;
  if (full) {
    // One waiting 6th alert per address: a newer one takes its place.
    await q
      .delete(jobAlerts)
      .where(and(sql`lower(${jobAlerts.email}) = ${email}`, eq(jobAlerts.awaitingReplace, true)));
  }
  const [alert] = await q
    .insert(jobAlerts)
    .values({
      siteContext: input.site.context,
      lang: input.lang,
      brand: input.brand.id,
      origin: input.origin,
      email,
      userId: input.user?.userId ?? null,
      ...alertColumns(input.form),
      status: ownAddress && !full ? 'active' : 'pending',
      awaitingReplace: full,
      confirmedAt: ownAddress && !full ? now : null,
      nextRunAt: ownAddress && !full ? now : null,
    })
    .returning();
  if (!alert) throw new Error('alert not saved');
  if (full) {
    if (!ownAddress) await sendReplaceMail(alert);
    return { kind: 'replace', alert };
  }
  if (ownAddress) return { kind: 'active', alert };
  await sendConfirmationMail(alert);
  return { kind: 'pending', alert };
}

/** Makes an alert active and due now (its first run covers the last FIRST_RUN_DAYS days). */
const activation = (now: Date) => ({
  status: 'active' as const,
  awaitingReplace: false,
  confirmedAt: now,
  lastRunAt: null,
  nextRunAt: now,
});

/** The alert a confirmation link names, made active; null for a bad or stale link. */
export async function confirmAlert(token: unknown, db?: Queryable): Promise<JobAlert | null> {
  const id = readAlertToken('confirm', token);
  if (!id) return null;
  const q = db ?? (await getDb());
  const [found] = await q.select().from(jobAlerts).where(eq(jobAlerts.id, id));
  if (!found || found.awaitingReplace) return null;
  if (found.status !== 'pending') return found; // opened twice: already done
  const [updated] = await q
    .update(jobAlerts)
    .set(activation(new Date()))
    .where(and(eq(jobAlerts.id, id), eq(jobAlerts.status, 'pending')))
    .returning();
  return updated ?? found;
}

/** Who may choose what a waiting 6th alert replaces: its seeker, or the reader of its mail. */
export type ReplaceAuth = { owner: AlertOwner } | { token: string };

export interface ReplaceChoice {
  alert: JobAlert;
  candidates: JobAlert[];
}

/** The waiting alert and the alerts it may replace, when `auth` allows; else null. */
export async function replaceChoice(
  newId: string,
  auth: ReplaceAuth,
  db?: Queryable,
): Promise<ReplaceChoice | null> {
  const q = db ?? (await getDb());
  const id = 'token' in auth ? readAlertToken('replace', auth.token) : newId;
  if (!id || id !== newId) return null;
  const [alert] = await q
    .select()
    .from(jobAlerts)
    .where(and(eq(jobAlerts.id, id), eq(jobAlerts.awaitingReplace, true)));
  if (!alert) return null;
  if ('owner' in auth && alert.userId !== auth.owner.userId) return null;
  return { alert, candidates: await alertsOfEmail(alert.email, q) };
}

/**
 * Replaces one alert of the address by the waiting one, which becomes active (its address is
 * proven: the seeker's own, or the mail's link was opened) or, for a seeker's alert to another
 * address, pending confirmation. Null when not allowed.
 */
export async function replaceAlert(
  newId: string,
  oldId: string,
  auth: ReplaceAuth,
  db?: Queryable,
): Promise<JobAlert | null> {
  const q = db ?? (await getDb());
  const choice = await replaceChoice(newId, auth, q);
  if (!choice || !choice.candidates.some((c) => c.id === oldId)) return null;
  const proven =
    'token' in auth ||
    (auth.owner.email !== null && auth.owner.email.toLowerCase() === choice.alert.email);
  const replaced = await q.transaction(async (tx) => {
    await tx.delete(jobAlerts).where(eq(jobAlerts.id, oldId));
    const [row] = await tx
      .update(jobAlerts)
      .set(proven ? activation(new Date()) : { awaitingReplace: false })
      .where(and(eq(jobAlerts.id, newId), eq(jobAlerts.awaitingReplace, true)))
      .returning();
    return row ?? null;
  });
  if (replaced && !proven) await sendConfirmationMail(replaced);
  return replaced;
}

/** The owner's alerts, newest first (waiting 6th alerts are not listed). */
/** listAlerts as a value of a statement that reads more beside it (decision 0074). */
export const alertsPart = (owner: AlertActor): Part<JobAlert[]> =>
  manyPart(
    getTableColumns(jobAlerts),
    sql`${jobAlerts} where ${and(ownedBy(owner), eq(jobAlerts.awaitingReplace, false))}`,
    [desc(jobAlerts.createdAt)],
  );

export async function listAlerts(owner: AlertActor, db?: Queryable): Promise<JobAlert[]> {
  const q = db ?? (await getDb());
  return q
    .select()
    .from(jobAlerts)
    .where(and(ownedBy(owner), eq(jobAlerts.awaitingReplace, false)))
    .orderBy(desc(jobAlerts.createdAt));
}

/** One alert of the owner; null when it is someone else's or gone. */
export async function getOwnedAlert(
  owner: AlertActor,
  id: string,
  db?: Queryable,
): Promise<JobAlert | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const q = db ?? (await getDb());
  const [row] = await q
    .select()
    .from(jobAlerts)
    .where(and(eq(jobAlerts.id, id), ownedBy(owner)));
  return row ?? null;
}

/** Saves an edited alert of the owner (its address stays); false when not theirs. */
export async function updateAlert(
  owner: AlertActor,
  id: string,
  form: AlertForm,
  db?: Queryable,
): Promise<boolean> {
  const q = db ?? (await getDb());
  if (!(await getOwnedAlert(owner, id, q))) return false;
  const rows = await q
    .update(jobAlerts)
    .set(alertColumns(form))
    .where(and(eq(jobAlerts.id, id), ownedBy(owner)))
    .returning({ id: jobAlerts.id });
  return rows.length === 1;
}

/** Pauses or resumes an active alert of the owner; a resumed alert is due at once. */
export async function setPaused(
  owner: AlertActor,
  id: string,
  paused: boolean,
  db?: Queryable,
): Promise<boolean> {
  const q = db ?? (await getDb());
  const rows = await q
    .update(jobAlerts)
    .set(
      paused ? { status: 'paused', nextRunAt: null } : { status: 'active', nextRunAt: new Date() },
    )
    .where(
      and(eq(jobAlerts.id, id), ownedBy(owner), eq(jobAlerts.status, paused ? 'active' : 'paused')),
    )
    .returning({ id: jobAlerts.id });
  return rows.length === 1;
}

export async function deleteAlert(owner: AlertActor, id: string, db?: Queryable): Promise<boolean> {
  const q = db ?? (await getDb());
  if (!(await getOwnedAlert(owner, id, q))) return false;
  const rows = await q
    .delete(jobAlerts)
    .where(and(eq(jobAlerts.id, id), ownedBy(owner)))
    .returning({ id: jobAlerts.id });
  return rows.length === 1;
}

/** The address of the alert a success page's `ref` token names, or null. */
export async function statusEmail(token: unknown, db?: Queryable): Promise<string | null> {
  const id = readAlertToken('status', token);
  if (!id) return null;
  const q = db ?? (await getDb());
  const [row] = await q
    .select({ email: jobAlerts.email })
    .from(jobAlerts)
    .where(eq(jobAlerts.id, id));
  return row?.email ?? null;
}

/** The alert an unsubscribe link names: null for a bad link, 'gone' when already deleted. */
export async function unsubscribeTarget(
  token: unknown,
  db?: Queryable,
): Promise<JobAlert | 'gone' | null> {
  const id = readAlertToken('unsubscribe', token);
  if (!id) return null;
  const q = db ?? (await getDb());
  const [row] = await q.select().from(jobAlerts).where(eq(jobAlerts.id, id));
  return row ?? 'gone';
}

/**
 * One-click unsubscribe (RFC 8058): deletes the alert a signed link names. Repeating it is
 * harmless. Returns whether the token was valid (the alert may already be gone).
 */
export async function unsubscribe(token: unknown, db?: Queryable): Promise<boolean> {
  const id = readAlertToken('unsubscribe', token);
  if (!id) return false;
  const q = db ?? (await getDb());
  await q.delete(jobAlerts).where(eq(jobAlerts.id, id));
  return true;
}
