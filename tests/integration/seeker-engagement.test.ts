/**
 * The seeker's engagement data on both databases: profile views recorded by the token-protected
 * endpoint and read back per day by their seeker only, bell notifications that only their seeker
 * can read, open or mark, message preferences the alert worker honours, the unread count and the
 * one-click unsubscribe endpoint.
 */
import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { setMailSender, type MailMessage, type MailSender } from '~/server/adapters/mail';
import { runDueAlerts } from '~/server/alerts/delivery';
import { applyToJobs } from '~/server/applications/service';
import { countEvents, dailyCounts } from '~/server/alerts/engagement';
import {
  listNotifications,
  markAllRead,
  notify,
  openNotification,
  unreadCount,
} from '~/server/alerts/notifications';
import { defaultPreferences, getPreferences, savePreferences } from '~/server/alerts/preferences';
import { alertToken } from '~/server/alerts/tokens';
import { resetConfig } from '~/server/config';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobAlertDeliveries, jobAlerts, jobs, users } from '~/server/db/schema';
import * as profileEvents from '~/pages/api/internal/profile-events';
import * as notificationCount from '~/pages/api/seeker-chat-module-service/notification-count';
import * as unsubscribeApi from '~/pages/api/alerts/unsubscribe';
import { backends, useFreshDb, type TestDb } from './db';

const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };
const TOKEN = 'test-profile-events-token-0123456789';

