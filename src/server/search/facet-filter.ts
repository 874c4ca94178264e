/** Filters in JavaScript (disjunctive facets). */
import { MAX_INDUSTRIES } from '~/lib/reference-lists';
import { placeKey } from './places';
import { isCompanyId, keyOf, type FacetJob } from './facet-data';
import {
  inBand,
  parseExperienceRange,
  parseSalaryBand,
  salaryFactor,
  salaryScale,
} from './facet-ranges';
import type { FacetContext, FacetKey } from './facets';

// Filters in JavaScript (disjunctive facets)

/**
 * A filter key's condition as a test of one job's facet values: the same semantics as the SQL
 * of query.ts (tags and conditions), so facets for the filters in use can be counted from one
 * set of candidates in one pass. Null: no usable values (the key filters nothing).
 */
export function filterPredicate(
  key: FacetKey,
  values: readonly string[],
  ctx: FacetContext,
  cityKeysOf: (values: readonly string[]) => { cityKeys: string[]; countryCodes: string[] },
  regionCityKeysOf: (values: readonly string[]) => string[],
): ((job: FacetJob) => boolean) | null {
  if (values.length === 0) return null;
  const set = new Set(values.map((v) => placeKey(v)));
  const anyKey = (list: readonly string[]) => list.some((v) => set.has(keyOf(v)));
  switch (key) {
    case 'skills':
      return (job) => anyKey(job.skills);
    case 'designations':
      return (job) => set.has(keyOf(job.title));
    case 'companies': {
      // Ids (the facet's values) or, from links and alerts made before them, names.
      const ids = new Set(values.filter(isCompanyId));
      return (job) => ids.has(job.companyId) || set.has(keyOf(job.company));
    }
    case 'roles':
      return (job) => job.role !== '' && set.has(keyOf(job.role));
    case 'qualifications':
      return (job) => job.qualification !== '' && set.has(keyOf(job.qualification));
    case 'jobCities': {
      const { cityKeys, countryCodes } = cityKeysOf(values);
      const cities = new Set(cityKeys);
      const countries = new Set(countryCodes.map((c) => c.toUpperCase()));
      return (job) =>
        job.cities.some((c) => cities.has(keyOf(c))) || countries.has(job.countryCode);
    }
    case 'jobStates': {
      const cities = new Set(regionCityKeysOf(values));
      return (job) => job.cities.some((c) => cities.has(keyOf(c)));
    }
    case 'jobCountries': {
      const codes = new Set(values.map((v) => v.toUpperCase()));
      return (job) => codes.has(job.countryCode.toUpperCase());
    }
    case 'functions':
      return (job) => set.has(job.functionId);
    case 'industries': {
      const first = new Set(values.slice(0, MAX_INDUSTRIES));
      return (job) => first.has(job.industryId);
    }
    case 'employerTypes':
      return (job) => set.has(job.employerType);
    case 'jobTypes':
      return (job) => set.has(job.jobType);
    case 'experienceRanges': {
      // As the x:<year> tags: a job covers the years min..max (no min 0, no max or above: 50).
      const ranges = values.map(parseExperienceRange).filter((r) => r !== null);
      if (ranges.length === 0) return null;
      return (job) => {
        const lo = Math.max(0, job.experienceMin ?? 0);
        const hi = Math.min(job.experienceMax ?? 50, 50);
        return ranges.some((r) => lo <= Math.min(r.max, 50) && hi >= r.min && r.min <= 50);
      };
    }
    case 'salaryRanges': {
      const bands = values.map(parseSalaryBand).filter((b) => b !== null);
      if (bands.length === 0) return null;
      const { site } = ctx;
      const period = salaryScale(site.currency.code).period;
      return (job) => {
        const factor = salaryFactor(
          job.salaryCurrency,
          job.salaryPeriod,
          site.currency.code,
          period,
        );
        const lo = job.salaryMin ?? job.salaryMax;
        const hi = job.salaryMax ?? job.salaryMin;
        if (factor === null || lo === null || hi === null) return false;
        return bands.some((b) => inBand(lo * factor, hi * factor, b));
      };
    }
    case 'jobFreshness': {
      const days = Math.max(...values.map(Number).filter((n) => Number.isFinite(n) && n > 0));
      if (!Number.isFinite(days)) return null;
      const since = Math.floor(ctx.nowSeconds - days * 86_400);
      return (job) => job.postedAt >= since;
    }
  }
}
