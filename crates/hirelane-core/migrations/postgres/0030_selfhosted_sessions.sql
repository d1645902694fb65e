-- A self-hosted interview's progress, written as it runs so that any instance can take it over
-- (a crash, a deploy, a reconnect that lands elsewhere). Instants are unix milliseconds.
--
-- state: the session as JSON (the plan with its follow-ups, the step in progress, answers,
-- flags, the recording's length so far). generation: bumped by every socket that opens the
-- interview; the newest one wins. held_generation / held_by: the socket (and instance) running
-- it, while one does, until lease_expires; a holder renews its lease every second.
CREATE TABLE selfhosted_sessions (
    call_id          TEXT    PRIMARY KEY,
    state            TEXT    NOT NULL,
    generation       BIGINT  NOT NULL,
    held_generation  BIGINT,
    held_by          TEXT,
    lease_expires    BIGINT  NOT NULL,
    updated_at       BIGINT  NOT NULL
);

-- Each finished step of an interview: its turns (JSON: the messages and the words heard) and
-- its stretch of the recording, a stereo PCM object in the file store (chunk_key, frames long).
-- A step asked again after a cut answer replaces its row, so each finished turn is kept once.
CREATE TABLE selfhosted_steps (
    call_id    TEXT    NOT NULL,
    step       BIGINT  NOT NULL,
    turns      TEXT    NOT NULL,
    chunk_key  TEXT    NOT NULL,
    frames     BIGINT  NOT NULL,
    PRIMARY KEY (call_id, step)
);
