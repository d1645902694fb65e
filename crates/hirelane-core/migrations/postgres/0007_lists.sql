-- The order of the unfiltered candidate lists changes only when a candidate is added or
-- removed or a JD enters or leaves the bin. `version` counts those changes, in the writer's
-- own transaction, so a server keeping that order in memory (candidates/pages.rs) knows when
-- its copy is stale, whichever instance made the change.
CREATE TABLE list_order (
    id        SMALLINT PRIMARY KEY CHECK (id = 1),
    version   BIGINT   NOT NULL,
    bumped_in BIGINT
);
INSERT INTO list_order (id, version) VALUES (1, 0);

-- Once per transaction, at commit: the row lock is taken after every other lock the
-- transaction holds (no lock-order cycle with other writers) and held only while it commits,
-- and a CSV import of thousands of rows changes the row once.
CREATE FUNCTION list_order_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE list_order SET version = version + 1, bumped_in = txid_current()
     WHERE id = 1 AND bumped_in IS DISTINCT FROM txid_current();
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER candidates_order AFTER INSERT OR DELETE OR UPDATE OF job_id, created_on
    ON candidates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_order_bump();
CREATE CONSTRAINT TRIGGER jobs_order AFTER DELETE OR UPDATE OF deleted_at
    ON jobs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_order_bump();

-- A JD's candidate counts (every JD look-up shows them) from the index alone, per JD, instead
-- of counting every candidate of every JD.
CREATE INDEX candidates_job_status ON candidates (job_id, analysis_status);
