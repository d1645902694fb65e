//! One candidate's resume analysis, as the analysis page shows it.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::files::signed_file_path;
use super::invites::{next_step_details, summarize};
use super::repo::{self, CandidateRow, assessment_strings};
use super::status::{AnalysisStatus, InviteStatus, Recommendation, Source, UnreadableReason};
use crate::auth::Recruiter;
use crate::careers::applications::{self, ApplicationRow};
use crate::error::Result;
use crate::http::{Json, Query};
use crate::interviews::details::NextStepDetails;
use crate::pipeline::board::{BoardCard, card_of};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct ResumeIdParams {
    #[serde(default)]
    resume_id: String,
}

/// The resume analysis of one candidate (SPEC section 3's resume details, plus the skills).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ResumeDetails {
    resume_id: i64,
    candidate_name: String,
    job_name: String,
    job_desc_id: i64,
    jdid: String,
    candidate_email: String,
    candidate_phone: String,
    file_name: Option<String>,
    file_path: Option<String>,
    resume_file_id: Option<String>,
    ats_score: i64,
    skills_match_score: i64,
    recommendation: Option<Recommendation>,
    analysis_summary: String,
    matched_skills: Vec<String>,
    missing_skills: Vec<String>,
    experience_years: Option<f64>,
    required_years: Option<f64>,
    analysis_status: AnalysisStatus,
    analysis_error: Option<String>,
    /// Why the file could not be read, when `analysisStatus` is `unreadable`.
    unreadable_reason: Option<UnreadableReason>,
    /// Some of the text was read from pictures of pages (a scan, by OCR): check it.
    ocr: bool,
    /// How likely the name read from the resume is right (0-1); below 0.8 the recruiter is
    /// asked to check it. Null when no name was read from a file.
    name_confidence: Option<f64>,
    scoring_version: Option<String>,
    call_id: Option<String>,
    interview_status: Option<String>,
    /// Null before an invite.
    invite_status: Option<InviteStatus>,
    /// The booked slot, UTC without a zone suffix.
    interview_date_time: Option<String>,
    /// The candidate's next-step answers, once submitted.
    #[schema(value_type = Option<SubmittedDetails>)]
    next_step_details: Option<serde_json::Value>,
    /// How they entered the JD.
    source: Source,
    /// What they sent with their application, when they applied on the job's page.
    application: Option<ApplicationSent>,
    /// Their card as the JD's board shows it: the current stage, since when and why, and the
    /// stage the system's steps put them in (the page's stage bar reads it from here).
    board_card: BoardCard,
}

/// An application as the candidate sent it, with the notice they agreed to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ApplicationSent {
    /// Their note to the team (may be empty).
    note: String,
    /// When they first applied (ISO-8601).
    applied_at: String,
    /// How many times they applied to this JD (a later one replaced the resume).
    times_applied: i64,
    /// The privacy and AI notice's version they agreed to, and when.
    consent_version: String,
    consented_at: String,
}

impl From<ApplicationRow> for ApplicationSent {
    fn from(row: ApplicationRow) -> Self {
        ApplicationSent {
            note: row.note,
            applied_at: to_iso(from_millis(row.first_applied_at)),
            times_applied: row.times_applied,
            consent_version: row.consent_version,
            consented_at: to_iso(from_millis(row.consented_at)),
        }
    }
}

/// The shape of `nextStepDetails`: the answers as stored, passed through as JSON (so a number
/// keeps the form it was stored in), with when they were submitted.
#[allow(dead_code)] // A schema only: the answer is built from the stored JSON.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
struct SubmittedDetails {
    #[serde(flatten)]
    answers: NextStepDetails,
    /// ISO-8601.
    submitted_at: String,
}

/// One candidate's resume analysis, as a one-element array (the spec reads the first).
#[utoipa::path(
    get, path = "/Interview/ResumeDetails", tag = "candidates", security(("bearer" = []), ("apiToken" = ["candidates:read"])),
    params(ResumeIdParams),
    responses((status = 200, description = "The candidate's analysis, or an empty array when no candidate has this id", body = [ResumeDetails]))
)]
pub(super) async fn resume_details(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<ResumeIdParams>,
) -> Result<Json<Vec<ResumeDetails>>> {
    let Ok(id) = params.resume_id.trim().parse::<i64>() else {
        return Ok(Json(Vec::new()));
    };
    Ok(Json(of_candidate(&state, id).await?.into_iter().collect()))
}

async fn of_candidate(state: &AppState, id: i64) -> Result<Option<ResumeDetails>> {
    let Some(row) = repo::find(&state.db, id).await? else {
        return Ok(None);
    };
    let next_step_details = next_step_details(state, row.id).await?;
    let application = applications::of_candidate(&state.db, row.id).await?;
    let mut details = details(state, row, next_step_details);
    details.application = application.map(Into::into);
    Ok(Some(details))
}

/// The candidate as `GET /Interview/ResumeDetails` answers (what webhooks send as their data);
/// none once they are deleted or erased.
pub async fn as_api(state: &AppState, id: i64) -> Result<Option<serde_json::Value>> {
    match of_candidate(state, id).await? {
        Some(details) => Ok(Some(
            serde_json::to_value(details).map_err(anyhow::Error::from)?,
        )),
        None => Ok(None),
    }
}

/// The stored assessment's fields the page shows; a missing or unreadable one shows empty.
fn details(
    state: &AppState,
    row: CandidateRow,
    next_step_details: Option<serde_json::Value>,
) -> ResumeDetails {
    let assessment = row.assessment_json();
    let strings = |key: &str| assessment_strings(&assessment, key);
    let invite = summarize(state, &row);
    let board_card = card_of(&row);
    ResumeDetails {
        board_card,
        invite_status: invite.status,
        interview_date_time: invite.interview_date_time,
        next_step_details,
        resume_id: row.id,
        job_name: row.jdname,
        job_desc_id: row.job_id,
        jdid: row.jdid,
        file_path: row
            .resume_file_id
            .as_deref()
            .map(|id| signed_file_path(state, id, state.clock.now())),
        candidate_name: row.candidate_name,
        candidate_email: row.candidate_email,
        candidate_phone: row.candidate_phone,
        file_name: row.file_name,
        resume_file_id: row.resume_file_id,
        ats_score: row.ats_score.unwrap_or(0),
        skills_match_score: row.skills_match.unwrap_or(0),
        recommendation: row.recommendation,
        analysis_summary: assessment["summary"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        matched_skills: strings("matchedSkills"),
        missing_skills: strings("missingSkills"),
        experience_years: assessment["experienceYears"].as_f64(),
        required_years: assessment["requiredYears"].as_f64(),
        analysis_status: row.analysis_status,
        analysis_error: row.analysis_error,
        unreadable_reason: row.unreadable_reason,
        ocr: row.text_from_ocr,
        name_confidence: row.name_confidence,
        scoring_version: assessment["version"].as_str().map(str::to_owned),
        call_id: row.call_id,
        interview_status: row.interview_status,
        source: row.source,
        application: None,
    }
}
