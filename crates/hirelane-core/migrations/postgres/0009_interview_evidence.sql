-- Evidence and integrity of interview calls (issue: trustworthy AI interviews).
-- invite_id: the invite a call belongs to, set when we create the call for it or when a
--   report's signed reference names it; every call of an invite is one attempt.
-- questions: the assistant's scripted questions when the call was created (JSON array), so the
--   per-question breakdown covers every one even where the provider's analysis skips some.
-- turns: the conversation as turns (JSON: speaker, text, start and end seconds).
-- integrity: 'verified' (the call ran with exactly our assistant and variables), 'failed'
--   (something outside changed it: never scored) or 'unchecked' (a call of no invite, made
--   elsewhere); integrity_detail says what was found.
-- verdict: why interview_status is what it is (JSON: the rule and the evidence's gaps).
ALTER TABLE voice_calls ADD COLUMN invite_id BIGINT;
ALTER TABLE voice_calls ADD COLUMN questions TEXT;
ALTER TABLE voice_calls ADD COLUMN turns TEXT;
ALTER TABLE voice_calls ADD COLUMN integrity TEXT;
ALTER TABLE voice_calls ADD COLUMN integrity_detail TEXT;
ALTER TABLE voice_calls ADD COLUMN verdict TEXT;
CREATE INDEX voice_calls_invite ON voice_calls (invite_id, started_at);
-- Which attempt counts: the first call that started, unless a recruiter chose another one.
ALTER TABLE interview_invites ADD COLUMN counted_by BIGINT REFERENCES recruiters(id) ON DELETE SET NULL;
ALTER TABLE interview_invites ADD COLUMN counted_at BIGINT;
-- Calls made before this migration belong to the invite that points at them.
UPDATE voice_calls SET invite_id = (
    SELECT MIN(i.id) FROM interview_invites i WHERE i.call_id = voice_calls.id
) WHERE EXISTS (SELECT 1 FROM interview_invites i WHERE i.call_id = voice_calls.id);
