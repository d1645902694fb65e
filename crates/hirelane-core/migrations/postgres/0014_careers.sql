-- Inbound applications: published job pages, applications with their consent, the autopilot
-- from application to interview invite, and the candidate's own page (status, withdrawal,
-- their data, erasure requests). Instants are unix milliseconds.

-- A JD's public job page. The slug outlives unpublishing, so a republished job keeps its
-- address; published_at is when it first went public (schema.org's datePosted).
CREATE TABLE job_postings (
    job_id          BIGINT  PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
    slug            TEXT    NOT NULL UNIQUE,
    published       BOOLEAN NOT NULL DEFAULT FALSE,
    published_at    BIGINT,
    location        TEXT    NOT NULL DEFAULT '',
    country         TEXT    NOT NULL DEFAULT '',
    work_type       TEXT    NOT NULL DEFAULT 'onsite',     -- onsite | hybrid | remote
    employment_type TEXT    NOT NULL DEFAULT 'fullTime',   -- fullTime | partTime | contract | temporary | internship
    updated_at      BIGINT NOT NULL,
    updated_by      BIGINT REFERENCES recruiters(id) ON DELETE SET NULL
);
CREATE INDEX job_postings_published ON job_postings (published, published_at);

-- Per JD, off by default: invite applicants whose ATS result qualifies (Pass, or at least
-- min_score) with the chosen assistant; optionally a daily digest to the JD's recruiters.
CREATE TABLE job_autopilot (
    job_id        BIGINT  PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
    enabled       BOOLEAN NOT NULL DEFAULT FALSE,
    assistant_id  TEXT,
    min_score     BIGINT,
    digest        BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at    BIGINT NOT NULL,
    updated_by    BIGINT REFERENCES recruiters(id) ON DELETE SET NULL
);

-- The privacy and AI notices as applicants saw them, by version (a digest of the text).
CREATE TABLE consent_notices (
    version     TEXT    PRIMARY KEY,
    text        TEXT    NOT NULL,
    first_used  BIGINT NOT NULL
);

-- How a candidate applied: one row per candidate (a second application to the same JD updates
-- it), with the notice they agreed to and when.
CREATE TABLE applications (
    candidate_id     BIGINT  PRIMARY KEY REFERENCES candidates(id) ON DELETE CASCADE,
    job_id           BIGINT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    note             TEXT    NOT NULL DEFAULT '',
    consent_version  TEXT    NOT NULL REFERENCES consent_notices(version),
    consented_at     BIGINT NOT NULL,
    first_applied_at BIGINT NOT NULL,
    times_applied    BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX applications_job ON applications (job_id, first_applied_at);

-- The autopilot's invites: a row is written on the transaction that stores a qualifying ATS
-- result (at most one per candidate, ever), then claimed with a lease by one instance, which
-- sends the invite and marks it done. A crash between claim and mark only delays it.
CREATE TABLE autopilot_invites (
    candidate_id  BIGINT  PRIMARY KEY REFERENCES candidates(id) ON DELETE CASCADE,
    job_id        BIGINT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    state         TEXT    NOT NULL DEFAULT 'due',   -- due | done | skipped
    lease_until   BIGINT,
    attempts      BIGINT NOT NULL DEFAULT 0,
    outcome       TEXT,
    created_at    BIGINT NOT NULL,
    done_at       BIGINT
);
CREATE INDEX autopilot_invites_due ON autopilot_invites (state, lease_until);

-- One digest per JD and local day, claimed by inserting its row.
CREATE TABLE autopilot_digests (
    job_id   BIGINT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    day      TEXT    NOT NULL,
    sent_at  BIGINT NOT NULL,
    PRIMARY KEY (job_id, day)
);

-- The candidate's own page: the secret in the link every candidate e-mail carries.
ALTER TABLE candidates ADD COLUMN portal_token TEXT;
CREATE UNIQUE INDEX candidates_portal_token ON candidates (portal_token);

-- A candidate's request to erase their data, confirmed (running the erasure) or declined by an
-- admin. Once decided, the address is cleared: only the fact of the request stays.
CREATE TABLE erasure_requests (
    id             BIGSERIAL PRIMARY KEY,
    email          TEXT    NOT NULL,
    candidate_name TEXT    NOT NULL DEFAULT '',
    job_title      TEXT    NOT NULL DEFAULT '',
    requested_at   BIGINT NOT NULL,
    state          TEXT    NOT NULL DEFAULT 'pending',   -- pending | erased | declined
    decided_at     BIGINT,
    decided_by     TEXT,
    decision_note  TEXT
);
CREATE INDEX erasure_requests_state ON erasure_requests (state, requested_at);

-- A second application from the same address to the same job waits here until the address's
-- owner confirms it from the e-mail we send, so nobody can replace another person's resume by
-- applying in their name. Unconfirmed ones (and their files) are pruned after a week.
CREATE TABLE pending_applications (
    token            TEXT    PRIMARY KEY,
    candidate_id     BIGINT NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    full_name        TEXT    NOT NULL,
    phone            TEXT    NOT NULL,
    note             TEXT    NOT NULL,
    consent_version  TEXT    NOT NULL REFERENCES consent_notices(version),
    file_key         TEXT    NOT NULL,
    file_name        TEXT    NOT NULL,
    created_at       BIGINT NOT NULL
);
CREATE INDEX pending_applications_created ON pending_applications (created_at);
