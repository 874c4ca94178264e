/**
 * Recommended jobs (SPEC §2 dashboard, §3, §7 middleware/suggestedJobs): what the seeker's
 * profile (designation, skills, experience, preferred and current locations, expected salary),
 * recent searches, job alerts and applications point to, found through the search service, without the jobs
 * already applied to. Each comes with the reason it was picked ("because you ..."), as a key of
 * the alerts namespace and its values, so pages and the API say it in the seeker's language.
 *
 * Sources are read in turn (designation, skills, recent searches, jobs like those applied to) and
 * merged round-robin, so one source can't fill the list. A profile search first asks for the
 * seeker's locations, experience and salary, and widens when that finds too little.
 */
import { EMPTY_SEARCH, type SearchState } from '~/lib/search/state';
import { salaryBands, salaryScale } from '~/server/search/facets';
import { myJobsPart, withJobs, type MyJobs } from '~/server/applications/service';
import { getDb, type Queryable } from '~/server/db/client';
import { readParts } from '~/server/db/json-rows';
import type { JobAlert } from '~/server/db/schema-alerts';
import type { JobSummary } from '~/server/jobs/service';
import { profilePart, type Profile } from '~/server/profiles/service';
import { recentSearchesPart, type RecentSearch } from '~/server/search/recent';
import { searchJobs, similarJobs } from '~/server/search/service';
import { siteByContext } from '../../../sites';
import { alertState, alertsPart } from './service';

export type ReasonKey = 'designation' | 'skill' | 'search' | 'alert' | 'applied';

export interface Recommendation {
  job: JobSummary;
  reason: { key: ReasonKey; values: Record<string, string> };
}

/** Most recommendations answered. */
export const MAX_RECOMMENDATIONS = 20;

interface Source {
  reason: Recommendation['reason'];
  jobs: () => Promise<JobSummary[]>;
}

/**
 * "Pays at least the band the expected salary falls in" as a salaryRanges value ("lo+"), with the
 * amount turned into the site's pay period (India per year, the others per month).
 */
function salaryFilter(siteContext: string, expected: number | null, mode: string | null): string[] {
  const site = siteByContext(siteContext);
  if (!site || !expected || expected <= 0) return [];
  const { period } = salaryScale(site.currency.code);
  const amount =
    mode === 'monthly' && period === 'year'
      ? expected * 12
      : mode === 'annually' && period === 'month'
        ? expected / 12
        : expected;
  const band = salaryBands(site.currency.code)
    .filter((b) => b.min <= amount)
    .at(-1);
  return band && band.min > 0 ? [`${band.min}+`] : [];
}

/**
 * A search, narrowed by the profile first and widened step by step (salary, then location, then
 * experience) until it finds enough.
 */
async function widening(
  siteContext: string,
  base: SearchState,
  narrow: { location: string; experience: number | null; salary: string[] },
  db: Queryable,
  enough = 5,
): Promise<JobSummary[]> {
  const tries: SearchState[] = [
    {
      ...base,
      location: narrow.location,
      experience: narrow.experience,
      filters: narrow.salary.length
        ? { ...base.filters, salaryRanges: narrow.salary }
        : base.filters,
    },
    { ...base, location: narrow.location, experience: narrow.experience },
    { ...base, experience: narrow.experience },
    base,
  ];
  let best: JobSummary[] = [];
  const seen = new Set<string>();
  for (const state of tries) {
    const key = JSON.stringify(state);
    if (seen.has(key)) continue;
    seen.add(key);
    const { jobs } = await searchJobs(siteContext, state, db);
    if (jobs.length > best.length) best = jobs;
    if (jobs.length >= enough) return jobs;
  }
  return best;
}

/** What recommendations start from: the seeker's profile, searches, alerts and applications. */
export interface RecommendationInputs {
  profile: Profile;
  /** The latest recent searches on the site (the first two are used). */
  recent: RecentSearch[];
  alerts: JobAlert[];
  /** The latest two applications and every job applied to, on the site. */
  myJobs: MyJobs;
}

