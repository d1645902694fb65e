-- API tokens for integrators, made by an admin in Settings. Only the SHA-256 of the secret is
-- kept (the secret is shown once); `hint` is its first characters, so a list can say which
-- token an integrator holds. `scopes` is a space-separated list of scope names. A token acts
-- for the admin who made it and goes when they are removed.
CREATE TABLE api_tokens (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    name            TEXT    NOT NULL,
    token_hash      TEXT    NOT NULL UNIQUE,
    hint            TEXT    NOT NULL,
    scopes          TEXT    NOT NULL,
    created_by      INTEGER NOT NULL REFERENCES recruiters(id) ON DELETE CASCADE,
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER,
    revoked_at      INTEGER,
    last_used_at    INTEGER,
    last_used_from  TEXT
);
