-- Job descriptions. One folder holds one JD: `jdid` is the folder's opaque id, `id` the JD's
-- integer id (the API's jobDescId). A deleted JD stays here, in the bin, until it is purged.
CREATE TABLE jobs (
    id               BIGSERIAL PRIMARY KEY,
    jdid             TEXT    NOT NULL UNIQUE,
    jdname           TEXT    NOT NULL,
    jddescription    TEXT    NOT NULL DEFAULT '',
    key_skills       TEXT    NOT NULL DEFAULT '',
    experience       TEXT    NOT NULL DEFAULT '',
    additional_notes TEXT    NOT NULL DEFAULT '',
    apply_last_date  TEXT,
    resume_required  BOOLEAN NOT NULL DEFAULT TRUE,
    created_on       BIGINT  NOT NULL,
    modified_on      BIGINT  NOT NULL,
    created_by       BIGINT  REFERENCES recruiters(id) ON DELETE SET NULL,
    deleted_at       BIGINT,
    deleted_by       BIGINT  REFERENCES recruiters(id) ON DELETE SET NULL,
    delete_reason    TEXT
);
CREATE INDEX jobs_deleted_at ON jobs (deleted_at);
