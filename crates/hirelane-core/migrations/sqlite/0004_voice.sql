-- Voice interview calls: one row per provider call we placed or heard about by webhook. The
-- provider's id is the key; instants are unix milliseconds; scores are 0-100 (the provider's
-- 0-10 times ten). `report_received_at` is set once, by the end-of-call report or by the
-- reconciler, which makes a duplicate report a no-op. `claimed_until` is the reconciler's lease.
CREATE TABLE voice_calls (
    id                   TEXT    PRIMARY KEY,
    assistant_id         TEXT,
    kind                 TEXT    NOT NULL DEFAULT 'outboundPhoneCall',
    candidate_name       TEXT    NOT NULL DEFAULT '',
    phone                TEXT,
    status               TEXT    NOT NULL DEFAULT 'queued',
    ended_reason         TEXT,
    scheduled_at         INTEGER,
    due_at               INTEGER NOT NULL,
    started_at           INTEGER,
    ended_at             INTEGER,
    transcript           TEXT,
    recording_url        TEXT,
    summary              TEXT,
    success_evaluation   TEXT,
    structured_data      TEXT,
    technical_score      INTEGER,
    communication_score  INTEGER,
    problem_solving_score INTEGER,
    cultural_fit_score   INTEGER,
    interview_status     TEXT,
    report_received_at   INTEGER,
    claimed_until        INTEGER,
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL,
    created_by           INTEGER REFERENCES recruiters(id) ON DELETE SET NULL
);
CREATE INDEX voice_calls_created_at ON voice_calls (created_at);
CREATE INDEX voice_calls_unreported ON voice_calls (due_at) WHERE report_received_at IS NULL;
