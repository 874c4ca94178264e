/**
 * Recommended jobs on both databases: they follow the profile's skills, never include a job the
 * seeker applied to, and say why each was picked; another seeker's profile plays no part.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyToJobs } from '~/server/applications/service';
import { recommendedJobs } from '~/server/alerts/recommend';
import type { Db } from '~/server/db/client';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, users, type NewJob } from '~/server/db/schema';
import { addSkills, deleteSkill } from '~/server/profiles/service';
import { backends, useFreshDb } from './db';

const DAY = 86_400_000;

async function seed(db: Db) {
  await ensureCountries(db);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Kaveri Infotech', slug: 'kaveri', siteContext: 'rexmonster' })
    .returning();
  const job = (title: string, skills: string[], days: number): NewJob => ({
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    title,
    companyId: company!.id,
    companyName: 'Kaveri Infotech',
    description: `We need a ${title}.`,
    skills,
    locations: ['Pune'],
    siteContext: 'rexmonster',
    countryCode: 'IN',
    postedAt: new Date(Date.now() - days * DAY),
  });
  return db
    .insert(jobs)
    .values([
      job('Java Developer', ['Java', 'Spring Boot'], 1),
      job('Backend Engineer', ['Java', 'SQL'], 2),
      job('Staff Nurse', ['Patient Care'], 1),
      job('ICU Nurse', ['Patient Care', 'ICU'], 3),
    ])
    .returning({ id: jobs.id, title: jobs.title });
}

async function user(
  db: Db,
  email: string,
  careerStage: 'fresher' | 'professional' = 'professional',
) {
  const [u] = await db
    .insert(users)
    .values({ email, siteContext: 'rexmonster', careerStage })
    .returning();
  return u!;
}

describe.each(backends)('recommended jobs on %s', (backend) => {
  const t = useFreshDb(backend);
  let seeded: { id: number; title: string }[];
  beforeEach(async () => {
    seeded = await seed(t.db);
  });

  it('follow the skills of the profile and say why', async () => {
    const seeker = await user(t.db, 'asha@example.com');
    expect(await recommendedJobs(seeker.id, 'rexmonster', { db: t.db })).toEqual([]);

    await addSkills(seeker.id, { skills: ['Java'] }, { db: t.db });
    const java = await recommendedJobs(seeker.id, 'rexmonster', { db: t.db });
    expect(java.map((r) => r.job.title).sort()).toEqual(['Backend Engineer', 'Java Developer']);
    expect(java[0]!.reason).toEqual({ key: 'skill', values: { skill: 'Java' } });

    await deleteSkill(seeker.id, 'Java', { db: t.db });
    await addSkills(seeker.id, { skills: ['Patient Care'] }, { db: t.db });
    const care = await recommendedJobs(seeker.id, 'rexmonster', { db: t.db });
    expect(care.map((r) => r.job.title).sort()).toEqual(['ICU Nurse', 'Staff Nurse']);
  });

  it('leave out jobs already applied to, and only read the seeker’s own data', async () => {
    const seeker = await user(t.db, 'ravi@example.com');
    const other = await user(t.db, 'meera@example.com');
    await addSkills(seeker.id, { skills: ['Java'] }, { db: t.db });
    await addSkills(other.id, { skills: ['Patient Care'] }, { db: t.db });
    const javaJob = seeded.find((j) => j.title === 'Java Developer')!;
    await applyToJobs(seeker, [javaJob.id], 'rexmonster', { db: t.db });
    const list = await recommendedJobs(seeker.id, 'rexmonster', { db: t.db });
    const titles = list.map((r) => r.job.title);
    expect(titles).not.toContain('Java Developer');
    expect(titles).toContain('Backend Engineer');
    // Nothing from the other seeker's skills.
    expect(titles.some((x) => x.includes('Nurse'))).toBe(false);
  });
});
