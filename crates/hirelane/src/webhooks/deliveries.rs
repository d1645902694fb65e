//! The outbox's rows as deliveries: claimed by exactly one worker of all instances (a lease
//! and, on PostgreSQL, `FOR UPDATE SKIP LOCKED`), in order per candidate (or job) and
//! endpoint, retried on a fixed schedule, and listed in the endpoint's delivery log.

use hirelane_core::clock::to_millis;
use hirelane_core::keys::random_token;
use hirelane_core::stored_text;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

use crate::error::Result;
use crate::store::Db;
use crate::{execute, fetch_as};

/// Where a delivery stands.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum DeliveryStatus {
    /// Not yet sent, or to be retried at `next_attempt_at`.
    Pending,
    Delivered,
    /// Every retry failed; "send again" starts it over.
    Failed,
}

stored_text!(DeliveryStatus);

/// How long after each failed attempt the next one is made: seven attempts over 17 h 35 min.
pub const RETRY_AFTER: [SignedDuration; 6] = [
    SignedDuration::from_secs(5),
    SignedDuration::from_mins(5),
    SignedDuration::from_mins(30),
    SignedDuration::from_hours(2),
    SignedDuration::from_hours(5),
    SignedDuration::from_hours(10),
];

/// A delivery a worker holds, with its endpoint.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub endpoint_id: i64,
    pub event_id: String,
    pub event_type: String,
    pub candidate_id: Option<i64>,
    pub job_id: Option<i64>,
    pub detail: String,
    pub created_at: i64,
    pub attempts: i64,
    pub lease_token: String,
    pub url: String,
    pub secret: String,
    pub include_personal: bool,
}

/// Claims up to `limit` due deliveries for `lease`. A delivery is due when its time came, its
/// endpoint is active, and no earlier delivery about the same subject to the same endpoint is
/// still pending (in flight or waiting for a retry): that keeps each candidate's events in
/// order, and each job's (the events about no candidate, keyed by their job).
pub async fn claim(
    db: &Db,
    now: Timestamp,
    lease: SignedDuration,
    limit: usize,
) -> Result<Vec<Claimed>> {
    let now_ms = to_millis(now);
    let token = random_token(16);
    let lock = match db {
        Db::Postgres(_) => " FOR UPDATE OF o SKIP LOCKED",
        Db::Sqlite(_) => "",
    };
    let sql = format!(
        "UPDATE webhook_outbox SET lease_until = $1, lease_token = $3
         WHERE id IN (
            SELECT o.id FROM webhook_outbox o
            JOIN webhook_endpoints e ON e.id = o.endpoint_id
            WHERE o.status = 'pending' AND o.next_attempt_at <= $2
              AND (o.lease_until IS NULL OR o.lease_until <= $2)
              AND e.state = 'active'
              AND NOT EXISTS (
                SELECT 1 FROM webhook_outbox p
                WHERE p.endpoint_id = o.endpoint_id
                  AND (p.candidate_id = o.candidate_id
                       OR (p.candidate_id IS NULL AND o.candidate_id IS NULL
                           AND p.job_id = o.job_id))
                  AND p.status = 'pending' AND p.id < o.id)
            ORDER BY o.id LIMIT $4{lock})"
    );
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let until = now_ms + lease.as_millis() as i64;
    execute!(
        db,
        sqlx::AssertSqlSafe(sql.as_str()),
        (until, now_ms, &token, limit)
    )?;
    Ok(fetch_as!(
        db,
        fetch_all,
        "SELECT o.id, o.endpoint_id, o.event_id, o.event_type, o.candidate_id, o.job_id, o.detail,
            o.created_at, o.attempts, o.lease_token, e.url, e.secret, e.include_personal
         FROM webhook_outbox o JOIN webhook_endpoints e ON e.id = o.endpoint_id
         WHERE o.lease_token = $1 ORDER BY o.id",
        (&token)
    )?)
}

/// What one attempt came to.
#[derive(Debug, Clone)]
pub struct Attempt {
    /// The endpoint's HTTP status, when it answered.
    pub response_code: Option<u16>,
    pub latency_ms: i64,
    /// Why it failed (no answer, a refused target, a status other than 2xx).
    pub error: Option<String>,
}

