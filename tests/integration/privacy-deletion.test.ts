/**
 * Deleting an account on both databases: confirmed by the password or an OTP; the account stops
 * at once (sessions, alerts, Auto Apply, hidden from the employer side); it can be restored in
 * its 14 days; then the queue erases it: every table read afterwards holds no row with its id,
 * email or mobile, its files are gone, its orders stay without them, and the email and mobile
 * register again. Erasing twice does nothing more.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '~/server/db/client';
import * as s from '~/server/db/schema';
import { registerUser, getUser, listSeekersAfter } from '~/server/accounts/users';
import { requestVerification } from '~/server/accounts/login';
import { recordApplicationViewed, recordProfileEvent } from '~/server/alerts/engagement';
import {
  GRACE_DAYS,
  deleteAccount,
  eraseAccount,
  eraseDueAccounts,
  offerRestore,
  restoreAccount,
  restoreOffer,
} from '~/server/privacy/closing';
import { backends, useFreshDb } from './db';
import { SITE, capturingSms, expectAccountError, person, seedJobs, t } from './accounts-helpers';
import { PLACE, capturingMail, memoryStorage, seekerWithData } from './personal-data';

const DAY = 86_400_000;

/** Every table of every schema but the system ones (the queue's pgboss included when there). */
async function allTables(db: Db) {
  return queryRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
}

