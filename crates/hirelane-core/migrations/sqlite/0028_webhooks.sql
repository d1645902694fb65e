-- Outgoing webhooks: the endpoints admins subscribe, and the outbox of their deliveries. An
-- outbox row is written in the transaction of the change it reports (one per subscribed,
-- active endpoint), so an event is never lost nor sent for a change that was rolled back.
CREATE TABLE webhook_endpoints (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    url                   TEXT    NOT NULL,
    -- The subscribed event types, each between commas (",candidate.invited,"), so one LIKE
    -- finds the endpoints of a type on both databases.
    events                TEXT    NOT NULL,
    include_personal      BOOLEAN NOT NULL DEFAULT FALSE,
    -- The signing key, base64 (the secret shown once is "whsec_" followed by it).
    secret                TEXT    NOT NULL,
    state                 TEXT    NOT NULL DEFAULT 'active',
    consecutive_failures  INTEGER NOT NULL DEFAULT 0,
    failing_since         INTEGER,
    created_at            INTEGER NOT NULL,
    created_by            INTEGER REFERENCES recruiters(id) ON DELETE SET NULL
);

CREATE TABLE webhook_outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint_id      INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    -- The event's id, the same for every endpoint it is sent to (receivers de-duplicate on it).
    event_id         TEXT    NOT NULL,
    event_type       TEXT    NOT NULL,
    candidate_id     INTEGER,
    job_id           INTEGER,
    detail           TEXT    NOT NULL DEFAULT '{}',
    created_at       INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'pending',
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER NOT NULL,
    -- While a worker sends it: until when, and which claim (a late worker's result is ignored).
    lease_until      INTEGER,
    lease_token      TEXT,
    response_code    INTEGER,
    latency_ms       INTEGER,
    last_error       TEXT,
    delivered_at     INTEGER
);
CREATE INDEX webhook_outbox_due ON webhook_outbox (status, next_attempt_at);
CREATE INDEX webhook_outbox_order ON webhook_outbox (endpoint_id, candidate_id, id);
