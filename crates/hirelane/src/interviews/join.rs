//! Joining the interview: the join page's address and the web call, both only inside the
//! join window (5 minutes before to 30 minutes after the start).

use axum::extract::{Path as UrlPath, State};
use jiff::Timestamp;
use serde::Serialize;
use utoipa::ToSchema;

use super::access::{conflict, invite_for, no_data};
use super::call_reference::{CallMetadata, call_metadata};
use super::repo::{self, InviteRow};
use super::rules::{InviteState, JoinPhase, join_phase};
use crate::clock::from_millis;
use crate::error::{ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json};
use crate::state::AppState;
use crate::voice::calls::{WebCall, create_web_call, web_call_of};

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
        (status = 404, body = ErrorBody, description = "No invite has this token: 'No data found.' (`not_found`)"),
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
    /// Start with `@vapi-ai/web` and `publicToken`.
    Vapi,
}

/// What the join page needs to start the call in the browser.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct WebCallAnswer {
    provider: CallProvider,
    assistant_id: String,
    /// The simulator's call; null with Vapi (the browser starts it).
    call_id: Option<String>,
    web_call_url: Option<String>,
    /// A short-lived public token restricted to this assistant and our origin (Vapi only).
    public_token: Option<String>,
    /// What the browser passes to Vapi's `start` (Vapi only).
    assistant_overrides: Option<AssistantOverrides>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AssistantOverrides {
    metadata: CallMetadata,
    variable_values: VariableValues,
}

/// The assistant prompt's variables.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct VariableValues {
    candidate_name: String,
}

/// Prepares the interview's web call, only inside the join window. With the simulator the call
/// is created here (asked twice, the same call while it has not ended); with Vapi the browser
/// starts it with a short-lived public token.
#[utoipa::path(
    post, path = "/Interview/WebCall/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = WebCallAnswer, description = "How the browser starts or joins the call"),
        (status = 400, body = ErrorBody, description = "The voice provider refused the call (`provider_rejected`)"),
        (status = 404, body = ErrorBody, description = "No invite has this token: 'No data found.' (`not_found`), or the provider has no such assistant"),
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
    prepare_web_call(&state, invite).await.map(Json)
}

async fn prepare_web_call(state: &AppState, invite: InviteRow) -> Result<WebCallAnswer> {
    let metadata = call_metadata(state, &invite);
    if !state.voice.browser_drives_simulator() {
        let token = state.voice.public_web_token(
            &invite.assistant_id,
            &state.settings.public_url(),
            state.clock.now(),
        )?;
        return Ok(WebCallAnswer {
            provider: CallProvider::Vapi,
            assistant_id: invite.assistant_id,
            call_id: None,
            web_call_url: None,
            public_token: Some(token),
            assistant_overrides: Some(AssistantOverrides {
                metadata,
                variable_values: VariableValues {
                    candidate_name: invite.candidate_name,
                },
            }),
        });
    }
    let call = match reusable_call(state, &invite).await? {
        Some(call) => call,
        None => {
            let call = create_web_call(
                state,
                &invite.assistant_id,
                &invite.candidate_name,
                metadata.to_map(),
            )
            .await?;
            if repo::set_call(&state.db, invite.id, invite.call_id.as_deref(), &call.id).await? {
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
    Ok(WebCallAnswer {
        provider: CallProvider::Simulator,
        assistant_id: invite.assistant_id,
        call_id: Some(call.id),
        web_call_url: Some(call.url),
        public_token: None,
        assistant_overrides: None,
    })
}

/// The invite's current web call, if it has one that has not ended.
async fn reusable_call(state: &AppState, invite: &InviteRow) -> Result<Option<WebCall>> {
    let Some(call_id) = invite.call_id.as_deref() else {
        return Ok(None);
    };
    match state.voice.provider.get_call(call_id).await {
        Ok(call) if !call.is_ended() => Ok(web_call_of(&call)),
        Ok(_) => Ok(None),
        Err(err) => {
            tracing::warn!(error = %err, call_id, "cannot read the invite's web call; a new one starts");
            Ok(None)
        }
    }
}
