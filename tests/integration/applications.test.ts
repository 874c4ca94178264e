/**
 * Applying on both databases (once per job, the 5/10 limit, pending applies), and that one user
 * never reaches another's data (applications, sessions, registration steps, passwords).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '~/server/db/schema';
import { changePassword, loginWithPassword, registerUser } from '~/server/accounts/users';
import { createSession, getSessionUser } from '~/server/accounts/sessions';
import { getRegistration, savePersonal } from '~/server/profiles/registration';
import {
  appliedJobIds,
  applyLimitFor,
  applyToJobs,
  listApplications,
  savePendingApply,
  takePendingApply,
} from '~/server/applications/service';
import { backends, useFreshDb } from './db';
import { SITE, OTHER_SITE, expectAccountError, person, seedJobs } from './accounts-helpers';

describe.each(backends)('applications on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  describe('applying', () => {
    it('applies once per job', async () => {
      const ids = await seedJobs(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const first = await applyToJobs(user, [ids.open[0]!, ids.open[1]!], SITE, { db: db() });
      expect(first).toEqual({
        applied: [ids.open[0], ids.open[1]],
        alreadyApplied: [],
        unavailable: [],
      });
      const again = await applyToJobs(user, [ids.open[0]!, ids.open[0]!, ids.open[2]!], SITE, {
        db: db(),
      });
      expect(again).toEqual({
        applied: [ids.open[2]],
        alreadyApplied: [ids.open[0]],
        unavailable: [],
      });
      // Two requests racing for the same job still make one application.
      await Promise.all([
        applyToJobs(user, [ids.open[3]!], SITE, { db: db() }),
        applyToJobs(user, [ids.open[3]!], SITE, { db: db() }),
      ]);
      const rows = await db().select().from(applications).where(eq(applications.userId, user.id));
      expect(rows).toHaveLength(4);
    });

    it('takes at most 5 jobs at once for freshers and 10 for professionals', async () => {
      const ids = await seedJobs(db());
      const fresher = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const pro = await registerUser(
        { ...person(2, { careerStage: 'professional' }), siteContext: SITE },
        { db: db() },
      );
      expect(applyLimitFor('fresher')).toBe(5);
      expect(applyLimitFor('professional')).toBe(10);
      const limit = await expectAccountError(
        applyToJobs(fresher, ids.open.slice(0, 6), SITE, { db: db() }),
        'applyLimit',
      );
      expect(limit.message).toBe('You can apply to at most 5 jobs at a time.');
      expect(
        (await applyToJobs(fresher, ids.open.slice(0, 5), SITE, { db: db() })).applied,
      ).toHaveLength(5);
      await expectAccountError(
        applyToJobs(pro, ids.open.slice(0, 11), SITE, { db: db() }),
        'applyLimit',
      );
      expect(
        (await applyToJobs(pro, ids.open.slice(0, 10), SITE, { db: db() })).applied,
      ).toHaveLength(10);
      await expectAccountError(applyToJobs(pro, [], SITE, { db: db() }), 'applyNothingSelected');
    });

    it('refuses expired, closed and other-site jobs', async () => {
      const ids = await seedJobs(db());
      const user = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      await expectAccountError(
        applyToJobs(user, [ids.expired], SITE, { db: db() }),
        'applyJobUnavailable',
      );
      await expectAccountError(
        applyToJobs(user, [ids.closed, ids.gulf, 999_999], SITE, { db: db() }),
        'applyJobUnavailable',
      );
      const mixed = await applyToJobs(user, [ids.open[0]!, ids.gulf], SITE, { db: db() });
      expect(mixed).toEqual({
        applied: [ids.open[0]],
        alreadyApplied: [],
        unavailable: [ids.gulf],
      });
    });

    it('keeps a guest apply until login, once, on its own site', async () => {
      await seedJobs(db());
      const token = await savePendingApply([5, 6, 5], '/search/results?q=java', SITE, { db: db() });
      expect(await takePendingApply(token, OTHER_SITE, { db: db() })).toBeNull();
      const again = await savePendingApply([7], '/srp/results', SITE, { db: db() });
      expect(await takePendingApply(again, SITE, { db: db() })).toEqual({
        jobIds: [7],
        returnUrl: '/srp/results',
      });
      expect(await takePendingApply(again, SITE, { db: db() })).toBeNull();
      const old = await savePendingApply([8], '/x', SITE, {
        db: db(),
        now: new Date(Date.now() - 2 * 3_600_000),
      });
      expect(await takePendingApply(old, SITE, { db: db() })).toBeNull();
      expect(await takePendingApply('short', SITE, { db: db() })).toBeNull();
    });
  });

  describe("one user never reaches another's data", () => {
    it('lists and checks applications of the session user only', async () => {
      const ids = await seedJobs(db());
      const a = await registerUser({ ...person(1), siteContext: SITE }, { db: db() });
      const b = await registerUser({ ...person(2), siteContext: SITE }, { db: db() });
      await applyToJobs(a, [ids.open[0]!, ids.open[1]!], SITE, { db: db() });
      await applyToJobs(b, [ids.open[2]!], SITE, { db: db() });
      expect((await listApplications(a.id, {}, { db: db() })).map((j) => j.id).sort()).toEqual(
        [ids.open[0], ids.open[1]].sort(),
      );
      // B asking for A's jobs by id gets nothing of A's.
      expect(
        await listApplications(b.id, { jobIds: [ids.open[0]!, ids.open[1]!] }, { db: db() }),
      ).toEqual([]);
      expect([...(await appliedJobIds(b.id, [ids.open[0]!, ids.open[2]!], { db: db() }))]).toEqual([
        ids.open[2],
      ]);
      // A session token reads its own user only.
      const sa = await createSession(a.id, { db: db() });
      expect((await getSessionUser(sa.token, { db: db() }))?.user.id).toBe(a.id);
      // B's registration steps write B's rows only.
      await savePersonal(
        b.id,
        'fresher',
        { dateOfBirth: '1999-01-01', gender: 'female', currentLocation: 'Delhi' },
        { db: db() },
      );
      expect((await getRegistration(a.id, { db: db() })).profile?.currentLocation).toBeNull();
      // B cannot change A's password without A's current password (and acts on B only).
      await expectAccountError(
        changePassword(
          b.id,
          { currentPassword: 'secret1pass', newPassword: 'hijack123' },
          { db: db() },
        ),
        'wrongCurrentPassword',
      );
      await loginWithPassword({ email: a.email!, password: 'secret1pass', ip: '2' }, { db: db() });
    });
  });
});
