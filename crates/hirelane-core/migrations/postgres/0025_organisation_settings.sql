-- Settings an admin edits in the app (the organisation's name), by key. A saved value takes
-- precedence over the configuration's default; a key without a row reads the configuration.
CREATE TABLE organisation_settings (
    key         TEXT    PRIMARY KEY,
    value       TEXT    NOT NULL,
    updated_at  BIGINT  NOT NULL,
    updated_by  BIGINT  REFERENCES recruiters(id) ON DELETE SET NULL
);
