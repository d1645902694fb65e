//! A self-hosted interview's progress in the database and the file store, written as it runs:
//! the session (plan with its follow-ups, step in progress, answers, flags, the recording's
//! length) and each finished step (its turns, and its stretch of the recording as a chunk in
//! the file store). Whichever instance runs the interview next starts from here, so a crash,
//! a deploy or a reconnect that lands on another instance loses at most the step in progress,
//! which is asked again.

use hirelane_core::clock::{from_millis, to_millis};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::plan::Plan;
use crate::error::{Error, Result};
use crate::store::Db;
use crate::store::files::FileStore;
use crate::{execute, fetch_as, fetch_scalar, with_tx};

/// The part of an interview that outlives the instance running it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Durable {
    /// The call as the provider reports it (its `startedAt`, overrides, …).
    pub call: Value,
    pub plan: Plan,
    /// The step in progress; it moves on only when the step is stored.
    pub step: usize,
    /// The answer to each scripted question, and whether it was asked.
    pub answers: Vec<String>,
    pub asked: Vec<bool>,
    /// What a strong answer to each scripted question covers (empty: no follow-ups), and
    /// whether it has had its one follow-up.
    pub key_points: Vec<Vec<String>>,
    pub followed_up: Vec<bool>,
    /// Whether an answer to each scripted question could not be transcribed.
    pub not_transcribed: Vec<bool>,
    /// Unix milliseconds.
    pub started_at: i64,
    /// The assistant's length cap: past it the interviewer goes straight to the closing.
    pub max_seconds: f64,
    /// Frames of the recording kept as chunks of finished steps.
    pub recorded_frames: u64,
}

impl Durable {
    pub fn started_at(&self) -> Timestamp {
        from_millis(self.started_at)
    }
}

/// A finished step as stored: its turns in the provider's shape (`artifact.messages`), the
/// words heard in its answer, and its chunk of the recording.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct StoredStep {
    pub messages: Vec<Value>,
    /// `[{word, start, end}]`, seconds of the recording.
    pub words: Vec<Value>,
}

/// The file-store key of a step's chunk of the recording.
pub fn chunk_key(call_id: &str, step: usize) -> String {
    format!("recordings/selfhosted/{call_id}/step-{step:05}.pcm")
}

fn invalid(e: impl std::fmt::Display) -> Error {
    Error::Internal(anyhow::anyhow!("a stored self-hosted interview: {e}"))
}

fn files_failed(e: impl std::fmt::Display) -> Error {
    Error::Internal(anyhow::anyhow!(
        "the file store, for a self-hosted interview: {e}"
    ))
}

/// Stores a new interview's session; `false` when it already had one (another socket opened
/// it first).
pub(super) async fn create(
    db: &Db,
    call_id: &str,
    durable: &Durable,
    now: Timestamp,
) -> Result<bool> {
    let state = serde_json::to_string(durable).map_err(invalid)?;
    let created = execute!(
        db,
        "INSERT INTO selfhosted_sessions (call_id, state, generation, lease_expires, updated_at)
         VALUES ($1, $2, 0, $3, $3) ON CONFLICT (call_id) DO NOTHING",
        (call_id, state, to_millis(now))
    )?;
    Ok(created == 1)
}

/// The interview's session as last stored.
pub(super) async fn load(db: &Db, call_id: &str) -> Result<Option<Durable>> {
    let state: Option<String> = fetch_scalar!(
        db,
        fetch_optional,
        "SELECT state FROM selfhosted_sessions WHERE call_id = $1",
        (call_id)
    )?;
    state
        .map(|s| serde_json::from_str(&s).map_err(invalid))
        .transpose()
}

