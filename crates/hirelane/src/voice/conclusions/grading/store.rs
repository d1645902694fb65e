//! Grading an interview once and keeping the result: when its report is stored, and on the first
//! read of an interview that has none yet (reported before grading existed, or graded while the
//! database was busy). Two servers grading the same call at once keep the first result; both
//! compute the same one.

use hirelane_core::clock::{to_iso, to_millis};
use serde_json::{Map, Value};

use super::{InterviewGrading, bars, grade_interview, grader};
use crate::error::{Error, Result};
use crate::state::AppState;
use crate::store::Db;
use crate::voice::conclusions::reports;
use crate::voice::integrity::IntegrityStatus;
use crate::voice::repo::CallRow;
use crate::voice::rubric;
use crate::{execute, fetch_as};

/// The kept grading of a call.
pub async fn kept(db: &Db, call_id: &str) -> Result<Option<InterviewGrading>> {
    let row: Option<(String,)> = fetch_as!(
        db,
        fetch_optional,
        "SELECT grading FROM answer_gradings WHERE call_id = $1",
        (call_id)
    )?;
    row.map(|(json,)| serde_json::from_str(&json).map_err(|e| Error::Internal(e.into())))
        .transpose()
}

/// The grading of a call whose report is stored: the kept one, else graded now and kept. None
/// for a call with no report, or one that failed its integrity check (it is not scored).
pub async fn ensure(state: &AppState, row: &CallRow) -> Result<Option<InterviewGrading>> {
    if row.report_received_at.is_none() {
        return Ok(None);
    }
    if let Some(grading) = kept(&state.db, &row.id).await? {
        return Ok(Some(grading));
    }
    let structured: Map<String, Value> = row
        .structured_data
        .as_deref()
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or_default();
    let evidence = reports::evidence(row, &structured);
    if evidence.integrity.status == IntegrityStatus::Failed {
        return Ok(None);
    }
    let rubrics = match &row.assistant_id {
        Some(id) => rubric::of_assistant(&state.db, id).await?,
        None => Default::default(),
    };
    let now = state.clock.now();
    let graded_at = to_iso(now);
    // Embedding an interview's answers takes up to about a second of CPU.
    let grading = tokio::task::spawn_blocking(move || {
        grade_interview(
            grader(),
            &evidence.turns,
            &evidence.questions,
            &rubrics,
            graded_at,
        )
    })
    .await
    .map_err(|e| Error::Internal(e.into()))?
    .map_err(|e| Error::Internal(anyhow::anyhow!("grading call {}: {e}", row.id)))?;
    let json = serde_json::to_string(&grading).map_err(|e| Error::Internal(e.into()))?;
    execute!(
        &state.db,
        "INSERT INTO answer_gradings (call_id, version, grading, overall, graded_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (call_id) DO NOTHING",
        (
            &row.id,
            &grading.version,
            &json,
            bars::overall(&grading.questions),
            to_millis(now)
        )
    )?;
    tracing::info!(call_id = %row.id, version = %grading.version, "interview graded");
    // A racing server may have kept its (identical but for the instant) grading first.
    Ok(kept(&state.db, &row.id).await?.or(Some(grading)))
}
