-- Bias audits an admin chose to publish on the public "How we score" page: the audit as it was
-- computed (JSON, aggregate figures only), newest shown. Withdrawing one deletes it.
CREATE TABLE fairness_summaries (
    id            BIGSERIAL PRIMARY KEY,
    published_at  BIGINT  NOT NULL,
    published_by  TEXT    NOT NULL,
    summary       TEXT    NOT NULL
);
