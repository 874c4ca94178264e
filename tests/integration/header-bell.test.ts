/**
 * The header bell's count: the logged-in seeker's own unread notifications, nothing for guests;
 * the dashboard panel's changes (mark one read, dismiss one) touch only the seeker's own.
 */
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/accounts/sessions';
import { headerBellCount } from '~/server/alerts/http';
import {
  dismissNotification,
  listNotifications,
  markAllRead,
  markNotificationRead,
  notify,
} from '~/server/alerts/notifications';
import { ensureCountries } from '~/server/db/countries';
import { users } from '~/server/db/schema';
import { backends, useFreshDb } from './db';

describe.each(backends)('the header bell on %s', (backend) => {
  const t = useFreshDb(backend);

  it('counts the seeker’s own unread notifications', async () => {
    await ensureCountries(t.db);
    const [asha, ravi] = await t.db
      .insert(users)
      .values([
        { email: 'asha@example.com', siteContext: 'rexmonster' },
        { email: 'ravi@example.com', siteContext: 'rexmonster' },
      ])
      .returning();
    const as = (id: string) => ({ user: { id } as SessionUser });

    expect(await headerBellCount({ user: null }, t.db)).toBeNull();
    expect(await headerBellCount(as(asha!.id), t.db)).toBe(0);

    await notify(asha!.id, 'profile_reminder', '/seeker/profile', {}, t.db);
    await notify(asha!.id, 'application_viewed', '/seeker/dashboard', { title: 'Java' }, t.db);
    await notify(ravi!.id, 'profile_reminder', '/seeker/profile', {}, t.db);
    expect(await headerBellCount(as(asha!.id), t.db)).toBe(2);
    expect(await headerBellCount(as(ravi!.id), t.db)).toBe(1);

    await markAllRead(asha!.id, t.db);
    expect(await headerBellCount(as(asha!.id), t.db)).toBe(0);
    expect(await headerBellCount(as(ravi!.id), t.db)).toBe(1);
  });

  it('marks one read and dismisses one, only the seeker’s own', async () => {
    await ensureCountries(t.db);
    const [asha, ravi] = await t.db
      .insert(users)
      .values([
        { email: 'asha2@example.com', siteContext: 'rexmonster' },
        { email: 'ravi2@example.com', siteContext: 'rexmonster' },
      ])
      .returning();
    const as = (id: string) => ({ user: { id } as SessionUser });
    await notify(asha!.id, 'profile_reminder', '/seeker/profile', {}, t.db);
    await notify(asha!.id, 'application_viewed', '/job/java-1', { title: 'Java' }, t.db);
    await notify(ravi!.id, 'profile_reminder', '/seeker/profile', {}, t.db);
    const [newest, oldest] = await listNotifications(asha!.id, 5, t.db);
    const [ravis] = await listNotifications(ravi!.id, 5, t.db);

    // Another seeker's notification is neither read nor dismissed.
    expect(await markNotificationRead(asha!.id, ravis!.id, t.db)).toBe(false);
    expect(await dismissNotification(asha!.id, ravis!.id, t.db)).toBe(false);
    expect(await headerBellCount(as(ravi!.id), t.db)).toBe(1);

    expect(await markNotificationRead(asha!.id, newest!.id, t.db)).toBe(true);
    expect(await markNotificationRead(asha!.id, newest!.id, t.db)).toBe(true);
    expect(await headerBellCount(as(asha!.id), t.db)).toBe(1);
    expect(await dismissNotification(asha!.id, oldest!.id, t.db)).toBe(true);
    expect(await dismissNotification(asha!.id, oldest!.id, t.db)).toBe(false);
    expect(await headerBellCount(as(asha!.id), t.db)).toBe(0);
    expect((await listNotifications(asha!.id, 5, t.db)).map((n) => n.id)).toEqual([newest!.id]);
    expect(await dismissNotification(asha!.id, -1, t.db)).toBe(false);
  });
});
