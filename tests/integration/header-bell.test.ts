/** The header bell's count: the logged-in seeker's own unread notifications, nothing for guests. */
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/accounts/sessions';
import { headerBellCount } from '~/server/alerts/http';
import { markAllRead, notify } from '~/server/alerts/notifications';
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
});
