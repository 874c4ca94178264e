/**
 * "Download my data": a ZIP of my-data.json (everything collect.ts gathers) and the seeker's
 * uploaded files. A request makes a data_exports row; an account whose files are small is built
 * at once, others by the queue (processDataExports). A ready export is mailed to its owner and
 * downloadable by them alone for 24 hours, then deleted with its file.
 */
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { getDb, type Queryable } from '~/server/db/client';
import { dataExports, type DataExport } from '~/server/db/schema-privacy';
import { getStorage, ownerKey, type StorageAdapter } from '~/server/adapters/storage';
import { getMailSender, mailFrom, type MailSender } from '~/server/adapters/mail';
import { getAccount } from '~/server/accounts/users';
import { alertContext } from '~/server/alerts/context';
import { render } from '~/server/alerts/mails';
import { resumeBytes } from '~/server/resumes/personal-data';
import { collectPersonalData } from './collect';

export const EXPORT_VALID_MS = 24 * 3_600_000;
/** Requests a seeker may make in 24 hours (each builds a ZIP of all their files). */
export const EXPORTS_PER_DAY = 3;
/** Files up to this many bytes are zipped in the request; more wait for the queue. */
export const BUILD_AT_ONCE_BYTES = 2 * 1024 * 1024;
const MAX_ATTEMPTS = 3;
/** A build claimed this long ago by a worker that did not finish is taken over. */
const STALE_CLAIM_MS = 15 * 60_000;

export interface ExportOptions {
  db?: Queryable;
  now?: Date;
  storage?: StorageAdapter;
  mail?: MailSender;
}

export type ExportRequest =
  { outcome: 'tooMany' } | { outcome: 'queued' | 'ready'; exportId: string };

/**
 * Starts an export for the user: built now when their files are small (then 'ready'), else
 * left to the queue ('queued'). 'tooMany' past EXPORTS_PER_DAY requests in 24 hours.
 */
export async function requestDataExport(
  userId: string,
  where: { siteContext: string; lang: string; brand: string; origin: string },
  options: ExportOptions = {},
): Promise<ExportRequest> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gte(dataExports.createdAt, dayAgo)));
  if ((recent?.n ?? 0) >= EXPORTS_PER_DAY) return { outcome: 'tooMany' };
  const [row] = await db
    .insert(dataExports)
    .values({ userId, ...where, createdAt: now })
    .returning({ id: dataExports.id });
  const exportId = row!.id;
  if ((await resumeBytes(userId, db)) > BUILD_AT_ONCE_BYTES) return { outcome: 'queued', exportId };
  const built = await buildDataExport(exportId, { ...options, db, now });
  return { outcome: built === 'ready' ? 'ready' : 'queued', exportId };
}

