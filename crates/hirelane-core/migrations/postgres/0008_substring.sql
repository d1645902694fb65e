-- Nothing to do: SQLite's migration 8 adds the trigram index that PostgreSQL has had since
-- migration 5 (candidates_search_text, pg_trgm). Kept so both backends share version numbers.
SELECT 1;
