//! The page's conduct events as stored: at most [`MAX_EVENTS_PER_INVITE`] per invite.

use hirelane_core::clock::to_millis;
use jiff::Timestamp;

use super::{CallSpan, ConductKind, MAX_EVENTS_PER_INVITE};
use crate::error::{Error, ErrorCode, Result};
use crate::fetch_as;
use crate::store::{Db, Tx};

/// One event of a batch, its time already on the server's clock (unix milliseconds).
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub seq: i64,
    pub kind: ConductKind,
    pub question: Option<i64>,
    pub at: i64,
}

/// An event as stored.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Reported {
    pub kind: ConductKind,
    pub question: Option<i64>,
    pub at: i64,
}

/// The batch a page sends, for one invite and call.
pub struct Batch<'a> {
    pub invite_id: i64,
    pub call_id: Option<&'a str>,
    pub page_id: &'a str,
    pub events: &'a [NewEvent],
}

/// Keeps a batch, all or nothing: refused with `conduct_log_full` when the invite's log would
/// pass its cap. An event the page sent before (same page and sequence number) is kept once.
/// Answers how many events the invite's log now holds.
pub async fn store(db: &Db, batch: &Batch<'_>, now: Timestamp) -> Result<i64> {
    let mut tx = db.begin_write().await?;
    // Two batches at once must not both pass the cap: on PostgreSQL the invite's row is locked
    // first, so the second waits and counts what the first kept; SQLite's write transaction
    // already runs them one at a time.
    if matches!(db, Db::Postgres(_)) {
        crate::with_tx!(&mut tx, |conn| {
            sqlx::query("SELECT id FROM interview_invites WHERE id = $1 FOR UPDATE")
                .bind(batch.invite_id)
                .execute(&mut **conn)
                .await
                .map(drop)
        })?;
    }
    let held = count(&mut tx, batch.invite_id).await?;
    if held + batch.events.len() as i64 > MAX_EVENTS_PER_INVITE {
        return Err(Error::Conflict {
            code: ErrorCode::ConductLogFull,
            message: format!(
                "This interview's conduct log is full ({MAX_EVENTS_PER_INVITE} events); no more are kept."
            ),
        });
    }
    for event in batch.events {
        crate::with_tx!(&mut tx, |conn| {
            sqlx::query(
                "INSERT INTO conduct_events
                    (invite_id, call_id, page_id, seq, kind, question, at, received_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (invite_id, page_id, seq) DO NOTHING",
            )
            .bind(batch.invite_id)
            .bind(batch.call_id)
            .bind(batch.page_id)
            .bind(event.seq)
            .bind(event.kind.as_str())
            .bind(event.question)
            .bind(event.at)
            .bind(to_millis(now))
            .execute(&mut **conn)
            .await
            .map(drop)
        })?;
    }
    let held = count(&mut tx, batch.invite_id).await?;
    tx.commit().await?;
    Ok(held)
}

async fn count(tx: &mut Tx, invite_id: i64) -> Result<i64> {
    Ok(crate::with_tx!(tx, |conn| {
        sqlx::query_scalar("SELECT COUNT(*) FROM conduct_events WHERE invite_id = $1")
            .bind(invite_id)
            .fetch_one(&mut **conn)
            .await
    })?)
}

/// The events of a call: those reported for it, and, when the browser started the call itself
/// (its events name no call), those of its invite reported while it ran.
pub async fn of_call(db: &Db, call: &CallSpan) -> Result<Vec<Reported>> {
    Ok(fetch_as!(
        db,
        fetch_all,
        "SELECT kind, question, at FROM conduct_events
         WHERE call_id = $1
            OR (call_id IS NULL AND invite_id = $2 AND at >= $3 AND at <= $4)
         ORDER BY at, id",
        (
            &call.id,
            call.invite_id.unwrap_or(-1),
            call.started_at.unwrap_or(i64::MAX),
            call.ended_at.unwrap_or(i64::MIN)
        )
    )?)
}