impl Attempt {
    pub fn succeeded(&self) -> bool {
        self.error.is_none()
    }
}

/// Stores an attempt's outcome if the worker still holds the delivery; returns whether it did.
/// A failure is retried after [`RETRY_AFTER`]'s next interval, or fails for good after the last.
pub async fn finish(db: &Db, claimed: &Claimed, attempt: &Attempt, now: Timestamp) -> Result<bool> {
    let at = to_millis(now);
    let attempts = claimed.attempts + 1;
    let (status, next) = match (attempt.succeeded(), retry_after(claimed.attempts)) {
        (true, _) => (DeliveryStatus::Delivered, at),
        (false, Some(wait)) => (DeliveryStatus::Pending, at + wait.as_millis() as i64),
        (false, None) => (DeliveryStatus::Failed, at),
    };
    let delivered_at = attempt.succeeded().then_some(at);
    Ok(execute!(
        db,
        "UPDATE webhook_outbox SET status = $3, attempts = $4, next_attempt_at = $5,
            response_code = $6, latency_ms = $7, last_error = $8, delivered_at = $9,
            lease_until = NULL, lease_token = NULL
         WHERE id = $1 AND lease_token = $2",
        (
            claimed.id,
            &claimed.lease_token,
            status.as_str(),
            attempts,
            next,
            attempt.response_code.map(i64::from),
            attempt.latency_ms,
            attempt.error.as_deref(),
            delivered_at
        )
    )? == 1)
}

/// How long to wait after the attempt that made `attempts_before + 1` attempts; none after the
/// last.
pub fn retry_after(attempts_before: i64) -> Option<SignedDuration> {
    usize::try_from(attempts_before)
        .ok()
        .and_then(|n| RETRY_AFTER.get(n).copied())
}

/// A row of the delivery log.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeliveryRow {
    pub id: i64,
    pub event_id: String,
    pub event_type: String,
    pub candidate_id: Option<i64>,
    pub created_at: i64,
    #[sqlx(try_from = "String")]
    pub status: DeliveryStatus,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub response_code: Option<i64>,
    pub latency_ms: Option<i64>,
    pub last_error: Option<String>,
    pub delivered_at: Option<i64>,
}

/// The endpoint's latest deliveries, newest first.
pub async fn list(db: &Db, endpoint_id: i64, limit: i64) -> Result<Vec<DeliveryRow>> {
    Ok(fetch_as!(
        db,
        fetch_all,
        "SELECT id, event_id, event_type, candidate_id, created_at, status, attempts,
            next_attempt_at, response_code, latency_ms, last_error, delivered_at
         FROM webhook_outbox WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2",
        (endpoint_id, limit)
    )?)
}

/// "Send again": the delivery is due now with a fresh retry schedule (a receiver that already
/// has it recognises the event id). Whether it exists.
pub async fn resend(db: &Db, endpoint_id: i64, id: i64, now: Timestamp) -> Result<bool> {
    Ok(execute!(
        db,
        "UPDATE webhook_outbox SET status = 'pending', attempts = 0, next_attempt_at = $3,
            lease_until = NULL, lease_token = NULL
         WHERE id = $1 AND endpoint_id = $2",
        (id, endpoint_id, to_millis(now))
    )? == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_back_as_written() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<DeliveryStatus>(),
            Ok(())
        );
    }

    #[test]
    fn retries_back_off_for_more_than_twelve_hours_then_stop() {
        assert_eq!(retry_after(0), Some(SignedDuration::from_secs(5)));
        assert_eq!(retry_after(5), Some(SignedDuration::from_hours(10)));
        assert_eq!(retry_after(6), None);
        let total = RETRY_AFTER
            .iter()
            .fold(SignedDuration::ZERO, |sum, wait| sum + *wait);
        assert!(total >= SignedDuration::from_hours(12));
        for pair in RETRY_AFTER.windows(2) {
            assert!(pair[0] < pair[1], "each wait is longer than the last");
        }
    }
}
