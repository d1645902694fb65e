-- Full-text search over JDs and candidates (FTS5, Porter stemming so "developers" finds
-- "developer"). The indexes follow the tables through triggers, so every write path keeps them
-- current. The JD's description is indexed as plain text, kept beside its HTML.
ALTER TABLE jobs ADD COLUMN description_text TEXT NOT NULL DEFAULT '';

CREATE VIRTUAL TABLE job_search USING fts5(
    jdname, key_skills, body,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER jobs_search_insert AFTER INSERT ON jobs BEGIN
    INSERT INTO job_search (rowid, jdname, key_skills, body)
    VALUES (new.id, new.jdname, new.key_skills,
            new.description_text || ' ' || new.experience || ' ' || new.additional_notes);
END;
CREATE TRIGGER jobs_search_update
AFTER UPDATE OF jdname, key_skills, description_text, experience, additional_notes ON jobs BEGIN
    DELETE FROM job_search WHERE rowid = old.id;
    INSERT INTO job_search (rowid, jdname, key_skills, body)
    VALUES (new.id, new.jdname, new.key_skills,
            new.description_text || ' ' || new.experience || ' ' || new.additional_notes);
END;
CREATE TRIGGER jobs_search_delete AFTER DELETE ON jobs BEGIN
    DELETE FROM job_search WHERE rowid = old.id;
END;

CREATE VIRTUAL TABLE candidate_search USING fts5(
    name, contacts, resume,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER candidates_search_insert AFTER INSERT ON candidates BEGIN
    INSERT INTO candidate_search (rowid, name, contacts, resume)
    VALUES (new.id, new.candidate_name, new.candidate_email || ' ' || new.candidate_phone,
            COALESCE(new.resume_text, ''));
END;
CREATE TRIGGER candidates_search_update
AFTER UPDATE OF candidate_name, candidate_email, candidate_phone, resume_text ON candidates BEGIN
    DELETE FROM candidate_search WHERE rowid = old.id;
    INSERT INTO candidate_search (rowid, name, contacts, resume)
    VALUES (new.id, new.candidate_name, new.candidate_email || ' ' || new.candidate_phone,
            COALESCE(new.resume_text, ''));
END;
CREATE TRIGGER candidates_search_delete AFTER DELETE ON candidates BEGIN
    DELETE FROM candidate_search WHERE rowid = old.id;
END;
