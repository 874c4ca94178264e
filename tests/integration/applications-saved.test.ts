/**
 * Saved jobs on both databases: only open jobs of the site are saved (once), the list's states
 * (open, closed, applied), a job that closed shown with its notice and removed a day later, the
 * dashboard's count, and one seeker never seeing another's saved jobs.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, savedJobs } from '~/server/db/schema';
import { registerUser } from '~/server/accounts/users';
import { applyToJobs } from '~/server/applications/service';
import {
  CLOSED_NOTICE_MS,
  countSavedJobs,
  listSavedJobs,
  saveJob,
  savedJobIds,
  unsaveJob,
} from '~/server/applications/saved';
import { backends, useFreshDb } from './db';
import { SITE, person, seedJobs } from './accounts-helpers';

describe.each(backends)('saved jobs on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  it('saves open jobs of the site once and refuses closed, expired and other-site jobs', async () => {
    const ids = await seedJobs(db());
    const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
    const o = { db: db() };
    expect(await saveJob(user.id, ids.open[0]!, SITE, o)).toBe('saved');
    expect(await saveJob(user.id, ids.open[0]!, SITE, o)).toBe('saved');
    expect(await saveJob(user.id, ids.expired, SITE, o)).toBe('unavailable');
    expect(await saveJob(user.id, ids.closed, SITE, o)).toBe('unavailable');
    expect(await saveJob(user.id, ids.gulf, SITE, o)).toBe('unavailable');
    expect(await saveJob(user.id, 999_999_999, SITE, o)).toBe('unavailable');
    expect(await saveJob(user.id, -1, SITE, o)).toBe('unavailable');
    const rows = await db().select().from(savedJobs).where(eq(savedJobs.userId, user.id));
    expect(rows.map((r) => r.jobId)).toEqual([ids.open[0]]);
    expect(await countSavedJobs(user.id, SITE, o)).toBe(1);
    expect([...(await savedJobIds(user.id, [ids.open[0]!, ids.open[1]!], o))]).toEqual([
      ids.open[0],
    ]);
    await unsaveJob(user.id, ids.open[0]!, o);
    await unsaveJob(user.id, ids.open[0]!, o);
    expect(await countSavedJobs(user.id, SITE, o)).toBe(0);
  });

  it('lists newest first with states, and removes a closed job a day after its notice', async () => {
    const ids = await seedJobs(db());
    const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
    const other = await registerUser({ ...person(2), siteContext: SITE }, { db: db() });
    const [a, b, c] = ids.open as [number, number, number];
    const t0 = new Date(Date.now() - 60_000);
    await saveJob(user.id, a, SITE, { db: db(), now: new Date(t0.getTime()) });
    await saveJob(user.id, b, SITE, { db: db(), now: new Date(t0.getTime() + 1000) });
    await saveJob(user.id, c, SITE, { db: db(), now: new Date(t0.getTime() + 2000) });
    await saveJob(other.id, a, SITE, { db: db() });
    await applyToJobs(user, [b], SITE, { db: db() });
    await db().update(jobs).set({ status: 'expired' }).where(eq(jobs.id, c));

    const now = new Date();
    const first = await listSavedJobs(user.id, SITE, 1, { db: db(), now });
    expect(first.total).toBe(3);
    expect(first.items.map((i) => [i.job.id, i.state, i.closedNotice])).toEqual([
      [c, 'closed', true],
      [b, 'applied', false],
      [a, 'open', false],
    ]);
    // Shown again within the day: still there with its notice.
    const later = await listSavedJobs(user.id, SITE, 1, {
      db: db(),
      now: new Date(now.getTime() + CLOSED_NOTICE_MS - 1000),
    });
    expect(later.items.map((i) => i.job.id)).toEqual([c, b, a]);
    // A day after the notice: gone.
    const after = await listSavedJobs(user.id, SITE, 1, {
      db: db(),
      now: new Date(now.getTime() + CLOSED_NOTICE_MS + 1000),
    });
    expect(after.items.map((i) => i.job.id)).toEqual([b, a]);
    expect(await countSavedJobs(user.id, SITE, { db: db() })).toBe(2);
    // A closed job that opens again before its removal stays, without its notice.
    const d = ids.open[3]!;
    await saveJob(user.id, d, SITE, { db: db(), now: new Date(t0.getTime() + 3000) });
    await db().update(jobs).set({ status: 'closed' }).where(eq(jobs.id, d));
    const noticed = await listSavedJobs(user.id, SITE, 1, { db: db(), now });
    expect(noticed.items.find((i) => i.job.id === d)?.state).toBe('closed');
    await db().update(jobs).set({ status: 'active' }).where(eq(jobs.id, d));
    const reopened = await listSavedJobs(user.id, SITE, 1, {
      db: db(),
      now: new Date(now.getTime() + CLOSED_NOTICE_MS + 2000),
    });
    expect(reopened.items.map((i) => [i.job.id, i.state, i.closedNotice])).toEqual([
      [d, 'open', false],
      [b, 'applied', false],
      [a, 'open', false],
    ]);
    await db().delete(savedJobs).where(eq(savedJobs.jobId, d));
    // The other seeker's list holds only their own job.
    const theirs = await listSavedJobs(other.id, SITE, 1, { db: db() });
    expect(theirs.items.map((i) => i.job.id)).toEqual([a]);
  });

  it('pages the list twenty at a time and clamps a page out of range', async () => {
    const ids = await seedJobs(db());
    const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
    const [first] = await db().select().from(jobs).where(eq(jobs.id, ids.open[0]!));
    const more = await db()
      .insert(jobs)
      .values(
        Array.from({ length: 15 }, (_, i) => ({
          companyId: first!.companyId,
          companyName: 'Acme',
          description: 'x',
          siteContext: SITE,
          countryCode: 'IN',
          slug: `more-${i}`,
          title: `More ${i}`,
        })),
      )
      .returning({ id: jobs.id });
    const all = [...ids.open, ...more.map((j) => j.id)];
    for (const [i, id] of all.entries()) {
      await saveJob(user.id, id, SITE, { db: db(), now: new Date(Date.now() - 100_000 + i) });
    }
    const one = await listSavedJobs(user.id, SITE, 1, { db: db() });
    expect(one.items).toHaveLength(20);
    expect(one.totalPages).toBe(2);
    const two = await listSavedJobs(user.id, SITE, 2, { db: db() });
    expect(two.items).toHaveLength(all.length - 20);
    expect(two.items.at(-1)?.job.id).toBe(all[0]);
    expect((await listSavedJobs(user.id, SITE, 99, { db: db() })).page).toBe(2);
    expect((await listSavedJobs(user.id, SITE, Number.NaN, { db: db() })).page).toBe(1);
  });
});
