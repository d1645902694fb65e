-- Every stage a candidate entered and when (unix ms): the history the reports read days in each
-- stage, time to hire and people's decisions from (docs/reports.md). The stage a candidate
-- starts in, New, is their created_on and has no row. by_recruiter is the person who moved
-- them (NULL for the system's steps and the candidate's own withdrawal); like the activity
-- log's actor_id it has no foreign key, so removing a colleague leaves the history whole.
CREATE TABLE stage_entries (
    id            BIGSERIAL PRIMARY KEY,
    candidate_id  BIGINT  NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    stage         TEXT    NOT NULL,
    entered_at    BIGINT  NOT NULL,
    by_recruiter  BIGINT
);
CREATE INDEX stage_entries_candidate ON stage_entries (candidate_id, entered_at);
CREATE INDEX stage_entries_recruiter ON stage_entries (by_recruiter, entered_at);

-- The history so far, from the activity log's stage changes.
INSERT INTO stage_entries (candidate_id, stage, entered_at, by_recruiter)
SELECT e.candidate_id, (e.detail::json ->> 'to'), e.at,
       CASE WHEN e.actor_kind = 'recruiter' THEN e.actor_id END
  FROM activity_events e JOIN candidates c ON c.id = e.candidate_id
 WHERE e.kind = 'stageChanged' AND (e.detail::json ->> 'to') IS NOT NULL
 ORDER BY e.id;
