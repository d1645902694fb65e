//! The original file behind a signed 'View Resume' link.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use super::files::link_resource;
use super::intake::checks::{self, FileKind};
use super::repo;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Query;
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct FileLinkParams {
    #[serde(default)]
    file: String,
    /// Unix seconds.
    #[serde(default)]
    #[param(minimum = -9223372036854775808i64, maximum = 9223372036854775807i64)]
    expires: i64,
    #[serde(default)]
    sig: String,
}

/// The original file behind a signed 'View Resume' link (no bearer token: a new browser tab
/// has none). The signature binds the file and the expiry.
#[utoipa::path(
    get, path = "/Drive/ResumeFile", tag = "candidates", params(FileLinkParams),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 403, body = ErrorBody, description = "Bad or expired signature"),
        (status = 404, description = "The file is gone (deleted, or its JD is in the bin)", body = ErrorBody),
    )
)]
pub(super) async fn resume_file(
    State(state): State<AppState>,
    Query(params): Query<FileLinkParams>,
) -> Result<Response> {
    let valid = state.keys.verify_link(
        &link_resource(&params.file),
        params.expires,
        &params.sig,
        state.clock.now().as_second(),
    );
    if !valid {
        return Err(Error::Forbidden {
            message: "This link has expired or is not valid. Open the resume again from Hirelane."
                .into(),
        });
    }
    let (key, name, kind) = repo::file_of(&state.db, &params.file)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Resume not found."))?;
    let bytes = state
        .files
        .get(&key)
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Resume not found."))?;
    let kind = match kind.as_str() {
        "docx" => FileKind::Docx,
        _ => FileKind::Pdf,
    };
    Ok((file_headers(kind, &name), bytes).into_response())
}

/// The headers a stored file is served with.
fn file_headers(kind: FileKind, name: &str) -> HeaderMap {
    // PDFs open in the browser; Word files download.
    let disposition = match kind {
        FileKind::Pdf => "inline",
        _ => "attachment",
    };
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(kind.content_type()),
    );
    if let Ok(value) = HeaderValue::from_str(&format!(
        "{disposition}; filename=\"{}\"",
        checks::safe_file_name(name)
    )) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    // The viewer needs nothing from us; a file must never run as a page of our origin. The
    // app's own pages may frame it (View Resume shows a PDF inside the app).
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; object-src 'self'; frame-ancestors 'self'"),
    );
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
    headers
}
