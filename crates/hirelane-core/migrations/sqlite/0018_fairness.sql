-- Voluntary self-identification, kept apart from the candidate row so that no query a recruiter
-- or a scorer runs over `candidates` can reach it: only the aggregate bias audit reads this
-- table. Codes come from the deployment's category set (`fairness.categories`); 'declined' is
-- "I prefer not to say". It goes with the candidate (erasure, deletion, purge).
CREATE TABLE self_identifications (
    candidate_id  INTEGER PRIMARY KEY REFERENCES candidates(id) ON DELETE CASCADE,
    category_set  TEXT    NOT NULL,
    sex           TEXT,
    race          TEXT,
    updated_at    INTEGER NOT NULL
);

-- Who may open the bias audit besides admins (Settings > Team).
ALTER TABLE recruiters ADD COLUMN can_view_reports BOOLEAN NOT NULL DEFAULT FALSE;
