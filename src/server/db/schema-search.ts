/**
 * Tables of the search domain; migrations are generated from here with npm run db:generate.
 *
 * - search_jobs (NOT declared here: drizzle-kit can't express a partitioned table; it is created
 *   by the hand-written migration drizzle/*_search_partitions.sql and only read with raw SQL in
 *   src/server/search, see SearchJobRow below): the search index, one row per ACTIVE job,
 *   partitioned by site_context (one partition per SPEC §3 site, plus a default one). Kept in
 *   step with `jobs` by statement-level triggers: insert, update, delete and truncate of jobs add,
 *   rebuild or drop the rows. It holds what search needs precomputed: the normalised title for
 *   exact-title matches, title-only and title+skills vectors, one doc vector with the job's words
 *   AND a tag lexeme per filterable value (so one GIN lookup applies keywords and filters
 *   together), and one `facet_data` line per job that facet counting reads.
 * - search_terms: distinct titles, skills, companies and cities per site with their number of
 *   active jobs (autosuggest, popular cities), maintained by the same triggers.
 * - recent_searches: a logged-in seeker's recent searches per site, newest first, de-duplicated.
 *
 * Keep this file free of imports from the rest of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { countries, users } from './schema';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const SEARCH_TERM_KINDS = ['title', 'skill', 'company', 'city'] as const;
export type SearchTermKind = (typeof SEARCH_TERM_KINDS)[number];

export const searchTerms = pgTable(
  'search_terms',
  {
    siteContext: text('site_context').notNull(),
    kind: text('kind').$type<SearchTermKind>().notNull(),
    /** lower(value) with single spaces. */
    valueKey: text('value_key').notNull(),
    /** The value as the first job that used it spells it. */
    value: text('value').notNull(),
    /** Active jobs of the site with this value; 0 once the last one went. */
    jobCount: integer('job_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteContext, t.kind, t.valueKey] }),
    index('search_terms_trgm_idx').using('gin', t.valueKey.op('gin_trgm_ops')),
    index('search_terms_prefix_idx').on(t.siteContext, t.valueKey.op('text_pattern_ops')),
    check(
      'search_terms_kind_check',
      sql.raw(`kind in (${SEARCH_TERM_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);

export const recentSearches = pgTable(
  'recent_searches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteContext: text('site_context')
      .notNull()
      .references(() => countries.siteContext),
    keywords: text('keywords').notNull(),
    location: text('location').notNull().default(''),
    experience: smallint('experience'),
    /** lower(keywords)|lower(location)|experience: the same search saved again moves up. */
    dedupeKey: text('dedupe_key').notNull(),
    searchedAt: tz('searched_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recent_searches_dedupe_unique').on(t.userId, t.siteContext, t.dedupeKey),
    index('recent_searches_user_idx').on(t.userId, t.siteContext, t.searchedAt.desc().nullsFirst()),
  ],
);

/** A row of search_jobs (see the module comment; columns in snake_case in SQL). */
export interface SearchJobRow {
  jobId: number;
  siteContext: string;
  postedAt: Date;
  /** lower(title), single spaces: an exact-title match is title_key = <keywords>. */
  titleKey: string;
  companyKey: string;
  roleKey: string | null;
  qualificationKey: string | null;
  skillKeys: string[];
  cityKeys: string[];
  countryCode: string;
  functionId: number | null;
  industryId: number | null;
  employerType: string;
  jobType: string;
  experienceMin: number | null;
  experienceMax: number | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
  isWalkin: boolean;
  walkinStartDate: string | null;
  walkinEndDate: string | null;
  /** Stripped tsvectors: title; title, skills, company and cities; everything plus tags. */
  titleTsv: string;
  headTsv: string;
  doc: string;
  /** Facet values, fields split by U+001F, lists by U+001E (FACET_FIELDS in search/facets.ts). */
  facetData: string;
}
export type SearchTerm = typeof searchTerms.$inferSelect;
export type RecentSearchRow = typeof recentSearches.$inferSelect;
