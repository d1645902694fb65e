-- Interview invites: one per candidate (a candidate row already belongs to one JD). `token` is
-- the candidate's link secret (the API's inviteId, 128 random bits); `id` is the reference that
-- travels in call metadata. States: invited -> scheduled -> completed (the window-closed view is
-- derived from the JD's apply-last date, never stored). Instants are unix milliseconds.
-- Reminder columns hold when a reminder was claimed for sending; a conditional UPDATE claims it,
-- so with several instances each reminder goes out once.
CREATE TABLE interview_invites (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    token                TEXT    NOT NULL UNIQUE,
    candidate_id         INTEGER NOT NULL UNIQUE REFERENCES candidates(id) ON DELETE CASCADE,
    job_id               INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    assistant_id         TEXT    NOT NULL,
    state                TEXT    NOT NULL DEFAULT 'invited',
    interview_at         INTEGER,
    time_zone            TEXT,
    ics_sequence         INTEGER NOT NULL DEFAULT 0,
    reminder_day_at      INTEGER,
    reminder_hour_at     INTEGER,
    call_id              TEXT,
    details              TEXT,
    details_submitted_at INTEGER,
    invited_at           INTEGER NOT NULL,
    sent_count           INTEGER NOT NULL DEFAULT 0,
    completed_at         INTEGER,
    created_by           INTEGER REFERENCES recruiters(id) ON DELETE SET NULL,
    updated_at           INTEGER NOT NULL
);
CREATE INDEX interview_invites_job ON interview_invites (job_id);
CREATE INDEX interview_invites_slot ON interview_invites (interview_at);
CREATE INDEX interview_invites_call ON interview_invites (call_id);
