-- Retention: people whose last activity is older than `retention.candidate_months` are told by
-- e-mail, then erased. A notice row says when their erasure is due; it is dropped when they
-- become active again. One run a day over every instance: the first to insert the day runs it.
CREATE TABLE retention_notices (
    email    TEXT    PRIMARY KEY,
    due_at   BIGINT  NOT NULL,
    sent_at  BIGINT  NOT NULL
);

CREATE TABLE retention_runs (
    day         TEXT    PRIMARY KEY,
    started_at  BIGINT  NOT NULL
);

-- People who agreed, from their own page, to be kept for other jobs: not erased for inactivity.
-- Erasure removes the row with everything else about the address.
CREATE TABLE retention_keep (
    email      TEXT    PRIMARY KEY,
    agreed_at  BIGINT  NOT NULL
);