/// Stores a finished step (number `step` of the plan) and the session after it, only while
/// socket `generation` holds the interview; `false` when it no longer does (nothing is kept:
/// the holder's step is asked again). The chunk goes first, so a stored step always has it.
#[allow(clippy::too_many_arguments)]
pub(super) async fn finish_step(
    db: &Db,
    files: &FileStore,
    call_id: &str,
    generation: i64,
    step: usize,
    turns: &StoredStep,
    chunk: Vec<u8>,
    after: &Durable,
    now: Timestamp,
) -> Result<bool> {
    let key = chunk_key(call_id, step);
    let frames = (chunk.len() / 4) as i64;
    files.put(&key, chunk).await.map_err(files_failed)?;
    let state = serde_json::to_string(after).map_err(invalid)?;
    let turns = serde_json::to_string(turns).map_err(invalid)?;
    let step = i64::try_from(step).map_err(invalid)?;
    let mut tx = db.begin_write().await?;
    let ours = with_tx!(&mut tx, |conn| {
        sqlx::query(
            "UPDATE selfhosted_sessions SET state = $3, updated_at = $4
             WHERE call_id = $1 AND generation = $2 AND held_generation = $2",
        )
        .bind(call_id)
        .bind(generation)
        .bind(&state)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await?
        .rows_affected()
    });
    if ours != 1 {
        return Ok(false);
    }
    with_tx!(&mut tx, |conn| {
        sqlx::query(
            "INSERT INTO selfhosted_steps (call_id, step, turns, chunk_key, frames)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (call_id, step) DO UPDATE
             SET turns = excluded.turns, chunk_key = excluded.chunk_key, frames = excluded.frames",
        )
        .bind(call_id)
        .bind(step)
        .bind(&turns)
        .bind(&key)
        .bind(frames)
        .execute(&mut **conn)
        .await?
        .rows_affected()
    });
    tx.commit().await?;
    Ok(true)
}

/// The finished steps, in order: what was said, and the chunks' keys.
pub(super) async fn steps(db: &Db, call_id: &str) -> Result<Vec<(StoredStep, String)>> {
    let rows: Vec<(String, String)> = fetch_as!(
        db,
        fetch_all,
        "SELECT turns, chunk_key FROM selfhosted_steps WHERE call_id = $1 ORDER BY step",
        (call_id)
    )?;
    let mut steps = Vec::with_capacity(rows.len());
    for (turns, key) in rows {
        steps.push((serde_json::from_str(&turns).map_err(invalid)?, key));
    }
    Ok(steps)
}

/// The recording's chunks, in order.
pub(super) async fn chunks(files: &FileStore, keys: &[String]) -> Result<Vec<Vec<u8>>> {
    let mut chunks = Vec::with_capacity(keys.len());
    for key in keys {
        let chunk = files.get(key).await.map_err(files_failed)?;
        chunks.push(chunk.ok_or_else(|| invalid(format!("the chunk {key} is missing")))?);
    }
    Ok(chunks)
}

/// Forgets an ended interview's progress (the call now holds it): the rows and the chunks.
pub(super) async fn forget(db: &Db, files: &FileStore, call_id: &str, keys: &[String]) {
    for key in keys {
        if let Err(err) = files.delete(key).await {
            tracing::warn!(error = %err, key, "self-hosted interview: a chunk was not removed");
        }
    }
    for sql in [
        "DELETE FROM selfhosted_steps WHERE call_id = $1",
        "DELETE FROM selfhosted_sessions WHERE call_id = $1",
    ] {
        if let Err(err) = execute!(db, sql, (call_id)) {
            tracing::warn!(error = %err, call_id, "self-hosted interview: its progress was not removed");
        }
    }
}

/// When the interview was last run: its lease's end (a holder that stopped cleanly sets it to
/// the moment it did). `None` when it has no session.
pub(super) async fn last_run(db: &Db, call_id: &str) -> Result<Option<Timestamp>> {
    let at: Option<i64> = fetch_scalar!(
        db,
        fetch_optional,
        "SELECT lease_expires FROM selfhosted_sessions WHERE call_id = $1",
        (call_id)
    )?;
    Ok(at.map(from_millis))
}
