//! Joining the interview: the join page's address and the web call, both only inside the
//! join window (5 minutes before to 30 minutes after the start).

use axum::extract::{Path as UrlPath, State};
use hirelane_core::clock::from_millis;
use jiff::Timestamp;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use utoipa::ToSchema;

use super::access::{conflict, invite_for, no_data};
use super::call_reference::call_metadata;
use super::conduct;
use super::repo::{self, InviteRow};
use super::rules::{InviteState, JoinPhase, join_phase};
use crate::candidates::interview_outcome;
use crate::careers::applications::{self, Notice};
use crate::error::{ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json};
use crate::state::AppState;
use crate::voice::calls::{WebCall, create_web_call, web_call_of};
use crate::voice::provider_error;
use crate::voice::setup::{self, CallFor};

/// The scheduled interview's start, if `now` is inside its join window.
fn joinable(state: &AppState, invite: &InviteRow) -> Result<Timestamp> {
    let at = match (invite.state, invite.interview_at) {
        (InviteState::Scheduled, Some(at)) => from_millis(at),
        (InviteState::Completed, _) => {
            return Err(conflict(
                ErrorCode::InterviewCompleted,
                "The interview is already completed.",
            ));
        }
        (InviteState::Cancelled, _) => {
            return Err(conflict(
                ErrorCode::WindowClosed,
                "The interview window is closed.",
            ));
        }
        _ => {
            return Err(conflict(
                ErrorCode::NotScheduled,
                "The interview is not scheduled.",
            ));
        }
    };
    match join_phase(at, state.clock.now()) {
        JoinPhase::Open => Ok(at),
        JoinPhase::TooEarly => Err(conflict(
            ErrorCode::TooEarly,
            "The interview link will be enabled 5 minutes before the scheduled time.",
        )),
        JoinPhase::Disabled => Err(conflict(
            ErrorCode::LinkDisabled,
            "The meeting link has been disabled.",
        )),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub(super) struct StartAnswer {
    /// The join page.
    #[serde(rename = "Uri")]
    uri: String,
}

/// The join page's address, only from 5 minutes before to 30 minutes after the start.
#[utoipa::path(
    get, path = "/Interview/StartInterview/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = StartAnswer, description = "The join page's address"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or its link ended 30 days after the interview completed or the window closed: 'No data found.' (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The interview is completed (`interview_completed`), not scheduled (`not_scheduled`), the link opens 5 minutes before the start (`too_early`) or was disabled 30 minutes after it (`link_disabled`)"),
        (status = 429, body = ErrorBody, description = "More than 120 requests a minute from this client (`rate_limited`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn start_interview(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
) -> Result<Json<StartAnswer>> {
    let invite = invite_for(&state, &ip, &invite_id).await?;
    joinable(&state, &invite)?;
    Ok(Json(StartAnswer {
        uri: format!(
            "{}/interview/join/{}",
            state.settings.public_url(),
            invite.token
        ),
    }))
}

/// Who runs the call the browser joins.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum CallProvider {
    /// Drive `webCallUrl` (the bundled simulator's browser endpoints).
    Simulator,
    /// Vapi: join the room `webCallUrl` with `@vapi-ai/web`'s `reconnect`, or, with
    /// `voice.web_calls = "browser"`, start the call with `publicToken` and `assistantOverrides`.
    Vapi,
    /// The self-hosted interviewer: open `webCallUrl` (a path on this origin) as a WebSocket
    /// with `?token=` the `callToken`.
    Selfhosted,
}

/// What the join page needs to join (or, in browser mode, start) the call.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct WebCallAnswer {
    provider: CallProvider,
    assistant_id: String,
    /// The call the server created; null when the browser starts it.
    call_id: Option<String>,
    /// The room to join; null when the browser starts the call.
    web_call_url: Option<String>,
    /// The room's token, when the provider gives one.
    call_token: Option<String>,
    /// Browser mode only: a short-lived public token restricted to this assistant and our origin.
    public_token: Option<String>,
    /// Browser mode only: what the browser passes to Vapi's `start`. Whatever the browser
    /// really sends, the call is checked against its seal before it is scored.
    assistant_overrides: Option<AssistantOverrides>,
    /// What the page reports its conduct events with (`POST /Interview/Conduct/{inviteId}`,
    /// with `callId`); it works for three hours.
    conduct_token: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AssistantOverrides {
    /// The invite's reference and the call's seal.
    #[schema(value_type = HashMap<String, serde_json::Value>)]
    metadata: Map<String, Value>,
    /// The assistant prompt's variables (`candidateName`, `jobTitle`, `interviewMinutes`,
    /// `yearsOfExperience`).
    variable_values: BTreeMap<String, String>,
}

/// Prepares the interview's web call, only inside the join window. The server creates it
/// (asked twice, the same call while it has not ended) and the browser joins its room; with
/// `voice.web_calls = "browser"` the browser starts it with a short-lived public token.
#[utoipa::path(
    post, path = "/Interview/WebCall/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = WebCallAnswer, description = "How the browser joins or starts the call"),
        (status = 400, body = ErrorBody, description = "The voice provider refused the call (`provider_rejected`)"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or its link ended 30 days after the interview completed or the window closed: 'No data found.' (`not_found`), or the provider has no such assistant"),
        (status = 409, body = ErrorBody, description = "The interview is completed (`interview_completed`), not scheduled (`not_scheduled`), the link opens 5 minutes before the start (`too_early`) or was disabled 30 minutes after it (`link_disabled`)"),
        (status = 429, body = ErrorBody, description = "More than 120 requests a minute from this client (`rate_limited`); `retryAfterSeconds` says when to try again"),
        (status = 502, body = ErrorBody, description = "The voice provider cannot be reached (`provider_unavailable`) or web calls are not configured (`web_calls_unconfigured`)"),
    )
)]
pub(super) async fn web_call(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
) -> Result<Json<WebCallAnswer>> {
    let invite = invite_for(&state, &ip, &invite_id).await?;
    joinable(&state, &invite)?;
    // The join page showed this notice above its consent; keep which version it was.
    let consent = Notice::current(&state.settings.careers).consent();
    let now = state.clock.now();
    applications::record_notice_given(&state.db, invite.candidate_id, &consent, "interview", now)
        .await?;
    let answer = if crate::voice::client::of(&state)?.browser_starts_calls() {
        browser_session(&state, invite).await?
    } else {
        server_call(&state, invite).await?
    };
    Ok(Json(answer))
}

