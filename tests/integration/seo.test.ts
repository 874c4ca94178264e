/**
 * SEO landing data and sitemap queries over real SQL, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: which skills and cities have open jobs, slug resolution, related links, and the
 * open jobs the sitemap lists.
 */
import { describe, expect, it } from 'vitest';
import { ensureCountries } from '~/server/db/countries';
import { companies, jobs, type NewJob } from '~/server/db/schema';
import {
  landingPaths,
  loadSeoPairs,
  loadSeoVocabulary,
  relatedSearches,
  resolveSeoLanding,
  topLandingLinks,
} from '~/server/seo/landing';
import { jobsForSitemap, openJobStats } from '~/server/seo/sitemap';
import type { Db } from '~/server/db/client';
import { backends, useFreshDb } from './db';

const DAY = 86_400_000;

async function seed(db: Db) {
  await ensureCountries(db);
  const [company] = await db
    .insert(companies)
    .values({ name: 'Acme', slug: 'acme', siteContext: 'rexmonster' })
    .returning();
  const [gulfCo] = await db
    .insert(companies)
    .values({ name: 'Gulf Co', slug: 'gulf-co', siteContext: 'monstergulf' })
    .returning();
  const base = {
    companyId: company!.id,
    companyName: 'Acme',
    description: 'A job.',
    siteContext: 'rexmonster',
    countryCode: 'IN',
  };
  const rows: (Partial<NewJob> & { title: string; skills: string[]; locations: string[] })[] = [
    { title: 'Java Developer', skills: ['Java', 'Spring'], locations: ['Pune'] },
    { title: 'Java Lead', skills: ['java', 'AWS'], locations: ['Pune', 'Mumbai'] },
    { title: 'Java Engineer', skills: ['Java'], locations: ['Mumbai'] },
    { title: 'C++ Developer', skills: ['C++'], locations: ['Bengaluru'] },
    { title: 'Old Java job', skills: ['Java', 'Cobol'], locations: ['Nagpur'], status: 'expired' },
    {
      title: 'Past expiry',
      skills: ['Cobol'],
      locations: ['Nagpur'],
      expiresAt: new Date(Date.now() - DAY),
    },
    { title: 'Hindi city', skills: ['Sales'], locations: ['दिल्ली'] },
  ];
  for (const [i, row] of rows.entries())
    await db.insert(jobs).values({ ...base, slug: `job-${i}`, ...row });
  await db.insert(jobs).values({
    ...base,
    companyId: gulfCo!.id,
    companyName: 'Gulf Co',
    siteContext: 'monstergulf',
    countryCode: 'AE',
    slug: 'gulf-java',
    title: 'Java Developer',
    skills: ['Java'],
    locations: ['Dubai'],
  });
}

describe.each(backends)('%s', (backend) => {
  const t = useFreshDb(backend);

  it('knows the skills and cities with open jobs, spellings grouped by slug', async () => {
    await seed(t.db);
    const v = await loadSeoVocabulary('rexmonster', t.db);
    expect(v.skills.map((s) => [s.name, s.count])).toEqual([
      ['Java', 3],
      ['AWS', 1],
      ['C++', 1],
      ['Sales', 1],
      ['Spring', 1],
    ]);
    // Expired or past-expiry jobs and names without a Latin slug give no landing page.
    expect(v.cities.map((c) => c.slug)).toEqual(['mumbai', 'pune', 'bengaluru']);
    expect(v.skillBySlug.get('c-plus-plus')?.name).toBe('C++');
    const pairs = await loadSeoPairs('rexmonster', v, t.db);
    expect(pairs.find((p) => p.skill.slug === 'java' && p.city.slug === 'pune')?.count).toBe(2);
    expect(pairs.some((p) => p.skill.slug === 'cobol')).toBe(false);
  });

  it('resolves landing slugs and links related searches', async () => {
    await seed(t.db);
    const v = await loadSeoVocabulary('rexmonster', t.db);
    const landing = resolveSeoLanding(v, { skill: 'java', city: 'pune' });
    expect(landing).toMatchObject({ path: '/java-jobs-in-pune', skill: { name: 'Java' } });
    expect(resolveSeoLanding(v, { skill: 'java', city: 'dubai' })).toBeNull();
    expect(resolveSeoLanding(v, { skill: 'cobol', city: null })).toBeNull();
    // Related links come from the page's facets; values without a landing page are left out.
    const related = relatedSearches(v, landing!, {
      jobCities: [
        { label: 'Pune', count: 2 },
        { label: 'Mumbai', count: 2 },
        { label: 'Atlantis', count: 5 },
        { label: 'Bengaluru', count: 0 },
      ],
      skills: [
        { label: 'java', count: 2 },
        { label: 'Spring', count: 1 },
        { label: 'AWS', count: 1 },
      ],
    });
    expect(related.sameSkill.map((l) => l.path)).toEqual(['/java-jobs-in-mumbai']);
    expect(related.sameCity.map((l) => [l.path, l.count])).toEqual([
      ['/spring-jobs-in-pune', 1],
      ['/aws-jobs-in-pune', 1],
    ]);
    const cityOnly = relatedSearches(
      v,
      { skill: null, city: v.cityBySlug.get('mumbai')! },
      {
        jobCities: [{ label: 'Pune', count: 3 }],
        skills: [{ label: 'Java', count: 2 }],
      },
    );
    expect(cityOnly).toEqual({
      sameSkill: [],
      sameCity: [{ path: '/java-jobs-in-mumbai', skill: 'Java', city: 'Mumbai', count: 2 }],
    });
    expect(topLandingLinks(v, 2).cities.map((l) => l.path)).toEqual([
      '/jobs-in-mumbai',
      '/jobs-in-pune',
    ]);
    const pairs = await loadSeoPairs('rexmonster', v, t.db);
    const paths = landingPaths(v, pairs, 100, 2);
    expect(paths).toContain('/java-jobs');
    expect(paths).toContain('/java-jobs-in-mumbai');
    expect(paths).not.toContain('/aws-jobs');
    expect(landingPaths(v, pairs, 2)).toHaveLength(2);
  });

  it('lists the open jobs of a site for the sitemap, paged', async () => {
    await seed(t.db);
    const stats = await openJobStats('rexmonster', t.db);
    expect(stats.total).toBe(5);
    expect(stats.lastmod).toBeInstanceOf(Date);
    const first = await jobsForSitemap('rexmonster', 1, 3, t.db);
    const second = await jobsForSitemap('rexmonster', 2, 3, t.db);
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(2);
    expect(first.map((j) => j.slug)).toEqual(['job-0', 'job-1', 'job-2']);
    expect((await openJobStats('monstergulf', t.db)).total).toBe(1);
  });
});
