//! A candidate's interview attempts: every call of their invite, which one counts, and the
//! recruiter's choice of another. The first attempt that started counts by default
//! (`completion.rs`); a recruiter's choice is recorded with who made it and when.

use axum::extract::State;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use hirelane_core::clock::{from_millis, to_iso, to_millis};
use serde_json::json;

use super::access::conflict;
use super::repo::{self, InviteRow};
use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::auth::Recruiter;
use crate::candidates::interview_outcome;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::pipeline::stages::{self, Stage};
use crate::state::AppState;
use crate::voice::conclusions::analysis::InterviewStatus;
use crate::voice::integrity::IntegrityStatus;
use crate::voice::repo::{self as calls, CallRow};
use crate::{fetch_as, with_tx};

/// One call of the invite.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attempt {
    pub call_id: String,
    /// The provider's call status (`queued`, `in-progress`, `ended`, …).
    pub status: String,
    pub created_at: String,
    pub started_at: Option<String>,
    pub ended_at: Option<String>,
    pub duration_seconds: Option<i64>,
    /// Set once the call's report is in.
    pub interview_status: Option<InterviewStatus>,
    pub integrity: Option<IntegrityStatus>,
    /// Whether this attempt is the interview's result.
    pub counts: bool,
}

/// The attempts of a candidate's interview.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attempts {
    /// First started first.
    pub attempts: Vec<Attempt>,
    /// Whether a recruiter chose the attempt that counts (else it is the first that started).
    pub chosen_by_recruiter: bool,
    pub chosen_at: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AttemptsParams {
    /// The candidate (`resumeId`).
    resume_id: String,
}

const NO_DATA: &str = "No data found.";

async fn invite_of(state: &AppState, resume_id: &str) -> Result<InviteRow> {
    let id = resume_id.trim().parse::<i64>().ok();
    let invite = match id {
        Some(id) => repo::find_by_candidate(&state.db, id).await?,
        None => None,
    };
    invite.ok_or_else(|| Error::not_found(ErrorCode::NotFound, NO_DATA))
}

/// The attempts of the candidate's interview.
#[utoipa::path(
    get, path = "/Interview/Attempts", tag = "interviews", security(("bearer" = []), ("apiToken" = ["interviews:read"])),
    params(AttemptsParams),
    responses(
        (status = 200, body = Attempts, description = "Every call of the candidate's invite"),
        (status = 404, body = ErrorBody, description = "The candidate has no invite: 'No data found.' (`not_found`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn attempts(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<AttemptsParams>,
) -> Result<Json<Attempts>> {
    let invite = invite_of(&state, &params.resume_id).await?;
    attempts_of(&state, &invite).await.map(Json)
}

async fn attempts_of(state: &AppState, invite: &InviteRow) -> Result<Attempts> {
    let rows = calls::of_invite(&state.db, invite.id).await?;
    let (counted_by, counted_at) = counted(state, invite.id).await?;
    Ok(Attempts {
        attempts: rows.iter().map(|row| attempt(row, invite)).collect(),
        chosen_by_recruiter: counted_by.is_some(),
        chosen_at: counted_at.map(|m| to_iso(from_millis(m))),
    })
}

fn attempt(row: &CallRow, invite: &InviteRow) -> Attempt {
    let iso = |m: Option<i64>| m.map(|m| to_iso(from_millis(m)));
    Attempt {
        call_id: row.id.clone(),
        status: row.status.clone(),
        created_at: to_iso(from_millis(row.created_at)),
        started_at: iso(row.started_at),
        ended_at: iso(row.ended_at),
        duration_seconds: row
            .started_at
            .zip(row.ended_at)
            .map(|(s, e)| (e - s) / 1000),
        interview_status: row
            .interview_status
            .as_deref()
            .and_then(InterviewStatus::parse),
        integrity: row.integrity.as_deref().and_then(IntegrityStatus::parse),
        counts: invite.state == super::rules::InviteState::Completed
            && invite.call_id.as_deref() == Some(row.id.as_str()),
    }
}

async fn counted(state: &AppState, invite_id: i64) -> Result<(Option<i64>, Option<i64>)> {
    Ok(fetch_as!(
        &state.db,
        fetch_one,
        "SELECT counted_by, counted_at FROM interview_invites WHERE id = $1",
        (invite_id)
    )?)
}

/// The recruiter's choice of the attempt that counts.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountAttemptBody {
    #[serde(default)]
    #[schema(required = true)]
    resume_id: String,
    #[serde(default)]
    #[schema(required = true)]
    call_id: String,
}

/// Makes another attempt the interview's result: its status becomes the candidate's.
#[utoipa::path(
    put, path = "/Interview/Attempts", tag = "interviews", security(("bearer" = [])),
    request_body = CountAttemptBody,
    responses(
        (status = 200, body = Attempts, description = "The attempts, the chosen one counting"),
        (status = 404, body = ErrorBody, description = "The candidate has no invite, or the call is not one of its attempts (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The attempt has no report yet (`attempt_not_reported`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn count_attempt(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<CountAttemptBody>,
) -> Result<Json<Attempts>> {
    let invite = invite_of(&state, &body.resume_id).await?;
    let row = calls::of_invite(&state.db, invite.id)
        .await?
        .into_iter()
        .find(|r| r.id == body.call_id.trim())
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Attempt not found."))?;
    let status = row
        .interview_status
        .as_deref()
        .and_then(InterviewStatus::parse)
        .filter(|_| row.report_received_at.is_some())
        .ok_or_else(|| {
            conflict(
                ErrorCode::AttemptNotReported,
                "Only an attempt whose analysis is in can count.",
            )
        })?;
    let actor = recruiter.actor();
    choose(
        &state,
        invite.id,
        &row.id,
        status,
        &actor,
        state.clock.now(),
    )
    .await?;
    tracing::info!(invite = invite.id, call_id = %row.id, recruiter_id = recruiter.id, "interview attempt chosen to count");
    let invite = repo::find(&state.db, invite.id)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, NO_DATA))?;
    attempts_of(&state, &invite).await.map(Json)
}

/// Points the invite and its candidate at the chosen attempt, in one transaction.
async fn choose(
    state: &AppState,
    invite_id: i64,
    call_id: &str,
    status: InterviewStatus,
    recruiter: &Actor,
    now: Timestamp,
) -> Result<()> {
    let recruiter_id = recruiter.recruiter_id();
    let mut tx = state.db.begin_write().await?;
    with_tx!(&mut tx, |conn| {
        sqlx::query(
            "UPDATE interview_invites SET call_id = $2, state = 'completed',
                completed_at = COALESCE(completed_at, $4), counted_by = $3, counted_at = $4,
                updated_at = $4
             WHERE id = $1",
        )
        .bind(invite_id)
        .bind(call_id)
        .bind(recruiter_id)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    interview_outcome::link_completed_call(&mut tx, call_id, status, now).await?;
    let detail = json!({ "callId": call_id, "interviewStatus": status.as_str() });
    let subject = Subject::Invite(invite_id);
    activity::record(
        &mut tx,
        EventKind::AttemptChosen,
        subject,
        recruiter,
        detail,
        now,
    )
    .await?;
    stages::advance(&mut tx, subject, Stage::Interviewed, now).await?;
    tx.commit().await?;
    Ok(())
}
