-- The order of the unfiltered candidate lists changes only when a candidate is added or
-- removed or a JD enters or leaves the bin. `version` counts those changes, in the writer's
-- own transaction, so a server keeping that order in memory (candidates/pages.rs) knows when
-- its copy is stale, whichever instance made the change.
CREATE TABLE list_order (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO list_order (id, version) VALUES (1, 0);
CREATE TRIGGER candidates_order_insert AFTER INSERT ON candidates BEGIN
    UPDATE list_order SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER candidates_order_delete AFTER DELETE ON candidates BEGIN
    UPDATE list_order SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER candidates_order_update AFTER UPDATE OF job_id, created_on ON candidates BEGIN
    UPDATE list_order SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER jobs_order_bin AFTER UPDATE OF deleted_at ON jobs BEGIN
    UPDATE list_order SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER jobs_order_delete AFTER DELETE ON jobs BEGIN
    UPDATE list_order SET version = version + 1 WHERE id = 1;
END;

-- A JD's candidate counts (every JD look-up shows them) from the index alone, per JD, instead
-- of counting every candidate of every JD.
CREATE INDEX candidates_job_status ON candidates (job_id, analysis_status);
