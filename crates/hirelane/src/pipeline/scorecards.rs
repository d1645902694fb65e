//! Scorecards: after an interview, every recruiter may score the candidate 1-5 on technical,
//! communication, problem solving and culture, recommend (Strong yes … Strong no) and note why.
//! One scorecard per recruiter and candidate, editable by its author; the analysis page shows
//! them beside the AI's scores.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso, to_millis};
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::json;
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::{IntoParams, ToSchema};

use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::auth::Recruiter;
use crate::candidates::repo::{self as candidates, CandidateRow};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::interviews::rules::InviteState;
use crate::state::AppState;
use crate::voice::conclusions::analysis::InterviewStatus;
use crate::voice::repo as calls;
use crate::{fetch_as, with_tx};

pub const MAX_NOTES: usize = 5000;

/// A recruiter's overall recommendation (named apart from the ATS's Pass / Fail).
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
pub enum HireRecommendation {
    StrongYes,
    Yes,
    No,
    StrongNo,
}

stored_text!(HireRecommendation);

/// "Strong yes" for `strongYes`, as timelines and exports show an event's detail (history to
/// show, not state: text no variant has reads as none).
pub fn recommendation_label(raw: &str) -> &'static str {
    match HireRecommendation::parse(raw) {
        Ok(HireRecommendation::StrongYes) => "Strong yes",
        Ok(HireRecommendation::Yes) => "Yes",
        Ok(HireRecommendation::No) => "No",
        Ok(HireRecommendation::StrongNo) => "Strong no",
        Err(_) => "No recommendation",
    }
}

/// One recruiter's scorecard.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scorecard {
    pub id: i64,
    pub recruiter_id: i64,
    pub recruiter_name: String,
    /// 1-5 each.
    pub technical: i64,
    pub communication: i64,
    pub problem_solving: i64,
    pub culture: i64,
    pub recommendation: HireRecommendation,
    pub notes: String,
    pub created_at: String,
    pub updated_at: String,
    /// Whether the recruiter asking wrote it (and may edit it).
    pub mine: bool,
}

/// The AI interviewer's scores of the interview that counts (0-100, null where none).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiScores {
    pub call_id: String,
    pub interview_status: Option<InterviewStatus>,
    pub technical: Option<i64>,
    pub communication: Option<i64>,
    pub problem_solving: Option<i64>,
    pub cultural_fit: Option<i64>,
}

/// The AI's scores and every human scorecard of a candidate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scorecards {
    pub resume_id: i64,
    /// Whether the candidate was interviewed (scorecards can be filled).
    pub interviewed: bool,
    pub ai: Option<AiScores>,
    /// Newest first.
    pub scorecards: Vec<Scorecard>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct ScorecardParams {
    /// The candidate (`resumeId`).
    #[serde(default)]
    #[param(required = true)]
    resume_id: String,
}

#[derive(sqlx::FromRow)]
struct ScorecardRow {
    id: i64,
    recruiter_id: i64,
    recruiter_name: String,
    technical: i64,
    communication: i64,
    problem_solving: i64,
    culture: i64,
    #[sqlx(try_from = "String")]
    recommendation: HireRecommendation,
    notes: String,
    created_at: i64,
    updated_at: i64,
}

fn candidate_not_found() -> Error {
    Error::not_found(ErrorCode::NotFound, "Candidate not found.")
}

async fn candidate(state: &AppState, raw: &str) -> Result<CandidateRow> {
    let id = raw
        .trim()
        .parse::<i64>()
        .map_err(|_| candidate_not_found())?;
    candidates::find(&state.db, id)
        .await?
        .ok_or_else(candidate_not_found)
}

/// A candidate was interviewed once their invite completed (the counted call is theirs).
fn interviewed(row: &CandidateRow) -> bool {
    row.invite_state == Some(InviteState::Completed) || row.call_id.is_some()
}

