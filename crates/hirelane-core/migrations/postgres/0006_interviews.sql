-- Interview invites: one per candidate (a candidate row already belongs to one JD). `token` is
-- the candidate's link secret (the API's inviteId, 128 random bits); `id` is the reference that
-- travels in call metadata. States: invited -> scheduled -> completed (the window-closed view is
-- derived from the JD's apply-last date, never stored). Instants are unix milliseconds.
-- Reminder columns hold when a reminder was claimed for sending; a conditional UPDATE claims it,
-- so with several instances each reminder goes out once.
CREATE TABLE interview_invites (
    id                   BIGSERIAL PRIMARY KEY,
    token                TEXT    NOT NULL UNIQUE,
    candidate_id         BIGINT  NOT NULL UNIQUE REFERENCES candidates(id) ON DELETE CASCADE,
    job_id               BIGINT  NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    assistant_id         TEXT    NOT NULL,
    state                TEXT    NOT NULL DEFAULT 'invited',
    interview_at         BIGINT,
    time_zone            TEXT,
    ics_sequence         BIGINT  NOT NULL DEFAULT 0,
    reminder_day_at      BIGINT,
    reminder_hour_at     BIGINT,
    call_id              TEXT,
    details              TEXT,
    details_submitted_at BIGINT,
    invited_at           BIGINT  NOT NULL,
    sent_count           BIGINT  NOT NULL DEFAULT 0,
    completed_at         BIGINT,
    created_by           BIGINT  REFERENCES recruiters(id) ON DELETE SET NULL,
    updated_at           BIGINT  NOT NULL
);
CREATE INDEX interview_invites_job ON interview_invites (job_id);
CREATE INDEX interview_invites_slot ON interview_invites (interview_at);
CREATE INDEX interview_invites_call ON interview_invites (call_id);
