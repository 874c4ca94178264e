/**
 * The search benchmark's query mix (bench/search.ts): a deterministic mix of searches over the
 * demo data's sites, titles, skills and cities, by kind; also used by the alerts benchmark.
 */
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { EMPTY_SEARCH, type FilterKey, type SearchState } from '~/lib/search/state';
import { JOB_FAMILIES, SECTORS } from '~/server/reference/job-families';
import { SITE_PLACES } from '~/server/reference/places';
import { hashSeed, Rng } from '~/server/demo/random';
import { typedQuery } from './search-typed';

/** The demo data's clock and seed: every run seeds and queries the same jobs. */
export const NOW = new Date('2026-03-01T12:00:00Z');
export const SEED = 20_240_601;

export interface BenchQuery {
  kind: string;
  site: string;
  state: SearchState;
  /**
   * For a search typed as people type it (kind 'typed'): the clean search it means, which the
   * baseline runs and the checks compare with (understand.ts must read the typed one as it).
   */
  clean?: SearchState;
}

/** The search a query means: the baseline's and the checks' (its clean form when typed). */
export const meantState = (q: BenchQuery): SearchState => q.clean ?? q.state;

const state = (partial: Partial<SearchState>): SearchState => ({
  ...EMPTY_SEARCH,
  ...partial,
  filters: partial.filters ?? {},
});

/** How many queries of each kind make up the mix (scaled to the requested size). */
export const MIX: [string, number][] = [
  ['title', 40],
  ['word', 30],
  ['title+location', 30],
  ['skill+location', 15],
  ['keyword+filters', 25],
  ['keyword+experience', 15],
  ['browse+filters', 15],
  ['broad', 10],
  ['page-or-date', 10],
  ['alternatives', 5],
  ['no-result', 5],
  // Eight forms of what people type (search-typed.ts), about four of each in 200 queries.
  ['typed', 40],
];

const BROAD_WORDS = ['manager', 'engineer', 'executive', 'sales', 'senior', 'experience'];
const NO_RESULT = ['quantum basket weaver', 'acountant xyz', 'zookeeper blockchain'];

/** A deterministic mix of `size` queries over the demo data's sites, titles, skills and cities. */
export function queryMix(size: number, seed: number): BenchQuery[] {
  const rng = new Rng(hashSeed(seed, 'bench-search'));
  const totalWeight = MIX.reduce((sum, [, n]) => sum + n, 0);
  const plan = MIX.map(([kind, n]) => [kind, Math.round((n * size) / totalWeight)] as const);
  const out: BenchQuery[] = [];
  for (const [kind, n] of plan) {
    for (let i = 0; i < n; i++) out.push(makeQuery(rng, kind));
  }
  // Interleave kinds (a fixed shuffle), so a backend's warm caches don't favour one kind.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j] as BenchQuery, out[i] as BenchQuery];
  }
  return out.slice(0, size);
}

