-- Full-text search over JDs and candidates: weighted tsvectors (English stemming, so
-- "developers" finds "developer") kept current by the database as generated columns, plus
-- trigram indexes so list filters on names, e-mails and phone digits stay fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE jobs ADD COLUMN description_text TEXT NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', jdname), 'A') ||
    setweight(to_tsvector('english', key_skills), 'B') ||
    setweight(to_tsvector('english',
        description_text || ' ' || experience || ' ' || additional_notes), 'D')
) STORED;
CREATE INDEX jobs_search ON jobs USING GIN (search_vector);

ALTER TABLE candidates ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', candidate_name), 'A') ||
    setweight(to_tsvector('english', candidate_name), 'A') ||
    setweight(to_tsvector('simple', replace(replace(candidate_email, '@', ' '), '.', ' ')
                                    || ' ' || candidate_phone), 'B') ||
    setweight(to_tsvector('english', COALESCE(resume_text, '')), 'D')
) STORED;
CREATE INDEX candidates_search ON candidates USING GIN (search_vector);
CREATE INDEX candidates_search_text ON candidates USING GIN (search_text gin_trgm_ops);