/// The AI's scores and every recruiter's scorecard of a candidate.
#[utoipa::path(
    get, path = "/Pipeline/Scorecards", tag = "pipeline", security(("bearer" = []), ("apiToken" = ["candidates:read"])),
    params(ScorecardParams),
    responses(
        (status = 200, body = Scorecards, description = "The AI's scores and the scorecards, newest first"),
        (status = 404, body = ErrorBody, description = "No such candidate (`not_found`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn scorecards(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<ScorecardParams>,
) -> Result<Json<Scorecards>> {
    let row = candidate(&state, &params.resume_id).await?;
    scorecards_of(&state, &row, recruiter.id).await.map(Json)
}

async fn scorecards_of(state: &AppState, row: &CandidateRow, me: i64) -> Result<Scorecards> {
    let ai = match &row.call_id {
        Some(call_id) => calls::find(&state.db, call_id).await?.map(|call| {
            let scores = call.scores();
            AiScores {
                call_id: call.id.clone(),
                interview_status: call
                    .interview_status
                    .as_deref()
                    .and_then(InterviewStatus::parse),
                technical: scores.technical,
                communication: scores.communication,
                problem_solving: scores.problem_solving,
                cultural_fit: scores.cultural_fit,
            }
        }),
        None => None,
    };
    let rows: Vec<ScorecardRow> = fetch_as!(
        &state.db,
        fetch_all,
        "SELECT s.id, s.recruiter_id, r.full_name AS recruiter_name, s.technical,
            s.communication, s.problem_solving, s.culture, s.recommendation, s.notes,
            s.created_at, s.updated_at
         FROM scorecards s JOIN recruiters r ON r.id = s.recruiter_id
         WHERE s.candidate_id = $1 ORDER BY s.updated_at DESC, s.id DESC",
        (row.id)
    )?;
    Ok(Scorecards {
        resume_id: row.id,
        interviewed: interviewed(row),
        ai,
        scorecards: rows
            .into_iter()
            .map(|r| Scorecard {
                recommendation: r.recommendation,
                mine: r.recruiter_id == me,
                id: r.id,
                recruiter_id: r.recruiter_id,
                recruiter_name: r.recruiter_name,
                technical: r.technical,
                communication: r.communication,
                problem_solving: r.problem_solving,
                culture: r.culture,
                notes: r.notes,
                created_at: to_iso(from_millis(r.created_at)),
                updated_at: to_iso(from_millis(r.updated_at)),
            })
            .collect(),
    })
}

/// A recruiter's scorecard as they submit it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScorecardBody {
    #[schema(required = true)]
    resume_id: i64,
    #[schema(required = true, minimum = 1, maximum = 5)]
    technical: i64,
    #[schema(required = true, minimum = 1, maximum = 5)]
    communication: i64,
    #[schema(required = true, minimum = 1, maximum = 5)]
    problem_solving: i64,
    #[schema(required = true, minimum = 1, maximum = 5)]
    culture: i64,
    #[schema(required = true)]
    recommendation: HireRecommendation,
    #[serde(default)]
    #[schema(max_length = 5000)]
    notes: String,
}

fn check(body: &ScorecardBody) -> Result<()> {
    let invalid = |message: &str| Error::bad_request(ErrorCode::InvalidScorecard, message);
    let scores = [
        body.technical,
        body.communication,
        body.problem_solving,
        body.culture,
    ];
    if scores.iter().any(|s| !(1..=5).contains(s)) {
        return Err(invalid("Each score must be from 1 to 5."));
    }
    if body.notes.chars().count() > MAX_NOTES {
        return Err(invalid("Notes cannot exceed 5000 characters."));
    }
    Ok(())
}

/// Saves the recruiter's scorecard of an interviewed candidate (a second one replaces theirs).
#[utoipa::path(
    put, path = "/Pipeline/Scorecards", tag = "pipeline", security(("bearer" = [])),
    request_body = ScorecardBody,
    responses(
        (status = 200, body = Scorecards, description = "Every scorecard, this one saved"),
        (status = 400, body = ErrorBody, description = "A score outside 1-5 or notes too long (`invalid_scorecard`): nothing saved"),
        (status = 404, body = ErrorBody, description = "No such candidate (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The candidate has not been interviewed yet (`not_interviewed`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn save_scorecard(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<ScorecardBody>,
) -> Result<Json<Scorecards>> {
    check(&body)?;
    let row = candidate(&state, &body.resume_id.to_string()).await?;
    if !interviewed(&row) {
        return Err(Error::Conflict {
            code: ErrorCode::NotInterviewed,
            message: "A scorecard can be filled once the candidate has been interviewed."
                .to_owned(),
        });
    }
    save(
        &state,
        &body,
        &recruiter.actor(),
        recruiter.id,
        state.clock.now(),
    )
    .await?;
    tracing::info!(
        resume_id = row.id,
        recruiter_id = recruiter.id,
        "scorecard saved"
    );
    scorecards_of(&state, &row, recruiter.id).await.map(Json)
}

async fn save(
    state: &AppState,
    body: &ScorecardBody,
    actor: &Actor,
    recruiter_id: i64,
    now: Timestamp,
) -> Result<()> {
    let at = to_millis(now);
    let notes = body.notes.trim();
    let mut tx = state.db.begin_write().await?;
    with_tx!(&mut tx, |conn| {
        sqlx::query(
            "INSERT INTO scorecards (candidate_id, recruiter_id, technical, communication,
                problem_solving, culture, recommendation, notes, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
             ON CONFLICT (candidate_id, recruiter_id) DO UPDATE SET technical = $3,
                communication = $4, problem_solving = $5, culture = $6, recommendation = $7,
                notes = $8, updated_at = $9",
        )
        .bind(body.resume_id)
        .bind(recruiter_id)
        .bind(body.technical)
        .bind(body.communication)
        .bind(body.problem_solving)
        .bind(body.culture)
        .bind(body.recommendation.as_str())
        .bind(notes)
        .bind(at)
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    let detail = json!({
        "technical": body.technical,
        "communication": body.communication,
        "problemSolving": body.problem_solving,
        "culture": body.culture,
        "recommendation": body.recommendation.as_str(),
    });
    let subject = Subject::Candidate(body.resume_id);
    activity::record(&mut tx, EventKind::Scorecard, subject, actor, detail, now).await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recommendations_read_back_and_unknown_text_is_refused() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<HireRecommendation>(),
            Ok(())
        );
        for recommendation in HireRecommendation::VARIANTS {
            let json = serde_json::to_value(recommendation).expect("json");
            assert_eq!(
                json,
                recommendation.as_str(),
                "the API names the stored text"
            );
        }
        assert_eq!(recommendation_label("strongNo"), "Strong no");
    }
}
