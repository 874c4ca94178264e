-- Search index: one GIN lookup now carries keywords, site and filters (tags in doc, see
-- 0008_search_tags.sql), so the per-column filter indexes go; dense searches walk posted_at.
-- IF EXISTS: databases made from an earlier draft of 0004 lack some of these indexes.
DROP INDEX IF EXISTS "search_jobs_skill_keys_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "search_jobs_city_keys_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "search_jobs_site_posted_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "search_jobs_walkin_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "recent_searches_user_idx";--> statement-breakpoint
CREATE INDEX "search_jobs_posted_idx" ON "search_jobs" USING btree ("posted_at" DESC NULLS FIRST,"job_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recent_searches_user_idx" ON "recent_searches" USING btree ("user_id","site_context","searched_at" DESC NULLS FIRST);