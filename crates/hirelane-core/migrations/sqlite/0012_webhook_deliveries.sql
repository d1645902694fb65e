-- Voice webhook messages already processed, by the SHA-256 of their exact body: a replay (the
-- same bytes again, e.g. a captured plain-secret delivery) is answered and changes nothing.
-- Rows older than 30 days are pruned; the effects of every message are idempotent anyway.
CREATE TABLE webhook_deliveries (
    digest       TEXT    PRIMARY KEY,
    received_at  INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_received ON webhook_deliveries (received_at);
