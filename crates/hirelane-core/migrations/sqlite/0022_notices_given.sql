-- Which version of the notice (careers.privacy_notice + careers.ai_notice, kept whole in
-- consent_notices) each candidate was given, where and when: on applying (applications keeps
-- that one), and in every interview invitation. A changed notice never rewrites these rows.
CREATE TABLE notices_given (
    candidate_id  INTEGER NOT NULL REFERENCES candidates(id) ON DELETE CASCADE,
    version       TEXT    NOT NULL REFERENCES consent_notices(version),
    channel       TEXT    NOT NULL,   -- invite
    given_at      INTEGER NOT NULL,
    PRIMARY KEY (candidate_id, version, channel)
);
