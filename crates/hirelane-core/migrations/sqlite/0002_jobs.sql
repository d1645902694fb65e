-- Job descriptions. One folder holds one JD: `jdid` is the folder's opaque id, `id` the JD's
-- integer id (the API's jobDescId). A deleted JD stays here, in the bin, until it is purged.
CREATE TABLE jobs (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    jdid             TEXT    NOT NULL UNIQUE,
    jdname           TEXT    NOT NULL,
    jddescription    TEXT    NOT NULL DEFAULT '',
    key_skills       TEXT    NOT NULL DEFAULT '',
    experience       TEXT    NOT NULL DEFAULT '',
    additional_notes TEXT    NOT NULL DEFAULT '',
    apply_last_date  TEXT,
    resume_required  BOOLEAN NOT NULL DEFAULT TRUE,
    created_on       INTEGER NOT NULL,
    modified_on      INTEGER NOT NULL,
    created_by       INTEGER REFERENCES recruiters(id) ON DELETE SET NULL,
    deleted_at       INTEGER,
    deleted_by       INTEGER REFERENCES recruiters(id) ON DELETE SET NULL,
    delete_reason    TEXT
);
CREATE INDEX jobs_deleted_at ON jobs (deleted_at);
