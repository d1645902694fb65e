//! `POST /api/webhooks/vapi`: the provider's status updates and end-of-call reports.
//!
//! Authenticated only by the shared secret the provider sends as `x-vapi-secret` (or as a
//! bearer token), compared in constant time. Idempotent: statuses only move forward and a
//! report is stored once. Unknown or malformed events answer 4xx and are logged.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use serde::Serialize;
use serde_json::Value;
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use super::repo::{self, NewCall};
use super::vapi::{self, Call};
use crate::app::AppState;
use crate::error::{Error, ErrorBody, Result};
use crate::http::Json;

/// Event types the provider may send that we do not act on.
const IGNORED: &[&str] = &[
    "conversation-update",
    "speech-update",
    "transcript",
    "transcript[transcriptType=\"final\"]",
    "hang",
    "model-output",
    "user-interrupted",
    "voice-input",
    "assistant.started",
    "assistant.speechStarted",
    "transfer-update",
    "language-change-detected",
    "phone-call-control",
    "call.deleted",
    "call.delete.failed",
    "call.artifact.upload",
];

#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Received {
    received: bool,
}

fn secret_matches(headers: &HeaderMap, expected: &str) -> bool {
    let presented = headers
        .get("x-vapi-secret")
        .and_then(|v| v.to_str().ok())
        .or_else(|| {
            headers
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "))
        });
    presented.is_some_and(|p| bool::from(p.trim().as_bytes().ct_eq(expected.as_bytes())))
}

fn malformed(reason: &str) -> Error {
    tracing::warn!(reason, "voice webhook: malformed event rejected");
    Error::bad_request("invalid_event", format!("Invalid event: {reason}."))
}

/// Receives the provider's server messages.
#[utoipa::path(
    post, path = "/webhooks/vapi", tag = "voice",
    request_body(content = Object, description = "`{message: {type, call, …}}` as Vapi sends it"),
    responses(
        (status = 200, body = Received),
        (status = 400, body = ErrorBody, description = "Malformed or unknown event"),
        (status = 401, body = ErrorBody, description = "Wrong or missing secret"),
    )
)]
pub(super) async fn vapi_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Received>> {
    if !secret_matches(&headers, state.voice.webhook().secret) {
        tracing::warn!("voice webhook: wrong or missing secret");
        return Err(Error::Unauthorized);
    }
    let body: Value = serde_json::from_slice(&body).map_err(|_| malformed("not JSON"))?;
    let message = &body["message"];
    let kind = message["type"]
        .as_str()
        .ok_or_else(|| malformed("no message.type"))?;
    if IGNORED.contains(&kind) {
        tracing::debug!(kind, "voice webhook: event ignored");
        return Ok(Json(Received { received: true }));
    }
    if kind != "status-update" && kind != "end-of-call-report" {
        tracing::warn!(kind, "voice webhook: unknown event type rejected");
        return Err(Error::bad_request(
            "unknown_event",
            format!("Unknown event type '{kind}'."),
        ));
    }
    let call: Call = serde_json::from_value(message["call"].clone())
        .map_err(|_| malformed("message.call is not a call"))?;
    if call.id.trim().is_empty() {
        return Err(malformed("no message.call.id"));
    }
    let now = state.clock.now();
    let status = match kind {
        "status-update" => message["status"]
            .as_str()
            .ok_or_else(|| malformed("no status"))?,
        _ => "ended",
    };
    let candidate = call.candidate_name().unwrap_or_default();
    let phone = call.phone();
    let created_at = call
        .created_at
        .as_deref()
        .and_then(|s| s.parse().ok())
        .unwrap_or(now);
    repo::insert(
        &state.db,
        &NewCall {
            id: &call.id,
            assistant_id: call.assistant_id.as_deref(),
            kind: call.kind.as_deref().unwrap_or("outboundPhoneCall"),
            candidate_name: &candidate,
            phone: phone.as_deref(),
            status,
            scheduled_at: call.earliest_at().and_then(|s| s.parse().ok()),
            created_at,
            created_by: None,
        },
        now,
    )
    .await?;
    if kind == "status-update" {
        let changed = repo::apply_status(
            &state.db,
            &call.id,
            status,
            message["endedReason"].as_str(),
            now,
        )
        .await?;
        tracing::debug!(call_id = %call.id, status, changed, "voice webhook: status update");
    } else {
        let report = vapi::report_from_message(message, &call);
        let stored = repo::store_report(&state.db, &call.id, &report, now).await?;
        if stored {
            tracing::info!(call_id = %call.id, "voice webhook: end-of-call report stored");
        } else {
            tracing::info!(call_id = %call.id, "voice webhook: duplicate end-of-call report ignored");
        }
    }
    Ok(Json(Received { received: true }))
}
