-- Candidates' requests for an alternative process or an accommodation, from their own page,
-- and the team's answer (e-mailed to them). They go with the candidate (erasure, purge).
CREATE TABLE accommodation_requests (
    id            BIGSERIAL PRIMARY KEY,
    candidate_id  BIGINT  NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    message       TEXT    NOT NULL,
    state         TEXT    NOT NULL DEFAULT 'pending',   -- pending | answered
    requested_at  BIGINT  NOT NULL,
    answered_at   BIGINT,
    answered_by   TEXT,
    answer        TEXT
);
CREATE INDEX accommodation_requests_candidate ON accommodation_requests (candidate_id);