/** A file name safe inside the ZIP: no folders, no leading dots. */
const safeName = (name: string) =>
  name
    .split('/')
    .map((part) => part.replace(/[\\:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_'))
    .filter(Boolean)
    .join('/');

/** The ZIP's bytes: my-data.json, then files/<name> for each file that is still stored. */
async function zipPersonalData(userId: string, db: Queryable, storage: StorageAdapter, now: Date) {
  const data = await collectPersonalData(userId, db, now);
  if (!data) return null;
  const zip: Zippable = {
    'my-data.json': [strToU8(JSON.stringify(data.json, null, 2)), { level: 6 }],
  };
  for (const file of data.files) {
    const bytes = await storage.get(file.key);
    // Uploads are compressed formats already: stored as they are.
    if (bytes) zip[`files/${safeName(file.name)}`] = [bytes, { level: 0 }];
  }
  return zipSync(zip);
}

/**
 * Builds one export: claims it (pending, or a stale claim), writes the ZIP to storage, marks it
 * ready for 24 hours and mails its owner once. Safe to run twice: a second run finds nothing to
 * claim. 'ready', 'failed' (given up after MAX_ATTEMPTS) or 'skipped'.
 */
export async function buildDataExport(
  exportId: string,
  options: ExportOptions = {},
): Promise<'ready' | 'failed' | 'skipped'> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const storage = options.storage ?? getStorage();
  const [claimed] = await db
    .update(dataExports)
    .set({ status: 'building', claimedAt: now, attempts: sql`${dataExports.attempts} + 1` })
    .where(
      and(
        eq(dataExports.id, exportId),
        or(
          eq(dataExports.status, 'pending'),
          and(
            eq(dataExports.status, 'building'),
            lt(dataExports.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
          ),
        ),
      ),
    )
    .returning();
  if (!claimed) return 'skipped';
  try {
    const bytes = await zipPersonalData(claimed.userId, db, storage, now);
    if (!bytes) throw new Error('the account is gone');
    const key = ownerKey({ userId: claimed.userId }, 'exports', `${claimed.id}.zip`);
    await storage.put(key, bytes, { contentType: 'application/zip' });
    await db
      .update(dataExports)
      .set({
        status: 'ready',
        storageKey: key,
        size: bytes.byteLength,
        readyAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_VALID_MS),
      })
      .where(eq(dataExports.id, claimed.id));
  } catch (error) {
    console.error('[privacy] export failed:', error instanceof Error ? error.message : error);
    await db
      .update(dataExports)
      .set({ status: claimed.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
      .where(eq(dataExports.id, claimed.id));
    return claimed.attempts >= MAX_ATTEMPTS ? 'failed' : 'skipped';
  }
  await mailExportReady(claimed, { ...options, db }).catch((error: unknown) =>
    console.error('[privacy] ready mail not sent:', error instanceof Error ? error.message : error),
  );
  return 'ready';
}

/** The "your data is ready" mail, at most once per export (claimed before sending). */
async function mailExportReady(row: DataExport, options: ExportOptions & { db: Queryable }) {
  const { db } = options;
  const [claim] = await db
    .update(dataExports)
    .set({ mailedAt: options.now ?? new Date() })
    .where(and(eq(dataExports.id, row.id), isNull(dataExports.mailedAt)))
    .returning({ id: dataExports.id });
  if (!claim) return;
  const account = await getAccount(row.userId, { db });
  if (!account?.email) return;
  const ctx = alertContext(row);
  const href = ctx.link('/seeker/my-data', { download: row.id });
  const { html, text } = render(ctx, {
    heading: ctx.t('mydata:export.mailHeading'),
    paragraphs: [
      ...(account.name ? [ctx.t('alerts:mail.hello', { name: account.name })] : []),
      ctx.t('mydata:export.mailText'),
    ],
    button: { label: ctx.t('mydata:export.download'), href },
    footer: [],
  });
  try {
    await (options.mail ?? getMailSender()).send({
      to: account.email,
      from: mailFrom(ctx.site.domainName),
      siteContext: row.siteContext,
      subject: ctx.t('mydata:export.mailSubject'),
      text,
      html,
    });
  } catch (error) {
    // Not sent: the queue's next run tries again (processDataExports).
    await db.update(dataExports).set({ mailedAt: null }).where(eq(dataExports.id, row.id));
    throw error;
  }
}

/** The user's exports of the last day, newest first (the My data page). */
export async function listDataExports(userId: string, options: ExportOptions = {}) {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  return db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      size: dataExports.size,
      createdAt: dataExports.createdAt,
      expiresAt: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        or(isNull(dataExports.expiresAt), gte(dataExports.expiresAt, now)),
      ),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(EXPORTS_PER_DAY);
}

/** The ZIP of a ready, unexpired export of this user; null for anyone else's or none. */
export async function readDataExport(
  userId: string,
  exportId: string,
  options: ExportOptions = {},
): Promise<Uint8Array | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(exportId))
    return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, exportId),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        gte(dataExports.expiresAt, now),
      ),
    );
  if (!row?.storageKey) return null;
  return (options.storage ?? getStorage()).get(row.storageKey);
}

/**
 * The queue's work: builds waiting exports (a few per run), sends ready mails that failed, and
 * deletes exports past their 24 hours (and failed ones after a day) with their files.
 */
export async function processDataExports(
  db: Queryable,
  options: Omit<ExportOptions, 'db'> = {},
): Promise<{ built: number; deleted: number }> {
  const now = options.now ?? new Date();
  const waiting = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(inArray(dataExports.status, ['pending', 'building']))
    .orderBy(dataExports.createdAt)
    .limit(5);
  let built = 0;
  for (const { id } of waiting) {
    if ((await buildDataExport(id, { ...options, db, now })) === 'ready') built += 1;
  }
  // Ready mails that could not be sent before.
  const unmailed = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.status, 'ready'),
        isNull(dataExports.mailedAt),
        gte(dataExports.expiresAt, now),
      ),
    )
    .limit(20);
  for (const row of unmailed) await mailExportReady(row, { ...options, db, now });
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const gone = await db
    .delete(dataExports)
    .where(
      or(
        lt(dataExports.expiresAt, now),
        and(eq(dataExports.status, 'failed'), lt(dataExports.createdAt, dayAgo)),
      ),
    )
    .returning({ key: dataExports.storageKey });
  const storage = options.storage ?? getStorage();
  for (const { key } of gone) if (key) await storage.delete(key);
  return { built, deleted: gone.length };
}