function makeQuery(rng: Rng, kind: string): BenchQuery {
  const site = rng.weighted(SITE_PLACES, (s) => s.weight);
  const family = rng.weighted(JOB_FAMILIES, (f) => f.weight * (f.siteBoost?.[site.context] ?? 1));
  const title = rng.pick(family.titles);
  const country = rng.weighted(site.countries, (c) => c.weight);
  const city = rng.pick(country.cities.slice(0, 8));
  const skill = rng.pick([...title.skills, ...family.common]);
  const titleWord = rng.pick(
    title.title.split(' ').filter((w) => w.length > 3 && !/^(senior|junior|lead)$/i.test(w)),
  );
  const context = site.context;
  switch (kind) {
    case 'title':
      return { kind, site: context, state: state({ q: title.title }) };
    case 'word':
      return { kind, site: context, state: state({ q: rng.chance(0.5) ? skill : titleWord }) };
    case 'title+location':
      return { kind, site: context, state: state({ q: title.title, location: city }) };
    case 'skill+location':
      return { kind, site: context, state: state({ q: skill, location: city }) };
    case 'keyword+filters': {
      const filters: Partial<Record<FilterKey, string[]>> = {};
      const options: FilterKey[] = rng.sample(
        [
          'experienceRanges',
          'jobFreshness',
          'industries',
          'employerTypes',
          'jobTypes',
          'jobCities',
        ],
        rng.int(1, 2),
      );
      for (const key of options) filters[key] = filterValues(rng, key, family, country.cities);
      return {
        kind,
        site: context,
        state: state({ q: rng.chance(0.6) ? title.title : skill, filters }),
      };
    }
    case 'keyword+experience':
      return {
        kind,
        site: context,
        state: state({ q: title.title, experience: rng.int(title.exp[0], title.exp[1] + 2) }),
      };
    case 'browse+filters': {
      const filters: Partial<Record<FilterKey, string[]>> = {
        functions: [String(functionId(family.fn))],
      };
      if (rng.chance(0.5)) filters.jobFreshness = [rng.pick(['3', '7', '15'])];
      return {
        kind,
        site: context,
        state: state({ location: rng.chance(0.7) ? city : '', filters }),
      };
    }
    case 'broad':
      return {
        kind,
        site: context,
        state: state({ q: rng.chance(0.3) ? '' : rng.pick(BROAD_WORDS) }),
      };
    case 'page-or-date':
      return {
        kind,
        site: context,
        state: rng.chance(0.5)
          ? state({ q: rng.pick([titleWord, skill]), sort: 'date' })
          : state({ q: rng.pick([titleWord, skill]), page: rng.int(2, 5) }),
      };
    case 'alternatives':
      return {
        kind,
        site: context,
        state: state({ q: `${skill}, ${rng.pick(family.titles).title}` }),
      };
    case 'typed':
      return typedQuery(rng, context, title.title.toLowerCase(), city);
    case 'no-result':
      return { kind, site: context, state: state({ q: rng.pick(NO_RESULT) }) };
    default:
      throw new Error(`unknown query kind ${kind}`);
  }
}

/** The JOB_FUNCTIONS id of a family's function name. */
const functionId = (name: string) => JOB_FUNCTIONS.find((f) => f.value === name)?.id ?? 54;

function filterValues(
  rng: Rng,
  key: FilterKey,
  family: (typeof JOB_FAMILIES)[number],
  cities: readonly string[],
): string[] {
  switch (key) {
    case 'experienceRanges':
      return [rng.pick(['0-2', '3-5', '6-10', '11-15'])];
    case 'jobFreshness':
      return [rng.pick(['1', '3', '7', '15', '30'])];
    case 'industries': {
      const sector = rng.pick(family.sectors);
      const names = SECTORS[sector].industries;
      const ids = rng
        .sample(names, rng.int(1, 2))
        .map((n) => INDUSTRIES.find((i) => i.value === n)?.id)
        .filter((id): id is number => id !== undefined);
      return ids.map(String);
    }
    case 'employerTypes':
      return [rng.chance(0.8) ? 'company' : 'consultant'];
    case 'jobTypes':
      return rng.chance(0.7) ? ['full_time'] : ['contract', 'part_time'];
    case 'jobCities':
      return rng.sample(cities.slice(0, 6), rng.int(1, 2));
    default:
      return [];
  }
}

/** A query in a line of the report. */
export const describeQuery = (q: BenchQuery) => {
  const parts = [`${q.site}`, q.state.q ? `q="${q.state.q}"` : 'browse'];
  if (q.state.location) parts.push(`location="${q.state.location}"`);
  if (q.state.experience !== null) parts.push(`experience=${q.state.experience}`);
  for (const [k, v] of Object.entries(q.state.filters)) parts.push(`${k}=${v?.join(',')}`);
  if (q.state.sort !== 'relevance') parts.push(`sort=${q.state.sort}`);
  if (q.state.page > 1) parts.push(`page=${q.state.page}`);
  return parts.join(' ');
};
