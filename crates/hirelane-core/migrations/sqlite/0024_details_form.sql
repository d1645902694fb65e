-- The candidate's next-step details form as the organisation's admins configured it (one
-- deployment is one organisation, so one row): the JSON of the spec's questions (on, required,
-- label), the office's name, the pay unit and the custom questions. No row means the spec's
-- form exactly as it is.
CREATE TABLE details_form_settings (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    settings    TEXT    NOT NULL,
    updated_by  INTEGER REFERENCES recruiters(id) ON DELETE SET NULL,
    updated_at  INTEGER NOT NULL
);
