/**
 * Registration steps 2-5 on both databases: each saves on its own and moves the seeker forward,
 * never back.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureCountries } from '~/server/db/countries';
import { seekerEmployments } from '~/server/db/schema';
import { registerUser } from '~/server/accounts/users';
import {
  getRegistration,
  redirectForStep,
  saveEducation,
  saveEmployment,
  saveJobPreference,
  savePersonal,
} from '~/server/profiles/registration';
import { backends, useFreshDb } from './db';
import { SITE, person } from './accounts-helpers';

describe.each(backends)('registration steps on %s', (backend) => {
  const t$ = useFreshDb(backend);
  const db = () => t$.db;

  describe('registration steps', () => {
    it('save on their own and move the seeker forward, never back', async () => {
      await ensureCountries(db());
      const user = await registerUser(
        { ...person(1, { careerStage: 'professional' }), siteContext: SITE },
        { db: db() },
      );
      expect(redirectForStep('education', 'personal', 'professional')).toBe('/seeker/personal');
      expect(redirectForStep('employment', 'education', 'fresher')).toBe('/seeker/education');
      expect(redirectForStep('personal', 'education', 'professional')).toBeNull();

      const next = await savePersonal(
        user.id,
        'professional',
        {
          dateOfBirth: '1990-01-01',
          gender: 'male',
          currentLocation: 'Pune',
          experienceYears: 5,
          experienceMonths: 2,
        },
        { db: db() },
      );
      expect(next).toBe('/seeker/employment');
      const job = {
        designation: 'Engineer',
        company: 'Acme',
        startDate: '2020-01-01',
        isCurrent: true,
        endDate: '',
        noticePeriod: 30,
        lastWorkingDate: '',
        currentSalary: 1_200_000,
        salaryMode: 'annually' as const,
      };
      expect(await saveEmployment(user.id, job, 'INR', { db: db() })).toBe('/seeker/education');
      // Saving the step again updates the same row.
      await saveEmployment(user.id, { ...job, designation: 'Senior Engineer' }, 'INR', {
        db: db(),
      });
      const employments = await db()
        .select()
        .from(seekerEmployments)
        .where(eq(seekerEmployments.userId, user.id));
      expect(employments.map((e) => e.designation)).toEqual(['Senior Engineer']);
      // Going back to personal details keeps the marker at education.
      await savePersonal(
        user.id,
        'professional',
        {
          dateOfBirth: '1990-01-01',
          gender: 'male',
          currentLocation: 'Mumbai',
          experienceYears: 5,
          experienceMonths: 3,
        },
        { db: db() },
      );
      expect((await getRegistration(user.id, { db: db() })).profile?.registrationStep).toBe(
        'education',
      );

      await saveEducation(
        user.id,
        {
          qualification: 'btech',
          specialization: 'CS',
          institute: 'IIT',
          board: '',
          medium: '',
          passingYear: 2012,
          percentageBand: 70,
          educationType: 'full_time',
        },
        { db: db() },
      );
      expect(
        await saveJobPreference(
          user.id,
          {
            preferredLocations: ['Pune'],
            skills: ['Java'],
            expectedSalary: null,
            salaryMode: null,
          },
          { db: db() },
        ),
      ).toBe('/seeker/dashboard');
      const all = await getRegistration(user.id, { db: db() });
      expect(all.profile).toMatchObject({
        registrationStep: 'done',
        currentLocation: 'Mumbai',
        experienceMonths: 3,
      });
      expect(all.profile?.registrationCompletedAt).not.toBeNull();
      expect(all.education).toMatchObject({ qualification: 'btech', passingYear: 2012 });
      expect(all.jobPreference).toMatchObject({ preferredLocations: ['Pune'], skills: ['Java'] });
    });
  });
});
