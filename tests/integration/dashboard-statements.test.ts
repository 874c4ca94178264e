/**
 * A logged-in dashboard reads the database in at most 8 statements (issue 50, decision 0074): the
 * session, the page's data in one statement (profile, recent searches, alerts, saved and applied
 * counts, notifications), the recommendations' searches, the profile views and the header's cart.
 * Counted as statements sent, on both databases; what the page shows is checked beside the count,
 * including right after a write (a job saved is counted on the next read).
 */
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { registerUser } from '~/server/accounts/users';
import { createSession, getSessionUser } from '~/server/accounts/sessions';
import { dashboardData } from '~/server/alerts/dashboard';
import { dailyCounts } from '~/server/alerts/engagement';
import { notify } from '~/server/alerts/notifications';
import { saveJob } from '~/server/applications/saved';
import { applyToJobs } from '~/server/applications/service';
import { findCart } from '~/server/commerce/cart';
import type { Db } from '~/server/db/client';
import * as schema from '~/server/db/schema';
import { saveRecentSearch } from '~/server/search/recent';
import { backends, useFreshDb, type TestDb } from './db';
import { SITE, person, seedJobs } from './accounts-helpers';

/** The test's database with every statement it sends counted. */
function counting(handle: TestDb): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const db = handle.pglite
    ? drizzlePglite({ client: handle.pglite, schema, logger })
    : drizzleNodePg({ client: handle.pool!, schema, logger });
  return { db: db as unknown as Db, statements };
}

describe.each(backends)('the dashboard on %s', (backend) => {
  const t = useFreshDb(backend);

  it('reads what it shows in at most 8 statements, a new save included', async () => {
    const ids = await seedJobs(t.db);
    const [a, b] = ids.open as [number, number];
    const user = await registerUser({ ...person(1), siteContext: SITE }, { db: t.db });
    const { token } = await createSession(user.id, { db: t.db });
    await applyToJobs(user, [a], SITE, { db: t.db });
    await saveRecentSearch(user.id, SITE, { keywords: 'designer', location: 'Pune' }, t.db);
    await notify(user.id, 'profile_reminder', '/seeker/profile', {}, t.db);

    // One database object, as a server has: its caches of search terms and sizes are kept by it.
    const { db, statements } = counting(t.handle);
    const request = async () => {
      statements.length = 0;
      const session = await getSessionUser(token, { db });
      const data = await dashboardData(session!.user.id, SITE, { db });
      await dailyCounts(session!.user.id, 'view', 30, { db });
      await findCart(db, { userId: session!.user.id }, SITE);
      return { data, statements: [...statements] };
    };

    // A server's first search reads the site's search terms and table sizes, which it keeps for
    // later requests: the counted request is the next one.
    await request();
    const before = await request();
    expect(before.statements.length).toBeLessThanOrEqual(8);
    expect(before.data.myJobs).toMatchObject({ saved: 0, applications: 1 });
    expect(before.data.recent.map((r) => r.keywords)).toEqual(['designer']);
    expect(before.data.notifications.unread).toBe(1);
    expect(before.data.recommended.map((r) => r.job.id)).not.toContain(a);

    // A job saved now is counted on the next page.
    expect(await saveJob(user.id, b, SITE, { db: t.db })).toBe('saved');
    const after = await request();
    expect(after.data.myJobs.saved).toBe(1);
    expect(after.statements.length).toBeLessThanOrEqual(8);
  });
});
