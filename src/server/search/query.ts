/**
 * SQL conditions of a search over search_jobs: keywords, the search box's location and
 * experience, and one condition per filter key (so facets can drop their own key).
 *
 * search_jobs is partitioned by site (drizzle/sql/search_jobs.sql): every query names
 * its site as a literal (siteIs), so the planner reads that site's partition only.
 *
 * Most conditions are tags: search_jobs.doc carries, besides the words of the job, one lexeme per
 * filterable value: 'f:<function id>', 'i:<industry
 * id>', 'e:<employer type>', 't:<job type>', 'c:<country code>', 'l:<city>', 's:<skill>',
 * 'd:<title>', 'o:<company>', 'k:<company id>', 'r:<role>', 'q:<qualification>', 'x:<year>' for every year of the
 * job's experience range (0-50) and 'w:1' for walk-ins. Keywords and tags then make ONE tsquery,
 * and one GIN lookup intersects them all, however sparse the filter. Only freshness (relative to
 * now) and salary bands (converted between currencies) stay plain SQL conditions.
 *
 * Filter semantics (values of one key are OR'ed, keys are AND'ed):
 * - skills, designations (job title), roles, qualifications: the job's value (any of its
 *   skills) equals a selected value, case-insensitively and ignoring extra spaces.
 * - companies: the employer's id ('k:<id>', what the facet and company pages give) or, for
 *   links made with names, every employer of that name ('o:<name>').
 * - jobCities, locations, location: one of the job's cities is a selected city; another name of a
 *   city (Bangalore, Gurgaon, دبي), a region (all its cities) or, on Gulf, a country works too
 *   (see places.ts). The search box's location (state.location) is read the same way.
 * - jobStates: regions (state, emirate, province), i.e. one of the job's cities lies in one.
 * - jobCountries: the job's country (ISO code; meaningful on Gulf, whose jobs span six).
 * - functions, industries: ids of JOB_FUNCTIONS / INDUSTRIES.
 * - experienceRanges "a-b" (years): the job's range overlaps [a, b] (a missing minimum counts as
 *   0, a missing maximum as 100). The seeker's experience (state.experience, years y) matches
 *   jobs whose minimum ≤ y ≤ maximum.
 * - salaryRanges "lo-hi" or "lo+": bands in the site's currency per the site's pay period
 *   (India per year, the others per month, see SALARY_SCALES); a job's range, converted into
 *   that currency and period, overlaps [lo, hi). Jobs without a salary, or with a currency we
 *   have no rate for, match no band. Hidden salaries still count (the employer only hid them).
 * - employerTypes: company | consultant. jobTypes: full_time, part_time, contract, ...
 * - jobFreshness N (days): posted within the last N days; with several, the widest wins.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MAX_INDUSTRIES } from '~/lib/reference-lists';
import type { FilterKey, SearchState } from '~/lib/search/state';
import type { Site } from '~/lib/sites/schema';
import {
  parseExperienceRange,
  parseSalaryBand,
  PER_MONTH,
  salaryScale,
  USD_PER_UNIT,
} from './facets';
import { isCompanyId } from './facet-data';
import { placeKey, regionCityKeys, resolveLocation } from './places';
import { translateGroup, type Clause } from './translate';
import { understandSearch, type UnderstoodSearch } from './understand';

/** PostgreSQL's English stop words (snowball english.stop): words the full-text index drops. */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she ' +
    'her hers herself it its itself they them their theirs themselves what which who whom this ' +
    'that these those am is are was were be been being have has had having do does did doing a an ' +
    'the and but if or because as until while of at by for with about against between into through ' +
    'during before after above below to from up down in out on off over under again further then ' +
    'once here there when where why how all any both each few more most other some such no nor not ' +
    'only own same so than too very s t can will just don should now'
  ).split(' '),
);

export interface Keywords {
  /** websearch_to_tsquery input: comma-separated groups become OR'ed alternatives. */
  text: string;
  /** Each group as a title key (lower case, single spaces): an exact title match. */
  titleKeys: string[];
  /**
   * Every word is an English stop word ("IT", "a"): the full-text index has nothing for them, so
   * the words are matched as whole words of the title instead.
   */
  stopWordsOnly: boolean;
  words: string[];
  /**
   * When a group holds Hindi or Arabic: every group, each either English (searched as typed) or
   * the clauses translate.ts read it as. Absent for English keywords.
   */
  translated?: (string | Clause[])[];
}

