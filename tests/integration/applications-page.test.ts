/**
 * /seeker/applications' data on both databases: newest first, twenty a page, the profile and
 * resume each application sent, viewed (the employer system's event, first time kept) and
 * closed (the job expired), and only the seeker's own applications.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, resumes } from '~/server/db/schema';
import { registerUser } from '~/server/accounts/users';
import { recordApplicationViewed } from '~/server/alerts/engagement';
import {
  APPLICATIONS_PAGE_SIZE,
  applicationsPage,
  applyToJobs,
  countApplications,
  markApplicationViewed,
} from '~/server/applications/service';
import { createNamedProfile, setDefaultProfile } from '~/server/profiles/service';
import { backends, useFreshDb } from './db';
import { SITE, person, seedJobs } from './accounts-helpers';

describe.each(backends)('my applications on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  it('lists what each application sent and its state, newest first', async () => {
    const ids = await seedJobs(db());
    const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
    const other = await registerUser({ ...person(2), siteContext: SITE }, { db: db() });
    const [a, b, c] = ids.open as [number, number, number];
    const t0 = Date.now() - 60_000;
    // First apply: no resume yet, the default profile.
    await applyToJobs(user, [a], SITE, { db: db(), now: new Date(t0) });
    const [resume] = await db()
      .insert(resumes)
      .values({
        ownerUserId: user.id,
        storageKey: `test/${user.id}.pdf`,
        fileName: 'asha-cv.pdf',
        mime: 'application/pdf',
        size: 1000,
        format: 'pdf',
        parseStatus: 'parsed',
      })
      .returning();
    const made = await createNamedProfile(user.id, 'Data roles', { db: db() });
    await setDefaultProfile(user.id, made.id, { db: db() });
    await applyToJobs(user, [b, c], SITE, { db: db(), now: new Date(t0 + 1000) });
    await applyToJobs(other, [a], SITE, { db: db() });
    expect(await recordApplicationViewed({ userId: user.id }, b, db())).toBe(true);
    // A second view keeps the first time.
    const firstView = (await applicationsPage(user.id, SITE, 1, { db: db() })).items.find(
      (i) => i.job.id === b,
    )?.viewedAt;
    await markApplicationViewed(user.id, b, new Date(Date.now() + 3_600_000), { db: db() });
    await db()
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, c));

    const page = await applicationsPage(user.id, SITE, 1, { db: db() });
    expect(page.total).toBe(3);
    const seen = page.items.map((i) => ({
      job: i.job.id,
      state: i.state,
      profile: i.profileName,
      resume: i.resumeName,
    }));
    expect(seen).toEqual([
      { job: c, state: 'closed', profile: 'Data roles', resume: 'asha-cv.pdf' },
      { job: b, state: 'viewed', profile: 'Data roles', resume: 'asha-cv.pdf' },
      { job: a, state: 'sent', profile: 'My profile', resume: null },
    ]);
    expect(page.items[1]!.resumeId).toBe(resume!.id);
    expect(page.items[1]!.viewedAt).toEqual(firstView);
    expect(firstView).toBeInstanceOf(Date);
    expect(await countApplications(user.id, SITE, { db: db() })).toBe(3);
    // Not applied: nothing to mark.
    expect(await markApplicationViewed(other.id, b, new Date(), { db: db() })).toBe(false);
    expect(await recordApplicationViewed({ userId: other.id }, b, db())).toBe(false);
    const theirs = await applicationsPage(other.id, SITE, 1, { db: db() });
    expect(theirs.items.map((i) => [i.job.id, i.state])).toEqual([[a, 'sent']]);
  });

  it('pages twenty at a time', async () => {
    const ids = await seedJobs(db());
    const user = await registerUser(
      { ...person(1, { careerStage: 'professional' }), siteContext: SITE },
      { db: db() },
    );
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
      await applyToJobs(user, [id], SITE, { db: db(), now: new Date(Date.now() - 100_000 + i) });
    }
    const one = await applicationsPage(user.id, SITE, 1, { db: db() });
    expect(one.items).toHaveLength(APPLICATIONS_PAGE_SIZE);
    expect(one.items[0]!.job.id).toBe(all.at(-1));
    const two = await applicationsPage(user.id, SITE, 2, { db: db() });
    expect(two.items.map((i) => i.job.id)).toEqual(all.slice(0, all.length - 20).reverse());
    expect((await applicationsPage(user.id, SITE, -3, { db: db() })).page).toBe(1);
  });
});