/** Tables holding a row whose text mentions any of the needles (case-insensitive). */
async function tablesMentioning(db: Db, needles: string[]) {
  const found: string[] = [];
  for (const { schema, name } of await allTables(db)) {
    const table = sql.raw(`"${schema}"."${name}"`);
    for (const needle of needles) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${table} t where t::text ilike ${`%${needle}%`}`,
      );
      if (Number(row?.n) > 0) found.push(`${schema}.${name} (${needle})`);
    }
  }
  return found;
}

const alertStatuses = async (db: Db, userId: string) =>
  (await db.select().from(s.jobAlerts).where(eq(s.jobAlerts.userId, userId))).map((a) => a.status);

describe.each(backends)('deleting an account on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  it('stops the account at once, restores it in its grace period, then erases it all', async () => {
    const ids = await seedJobs(db());
    const storage = memoryStorage();
    const me = await seekerWithData(db(), 1, ids.open, storage);
    const other = await seekerWithData(db(), 2, ids.open.slice(2), storage);
    await db().update(s.autoApplySettings).set({ enabled: true });
    const mail = capturingMail();
    const o = { db: db(), storage, mail };
    const id = me.user.id;

    expect(await deleteAccount(id, { password: 'not my password1' }, PLACE, o)).toBe(
      'wrongPassword',
    );
    expect((await getUser(id, o))?.closedAt).toBeNull();
    const now = new Date();
    const done = await deleteAccount(id, { password: me.person.password }, PLACE, { ...o, now });
    expect(done).toEqual({ eraseAfter: new Date(now.getTime() + GRACE_DAYS * DAY) });

    // Stopped at once.
    expect((await getUser(id, o))?.closedAt).toEqual(now);
    expect(await db().select().from(s.sessions).where(eq(s.sessions.userId, id))).toEqual([]);
    expect(await alertStatuses(db(), id)).toEqual(['paused']);
    const [auto] = await db()
      .select()
      .from(s.autoApplySettings)
      .where(eq(s.autoApplySettings.userId, id));
    expect(auto?.enabled).toBe(false);
    expect(await recordProfileEvent({ userId: id, kind: 'view' }, db())).toBe(false);
    expect(await recordProfileEvent({ email: me.person.email, kind: 'view' }, db())).toBe(false);
    expect(await recordApplicationViewed({ userId: id }, ids.open[0]!, db())).toBe(false);
    const listed = await listSeekersAfter('00000000-0000-0000-0000-000000000000', 10, o);
    expect(listed.map((u) => u.id)).toEqual([other.user.id]);
    // The other seeker goes on as before.
    expect(await alertStatuses(db(), other.user.id)).toEqual(['active']);

    // Restored within the grace period: as it was.
    const token = (await offerRestore(id, o))!;
    expect(await restoreOffer(token, o)).toMatchObject({ userId: id });
    expect(await restoreOffer('x'.repeat(43), o)).toBeNull();
    expect(await restoreAccount(token, PLACE, o)).toBe(id);
    expect(await restoreAccount(token, PLACE, o)).toBeNull();
    expect((await getUser(id, o))?.closedAt).toBeNull();
    expect(await alertStatuses(db(), id)).toEqual(['active']);
    const [autoBack] = await db()
      .select()
      .from(s.autoApplySettings)
      .where(eq(s.autoApplySettings.userId, id));
    expect(autoBack?.enabled).toBe(true);

    // Deleted again; erased only once the 14 days are over, and only once.
    await deleteAccount(id, { password: me.person.password }, PLACE, { ...o, now });
    expect(await eraseDueAccounts(db(), { storage, now: new Date(now.getTime() + 13 * DAY) })).toBe(
      0,
    );
    expect(await offerRestore(id, { ...o, now: new Date(now.getTime() + 15 * DAY) })).toBeNull();
    const later = { storage, now: new Date(now.getTime() + 15 * DAY) };
    expect(await eraseDueAccounts(db(), later)).toBe(1);
    expect(await eraseDueAccounts(db(), later)).toBe(0);
    expect(await eraseAccount(id, o)).toBe(false);

    // Read every table: nothing mentions the seeker any more.
    const mine = [id, me.person.email, me.person.mobile, me.person.name];
    expect(await tablesMentioning(db(), mine)).toEqual([]);
    // ...while the other seeker's rows are all there (the check can find rows).
    const theirs = await tablesMentioning(db(), [other.user.id]);
    expect(theirs.length).toBeGreaterThan(20);
    expect(theirs).toContain('public.users (' + other.user.id + ')');
    // Files: none of the seeker's left, the other's untouched.
    expect([...storage.files.keys()].filter((k) => k.includes(id))).toEqual([]);
    expect(storage.files.has(other.resumeKey)).toBe(true);
    // The order is kept, without who bought it or their notes; its payment without the payload.
    const [order] = await db().select().from(s.orders).where(eq(s.orders.id, me.orderId));
    expect(order).toMatchObject({
      userId: null,
      options: {},
      subtotalMinor: 10000,
      status: 'paid',
    });
    const items = await db()
      .select()
      .from(s.orderItems)
      .where(eq(s.orderItems.orderId, me.orderId));
    expect(items).toHaveLength(1);
    const [attempt] = await db()
      .select()
      .from(s.paymentAttempts)
      .where(eq(s.paymentAttempts.orderId, me.orderId));
    expect(attempt).toMatchObject({ amountMinor: 10000, status: 'paid' });
    // The email and mobile register again.
    const again = await registerUser({ ...person(1), siteContext: SITE }, o);
    expect(again.id).not.toBe(id);
  });

  it('confirms an account without a password by an OTP', async () => {
    await seedJobs(db());
    const p = person(3);
    const [user] = await db()
      .insert(s.users)
      .values({ mobile: p.mobile, isdCode: p.isdCode, name: p.name, siteContext: SITE })
      .returning();
    const sms = capturingSms();
    const mail = capturingMail();
    const context = { ip: '198.51.100.9', siteContext: SITE, t };
    await requestVerification(user!.id, 'sms', context, { db: db(), sms });
    const code = sms.lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    await expectAccountError(
      deleteAccount(user!.id, { otp: wrong, channel: 'sms', ip: context.ip }, PLACE, {
        db: db(),
        mail,
      }),
      'otpInvalid',
    );
    expect((await getUser(user!.id, { db: db() }))?.closedAt).toBeNull();
    const done = await deleteAccount(
      user!.id,
      { otp: code, channel: 'sms', ip: context.ip },
      PLACE,
      { db: db(), mail },
    );
    expect(done).toHaveProperty('eraseAfter');
    expect((await getUser(user!.id, { db: db() }))?.closedAt).toBeInstanceOf(Date);
  });
});
