//! Storing a call's end-of-call report: the conversation as turns, the integrity check, the
//! per-question evidence and the verdict are worked out once, here, whichever way the report
//! arrived (webhook, reconciler, or a read that found it missing).

use hirelane_core::keys::Keys;
use jiff::Timestamp;
use serde_json::{Map, Value};

use super::analysis::Scores;
use super::assessment::Assessment;
use super::evidence::{self, Coverage, QuestionEvidence, Turn};
use super::grading;
use super::verdict::{self, Facts, Verdict};
use crate::error::Result;
use crate::state::AppState;
use crate::voice::integrity::{self, Expected, Integrity, IntegrityStatus};
use crate::voice::repo::{self, CallRow};
use crate::voice::vapi::Report;

/// The scripted questions stored with a call we created.
pub fn scripted_questions(row: &CallRow) -> Vec<String> {
    row.questions
        .as_deref()
        .and_then(|q| serde_json::from_str(q).ok())
        .unwrap_or_default()
}

/// Assesses a report of the stored call `row`.
pub fn assess(keys: &Keys, row: &CallRow, report: &Report, now: Timestamp) -> Assessment {
    // Calls we created (for an invite, or from the schedule form) must be sealed; a call we
    // only heard of is checked only when it claims an invite.
    let ours = row.invite_id.is_some() || row.created_by.is_some();
    let expected = Expected {
        invite_id: row.invite_id,
        assistant_id: row.assistant_id.as_deref().filter(|_| ours),
    };
    assess_with(keys, expected, &scripted_questions(row), report, now)
}

/// Assesses the report of a call we never stored (made elsewhere, seen in the provider's list).
pub fn assess_unstored(keys: &Keys, report: &Report, now: Timestamp) -> Assessment {
    let expected = Expected {
        invite_id: None,
        assistant_id: None,
    };
    assess_with(keys, expected, &[], report, now)
}

fn assess_with(
    keys: &Keys,
    expected: Expected<'_>,
    scripted: &[String],
    report: &Report,
    now: Timestamp,
) -> Assessment {
    let messages = report.messages.clone().unwrap_or(Value::Null);
    let turns = evidence::turns(&messages);
    let mut origin = report.origin.clone();
    origin.system_messages = evidence::system_messages(&messages);
    let integrity = integrity::check(keys, &origin, expected, now);
    let structured = report.structured_data.clone().unwrap_or(Value::Null);
    let questions = evidence::question_breakdown(scripted, &structured, &turns);
    let scores = if integrity.status == IntegrityStatus::Failed {
        Scores::default()
    } else {
        Scores::from_structured(&structured)
    };
    let verdict = verdict::verdict(&facts(
        &integrity,
        report.success_evaluation.as_deref(),
        &scores,
        &turns,
        &questions,
        report_duration(report),
    ));
    Assessment {
        turns,
        integrity,
        scores,
        verdict,
    }
}

/// What the verdict weighs, from a report's or a stored row's parts.
fn facts<'a>(
    integrity: &'a Integrity,
    success_evaluation: Option<&'a str>,
    scores: &'a Scores,
    turns: &'a [Turn],
    questions: &[QuestionEvidence],
    duration_seconds: Option<i64>,
) -> Facts<'a> {
    Facts {
        integrity,
        success_evaluation,
        scores,
        turns,
        coverage: Coverage::of(questions),
        question_scores: questions.iter().filter(|q| q.score.is_some()).count(),
        duration_seconds,
    }
}

/// How long a reported call lasted, when both ends are given.
fn report_duration(report: &Report) -> Option<i64> {
    let instant = |s: Option<&str>| s.and_then(|s| s.parse::<Timestamp>().ok());
    instant(report.started_at.as_deref())
        .zip(instant(report.ended_at.as_deref()))
        .map(|(start, end)| end.duration_since(start).as_secs())
}

/// Assesses and stores the report of call `id` once; answers whether this call stored it.
/// A call we never recorded has nothing to attach the report to.
pub async fn store(state: &AppState, id: &str, report: &Report) -> Result<bool> {
    let Some(row) = repo::find(&state.db, id).await? else {
        return Ok(false);
    };
    if row.report_received_at.is_some() {
        return Ok(false);
    }
    let now = state.clock.now();
    let assessment = assess(&state.keys, &row, report, now);
    if assessment.integrity.status == IntegrityStatus::Failed {
        tracing::warn!(call_id = %id, detail = ?assessment.integrity.detail, "voice: a call failed its integrity check; it is not scored");
    }
    let stored = repo::store_report(&state.db, id, report, &assessment, now).await?;
    if stored {
        grade(state, id).await;
    }
    Ok(stored)
}

/// Grades the interview just stored. A failure loses nothing: the report is kept, the error
/// logged, and the first read of the analysis grades it again.
async fn grade(state: &AppState, id: &str) {
    let graded = match repo::find(&state.db, id).await {
        Ok(Some(row)) => grading::store::ensure(state, &row).await.map(|_| ()),
        Ok(None) => Ok(()),
        Err(e) => Err(e),
    };
    if let Err(e) = graded {
        tracing::error!(call_id = %id, error = %e, "voice: the interview was not graded; its analysis page will try again");
    }
}

/// The evidence of a stored report, as the analysis pages show it.
#[derive(Debug, Clone)]
pub struct StoredEvidence {
    pub turns: Vec<Turn>,
    pub questions: Vec<QuestionEvidence>,
    pub verdict: Verdict,
    pub integrity: Integrity,
}

/// Reads the stored assessment of `row`; a report stored before assessments existed is
/// assessed from what was kept (its integrity was never checked).
pub fn evidence(row: &CallRow, structured: &Map<String, Value>) -> StoredEvidence {
    let turns: Vec<Turn> = row
        .turns
        .as_deref()
        .and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or_default();
    let structured = Value::Object(structured.clone());
    let questions = evidence::question_breakdown(&scripted_questions(row), &structured, &turns);
    let integrity = Integrity {
        status: row
            .integrity
            .as_deref()
            .and_then(IntegrityStatus::parse)
            .unwrap_or(IntegrityStatus::Unchecked),
        detail: row.integrity_detail.clone(),
    };
    let stored = row
        .verdict
        .as_deref()
        .and_then(|v| serde_json::from_str::<Verdict>(v).ok());
    let verdict = stored.unwrap_or_else(|| {
        let scores = row.scores();
        verdict::verdict(&facts(
            &integrity,
            row.success_evaluation.as_deref(),
            &scores,
            &turns,
            &questions,
            row.duration_seconds(),
        ))
    });
    StoredEvidence {
        turns,
        questions,
        verdict,
        integrity,
    }
}
