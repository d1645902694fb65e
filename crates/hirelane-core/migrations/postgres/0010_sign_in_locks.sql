-- Failed sign-in verifications per address across all its codes: a new code does not reset
-- them. Ten in an hour lock the address (15 minutes, doubling with each lock, at most a day).
CREATE TABLE sign_in_locks (
    email         TEXT    PRIMARY KEY,
    window_start  BIGINT NOT NULL,
    failures      BIGINT NOT NULL DEFAULT 0,
    locked_until  BIGINT,
    locks         BIGINT NOT NULL DEFAULT 0
);