/**
 * A dash standing alone ("Project Manager - Construction", as titles are written) is a
 * separator, not websearch_to_tsquery's "leave out the next word": only "-word" excludes.
 */
const withoutLoneDashes = (text: string) => text.replace(/(^|\s)[-\u2010-\u2015]+(?=\s|$)/gu, '$1');

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w !== '');

/**
 * The keywords of a search: comma-separated groups are alternatives. Hindi and Arabic groups
 * are read through the names of the portal's terms (translate.ts) into the English terms jobs
 * are written in: here, so results, SEO pages, alerts and suggested keywords all get them.
 */
export function readKeywords(q: string): Keywords | null {
  const typed = q
    .split(',')
    .map((g) => g.replace(/\s+/g, ' ').trim())
    .filter((g) => /[\p{L}\p{N}]/u.test(g));
  const groups = typed
    .map((g) => translateGroup(g) ?? g)
    .filter((g) => typeof g === 'string' || g.length > 0);
  if (groups.length === 0) return null;
  if (groups.every((g) => typeof g === 'string')) {
    const words = groups.flatMap((g) => g.toLowerCase().split(/[^\p{L}\p{N}]+/u));
    const nonEmpty = words.filter((w) => w !== '');
    return {
      text: groups.map(withoutLoneDashes).join(' or '),
      titleKeys: [...new Set(groups.map(placeKey))],
      stopWordsOnly: nonEmpty.every((w) => STOP_WORDS.has(w)),
      words: [...new Set(nonEmpty)],
    };
  }
  const english = (g: string | Clause[]) =>
    typeof g === 'string' ? [g] : g.map((c) => c.en[0] ?? c.typed);
  // An exact title: the group as typed, or the English of a group read as one name (any of
  // its meanings).
  const titles = [
    ...typed,
    ...groups.flatMap((g) => (typeof g !== 'string' && g.length === 1 ? (g[0] as Clause).en : [])),
  ];
  const words = groups.flatMap((g) =>
    typeof g === 'string'
      ? wordsOf(g)
      : g.flatMap((c) => (c.en.length > 0 ? c.en.flatMap(wordsOf) : wordsOf(c.typed))),
  );
  return {
    text: groups.map((g) => withoutLoneDashes(english(g).join(' '))).join(' or '),
    titleKeys: [...new Set(titles.map(placeKey))],
    stopWordsOnly: words.every((w) => STOP_WORDS.has(w)),
    words: [...new Set(words)],
    translated: groups,
  };
}

