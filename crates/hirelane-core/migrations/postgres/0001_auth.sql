-- Recruiters, one-time sign-in codes, refresh tokens and shared rate-limit counters.
-- Instants are unix milliseconds (UTC) in both backends, so the same SQL compares them.

CREATE TABLE recruiters (
    id          BIGSERIAL PRIMARY KEY,
    email       TEXT      NOT NULL UNIQUE,
    full_name   TEXT      NOT NULL,
    created_at  BIGINT    NOT NULL
);

-- One live challenge per address. Rows exist for unregistered addresses too (recruiter_id NULL,
-- nothing mailed) so that every answer and limit looks the same whether or not the address is known.
CREATE TABLE otp_challenges (
    email               TEXT    PRIMARY KEY,
    recruiter_id        BIGINT  REFERENCES recruiters(id) ON DELETE CASCADE,
    code_hash           TEXT    NOT NULL,
    issued_at           BIGINT  NOT NULL,
    expires_at          BIGINT  NOT NULL,
    failed_attempts     BIGINT  NOT NULL DEFAULT 0,
    consumed            BOOLEAN NOT NULL DEFAULT FALSE,
    resend_window_start BIGINT  NOT NULL,
    resends             BIGINT  NOT NULL DEFAULT 0
);

CREATE TABLE refresh_tokens (
    id            BIGSERIAL PRIMARY KEY,
    recruiter_id  BIGINT  NOT NULL REFERENCES recruiters(id) ON DELETE CASCADE,
    family        TEXT    NOT NULL,
    token_hash    TEXT    NOT NULL UNIQUE,
    issued_at     BIGINT  NOT NULL,
    expires_at    BIGINT  NOT NULL,
    used_at       BIGINT,
    revoked_at    BIGINT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family);

CREATE TABLE rate_limits (
    bucket        TEXT    PRIMARY KEY,
    window_start  BIGINT  NOT NULL,
    hits          BIGINT  NOT NULL
);
