-- The self-hosted interviewer (voice.provider = "selfhosted"): it keeps its assistants and calls
-- here, in the shapes Vapi's API answers with, so everything above the provider (scheduling,
-- joining, history, analysis, evidence, the reconciler) works unchanged. Instants are unix
-- milliseconds.
CREATE TABLE selfhosted_assistants (
    id          TEXT    PRIMARY KEY,
    body        TEXT    NOT NULL,        -- the assistant as Vapi describes one (JSON)
    created_at  BIGINT NOT NULL
);

-- token_hash: SHA-256 of the secret the candidate's browser opens the interview's audio socket
-- with (returned once, as the call's transport.callToken); it stops working at token_expires.
CREATE TABLE selfhosted_calls (
    id             TEXT    PRIMARY KEY,
    assistant_id   TEXT    NOT NULL,
    body           TEXT    NOT NULL,     -- the call as Vapi describes one (JSON)
    status         TEXT    NOT NULL,     -- queued | in-progress | ended
    token_hash     TEXT    NOT NULL,
    token_expires  BIGINT NOT NULL,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX selfhosted_calls_created ON selfhosted_calls (created_at);
