//! 'View Resume' inside the app. Browsers show a PDF themselves (from its signed link, served
//! inline), but not a DOCX: that one is converted here to sanitised HTML (`ats`'s DOCX reader
//! keeps headings, paragraphs, lists and tables and escapes every character of the file) under
//! the extraction's size, zip-bomb and time limits. A file that cannot be shown says why, and
//! the recruiter downloads it instead.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::files::signed_file_path;
use super::repo;
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct PreviewParams {
    /// The resume file's id (not blank).
    #[serde(default)]
    #[param(required = true, min_length = 1, max_length = 64, pattern = "\\S")]
    resume_file_id: String,
}

/// The kind of a stored resume file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum ResumeKind {
    Pdf,
    Docx,
}

/// What the app needs to show a resume.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ResumePreview {
    file_name: String,
    file_type: ResumeKind,
    /// A fresh signed link to the original file (shown inline for a PDF; the download).
    file_path: String,
    /// A DOCX's content as sanitised HTML (a fragment: headings, paragraphs, lists, tables,
    /// bold, italic and web or mail links). Null for a PDF, and for a DOCX that cannot be shown.
    html: Option<String>,
    /// Why a DOCX cannot be shown here (too large, damaged, no text); the download still works.
    problem: Option<String>,
}

/// A resume as the app shows it: a PDF through its signed link, a DOCX as sanitised HTML.
#[utoipa::path(
    get, path = "/Drive/ResumePreview", tag = "candidates", security(("bearer" = []), ("apiToken" = ["candidates:read"])),
    params(PreviewParams),
    responses(
        (status = 200, description = "How to show the resume", body = ResumePreview),
        (status = 400, description = "No resume file id", body = ErrorBody),
        (status = 404, description = "The file is gone (deleted, or its JD is in the bin)", body = ErrorBody),
    )
)]
pub(super) async fn resume_preview(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<PreviewParams>,
) -> Result<Json<ResumePreview>> {
    let file_id = params.resume_file_id.trim();
    if file_id.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::ResumeFileIdRequired,
            "Resume file ID missing.",
        ));
    }
    let not_found = || Error::not_found(ErrorCode::NotFound, "Resume not found.");
    let (key, file_name, kind) = repo::file_of(&state.db, file_id)
        .await?
        .ok_or_else(not_found)?;
    let file_path = signed_file_path(&state, file_id, state.clock.now());
    if kind != "docx" {
        return Ok(Json(ResumePreview {
            file_name,
            file_type: ResumeKind::Pdf,
            file_path,
            html: None,
            problem: None,
        }));
    }
    let bytes = state
        .files
        .get(&key)
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .ok_or_else(not_found)?;
    // Reading runs for up to the extraction's time budget: off the async threads.
    let converted = tokio::task::spawn_blocking(move || ats::extract::docx_to_html(&bytes))
        .await
        .map_err(|e| Error::Internal(anyhow::anyhow!("resume preview failed: {e}")))?;
    let (html, problem) = match converted {
        Ok(html) if html.is_empty() => (None, Some(NO_TEXT.to_owned())),
        Ok(html) => (Some(html), None),
        Err(reason) => {
            tracing::info!(reason = %reason, "a DOCX resume could not be shown");
            (None, Some(problem_of(&reason).to_owned()))
        }
    };
    Ok(Json(ResumePreview {
        file_name,
        file_type: ResumeKind::Docx,
        file_path,
        html,
        problem,
    }))
}

const NO_TEXT: &str =
    "This file has no text to show (it may hold only pictures). Download it to see it.";

/// A recruiter-readable reason a DOCX cannot be shown.
fn problem_of(reason: &ats::ExtractError) -> &'static str {
    match reason {
        ats::ExtractError::TooLarge | ats::ExtractError::TimedOut => {
            "This file is too large to show here. Download it to open it."
        }
        ats::ExtractError::Encrypted => {
            "This file is password-protected. Download it to open it with its password."
        }
        _ => "This file cannot be shown here (it looks damaged). Download it to open it.",
    }
}
