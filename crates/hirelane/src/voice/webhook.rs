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
    let secret = state.voice.webhook().secret;
    if !secret_matches(&headers, secret)
        && !signature_matches(&headers, &body, secret, state.clock.now())
    {
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
            ErrorCode::UnknownEvent,
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
    crate::interviews::call_reference::link_reported_call(&state, &call).await?;
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
