//! A job's webhook events: `job.published` when its public page appears (published, or a
//! published JD back from the bin) and `job.closed` when it goes (unpublished, or the JD moved
//! to the bin while published). Each is queued on the transaction of the change, as the
//! activity log queues the candidates' events, so it is sent if and only if the change happened.

use serde_json::json;
use strum::{IntoStaticStr, VariantArray};

use super::postings::page_url;
use crate::error::{Error, ErrorCode, Result};
use crate::jobs::lookup::INVALID_ID;
use crate::state::AppState;
use crate::store::Tx;
use crate::webhooks::outbox::{self, Event};
use crate::with_tx;

/// A change of a job's public page; subscribed to as `job.<kind>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, IntoStaticStr, VariantArray)]
#[strum(serialize_all = "camelCase")]
pub enum JobEvent {
    Published,
    Closed,
}

impl JobEvent {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Whether the page of `job_id` is published, read inside `tx` after locking the JD's row, so
/// a concurrent save or move to the bin of the same JD waits for this transaction (SQLite's
/// write transaction already holds the whole database). Not found when the JD is in the bin.
pub async fn lock_published(tx: &mut Tx, job_id: i64) -> Result<bool> {
    let lock = match tx {
        Tx::Postgres(_) => " FOR UPDATE OF j",
        Tx::Sqlite(_) => "",
    };
    let sql = format!(
        "SELECT p.published FROM jobs j LEFT JOIN job_postings p ON p.job_id = j.id
         WHERE j.id = $1 AND j.deleted_at IS NULL{lock}"
    );
    let found: Option<Option<bool>> = with_tx!(tx, |conn| {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(job_id)
            .fetch_optional(&mut **conn)
            .await
    })?;
    match found {
        Some(published) => Ok(published.unwrap_or(false)),
        None => Err(Error::not_found(ErrorCode::InvalidId, INVALID_ID)),
    }
}

/// Queues the event a save from `was` to `now_published` makes, if any.
pub async fn published_changed(
    state: &AppState,
    tx: &mut Tx,
    job_id: i64,
    slug: &str,
    (was, now_published): (bool, bool),
) -> Result<()> {
    match (was, now_published) {
        (false, true) => enqueue(state, tx, JobEvent::Published, job_id, slug, "published").await,
        (true, false) => enqueue(state, tx, JobEvent::Closed, job_id, slug, "unpublished").await,
        _ => Ok(()),
    }
}

/// The JD `job_id` went to the bin (`binned`) or came back from it, on `tx`: its page, if
/// published, closed or opened again.
pub async fn bin_changed(state: &AppState, tx: &mut Tx, job_id: i64, binned: bool) -> Result<()> {
    let slug: Option<String> = with_tx!(tx, |conn| {
        sqlx::query_scalar("SELECT slug FROM job_postings WHERE job_id = $1 AND published")
            .bind(job_id)
            .fetch_optional(&mut **conn)
            .await
    })?;
    let Some(slug) = slug else {
        return Ok(());
    };
    let (event, reason) = match binned {
        true => (JobEvent::Closed, "deleted"),
        false => (JobEvent::Published, "restored"),
    };
    enqueue(state, tx, event, job_id, &slug, reason).await
}

async fn enqueue(
    state: &AppState,
    tx: &mut Tx,
    event: JobEvent,
    job_id: i64,
    slug: &str,
    reason: &str,
) -> Result<()> {
    let detail = json!({"reason": reason, "slug": slug, "url": page_url(state, slug)}).to_string();
    let event = Event {
        event_type: &outbox::event_type("job", event.as_str()),
        candidate_id: None,
        job_id: Some(job_id),
        detail: &detail,
    };
    outbox::enqueue(tx, &event, state.clock.now()).await?;
    Ok(())
}
