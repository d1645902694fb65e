//! `POST /api/webhooks/vapi`: the provider's status updates and end-of-call reports.
//!
//! Authenticated only by the shared secret: sent as `x-vapi-secret` (or as a bearer token) and
//! compared in constant time, or, for a Vapi webhook credential with an HMAC plan, an
//! `x-signature` of `{x-timestamp}.{raw body}` (HMAC-SHA256, hex, optional `sha256=` prefix)
//! within five minutes. Idempotent: statuses only move forward and a report is stored once.
//! Unknown or malformed events answer 4xx and are logged.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use hmac::{Hmac, Mac};
use jiff::Timestamp;
use serde::Serialize;
use serde_json::Value;
use sha2::Sha256;
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use super::conclusions::reports;
use super::deliveries;
use super::repo::{self, NewCall};
use super::vapi::{self, Call};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::state::AppState;

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

/// How far a signed delivery's timestamp may be from our clock.
const SIGNATURE_TOLERANCE_MS: i64 = 5 * 60 * 1000;

/// Checks `x-signature` over `{x-timestamp}.{raw body}`. Vapi does not say whether the
/// timestamp is in seconds or milliseconds, so both are read.
pub(super) fn signature_matches(
    headers: &HeaderMap,
    body: &[u8],
    secret: &str,
    now: Timestamp,
) -> bool {
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    let (Some(signature), Some(timestamp)) = (text("x-signature"), text("x-timestamp")) else {
        return false;
    };
    let Ok(number) = timestamp.parse::<i64>() else {
        return false;
    };
    let millis = if number < 100_000_000_000 {
        number.saturating_mul(1000)
    } else {
        number
    };
    if (now.as_millisecond() - millis).abs() > SIGNATURE_TOLERANCE_MS {
        return false;
    }
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()) else {
        return false;
    };
    mac.update(timestamp.as_bytes());
    mac.update(b".");
    mac.update(body);
    let expected = hex::encode(mac.finalize().into_bytes());
    let given = signature
        .strip_prefix("sha256=")
        .unwrap_or(signature)
        .to_ascii_lowercase();
    bool::from(expected.as_bytes().ct_eq(given.as_bytes()))
}

fn malformed(reason: &str) -> Error {
    tracing::warn!(reason, "voice webhook: malformed event rejected");
    Error::bad_request(ErrorCode::InvalidEvent, format!("Invalid event: {reason}."))
}

/// Receives the provider's server messages.
#[utoipa::path(
    post, path = "/webhooks/vapi", tag = "voice",
    request_body(content = Object, description = "`{message: {type, call, …}}` as Vapi sends it"),
    responses(
        (status = 200, body = Received, description = "The event was read (a duplicate changes nothing)"),
        (status = 400, body = ErrorBody, description = "Malformed or unknown event"),
        (status = 401, body = ErrorBody, description = "Wrong or missing secret"),
    )
)]
pub(super) async fn vapi_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Received>> {
    authenticate(&state, &headers, &body)?;
    if let Some(event) = read_event(&body)? {
        let digest = deliveries::digest(&body);
        if deliveries::seen(&state.db, &digest).await? {
            tracing::warn!(call_id = %event.call.id, "voice webhook: a message processed before came again; ignored");
            return Ok(Json(Received { received: true }));
        }
        let now = state.clock.now();
        record_call(&state, &event, now).await?;
        apply(&state, &event, now).await?;
        deliveries::remember(&state.db, &digest, now).await?;
    }
    Ok(Json(Received { received: true }))
}

/// The shared secret in a header, or an HMAC signature over the body (with the signing secret
/// when one is configured). A replayed delivery changes nothing: reports are stored once and
/// statuses only move forward.
fn authenticate(state: &AppState, headers: &HeaderMap, body: &[u8]) -> Result<()> {
    let voice = super::client::of(state)?;
    if secret_matches(headers, voice.webhook().secret)
        || signature_matches(
            headers,
            body,
            voice.webhook_signing_key(),
            state.clock.now(),
        )
    {
        return Ok(());
    }
    tracing::warn!("voice webhook: wrong or missing secret");
    Err(Error::Unauthorized)
}

/// A server message we act on: a call's status changed, or its end-of-call report.
struct Event {
    call: Call,
    /// `ended` for a report.
    status: String,
    /// The whole `message`, for the report's parts.
    message: Value,
    is_report: bool,
}

