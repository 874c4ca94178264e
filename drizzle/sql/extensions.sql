-- Extensions the schema relies on. pg_trgm: trigram index on search_terms for autosuggest and
-- fuzzy matching. PGlite needs the extension loaded by the client (src/server/db/client.ts)
-- before this runs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
