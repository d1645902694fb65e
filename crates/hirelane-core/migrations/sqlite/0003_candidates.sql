-- Candidates of a JD: one row per person (resume upload or CSV row), with the current resume
-- file, the durable analysis queue state and the latest ATS assessment.
CREATE TABLE candidates (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,  -- the API's resumeId
    job_id           INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    source           TEXT    NOT NULL,                   -- 'resume' or 'csv'
    candidate_name   TEXT    NOT NULL DEFAULT '',
    candidate_email  TEXT    NOT NULL DEFAULT '',        -- lower-cased; '' when unknown
    candidate_phone  TEXT    NOT NULL DEFAULT '',
    -- name, e-mail, phone as written and as bare digits, lower-cased: what list filters match.
    search_text      TEXT    NOT NULL DEFAULT '',
    resume_file_id   TEXT    UNIQUE,                     -- opaque id of the current file
    file_key         TEXT,                               -- file-store key of the current file
    file_name        TEXT,
    file_type        TEXT,
    file_size        INTEGER,
    resume_text      TEXT,
    analysis_status  TEXT    NOT NULL,                   -- queued | analysing | done | unreadable | failed
    analysis_error   TEXT,
    lease_until      INTEGER,
    attempts         INTEGER NOT NULL DEFAULT 0,
    ats_score        INTEGER,
    skills_match     INTEGER,
    recommendation   TEXT,                               -- Pass | Fail
    assessment       TEXT,                               -- the full assessment, JSON
    scoring_version  TEXT,
    call_id          TEXT,
    interview_status TEXT,
    created_on       INTEGER NOT NULL,
    modified_on      INTEGER NOT NULL
);
CREATE INDEX candidates_job ON candidates (job_id, created_on, id);
CREATE INDEX candidates_created ON candidates (created_on, id);
CREATE INDEX candidates_queue ON candidates (analysis_status, lease_until);
-- The same address twice in one JD is one candidate (dedupe at intake).
CREATE UNIQUE INDEX candidates_job_email ON candidates (job_id, candidate_email)
    WHERE candidate_email <> '';

-- Earlier resumes of a candidate, kept when a newer one replaced them.
CREATE TABLE resume_history (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    candidate_id  INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    file_key      TEXT    NOT NULL,
    file_name     TEXT    NOT NULL,
    file_type     TEXT    NOT NULL,
    replaced_on   INTEGER NOT NULL
);
CREATE INDEX resume_history_candidate ON resume_history (candidate_id);
