-- The interview conduct log: what the candidate's join page saw during the interview (the tab
-- hidden, the window losing focus, the microphone changing or muting, reconnects), with the
-- server's time of each. Never read by the grader; shown to recruiters beside the transcript.
-- At most a fixed number of rows per invite (the route refuses more), so a page cannot grow the
-- table without bound; `page_id` + `seq` make a batch the page sends again a no-op.
CREATE TABLE conduct_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    invite_id   INTEGER NOT NULL REFERENCES interview_invites(id) ON DELETE CASCADE,
    call_id     TEXT,
    page_id     TEXT    NOT NULL,
    seq         INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    question    INTEGER,
    at          INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    UNIQUE (invite_id, page_id, seq)
);
CREATE INDEX conduct_events_call ON conduct_events (call_id);