async function call(
  route: Record<string, unknown>,
  method: 'GET' | 'POST',
  path: string,
  options: { userId?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const handler = route[method] as (c: APIContext) => Promise<Response>;
  const site = siteByContext('rexmonster')!;
  const request = new Request(`http://rexmonster.localhost${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const response = await handler({
    request,
    url: new URL(request.url),
    params: {},
    locals: {
      site,
      lang: 'en',
      t: (k: string) => k,
      user: options.userId ? { id: options.userId, name: 'Seeker' } : null,
    },
  } as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(backends)('seeker engagement on %s', (backend) => {
  const t = useFreshDb(backend);
  let previous: Promise<TestDb> | undefined;
  let asha: string;
  let ravi: string;

  beforeEach(async () => {
    previous = (globalThis as G)[DB_KEY];
    (globalThis as G)[DB_KEY] = Promise.resolve(t.handle);
    process.env.PROFILE_EVENTS_TOKEN = TOKEN;
    resetConfig();
    await ensureCountries(t.db);
    const rows = await t.db
      .insert(users)
      .values([
        { email: 'asha@example.com', siteContext: 'rexmonster', emailVerifiedAt: new Date() },
        { email: 'ravi@example.com', siteContext: 'rexmonster', emailVerifiedAt: new Date() },
      ])
      .returning();
    asha = rows[0]!.id;
    ravi = rows[1]!.id;
  });
  afterEach(() => {
    (globalThis as G)[DB_KEY] = previous;
    delete process.env.PROFILE_EVENTS_TOKEN;
    resetConfig();
    setMailSender(undefined);
  });

  it('profile views come only with the token and count for their seeker only', async () => {
    const body = { email: 'ASHA@example.com', kind: 'view', viewer: 'Kaveri Infotech' };
    expect(
      (await call(profileEvents, 'POST', '/api/internal/profile-events', { body })).status,
    ).toBe(401);
    const wrong = { authorization: 'Bearer not-the-token-at-all-nope' };
    expect(
      (await call(profileEvents, 'POST', '/api/internal/profile-events', { body, headers: wrong }))
        .status,
    ).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(
      (await call(profileEvents, 'POST', '/api/internal/profile-events', { body, headers: auth }))
        .status,
    ).toBe(200);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await call(profileEvents, 'POST', '/api/internal/profile-events', {
      body: { userId: asha, kind: 'view', at: twoDaysAgo },
      headers: auth,
    });
    await call(profileEvents, 'POST', '/api/internal/profile-events', {
      body: { userId: asha, kind: 'appearance' },
      headers: auth,
    });
    const bad = await call(profileEvents, 'POST', '/api/internal/profile-events', {
      body: { email: 'nobody@example.com', kind: 'view' },
      headers: auth,
    });
    expect(bad.status).toBe(404);
    expect(
      (
        await call(profileEvents, 'POST', '/api/internal/profile-events', {
          body: { kind: 'like', userId: asha },
          headers: auth,
        })
      ).status,
    ).toBe(422);

    expect(await countEvents(asha, 'view', undefined, t.db)).toBe(2);
    expect(await countEvents(asha, 'appearance', undefined, t.db)).toBe(1);
    expect(await countEvents(ravi, 'view', undefined, t.db)).toBe(0);
    const series = await dailyCounts(asha, 'view', 30, { db: t.db });
    expect(series).toHaveLength(30);
    expect(series.at(-1)!.count).toBe(1);
    expect(series.at(-3)!.count).toBe(1);
    expect((await dailyCounts(ravi, 'view', 30, { db: t.db })).every((d) => d.count === 0)).toBe(
      true,
    );
  });

  it("a seeker's notifications can't be read, opened or marked by another", async () => {
    await notify(asha, 'profile_reminder', '/seeker/profile', {}, t.db);
    await notify(asha, 'application_viewed', 'https://evil.example/', { title: 'Java' }, t.db);
    const mine = await listNotifications(asha, 50, t.db);
    expect(mine).toHaveLength(2);
    expect(mine.map((n) => n.target)).toContain('/seeker/dashboard'); // foreign target refused
    expect(await listNotifications(ravi, 50, t.db)).toHaveLength(0);
    expect(await openNotification(ravi, mine[0]!.id, t.db)).toBeNull();
    expect(await markAllRead(ravi, t.db)).toBe(0);
    expect(await unreadCount(asha, t.db)).toBe(2);
    const count = await call(
      notificationCount,
      'GET',
      '/api/seeker-chat-module-service/notification-count',
      { userId: asha },
    );
    expect(count.body).toMatchObject({ success: true, data: { count: 2 } });
    const guest = await call(
      notificationCount,
      'GET',
      '/api/seeker-chat-module-service/notification-count',
    );
    expect(guest.body).toMatchObject({ data: { count: 0 } });

    const reminder = mine.find((n) => n.kind === 'profile_reminder')!;
    expect(await openNotification(asha, reminder.id, t.db)).toBe('/seeker/profile');
    expect(await unreadCount(asha, t.db)).toBe(1);
    expect(await markAllRead(asha, t.db)).toBe(1);
    expect(await unreadCount(asha, t.db)).toBe(0);
  });

  it('the worker honours a seeker turning alert mails off, and rings the bell', async () => {
    const sent: MailMessage[] = [];
    const mail: MailSender = { name: 'capture', send: async (m) => (sent.push(m), { id: 'x' }) };
    setMailSender(mail);
    const [company] = await t.db
      .insert(companies)
      .values({ name: 'Kaveri', slug: 'kaveri', siteContext: 'rexmonster' })
      .returning();
    await t.db.insert(jobs).values({
      slug: 'java',
      title: 'Java Developer',
      companyId: company!.id,
      companyName: 'Kaveri',
      description: 'Java.',
      siteContext: 'rexmonster',
      countryCode: 'IN',
      postedAt: new Date(Date.now() - 86_400_000),
    });
    const due = new Date(Date.now() - 1000);
    const alert = (userId: string, email: string) => ({
      siteContext: 'rexmonster',
      origin: 'http://rexmonster.localhost',
      email,
      userId,
      name: 'Seeker',
      query: 'q=java',
      status: 'active' as const,
      nextRunAt: due,
    });
    await t.db
      .insert(jobAlerts)
      .values([alert(asha, 'asha@example.com'), alert(ravi, 'ravi@example.com')]);
    const off = defaultPreferences();
    off.alerts.mail = false;
    await savePreferences(asha, off, t.db);
    expect((await getPreferences(asha, t.db)).alerts).toEqual({ mail: false, whatsapp: true });
    expect((await getPreferences(ravi, t.db)).alerts.mail).toBe(true);

    const report = await runDueAlerts(t.db, { mail });
    expect(report).toMatchObject({ alerts: 2, mails: 1, muted: 1 });
    expect(sent.map((m) => m.to)).toEqual(['ravi@example.com']);
    const statuses = (await t.db.select().from(jobAlertDeliveries)).map((d) => d.status).sort();
    expect(statuses).toEqual(['muted', 'sent']);
    // Both get the bell notification.
    expect((await listNotifications(asha, 50, t.db))[0]).toMatchObject({ kind: 'alert_match' });
    expect(await unreadCount(ravi, t.db)).toBe(1);
  });

  it("a recruiter opening an application rings that seeker's bell only", async () => {
    const [company] = await t.db
      .insert(companies)
      .values({ name: 'Kaveri', slug: 'kaveri', siteContext: 'rexmonster' })
      .returning();
    const [job] = await t.db
      .insert(jobs)
      .values({
        slug: 'java-developer',
        title: 'Java Developer',
        companyId: company!.id,
        companyName: 'Kaveri',
        description: 'Java.',
        siteContext: 'rexmonster',
        countryCode: 'IN',
      })
      .returning();
    await applyToJobs({ id: asha, careerStage: 'professional' }, [job!.id], 'rexmonster', {
      db: t.db,
    });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const path = '/api/internal/profile-events';
    const body = (who: Record<string, string>) => ({
      ...who,
      kind: 'application_viewed',
      jobId: job!.id,
    });
    expect(
      (await call(profileEvents, 'POST', path, { body: body({ userId: asha }), headers: auth }))
        .status,
    ).toBe(200);
    // Ravi never applied: nothing for him.
    expect(
      (await call(profileEvents, 'POST', path, { body: body({ userId: ravi }), headers: auth }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(profileEvents, 'POST', path, {
          body: { userId: asha, kind: 'application_viewed' },
          headers: auth,
        })
      ).status,
    ).toBe(422);
    const [bell] = await listNotifications(asha, 50, t.db);
    expect(bell).toMatchObject({
      kind: 'application_viewed',
      target: `/job/java-developer-${job!.id}`,
      params: { title: 'Java Developer' },
    });
    expect(await listNotifications(ravi, 50, t.db)).toHaveLength(0);
  });

  it('the one-click unsubscribe POST needs a genuine token', async () => {
    const [row] = await t.db
      .insert(jobAlerts)
      .values({
        siteContext: 'rexmonster',
        origin: 'http://x.localhost',
        email: 'a@example.com',
        name: 'A B',
        query: 'q=java',
      })
      .returning();
    const bad = await call(
      unsubscribeApi,
      'POST',
      `/api/alerts/unsubscribe?token=${row!.id}.forged`,
    );
    expect(bad.status).toBe(400);
    expect(await t.db.select().from(jobAlerts)).toHaveLength(1);
    const good = await call(
      unsubscribeApi,
      'POST',
      `/api/alerts/unsubscribe?token=${alertToken('unsubscribe', row!.id)}`,
    );
    expect(good).toMatchObject({
      status: 200,
      body: { success: true, data: { unsubscribed: true } },
    });
    expect(await t.db.select().from(jobAlerts)).toHaveLength(0);
  });
});
