//! Fixed-window request counters kept in the database, so a limit holds across every server
//! instance sharing it. One atomic upsert per hit; no read-modify-write race.

use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};

use crate::error::{Error, ErrorCode, Result};
use crate::store::Db;
use crate::{execute, fetch_as};

/// A limit: at most `max` hits per `window`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: i64,
    pub window: SignedDuration,
}

impl Limit {
    pub const fn per_minutes(max: i64, minutes: i64) -> Self {
        Self {
            max,
            window: SignedDuration::from_mins(minutes),
        }
    }
}

/// Counts a hit on `bucket` and refuses it with 429 when the window's limit is exceeded.
pub async fn hit(db: &Db, bucket: &str, limit: Limit, now: Timestamp) -> Result<()> {
    let now_ms = to_millis(now);
    let window_ms = limit.window.as_millis() as i64;
    let expired_before = now_ms - window_ms;
    // In both dialects every SET expression reads the row as it was before the update.
    let (hits, window_start): (i64, i64) = fetch_as!(
        db,
        fetch_one,
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
           window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2
                               ELSE rate_limits.window_start END
         RETURNING hits, window_start",
        (bucket, now_ms, expired_before)
    )?;
    if hits > limit.max {
        let retry_after_ms = (window_start + window_ms - now_ms).max(1000);
        return Err(Error::too_many(
            ErrorCode::RateLimited,
            "Too many requests. Please try again later.",
            (retry_after_ms as u64).div_ceil(1000),
        ));
    }
    Ok(())
}

/// Deletes counters whose window ended long ago.
pub async fn prune(db: &Db, now: Timestamp) -> Result<u64> {
    let cutoff = to_millis(now) - SignedDuration::from_hours(24).as_millis() as i64;
    let done = execute!(
        db,
        "DELETE FROM rate_limits WHERE window_start < $1",
        (cutoff)
    )?;
    Ok(done)
}