/// Whom the invite's call is for.
async fn call_for<'a>(state: &AppState, invite: &'a InviteRow) -> Result<CallFor<'a>> {
    Ok(CallFor {
        candidate_name: &invite.candidate_name,
        job_title: Some(&invite.jdname),
        years_of_experience: interview_outcome::experience_years(&state.db, invite.candidate_id)
            .await?,
        invite_id: Some(invite.id),
    })
}

/// Browser mode: the page starts the call with these, and the report is checked against the seal.
async fn browser_session(state: &AppState, invite: InviteRow) -> Result<WebCallAnswer> {
    let token = crate::voice::client::of(state)?.public_web_token(
        &invite.assistant_id,
        &state.settings.public_url(),
        state.clock.now(),
    )?;
    let who = call_for(state, &invite).await?;
    let metadata = call_metadata(state, &invite).to_map();
    let setup = setup::prepare(state, &invite.assistant_id, &who, metadata, START_FAILED).await?;
    let variable_values = setup
        .variables
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
        .collect();
    Ok(WebCallAnswer {
        provider: CallProvider::Vapi,
        assistant_id: invite.assistant_id,
        call_id: None,
        web_call_url: None,
        call_token: None,
        public_token: Some(token),
        assistant_overrides: Some(AssistantOverrides {
            metadata: setup.metadata,
            variable_values,
        }),
        conduct_token: conduct::token_for(&state.keys, invite.id, None, state.clock.now()),
    })
}

const START_FAILED: &str = "Failed to start the interview.";

/// Server mode: the invite's call, created with the private key; the browser joins its room.
async fn server_call(state: &AppState, invite: InviteRow) -> Result<WebCallAnswer> {
    let call = match reusable_call(state, &invite).await? {
        Some(call) => call,
        None => {
            let who = call_for(state, &invite).await?;
            let metadata = call_metadata(state, &invite).to_map();
            let call = create_web_call(state, &invite.assistant_id, &who, metadata).await?;
            if repo::set_call(
                &state.db,
                invite.id,
                invite.call_id.as_deref(),
                &call.id,
                state.clock.now(),
            )
            .await?
            {
                call
            } else {
                // Another request created a call first: join that one.
                let fresh = repo::find(&state.db, invite.id)
                    .await?
                    .ok_or_else(no_data)?;
                reusable_call(state, &fresh).await?.unwrap_or(call)
            }
        }
    };
    tracing::info!(invite = invite.id, call_id = %call.id, "interview web call prepared");
    let conduct_token =
        conduct::token_for(&state.keys, invite.id, Some(&call.id), state.clock.now());
    if let Some(runtime) = &crate::voice::client::of(state)?.selfhosted {
        // The socket's secret is returned once, at creation: a reloaded page gets a new one.
        let token = match call.call_token {
            Some(token) => token,
            None => runtime
                .provider
                .reissue_token(&call.id)
                .await
                .map_err(|e| provider_error(e, START_FAILED, "Assistant not found"))?,
        };
        return Ok(WebCallAnswer {
            provider: CallProvider::Selfhosted,
            assistant_id: invite.assistant_id,
            call_id: Some(call.id),
            web_call_url: Some(format!("/api/Interview/Voice/{}", invite.token)),
            call_token: Some(token),
            public_token: None,
            assistant_overrides: None,
            conduct_token,
        });
    }
    let provider = if crate::voice::client::of(state)?.browser_drives_simulator() {
        CallProvider::Simulator
    } else {
        CallProvider::Vapi
    };
    Ok(WebCallAnswer {
        provider,
        assistant_id: invite.assistant_id,
        call_id: Some(call.id),
        web_call_url: Some(call.url),
        call_token: call.call_token,
        public_token: None,
        assistant_overrides: None,
        conduct_token,
    })
}

/// The invite's current web call, if it has one that has not ended.
async fn reusable_call(state: &AppState, invite: &InviteRow) -> Result<Option<WebCall>> {
    let Some(call_id) = invite.call_id.as_deref() else {
        return Ok(None);
    };
    match crate::voice::client::of(state)?
        .provider
        .get_call(call_id)
        .await
    {
        Ok(call) if !call.is_ended() => Ok(web_call_of(&call)),
        Ok(_) => Ok(None),
        Err(err) => {
            tracing::warn!(error = %err, call_id, "cannot read the invite's web call; a new one starts");
            Ok(None)
        }
    }
}