/** A tsquery operand for a tag lexeme (quoted for tsquery input). */
export const quoteLexeme = (lexeme: string) =>
  `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A tsquery fragment matching any of the tags; null for none. */
export function anyTag(tags: readonly string[]): string | null {
  const unique = [...new Set(tags)].filter((t) => t.length > 2);
  if (unique.length === 0) return null;
  if (unique.length === 1) return quoteLexeme(unique[0] as string);
  return `( ${unique.map(quoteLexeme).join(' | ')} )`;
}

/** A city key no job has (search_key never yields it: no city is called that). */
const NO_CITY = '#none#';

/** The most years a tag is kept for; a job asking for more (or with no maximum) tags up to 50. */
export const MAX_EXPERIENCE_TAG = 50;

/** 'x:a' | ... | 'x:b' for the years of [a, b] (capped at MAX_EXPERIENCE_TAG). */
function yearTags(min: number, max: number): string[] {
  const out: string[] = [];
  for (let y = Math.max(0, min); y <= Math.min(max, MAX_EXPERIENCE_TAG); y++) out.push(`x:${y}`);
  return out;
}

/**
 * `search_jobs.site_context = '<site>'` with the site as a literal, so partition pruning happens
 * when the statement is planned. Site contexts are lower-case letters (SiteSchema), checked
 * again here because the value goes into the SQL text.
 */
export function siteIs(siteContext: string): SQL {
  if (!/^[a-z]+$/.test(siteContext)) throw new Error(`Invalid site context "${siteContext}"`);
  return sql.raw(`search_jobs.site_context = '${siteContext}'`);
}

/**
 * A translated clause as a tsquery: any of its English terms, or its words as typed (Arabic ones
 * through the Arabic stems search_index_jobs adds, others as the English parser keeps them).
 */
function clauseQuery(c: Clause): SQL {
  const typed = c.arabic
    ? sql`plainto_tsquery('arabic', ${c.typed})`
    : sql`plainto_tsquery('english', ${c.typed})`;
  const options = [...c.en.map((e) => sql`plainto_tsquery('english', ${e})`), typed];
  return options.length === 1 ? typed : sql`(${sql.join(options, sql` || `)})`;
}

/** The keywords as a tsquery. */
export function tsquery(k: Keywords): SQL {
  if (!k.translated) return sql`websearch_to_tsquery('english', ${k.text})`;
  const groups = k.translated.map((g) =>
    typeof g === 'string'
      ? sql`websearch_to_tsquery('english', ${g})`
      : sql`(${sql.join(g.map(clauseQuery), sql` && `)})`,
  );
  return groups.length === 1 ? (groups[0] as SQL) : sql`(${sql.join(groups, sql` || `)})`;
}

/** Regular expression of whole words (for stop-word-only keywords). */
const wordRegex = (word: string) => `\\m${word.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&')}\\M`;

const inList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The title is one of the keywords' groups (relevance tier 0, an exact title). */
export const isExactTitle = (k: Keywords): SQL =>
  sql`search_jobs.title_key IN (${inList(k.titleKeys)})`;

/**
 * Relevance tier of a matching job: 0 exact title, 1 every word in the title, 2 every word in
 * title, skills, company or cities, 3 only with the description.
 */
export function tierExpression(k: Keywords): SQL {
  if (k.stopWordsOnly) {
    return sql`CASE WHEN ${isExactTitle(k)} THEN 0 ELSE 1 END`;
  }
  const q = tsquery(k);
  return sql`CASE WHEN ${isExactTitle(k)} THEN 0
    WHEN search_jobs.title_tsv @@ ${q} THEN 1
    WHEN search_jobs.head_tsv @@ ${q} THEN 2 ELSE 3 END`;
}

/** A CASE that turns a job's salary into the site currency per band period (NULL if unknown). */
function salaryFactorSql(site: Site): SQL {
  const siteCurrency = site.currency.code;
  const { period } = salaryScale(siteCurrency);
  const to = USD_PER_UNIT[siteCurrency];
  const rates = Object.entries(USD_PER_UNIT)
    .map(([code, usd]) => [code, code === siteCurrency ? 1 : to ? usd / to : null] as const)
    .filter((entry): entry is readonly [string, number] => entry[1] !== null);
  const currencyCase = sql.raw(
    `CASE search_jobs.salary_currency ${rates
      .map(([code, rate]) => `WHEN '${code}' THEN ${rate.toPrecision(8)}`)
      .join(' ')} END`,
  );
  const periodCase = sql.raw(
    `CASE search_jobs.salary_period ${Object.entries(PER_MONTH)
      .map(([p, f]) => `WHEN '${p}' THEN ${(f * (period === 'year' ? 12 : 1)).toPrecision(8)}`)
      .join(' ')} END`,
  );
  return sql`(${currencyCase} * ${periodCase})`;
}

const or = (parts: SQL[]) =>
  parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` OR `)})`;

/** A filter key's condition: tags (a tsquery fragment) or, for a few keys, SQL. */
export type Condition = { tags: string } | { sql: SQL };

/** The tags a typed location stands for: its cities (l:) or, on Gulf, whole countries (c:). */
export function locationTags(site: Site, text: string): string | null {
  const { cityKeys, countryCodes } = resolveLocation(site.context, text);
  return anyTag([
    ...cityKeys.map((c) => `l:${c}`),
    ...countryCodes.map((c) => `c:${c.toLowerCase()}`),
  ]);
}

/** The condition of one filter key, or null when the key has no (usable) values. */
export function filterCondition(
  site: Site,
  key: FilterKey,
  values: readonly string[],
  now: Date,
): Condition | null {
  if (values.length === 0) return null;
  const keys = () => [...new Set(values.map(placeKey))];
  const tags = (prefix: string, list: readonly string[]) => {
    const fragment = anyTag(list.map((v) => `${prefix}${v}`));
    return fragment ? { tags: fragment } : null;
  };
  switch (key) {
    case 'skills':
      return tags('s:', keys());
    case 'designations':
      return tags('d:', keys());
    case 'companies': {
      // An employer by its id (k:, the facet's values), or every employer of a name (o:).
      const ids = values.filter(isCompanyId);
      const names = values.filter((v) => !isCompanyId(v)).map(placeKey);
      const fragment = anyTag([...ids.map((id) => `k:${id}`), ...names.map((n) => `o:${n}`)]);
      return fragment ? { tags: fragment } : null;
    }
    case 'roles':
      return tags('r:', keys());
    case 'qualifications':
      return tags('q:', keys());
    case 'jobCities':
    case 'locations':
    case 'location': {
      const fragment = locationTags(site, values.join(','));
      return fragment ? { tags: fragment } : null;
    }
    case 'jobStates': {
      const cities = regionCityKeys(site.context, values);
      // An unknown region matches nothing (a tag no job has).
      return tags('l:', cities.length > 0 ? cities : [NO_CITY]);
    }
    case 'jobCountries':
      return tags(
        'c:',
        values.map((v) => v.toLowerCase()),
      );
    case 'functions':
      return tags('f:', values);
    case 'industries':
      // SPEC §5/§9: at most 2 industries, here too (parseSearchState reports the refusal).
      return tags('i:', values.slice(0, MAX_INDUSTRIES));
    case 'employerTypes':
      return tags('e:', values);
    case 'jobTypes':
      return tags('t:', values);
    case 'experienceRanges': {
      const ranges = values.map(parseExperienceRange).filter((r) => r !== null);
      return tags(
        '',
        ranges.flatMap((r) => yearTags(r.min, r.max)),
      );
    }
    case 'jobFreshness': {
      const days = Math.max(...values.map(Number).filter((n) => Number.isFinite(n) && n > 0));
      if (!Number.isFinite(days)) return null;
      const since = new Date(now.getTime() - days * 86_400_000).toISOString();
      return { sql: sql`search_jobs.posted_at >= ${since}::timestamptz` };
    }
    case 'salaryRanges': {
      const bands = values.map(parseSalaryBand).filter((b) => b !== null);
      if (bands.length === 0) return null;
      const factor = salaryFactorSql(site);
      const hi = sql`(coalesce(search_jobs.salary_max, search_jobs.salary_min) * ${factor})`;
      const lo = sql`(coalesce(search_jobs.salary_min, search_jobs.salary_max) * ${factor})`;
      return {
        sql: or(
          bands.map((b) =>
            b.max === null ? sql`${hi} >= ${b.min}` : sql`(${hi} >= ${b.min} AND ${lo} < ${b.max})`,
          ),
        ),
      };
    }
  }
}

export interface SearchConditions {
  siteContext: string;
  /** The search as read from what was typed (understand.ts). */
  understood: UnderstoodSearch;
  keywords: Keywords | null;
  /** tsquery fragments always applied: location, experience, walk-ins. */
  baseTags: string[];
  /** The location's fragment (also in baseTags): a few cities, mostly a small part of a site. */
  locationTags: string | null;
  /** SQL conditions always applied: the site, stop-word keywords. */
  baseSql: SQL[];
  /** One condition per filter key in use. */
  filters: Partial<Record<FilterKey, Condition>>;
}

export function buildConditions(
  site: Site,
  typed: SearchState,
  now: Date,
  options: { walkin?: boolean; siteWords?: Set<string> } = {},
): SearchConditions {
  // The search as meant (understand.ts): fillers, a place or experience in the box, synonyms, typos.
  const understood = understandSearch(site, typed, options.siteWords);
  const state = understood.state;
  const keywords = readKeywords(state.q);
  const baseTags: string[] = [];
  const baseSql: SQL[] = [siteIs(site.context)];
  // A location that names nothing known still narrows to a city spelt that way (so: none).
  const location = state.location
    ? (locationTags(site, state.location) ?? quoteLexeme(`l:${NO_CITY}`))
    : null;
  if (location) baseTags.push(location);
  if (state.experience !== null) {
    baseTags.push(quoteLexeme(`x:${Math.min(state.experience, MAX_EXPERIENCE_TAG)}`));
  }
  if (options.walkin) baseTags.push(quoteLexeme('w:1'));
  if (keywords?.stopWordsOnly) {
    for (const w of keywords.words) baseSql.push(sql`search_jobs.title_key ~ ${wordRegex(w)}`);
  }
  const filters: Partial<Record<FilterKey, Condition>> = {};
  for (const [key, values] of Object.entries(state.filters) as [FilterKey, string[]][]) {
    const condition = filterCondition(site, key, values ?? [], now);
    if (condition) filters[key] = condition;
  }
  return {
    siteContext: site.context,
    understood,
    keywords,
    baseTags,
    locationTags: location,
    baseSql,
    filters,
  };
}

/**
 * Every condition, except the filter of `except` (a facet counting its own alternatives).
 * `keywords`: 'doc' matches them in doc together with the tags (the usual); 'none' leaves them
 * out, for a relevance tier that brings its own keyword condition; 'tags-checked' too, and the
 * tags are checked on the rows that tier's index finds instead of looked up in doc;
 * 'other-tags-checked' likewise but for the location, which stays in the lookup; { tags }
 * looks these tags up in doc with the others instead of the keywords.
 */
export function whereOf(
  c: SearchConditions,
  except?: FilterKey,
  keywords: 'doc' | 'none' | 'tags-checked' | 'other-tags-checked' | { tags: string } = 'doc',
): SQL {
  const keepLocation = keywords === 'other-tags-checked' && c.locationTags !== null;
  const tags = keepLocation ? c.baseTags.filter((t) => t !== c.locationTags) : [...c.baseTags];
  const parts: SQL[] = [...c.baseSql];
  if (keepLocation) parts.push(sql`search_jobs.doc @@ ${c.locationTags}::tsquery`);
  for (const [key, condition] of Object.entries(c.filters) as [FilterKey, Condition][]) {
    if (key === except) continue;
    if ('tags' in condition) tags.push(condition.tags);
    else parts.push(condition.sql);
  }
  if (typeof keywords === 'object') tags.push(keywords.tags);
  const k = c.keywords;
  const words = keywords === 'doc' && k && !k.stopWordsOnly ? tsquery(k) : null;
  const tagQuery = tags.length > 0 ? sql`${tags.join(' & ')}::tsquery` : null;
  if (words && tagQuery) parts.push(sql`search_jobs.doc @@ (${words} && ${tagQuery})`);
  else if (words) parts.push(sql`search_jobs.doc @@ ${words}`);
  else if (tagQuery && (keywords === 'tags-checked' || keywords === 'other-tags-checked'))
    parts.push(sql`(search_jobs.doc @@ ${tagQuery}) IS TRUE`);
  else if (tagQuery) parts.push(sql`search_jobs.doc @@ ${tagQuery}`);
  return sql.join(parts, sql` AND `);
}

/** Whether the search has filter tags to look up in doc (a location, filters, walk-ins). */
export const hasDocTags = (c: SearchConditions): boolean =>
  c.baseTags.length > 0 || Object.values(c.filters).some((f) => f !== undefined && 'tags' in f);

/**
 * The jobs that pass every filter but at most one of `keys` (with the keywords and the rest):
 * the union of the sets the disjunctive facets of those keys are counted over, so one statement
 * serves them all (facets.ts sorts its rows out with filterPredicate). `span` (windows.ts) goes
 * into every alternative, so each one's GIN lookup is limited to it.
 */
export function whereOfUnion(
  c: SearchConditions,
  keys: readonly FilterKey[],
  span: SQL | null = null,
): SQL {
  const arm = (key: FilterKey | undefined) =>
    span ? sql`${whereOf(c, key)} AND ${span}` : whereOf(c, key);
  if (keys.length === 1) return arm(keys[0]);
  return sql`(${sql.join(
    keys.map((key) => sql`(${arm(key)})`),
    sql` OR `,
  )})`;
}
