-- API tokens for integrators, made by an admin in Settings. Only the SHA-256 of the secret is
-- kept (the secret is shown once); `hint` is its first characters, so a list can say which
-- token an integrator holds. `scopes` is a space-separated list of scope names. A token acts
-- for the admin who made it and goes when they are removed.
CREATE TABLE api_tokens (
    id              BIGSERIAL PRIMARY KEY,
    name            TEXT    NOT NULL,
    token_hash      TEXT    NOT NULL UNIQUE,
    hint            TEXT    NOT NULL,
    scopes          TEXT    NOT NULL,
    created_by      BIGINT  NOT NULL REFERENCES recruiters(id) ON DELETE CASCADE,
    created_at      BIGINT  NOT NULL,
    expires_at      BIGINT,
    revoked_at      BIGINT,
    last_used_at    BIGINT,
    last_used_from  TEXT
);
