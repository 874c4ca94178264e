/**
 * The database tells the servers which seekers' kept pages changed (drizzle/sql/
 * seeker_pages_notify.sql): any write to a seeker's rows, by anyone, sends `seeker:<user id>` on
 * the page-cache channel when it commits; a rolled-back write sends nothing; a bulk write sends
 * every seeker it touched, in notices small enough for NOTIFY.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '~/server/alerts/notifications';
import { ensureCountries } from '~/server/db/countries';
import { cartItems, carts, seekerPromptStates, sessions, users } from '~/server/db/schema';
import { PAGE_CACHE_CHANNEL } from '~/server/page-cache/announce';
import { seekerTag } from '~/server/page-cache/tags';
import { backends, useFreshDb, type Backend, type TestDb } from './db';

/** Collects the tags of every notice on the page-cache channel. */
async function hear(backend: Backend, handle: TestDb) {
  const heard: string[][] = [];
  const onPayload = (payload: string | undefined) => heard.push(JSON.parse(payload ?? '[]'));
  let client: pg.Client | undefined;
  if (backend === 'postgres') {
    client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    client.on('notification', (message) => onPayload(message.payload));
    await client.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
  } else {
    await handle.listen!(PAGE_CACHE_CHANNEL, onPayload);
  }
  return {
    /** The notices heard once those of what was just committed have arrived. */
    async notices(): Promise<string[][]> {
      await new Promise((done) => setTimeout(done, 150));
      return heard.splice(0);
    },
    async tags(): Promise<string[]> {
      return (await this.notices()).flat();
    },
    close: async () => client?.end(),
  };
}

describe.each(backends)('seekers’ page notices on %s', (backend) => {
  const t = useFreshDb(backend);
  let listener: Awaited<ReturnType<typeof hear>> | undefined;
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });

  it('name the seeker whose rows a write changed, whoever writes, and only on commit', async () => {
    await ensureCountries(t.db);
    const [asha, ravi] = await t.db
      .insert(users)
      .values([
        { email: 'asha.notice@example.com', siteContext: 'rexmonster' },
        { email: 'ravi.notice@example.com', siteContext: 'rexmonster' },
      ])
      .returning();
    listener = await hear(backend, t.handle);
    const a = asha!.id;
    const r = ravi!.id;

    await notify(a, 'profile_reminder', '/seeker/profile', {}, t.db);
    expect(await listener.tags()).toEqual([seekerTag(a)]);

    await t.db.update(users).set({ name: 'Asha N' }).where(eq(users.id, a));
    expect(await listener.tags()).toEqual([seekerTag(a)]);

    await t.db.insert(seekerPromptStates).values([
      { userId: a, prompt: 'card:skills', state: 'skipped' },
      { userId: r, prompt: 'card:skills', state: 'skipped' },
    ]);
    expect((await listener.tags()).sort()).toEqual([seekerTag(a), seekerTag(r)].sort());

    // A cart line names its cart's seeker.
    const [cart] = await t.db
      .insert(carts)
      .values({ siteContext: 'rexmonster', userId: r })
      .returning();
    expect(await listener.tags()).toEqual([seekerTag(r)]);
    await t.db
      .insert(cartItems)
      .values({ cartId: cart!.id, sku: 'addon/cover-letter', kind: 'addon' });
    expect(await listener.tags()).toEqual([seekerTag(r)]);

    // A session renewed changes nothing shown; one ended (a sign-out) does.
    await t.db.insert(sessions).values({
      tokenHash: 'a'.repeat(64),
      userId: a,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.userId, a));
    expect(await listener.tags()).toEqual([]);
    await t.db.delete(sessions).where(eq(sessions.userId, a));
    expect(await listener.tags()).toEqual([seekerTag(a)]);

    // Rolled back: nothing was written, nothing is said.
    await t.db
      .transaction(async (tx) => {
        await tx.update(users).set({ name: 'Never' }).where(eq(users.id, r));
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await listener.tags()).toEqual([]);

    // A write that touches no row of a seeker says nothing.
    await t.db.execute(sql`update users set name = name where false`);
    expect(await listener.tags()).toEqual([]);
  });

  it('name every seeker of a bulk write, in notices that fit', async () => {
    await ensureCountries(t.db);
    const many = await t.db
      .insert(users)
      .values(
        Array.from({ length: 320 }, (_, i) => ({
          email: `bulk.${i}@example.com`,
          siteContext: 'rexmonster',
        })),
      )
      .returning({ id: users.id });
    listener = await hear(backend, t.handle);
    // As the worker's batches do: one statement for every seeker.
    await t.db.execute(
      sql`insert into seeker_notifications (user_id, kind, target)
          select id, 'profile_reminder', '/seeker/profile' from users`,
    );
    const notices = await listener.notices();
    expect(new Set(notices.flat())).toEqual(new Set(many.map((u) => seekerTag(u.id))));
    expect(notices.map((tags) => tags.length)).toEqual([150, 150, 20]);
  });
});

describe.each(backends)('the tables on %s', (backend) => {
  const t = useFreshDb(backend);

  it('every table of a seeker’s rows announces its writes, but those no page of theirs shows', async () => {
    // Rows written on a seeker's behalf that none of their pages shows.
    const shownNowhere = [
      'tracking_events',
      'poll_votes',
      'feedback',
      'cart_clicks',
      'callback_requests',
      'internal_leads',
      'password_resets',
    ];
    const owned = await t.db.execute<{ table: string }>(sql`
      select distinct c.conrelid::regclass::text as table
      from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'users'::regclass`);
    const announced = await t.db.execute<{ table: string }>(sql`
      select distinct tgrelid::regclass::text as table from pg_trigger
      where tgname like '%\_seeker\_pages\_%'`);
    const rows = (r: unknown) =>
      ((r as { rows?: { table: string }[] }).rows ?? (r as { table: string }[])).map(
        (x) => x.table,
      );
    const mustAnnounce = rows(owned).filter((table) => !shownNowhere.includes(table));
    expect(mustAnnounce.length).toBeGreaterThan(20);
    expect(rows(announced)).toEqual(
      expect.arrayContaining([...mustAnnounce, 'users', 'cart_items']),
    );
  });
});