/// The event in a webhook body; `None` for a message type we do not need.
fn read_event(body: &[u8]) -> Result<Option<Event>> {
    let body: Value = serde_json::from_slice(body).map_err(|_| malformed("not JSON"))?;
    let message = &body["message"];
    let kind = message["type"]
        .as_str()
        .ok_or_else(|| malformed("no message.type"))?;
    if IGNORED.contains(&kind) {
        tracing::debug!(kind, "voice webhook: event ignored");
        return Ok(None);
    }
    if kind != "status-update" && kind != "end-of-call-report" {
        tracing::warn!(kind, "voice webhook: unknown event type rejected");
        return Err(Error::bad_request(
            ErrorCode::UnknownEvent,
            format!("Unknown event type '{kind}'."),
        ));
    }
    let call: Call = serde_json::from_value(message["call"].clone())
        .map_err(|_| malformed("message.call is not a call"))?;
    if call.id.trim().is_empty() {
        return Err(malformed("no message.call.id"));
    }
    let is_report = kind == "end-of-call-report";
    let status = if is_report {
        "ended"
    } else {
        message["status"]
            .as_str()
            .ok_or_else(|| malformed("no status"))?
    };
    Ok(Some(Event {
        status: status.to_owned(),
        message: message.clone(),
        call,
        is_report,
    }))
}

/// Records the call if it is new to us (a call placed elsewhere) and links it to the invite
/// its signed reference names.
async fn record_call(state: &AppState, event: &Event, now: Timestamp) -> Result<()> {
    let call = &event.call;
    let candidate = call.candidate_name().unwrap_or_default();
    let phone = call.phone();
    repo::insert(
        &state.db,
        &NewCall {
            id: &call.id,
            assistant_id: call.assistant_id.as_deref(),
            kind: call.kind.as_deref().unwrap_or("outboundPhoneCall"),
            candidate_name: &candidate,
            phone: phone.as_deref(),
            status: &event.status,
            scheduled_at: call.earliest_at().and_then(|s| s.parse().ok()),
            created_at: call
                .created_at
                .as_deref()
                .and_then(|s| s.parse().ok())
                .unwrap_or(now),
            created_by: None,
            invite_id: None,
            questions: None,
        },
        now,
    )
    .await?;
    crate::interviews::call_reference::link_reported_call(state, call).await
}

/// Applies a status change, or stores the report once (a duplicate changes nothing).
async fn apply(state: &AppState, event: &Event, now: Timestamp) -> Result<()> {
    let id = &event.call.id;
    if !event.is_report {
        let ended_reason = event.message["endedReason"].as_str();
        let changed = repo::apply_status(&state.db, id, &event.status, ended_reason, now).await?;
        tracing::debug!(call_id = %id, status = %event.status, changed, "voice webhook: status update");
        return Ok(());
    }
    let report = vapi::report_from_message(&event.message, &event.call);
    if reports::store(state, id, &report).await? {
        tracing::info!(call_id = %id, "voice webhook: end-of-call report stored");
    } else {
        tracing::info!(call_id = %id, "voice webhook: duplicate end-of-call report ignored");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign(secret: &str, timestamp: &str, body: &[u8]) -> String {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("key");
        mac.update(format!("{timestamp}.").as_bytes());
        mac.update(body);
        hex::encode(mac.finalize().into_bytes())
    }

    #[test]
    fn hmac_signatures_over_the_raw_body() {
        let now: Timestamp = "2026-03-02T09:00:00Z".parse().expect("instant");
        let body = br#"{"message":{"type":"status-update"}}"#;
        let ts = now.as_second().to_string();
        let mut headers = HeaderMap::new();
        headers.insert("x-timestamp", ts.parse().expect("header"));
        let good = format!("sha256={}", sign("s3cret", &ts, body));
        headers.insert("x-signature", good.parse().expect("header"));
        assert!(signature_matches(&headers, body, "s3cret", now));
        assert!(
            !signature_matches(&headers, b"{}", "s3cret", now),
            "body changed"
        );
        assert!(
            !signature_matches(&headers, body, "other", now),
            "other secret"
        );
        let later = now + jiff::SignedDuration::from_mins(6);
        assert!(
            !signature_matches(&headers, body, "s3cret", later),
            "replayed late"
        );
        let ms = now.as_millisecond().to_string();
        headers.insert("x-timestamp", ms.parse().expect("header"));
        headers.insert(
            "x-signature",
            sign("s3cret", &ms, body).parse().expect("header"),
        );
        assert!(
            signature_matches(&headers, body, "s3cret", now),
            "milliseconds"
        );
        assert!(!secret_matches(&headers, "s3cret"));
    }
}
