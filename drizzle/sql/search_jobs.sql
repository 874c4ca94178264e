-- The search index, partitioned by site (drizzle-kit can't declare partitions; the columns are
-- declared in src/server/db/schema-search.ts too). Every search is on one site: the site's
-- partition has its own GIN indexes, its own newest-first index and its own statistics, so
-- - a dense search walks only its site's newest rows (and stops after a page's worth),
-- - a sparse one looks up its site's GIN index, with no site condition to AND in,
-- - the planner estimates per site (a word common on one site may be rare on another).
-- The partitions are the nine SPEC §3 site contexts; any other site lands in search_jobs_other.
-- Queries name the site as a literal so the planner prunes to one partition.
-- A row (about 2 KB) must stay in one piece: a walked row's doc is read for every search that
-- walks it, and reading it back from TOAST costs tens of microseconds a row, so rows are only
-- toasted beyond 4 KB (toast_tuple_target).
CREATE TABLE search_jobs (
  job_id bigint NOT NULL,
  site_context text NOT NULL,
  posted_at timestamp with time zone NOT NULL,
  -- When the portal received the job (jobs.created_at): job alerts mail jobs by this, so a feed
  -- entry that arrives after its datePosted is still new to the alerts that ran in between.
  received_at timestamp with time zone NOT NULL,
  title_key text NOT NULL,
  company_key text NOT NULL,
  role_key text,
  qualification_key text,
  skill_keys text[] NOT NULL,
  city_keys text[] NOT NULL,
  country_code text NOT NULL,
  function_id smallint,
  industry_id smallint,
  employer_type text NOT NULL,
  job_type text NOT NULL,
  experience_min smallint,
  experience_max smallint,
  salary_min bigint,
  salary_max bigint,
  salary_currency text,
  salary_period text,
  is_walkin boolean NOT NULL,
  walkin_start_date date,
  walkin_end_date date,
  title_tsv tsvector NOT NULL,
  head_tsv tsvector NOT NULL,
  doc tsvector NOT NULL,
  facet_data text NOT NULL,
  PRIMARY KEY (site_context, job_id)
) PARTITION BY LIST (site_context);
--> statement-breakpoint
CREATE TABLE search_jobs_rexmonster PARTITION OF search_jobs FOR VALUES IN ('rexmonster')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monstergulf PARTITION OF search_jobs FOR VALUES IN ('monstergulf')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monstersingapore PARTITION OF search_jobs FOR VALUES IN ('monstersingapore')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monsterphilippines PARTITION OF search_jobs FOR VALUES IN ('monsterphilippines')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monsterthailand PARTITION OF search_jobs FOR VALUES IN ('monsterthailand')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monstervietnam PARTITION OF search_jobs FOR VALUES IN ('monstervietnam')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monsterindonesia PARTITION OF search_jobs FOR VALUES IN ('monsterindonesia')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monstermalaysia PARTITION OF search_jobs FOR VALUES IN ('monstermalaysia')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_monsterhongkong PARTITION OF search_jobs FOR VALUES IN ('monsterhongkong')
  WITH (toast_tuple_target = 4080);
--> statement-breakpoint
CREATE TABLE search_jobs_other PARTITION OF search_jobs DEFAULT WITH (toast_tuple_target = 4080);
--> statement-breakpoint
-- fastupdate off: no pending list. With it on, every search scans up to 4 MB of not yet merged
-- entries until a VACUUM merges them, and PGlite has no autovacuum to do that.
CREATE INDEX search_jobs_doc_idx ON search_jobs USING gin (doc) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX search_jobs_title_tsv_idx ON search_jobs USING gin (title_tsv) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX search_jobs_head_tsv_idx ON search_jobs USING gin (head_tsv) WITH (fastupdate = off);
--> statement-breakpoint
-- Newest first: a dense search walks this and stops after a page's worth. (DESC NULLS FIRST is
-- what ORDER BY ... DESC means: only then can the index give that order.)
CREATE INDEX search_jobs_posted_idx ON search_jobs (posted_at DESC NULLS FIRST, job_id DESC NULLS FIRST);
--> statement-breakpoint
-- Exact-title matches (relevance tier 0), newest first.
CREATE INDEX search_jobs_title_idx ON search_jobs (title_key, posted_at DESC NULLS FIRST, job_id DESC NULLS FIRST);
--> statement-breakpoint
-- Unindexing by job id (updates and deletes of jobs).
CREATE INDEX search_jobs_job_idx ON search_jobs (job_id);
-- Job alerts: the jobs received since an alert's last run.
CREATE INDEX search_jobs_received_idx ON search_jobs (received_at);
