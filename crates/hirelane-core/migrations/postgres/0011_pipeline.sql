-- Decisions and teamwork: hiring stages, scorecards, decision e-mail templates, roles and the
-- activity log. Instants are unix milliseconds.

-- Every candidate is in one stage (pipeline/stages.rs): new, screened, invited, scheduled,
-- interviewed (moved by the system), shortlisted, offer, hired (by a recruiter), or rejected /
-- withdrawn with a reason. A person's move names the stage it moves from, so a move from a
-- stage that changed meanwhile is refused (409) instead of overwriting. furthest_stage is the rank of the
-- furthest stage ever reached (a rejected candidate still counts as having reached it), for the
-- funnel.
ALTER TABLE candidates ADD COLUMN stage TEXT NOT NULL DEFAULT 'new';
ALTER TABLE candidates ADD COLUMN stage_reason TEXT;
ALTER TABLE candidates ADD COLUMN stage_changed_at BIGINT;
ALTER TABLE candidates ADD COLUMN furthest_stage BIGINT  NOT NULL DEFAULT 0;
-- Candidates from before stages are where their facts put them.
UPDATE candidates SET stage = 'screened', furthest_stage = 1 WHERE analysis_status = 'done';
UPDATE candidates SET stage = (
    SELECT CASE i.state WHEN 'completed' THEN 'interviewed' WHEN 'scheduled' THEN 'scheduled'
                        ELSE 'invited' END
    FROM interview_invites i WHERE i.candidate_id = candidates.id)
WHERE EXISTS (SELECT 1 FROM interview_invites i WHERE i.candidate_id = candidates.id);
UPDATE candidates SET furthest_stage = CASE stage WHEN 'invited' THEN 2 WHEN 'scheduled' THEN 3
    WHEN 'interviewed' THEN 4 ELSE furthest_stage END;
CREATE INDEX candidates_job_stage ON candidates (job_id, stage, created_on, id);

-- A recruiter's role: 'admin' manages the team, templates and settings; 'recruiter' does the
-- rest. The first recruiter is admin.
ALTER TABLE recruiters ADD COLUMN role TEXT NOT NULL DEFAULT 'recruiter';
UPDATE recruiters SET role = 'admin' WHERE id = (SELECT MIN(id) FROM recruiters);

-- One scorecard per recruiter and candidate (editable by its author).
CREATE TABLE scorecards (
    id              BIGSERIAL PRIMARY KEY,
    candidate_id    BIGINT  NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    recruiter_id    BIGINT  NOT NULL REFERENCES recruiters(id) ON DELETE CASCADE,
    technical       BIGINT  NOT NULL,
    communication   BIGINT  NOT NULL,
    problem_solving BIGINT  NOT NULL,
    culture         BIGINT  NOT NULL,
    recommendation  TEXT    NOT NULL,   -- strongYes | yes | no | strongNo
    notes           TEXT    NOT NULL DEFAULT '',
    created_at      BIGINT  NOT NULL,
    updated_at      BIGINT  NOT NULL,
    UNIQUE (candidate_id, recruiter_id)
);

-- The organisation's decision e-mails ('rejection', 'advance'); a missing row means the
-- built-in text.
CREATE TABLE email_templates (
    kind        TEXT    PRIMARY KEY,
    subject     TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    updated_at  BIGINT  NOT NULL,
    updated_by  BIGINT  REFERENCES recruiters(id) ON DELETE SET NULL
);

-- The append-only log of what happened to candidates. candidate_id and job_id carry no foreign
-- key: events outlive a deleted resume or a purged JD; an erasure deletes a person's events and
-- leaves one anonymous 'erased' event. actor_kind: recruiter | candidate | system; actor_name is
-- the recruiter's name when the event was written (a removed colleague's actions stay named).
CREATE TABLE activity_events (
    id            BIGSERIAL PRIMARY KEY,
    at            BIGINT  NOT NULL,
    kind          TEXT    NOT NULL,
    candidate_id  BIGINT,
    job_id        BIGINT,
    actor_kind    TEXT    NOT NULL,
    actor_id      BIGINT,
    actor_name    TEXT,
    detail        TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX activity_candidate ON activity_events (candidate_id, id);
CREATE INDEX activity_job ON activity_events (job_id, id);
