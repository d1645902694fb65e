//! Call recordings, streamed through us with the server's key behind a signed, expiring link.

use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use super::client::recording_resource;
use super::provider::Recording;
use super::provider_errors::provider_error;
use super::selfhosted::recording::SELF_HOSTED_PREFIX;
use crate::error::{Error, ErrorBody, Result};
use crate::http::Query;
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RecordingParams {
    /// Unix seconds after which the link is refused.
    #[serde(default)]
    expires: i64,
    #[serde(default)]
    signature: String,
}

/// Streams a call's recording from the provider with the server's key. Authenticated by the
/// link's signature (handed out by the protected call and analysis routes), because an
/// `<audio>` element cannot send a bearer token. `Range` is passed through.
#[utoipa::path(
    get, path = "/Voice/recordings/{callId}", tag = "voice", params(("callId" = String, Path), RecordingParams),
    responses(
        (status = 200, description = "The recording", content_type = "audio/wav"),
        (status = 206, description = "Part of the recording"),
        (status = 401, body = ErrorBody, description = "Missing, forged or expired link"),
        (status = 404, body = ErrorBody, description = "The provider has no recording for this call"),
        (status = 502, body = ErrorBody, description = "The voice provider failed or cannot be reached (`provider_unavailable`)"),
    )
)]
pub async fn recording(
    State(state): State<AppState>,
    UrlPath(call_id): UrlPath<String>,
    Query(params): Query<RecordingParams>,
    headers: HeaderMap,
) -> Result<Response> {
    if !state.keys.verify_link(
        &recording_resource(&call_id),
        params.expires,
        &params.signature,
        state.clock.now().as_second(),
    ) {
        return Err(Error::Unauthorized);
    }
    let range = headers.get(header::RANGE).and_then(|v| v.to_str().ok());
    let rec = crate::voice::client::of(&state)?
        .provider
        .recording(&call_id, range)
        .await
        .map_err(|e| {
            provider_error(e, "The recording is not available.", "Recording not found.")
        })?;
    relay(rec)
}

/// The provider's answer as ours: status, the headers a player needs for ranges, the body.
fn relay(rec: Recording) -> Result<Response> {
    let mut response = Response::builder()
        .status(StatusCode::from_u16(rec.status).unwrap_or(StatusCode::OK))
        .header(header::CACHE_CONTROL, "private, max-age=3600");
    for (name, value) in [
        (header::CONTENT_TYPE, rec.content_type),
        (header::CONTENT_LENGTH, rec.content_length),
        (header::CONTENT_RANGE, rec.content_range),
        (header::ACCEPT_RANGES, rec.accept_ranges),
    ] {
        if let Some(value) = value {
            response = response.header(name, value);
        }
    }
    response
        .body(rec.body)
        .map_err(|e| Error::Internal(anyhow::anyhow!("recording response: {e}")))
        .map(IntoResponse::into_response)
}

/// Forgets the recordings of calls that ended before `ended_before` (retention): the self-hosted
/// interviewer's files are deleted from our file store; a provider's recording stays at the
/// provider (the operations guide says how to set its own retention) but we no longer link it.
/// Returns how many recordings were dropped.
pub async fn expire(state: &AppState, ended_before: jiff::Timestamp) -> Result<usize> {
    let due: Vec<(String, String)> = crate::fetch_as!(
        &state.db,
        fetch_all,
        "SELECT id, recording_url FROM voice_calls
         WHERE recording_url IS NOT NULL AND ended_at IS NOT NULL AND ended_at < $1",
        (hirelane_core::clock::to_millis(ended_before))
    )?;
    let mut dropped = 0;
    for (id, url) in due {
        if let Some(key) = url.strip_prefix(SELF_HOSTED_PREFIX)
            && let Err(err) = state.files.delete(key).await
        {
            tracing::warn!(error = %err, call_id = %id, "retention: recording file not removed");
            continue;
        }
        dropped += crate::execute!(
            &state.db,
            "UPDATE voice_calls SET recording_url = NULL WHERE id = $1 AND recording_url = $2",
            (&id, &url)
        )? as usize;
    }
    Ok(dropped)
}
