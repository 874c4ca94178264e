-- The search index becomes a partitioned table (0010_search_partitions.sql), which drizzle-kit
-- cannot declare: search_jobs leaves the Drizzle schema, and its first form goes here.
DROP TABLE "search_jobs" CASCADE;