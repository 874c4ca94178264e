/**
 * Deleting an account (docs/decisions/0043): confirmed by the password (or an OTP for accounts
 * without one), the account stops working at once: closed (accounts: no login, sessions ended,
 * hidden from the employer side), its alerts paused and Auto Apply off. For 14 days logging in
 * offers to restore it; after that the queue erases every personal row and file for good (each
 * domain erases its own), keeping orders and payments stripped of personal data. Closing and
 * restoring each mail the seeker (account-mails.ts). Every step is safe to repeat.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import { getDb, type Db, type Queryable } from '~/server/db/client';
import { scrubDeletedRows } from '~/server/db/scrub';
import { forgetOutboxMessages } from '~/server/adapters/outbox';
import { accountClosures, dataExports } from '~/server/db/schema-privacy';
import { getStorage, type StorageAdapter } from '~/server/adapters/storage';
import { closeUser, confirmOwnPassword, eraseUser, reopenUser } from '~/server/accounts/closing';
import { confirmVerification } from '~/server/accounts/login';
import { getUser } from '~/server/accounts/users';
import { eraseAlertData, pauseAlertsOf, resumeAlerts } from '~/server/alerts/personal-data';
import { eraseChromeData, pauseAutoApply, resumeAutoApply } from '~/server/chrome/personal-data';
import { eraseCommerceData } from '~/server/commerce/personal-data';
import { eraseProfileFiles } from '~/server/profiles/personal-data';
import { eraseResumeData } from '~/server/resumes/personal-data';
import { randomToken, sha256Hex } from '~/server/tokens';
import type { MailSender } from '~/server/adapters/mail';
import { queueAccountMail, sendAccountMail, type MailPlace } from './account-mails';

export const GRACE_DAYS = 14;
const DAY_MS = 86_400_000;
/** How long the restore offer made at a login stays open. */
export const RESTORE_OFFER_MS = 30 * 60_000;

export interface ClosingOptions {
  db?: Queryable;
  now?: Date;
  storage?: StorageAdapter;
  mail?: MailSender;
}

export type DeletionProof =
  { password: string } | { otp: string; channel: 'sms' | 'email'; ip: string };

/**
 * Deletes the user's account if the proof holds: 'wrongPassword' when the password is not
 * theirs (an OTP that does not hold throws its AccountError); else the day erasure starts.
 */
export async function deleteAccount(
  userId: string,
  proof: DeletionProof,
  place: MailPlace,
  options: ClosingOptions = {},
): Promise<{ eraseAfter: Date } | 'wrongPassword'> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  if ('password' in proof) {
    if (!(await confirmOwnPassword(userId, proof.password, db, now))) return 'wrongPassword';
  } else {
    await confirmVerification(userId, proof.channel, proof.otp, { ip: proof.ip }, { db, now });
  }
  const eraseAfter = new Date(now.getTime() + GRACE_DAYS * DAY_MS);
  const mailId = await db.transaction(async (tx) => {
    if (!(await closeUser(userId, tx, now))) return null;
    const pausedAlertIds = await pauseAlertsOf(userId, tx);
    const autoApplyWasOn = await pauseAutoApply(userId, tx);
    await tx
      .insert(accountClosures)
      .values({ userId, closedAt: now, eraseAfter, pausedAlertIds, autoApplyWasOn })
      .onConflictDoNothing();
    return queueAccountMail(tx, userId, 'closed', place, eraseAfter);
  });
  if (mailId) await sendAccountMail(db, mailId, options);
  return { eraseAfter };
}

/**
 * A closed account logged in: a restore offer's token (for a cookie), or null when the account
 * has no closure (then it is not to be restored).
 */
export async function offerRestore(
  userId: string,
  options: ClosingOptions = {},
): Promise<string | null> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const token = randomToken();
  const [offered] = await db
    .update(accountClosures)
    .set({
      restoreTokenHash: sha256Hex(token),
      restoreExpiresAt: new Date(now.getTime() + RESTORE_OFFER_MS),
    })
    .where(and(eq(accountClosures.userId, userId), gt(accountClosures.eraseAfter, now)))
    .returning({ userId: accountClosures.userId });
  return offered ? token : null;
}

const offerWhere = (token: string, now: Date) =>
  and(
    eq(accountClosures.restoreTokenHash, sha256Hex(token)),
    gt(accountClosures.restoreExpiresAt, now),
    gt(accountClosures.eraseAfter, now),
  );

/** The account a restore offer is for, and when it is to be erased; null for no valid offer. */
export async function restoreOffer(token: string | undefined, options: ClosingOptions = {}) {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ userId: accountClosures.userId, eraseAfter: accountClosures.eraseAfter })
    .from(accountClosures)
    .where(offerWhere(token, options.now ?? new Date()));
  return row ?? null;
}

/** Restores the account of a valid offer (alerts and Auto Apply back on); its id, or null. */
export async function restoreAccount(
  token: string | undefined,
  place: MailPlace,
  options: ClosingOptions = {},
): Promise<string | null> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const restored = await db.transaction(async (tx) => {
    const [closure] = await tx.delete(accountClosures).where(offerWhere(token, now)).returning();
    if (!closure) return null;
    await reopenUser(closure.userId, tx);
    await resumeAlerts(closure.userId, closure.pausedAlertIds, tx, now);
    if (closure.autoApplyWasOn) await resumeAutoApply(closure.userId, tx);
    const mailId = await queueAccountMail(tx, closure.userId, 'restored', place);
    return { userId: closure.userId, mailId };
  });
  if (!restored) return null;
  await sendAccountMail(db, restored.mailId, options);
  return restored.userId;
}

/**
 * Erases one closed account for good: its files (resumes, photo, data exports), each domain's
 * rows that would outlive the user row, then the user row itself. Repeating it is harmless.
 */
export async function eraseAccount(userId: string, options: ClosingOptions = {}) {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const user = await getUser(userId, { db });
  if (!user) return false;
  await eraseResumeData(userId, db, storage);
  await eraseProfileFiles(userId, db, storage);
  const exportsGone = await db
    .delete(dataExports)
    .where(eq(dataExports.userId, userId))
    .returning({ key: dataExports.storageKey });
  for (const { key } of exportsGone) if (key) await storage.delete(key);
  await eraseAlertData(userId, user.email, db);
  await eraseCommerceData(userId, user, db);
  await eraseChromeData(userId, user.email, db);
  // Last: the closure and every row pointing at the user go with it.
  await eraseUser(userId, db);
  // What is left on disk: the folders named by the user's id, mail and SMS in the outbox.
  await storage.deleteOwner({ userId });
  await forgetOutboxMessages([user.email, user.mobile].filter((x): x is string => Boolean(x)));
  return true;
}

/**
 * The queue's work: erases accounts whose grace period ended (a bounded batch per run), then, on
 * the embedded database, rewrites what held their rows so no file keeps them (decision 0071).
 */
export async function eraseDueAccounts(
  db: Db,
  options: Omit<ClosingOptions, 'db'> = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db
    .select({ userId: accountClosures.userId })
    .from(accountClosures)
    .where(lte(accountClosures.eraseAfter, now))
    .orderBy(accountClosures.eraseAfter)
    .limit(20);
  let erased = 0;
  for (const { userId } of due) if (await eraseAccount(userId, { ...options, db })) erased += 1;
  if (erased > 0) await scrubDeletedRows(db);
  return erased;
}
