-- The hiring reports read every candidate, stage entry and invite of a period (50,000 candidates
-- answer in the budget of docs/benchmarks.md only if they need not visit each table row): the
-- indexes hold the columns the reports read.
CREATE INDEX candidates_report
    ON candidates (job_id, created_on, source, stage, furthest_stage, recommendation);
CREATE INDEX interview_invites_report
    ON interview_invites (candidate_id, state, interview_at, completed_at);
-- In (entered_at, id) order, a candidate's stays need no sort.
DROP INDEX stage_entries_candidate;
CREATE INDEX stage_entries_candidate ON stage_entries (candidate_id, entered_at, id, stage);
-- Time to hire reads the few Hired entries only.
CREATE INDEX stage_entries_stage ON stage_entries (stage, candidate_id, entered_at);
DROP INDEX stage_entries_recruiter;
CREATE INDEX stage_entries_recruiter ON stage_entries (by_recruiter, entered_at, candidate_id);
CREATE INDEX scorecards_created ON scorecards (created_at, recruiter_id, candidate_id);
