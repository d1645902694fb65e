//! The candidate's invite page: what it shows, and the next-step details form it submits.

use axum::extract::{Path as UrlPath, State};
use hirelane_core::clock::to_iso;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::access::{apply_last_date, conflict, invite_for, standing};
use super::details::validate_with;
use super::details_form;
use super::details_schema::DetailsForm;
use super::repo::save_details;
use super::rules::{InviteState, Page, utc_naive};
use crate::careers::applications::Notice;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json};
use crate::state::AppState;

/// The invite page's data (SPEC section 3), and nothing else about the candidate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct NextStep {
    candidate_name: String,
    jd_name: String,
    show_page_id: Page,
    /// `YYYY-MM-DD`, inclusive.
    apply_last_date: Option<String>,
    /// UTC without a zone suffix.
    interview_date_time: Option<String>,
    details_submitted: bool,
    /// The IANA zone the candidate booked in.
    time_zone_name: Option<String>,
    /// Slots must start before this instant (the end of the apply-last date in the
    /// recruiter's zone); null when there is no such date.
    bookable_until: Option<String>,
    /// The notice about the automated steps, shown before the interview starts; joining
    /// records that this version was shown.
    notice: InterviewNotice,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct InterviewNotice {
    version: String,
    text: String,
}

#[utoipa::path(
    get, path = "/Interview/NextStep/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = NextStep, description = "The invite page's data"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or its link ended 30 days after the interview completed or the window closed: 'No data found.' (`not_found`)"),
        (status = 429, body = ErrorBody, description = "More than 120 requests a minute from this client (`rate_limited`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn next_step(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
) -> Result<Json<NextStep>> {
    let invite = invite_for(&state, &ip, &invite_id).await?;
    let standing = standing(&state, &invite);
    Ok(Json(NextStep {
        show_page_id: standing.page,
        apply_last_date: apply_last_date(&invite).map(|d| d.to_string()),
        interview_date_time: standing.at.map(utc_naive),
        details_submitted: invite.details_submitted_at.is_some(),
        time_zone_name: invite.time_zone.clone(),
        bookable_until: standing.until.map(to_iso),
        candidate_name: invite.candidate_name,
        jd_name: invite.jdname,
        notice: {
            let notice = Notice::current(&state.settings.careers);
            InterviewNotice {
                version: notice.version,
                text: notice.ai,
            }
        },
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub(super) struct DetailsSaved {
    /// `Details submitted.`
    message: &'static str,
}

#[utoipa::path(
    post, path = "/Interview/AddCandidateDetails", tag = "interviews",
    request_body = DetailsForm,
    responses(
        (status = 200, body = DetailsSaved, description = "The answers are stored (a later submission replaces them)"),
        (status = 400, body = ErrorBody, description = "A field breaks a rule (`invalid_details`): `message` names the first, `fields` every one"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or its link ended 30 days after the interview completed or the window closed: 'No data found.' (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The interview is already completed (`interview_completed`), or its window closed (`window_closed`): the answers are locked"),
        (status = 429, body = ErrorBody, description = "More than 120 requests a minute from this client (`rate_limited`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn add_candidate_details(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<Value>,
) -> Result<Json<DetailsSaved>> {
    save_candidate_details(&state, &ip, &body).await?;
    Ok(Json(DetailsSaved {
        message: "Details submitted.",
    }))
}

/// Checks and stores the form on the invite it names (`inviteId`, any case), until the
/// interview is completed; a later submission replaces the answers.
async fn save_candidate_details(state: &AppState, ip: &str, body: &Value) -> Result<()> {
    let invite_id = body
        .as_object()
        .and_then(|o| {
            o.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("inviteId"))
                .and_then(|(_, v)| v.as_str())
        })
        .unwrap_or_default();
    let invite = invite_for(state, ip, invite_id).await?;
    if invite.state == InviteState::Completed {
        return Err(conflict(
            ErrorCode::InterviewCompleted,
            "The interview is already completed.",
        ));
    }
    // Answers are locked once the window closed: nothing after it may change what the
    // recruiter reviews.
    if invite.state == InviteState::Cancelled || standing(state, &invite).page == Page::WindowClosed
    {
        return Err(conflict(
            ErrorCode::WindowClosed,
            "The interview window is closed.",
        ));
    }
    let settings = details_form::load(&state.db).await?;
    let details = validate_with(body, &settings)?;
    let stored = serde_json::to_string(&details)
        .map_err(|e| Error::Internal(anyhow::anyhow!("details do not serialise: {e}")))?;
    save_details(&state.db, invite.id, &stored, state.clock.now()).await?;
    tracing::info!(invite = invite.id, "next-step details submitted");
    Ok(())
}