/**
 * RecommendationInputs as values of one statement, which a page may read beside its own
 * (decision 0074).
 */
export const recommendationParts = (userId: string, siteContext: string) => ({
  profile: profilePart(userId),
  recent: recentSearchesPart(userId, siteContext, 3),
  alerts: alertsPart({ userId, email: null, emailVerified: false }),
  myJobs: myJobsPart(userId, siteContext, 2),
});

export async function recommendedJobs(
  userId: string,
  siteContext: string,
  options: { db?: Queryable; limit?: number; inputs?: RecommendationInputs } = {},
): Promise<Recommendation[]> {
  const db = options.db ?? (await getDb());
  const limit = Math.max(1, Math.min(MAX_RECOMMENDATIONS, options.limit ?? MAX_RECOMMENDATIONS));
  const inputs = options.inputs ?? (await readParts(db, recommendationParts(userId, siteContext)));
  const { profile } = inputs;
  const locations = [
    ...(profile.preference?.preferredLocations ?? []),
    ...(profile.seeker?.currentLocation ? [profile.seeker.currentLocation] : []),
  ];
  const narrow = {
    location: [...new Set(locations)].slice(0, 5).join(', '),
    experience: profile.seeker?.experienceYears ?? null,
    salary: salaryFilter(
      siteContext,
      profile.preference?.expectedSalary ?? null,
      profile.preference?.salaryMode ?? null,
    ),
  };
  const base = { ...EMPTY_SEARCH, sort: 'relevance' as const };
  const sources: Source[] = [];
  const designation = profile.currentEmployment?.designation?.trim();
  if (designation) {
    sources.push({
      reason: { key: 'designation', values: { designation } },
      jobs: () => widening(siteContext, { ...base, q: designation }, narrow, db),
    });
  }
  for (const skill of profile.skills.slice(0, 3)) {
    sources.push({
      reason: { key: 'skill', values: { skill } },
      jobs: () => widening(siteContext, { ...base, filters: { skills: [skill] } }, narrow, db),
    });
  }
  for (const recent of inputs.recent.slice(0, 2)) {
    sources.push({
      reason: { key: 'search', values: { keywords: recent.keywords } },
      jobs: async () =>
        (
          await searchJobs(
            siteContext,
            {
              ...base,
              q: recent.keywords,
              location: recent.location,
              experience: recent.experience,
            },
            db,
          )
        ).jobs,
    });
  }
  for (const alert of inputs.alerts.filter((a) => a.siteContext === siteContext).slice(0, 2)) {
    const state = alertState(alert);
    if (!state.q) continue;
    sources.push({
      reason: { key: 'alert', values: { keywords: state.q } },
      jobs: async () => (await searchJobs(siteContext, { ...state, sort: 'relevance' }, db)).jobs,
    });
  }
  for (const applied of await withJobs(inputs.myJobs.latest.slice(0, 2), { db })) {
    sources.push({
      reason: { key: 'applied', values: { title: applied.title } },
      jobs: () => similarJobs(applied, 10, db),
    });
  }
  const lists = await Promise.all(
    sources.map(async (s) => ({ reason: s.reason, jobs: await s.jobs() })),
  );
  // Jobs are each of one site: those applied to on this site are all a candidate can be.
  const applied = inputs.myJobs.appliedIds;
  const out: Recommendation[] = [];
  const taken = new Set<number>();
  for (let round = 0; out.length < limit; round++) {
    let any = false;
    for (const list of lists) {
      const job = list.jobs[round];
      if (!job) continue;
      any = true;
      if (taken.has(job.id) || applied.has(job.id)) continue;
      taken.add(job.id);
      out.push({ job, reason: list.reason });
      if (out.length >= limit) break;
    }
    if (!any) break;
  }
  return out;
}
