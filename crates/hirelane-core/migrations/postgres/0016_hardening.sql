-- Sign-in codes and the wrong-code lock are kept per address AND client (the client address the
-- rate limits use), so a stranger's requests and wrong codes from one network neither replace,
-- delay nor lock the owner's own code from another. Codes live 15 minutes and locks a day at
-- most: the tables start empty again rather than guess a client for old rows.
DROP TABLE otp_challenges;
CREATE TABLE otp_challenges (
    email               TEXT    NOT NULL,
    client              TEXT    NOT NULL,
    recruiter_id        BIGINT  REFERENCES recruiters(id) ON DELETE CASCADE,
    code_hash           TEXT    NOT NULL,
    issued_at           BIGINT  NOT NULL,
    expires_at          BIGINT  NOT NULL,
    failed_attempts     BIGINT  NOT NULL DEFAULT 0,
    consumed            BOOLEAN NOT NULL DEFAULT FALSE,
    resend_window_start BIGINT  NOT NULL,
    resends             BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (email, client)
);

DROP TABLE sign_in_locks;
CREATE TABLE sign_in_locks (
    email         TEXT   NOT NULL,
    client        TEXT   NOT NULL,
    window_start  BIGINT NOT NULL,
    failures      BIGINT NOT NULL DEFAULT 0,
    locked_until  BIGINT,
    locks         BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (email, client)
);

-- The SHA-256 of a candidate's current file (hex), and of each earlier one: the same bytes sent
-- again (a retried upload) change nothing. NULL for files stored before it was kept.
ALTER TABLE candidates ADD COLUMN file_sha256 TEXT;
ALTER TABLE resume_history ADD COLUMN file_sha256 TEXT;
CREATE INDEX candidates_job_file ON candidates (job_id, file_sha256);
