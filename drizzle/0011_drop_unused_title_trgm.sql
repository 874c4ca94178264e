-- Nothing reads it: autosuggest matches search_terms, which has its own trigram index, yet every
-- job written paid to keep it.
DROP INDEX "jobs_title_trgm_idx";
