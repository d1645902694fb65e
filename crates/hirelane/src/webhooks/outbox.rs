//! The outbox: an event becomes one delivery row per subscribed endpoint, written on the
//! transaction of the change it reports, so it is sent if and only if the change committed.
//! Only kernel imports here: the activity log (and any domain) calls it inside its own change.

use hirelane_core::clock::to_millis;
use hirelane_core::keys::random_token;
use jiff::Timestamp;

use crate::error::Result;
use crate::store::Tx;
use crate::with_tx;

/// An event as its source knows it.
#[derive(Debug, Clone, Copy)]
pub struct Event<'a> {
    /// `candidate.<activity kind>` or `job.<kind>` (see [`event_type`]).
    pub event_type: &'a str,
    pub candidate_id: Option<i64>,
    pub job_id: Option<i64>,
    /// What changed (the activity log's detail), JSON.
    pub detail: &'a str,
}

/// The webhook type of an event of `object` (`candidate`, `job`) named `kind` by its source.
pub fn event_type(object: &str, kind: &str) -> String {
    format!("{object}.{kind}")
}

/// Queues `event` for every endpoint subscribed to its type. Paused endpoints get it too: it
/// waits and goes out, in order, when an admin resumes them.
pub async fn enqueue(tx: &mut Tx, event: &Event<'_>, now: Timestamp) -> Result<u64> {
    let event_id = format!("evt_{}", random_token(18));
    let subscribed = format!("%,{},%", event.event_type);
    let at = to_millis(now);
    Ok(with_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO webhook_outbox (endpoint_id, event_id, event_type, candidate_id, job_id,
                detail, created_at, next_attempt_at)
             SELECT id, $1, $2, $3, $4, $5, $6, $6 FROM webhook_endpoints WHERE events LIKE $7",
        )
        .bind(&event_id)
        .bind(event.event_type)
        .bind(event.candidate_id)
        .bind(event.job_id)
        .bind(event.detail)
        .bind(at)
        .bind(&subscribed)
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?)
}

/// Empties what the deliveries of the erased candidates `ids` kept of them (their events'
/// details); the rows stay so the log still counts the deliveries.
pub async fn forget(tx: &mut Tx, ids: &[i64]) -> Result<()> {
    for id in ids {
        with_tx!(tx, |conn| {
            sqlx::query("UPDATE webhook_outbox SET detail = '{}' WHERE candidate_id = $1")
                .bind(id)
                .execute(&mut **conn)
                .await
                .map(drop)
        })?;
    }
    Ok(())
}
