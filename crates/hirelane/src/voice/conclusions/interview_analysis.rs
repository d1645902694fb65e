//! The stored analysis of one interview, as the candidate analysis page shows it.

use axum::extract::{Path as UrlPath, State};
use hirelane_core::clock::{from_millis, to_iso};
use hirelane_core::keys::Keys;
use jiff::Timestamp;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::analysis::{self, InterviewStatus};
use super::evidence::{Coverage, QuestionEvidence, Turn};
use super::grading::{self, InterviewGrading};
use super::reports;
use super::verdict::Verdict;
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::interviews::conduct::{self, CallSpan, ConductEvent};
use crate::state::AppState;
use crate::voice::calls::fresh_row;
use crate::voice::client::recording_link;
use crate::voice::integrity::Integrity;
use crate::voice::repo::CallRow;

const NOT_AVAILABLE: &str = "Interview analysis is not available for this call.";

/// The analysis of one interview (SPEC section 3, with the spec's `keyTakeways` spelling),
/// plus everything else the analysis page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewAnalysis {
    call_id: String,
    interview_status: InterviewStatus,
    technical_score: Option<i64>,
    communication_score: Option<i64>,
    problem_solving_score: Option<i64>,
    cultural_fit_score: Option<i64>,
    summary: String,
    /// Comma-separated.
    key_skills: String,
    key_takeways: String,
    experience: String,
    /// Our signed, expiring proxy link to the recording.
    audio_link: Option<String>,
    candidate_name: String,
    success_evaluation: Option<String>,
    transcript: Option<String>,
    started_at: Option<String>,
    ended_at: Option<String>,
    ended_reason: Option<String>,
    /// The answers to the assistant's structured-data plan (`{}` when there are none).
    structured_data: serde_json::Map<String, Value>,
    /// The conversation turn by turn, with its times in the recording (empty when the provider
    /// sent none; see `verdict.gaps`).
    turns: Vec<Turn>,
    /// Every scripted question: asked or not, the answer quoted, its 1-5 score and the turns.
    questions: Vec<QuestionEvidence>,
    coverage: Coverage,
    /// Why the status is what it is, and whether the evidence is complete.
    verdict: Verdict,
    /// Whether the call ran exactly as we set it up.
    integrity: Integrity,
    /// Our grader's grade of each answer, with the bars computed from it; null when the call
    /// failed its integrity check. The four scores above are the provider's analysis, a second
    /// opinion shown beside it.
    grading: Option<InterviewGrading>,
    /// The conduct log: what the candidate's page saw (tab, focus, microphone, reconnects) and
    /// how long answers took to begin, in time order. A log for a person to read: it is no
    /// input of the grade or the status.
    conduct_events: Vec<ConductEvent>,
    /// The conduct log in plain words ("Left the tab 3 times, 41 s in total, during questions 2
    /// and 4."), never a verdict.
    conduct_summary: String,
}

/// The stored analysis of a call.
#[utoipa::path(
    get, path = "/Interview/InterviewAnalysis/{callId}", tag = "voice", security(("bearer" = []), ("apiToken" = ["interviews:read"])),
    params(("callId" = String, Path, description = "The provider's call id")),
    responses(
        (status = 200, body = InterviewAnalysis, description = "The interview's analysis"),
        (status = 404, body = ErrorBody, description = "No report for this call yet (`analysis_not_available`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub async fn interview_analysis(
    _: Recruiter,
    State(state): State<AppState>,
    UrlPath(call_id): UrlPath<String>,
) -> Result<Json<InterviewAnalysis>> {
    let row = fresh_row(&state, &call_id)
        .await?
        .filter(|r| r.report_received_at.is_some())
        .ok_or_else(|| Error::not_found(ErrorCode::AnalysisNotAvailable, NOT_AVAILABLE))?;
    let grading = grading::store::ensure(&state, &row).await?;
    let call = CallSpan::of(&row);
    let mut analysis = InterviewAnalysis::of(row, grading, &state.keys, state.clock.now());
    let conduct =
        conduct::log_of_call(&state.db, &call, &analysis.turns, &analysis.questions).await?;
    analysis.conduct_events = conduct.events;
    analysis.conduct_summary = conduct.summary;
    Ok(Json(analysis))
}

impl InterviewAnalysis {
    /// The analysis page's view of a call whose report is stored.
    fn of(
        row: CallRow,
        grading: Option<InterviewGrading>,
        keys: &Keys,
        now: Timestamp,
    ) -> InterviewAnalysis {
        let data = row
            .structured_data
            .as_deref()
            .and_then(|s| serde_json::from_str::<serde_json::Map<String, Value>>(s).ok())
            .unwrap_or_default();
        let field = |key: &str| data.get(key).and_then(analysis::text).unwrap_or_default();
        let candidate_name = data
            .get("candidateInformation")
            .and_then(|info| analysis::text(&info["fullName"]))
            .filter(|_| row.candidate_name.is_empty())
            .unwrap_or_else(|| row.candidate_name.clone());
        let evidence = reports::evidence(&row, &data);
        InterviewAnalysis {
            turns: evidence.turns,
            coverage: Coverage::of(&evidence.questions),
            questions: evidence.questions,
            verdict: evidence.verdict,
            integrity: evidence.integrity,
            grading,
            interview_status: row
                .interview_status
                .as_deref()
                .and_then(InterviewStatus::parse)
                .unwrap_or(InterviewStatus::NeedsReview),
            technical_score: row.technical_score,
            communication_score: row.communication_score,
            problem_solving_score: row.problem_solving_score,
            cultural_fit_score: row.cultural_fit_score,
            summary: row.summary.clone().unwrap_or_default(),
            key_skills: field("keySkills"),
            key_takeways: field("keyTakeaways"),
            experience: field("experience"),
            audio_link: row
                .recording_url
                .as_ref()
                .map(|_| recording_link(keys, &row.id, now)),
            candidate_name,
            success_evaluation: row.success_evaluation.clone(),
            transcript: row.transcript.clone(),
            started_at: row.started_at.map(|m| to_iso(from_millis(m))),
            ended_at: row.ended_at.map(|m| to_iso(from_millis(m))),
            ended_reason: row.ended_reason.clone(),
            structured_data: data,
            call_id: row.id,
            conduct_events: Vec::new(),
            conduct_summary: String::new(),
        }
    }
}
