//! Deleting one candidate's resume: the candidate, their files and their resume history.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::files::remove_files;
use super::repo;
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct DeleteResumeParams {
    /// The resume file id of the candidate's current resume.
    #[serde(default)]
    #[param(required = true, min_length = 1, pattern = "\\S")]
    resume_file_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Deleted {
    success: bool,
    message: String,
}

/// Deletes a candidate's resume: the candidate, their files and their resume history.
#[utoipa::path(
    get, path = "/Drive/DeleteResume", tag = "candidates", security(("bearer" = [])),
    params(DeleteResumeParams),
    responses(
        (status = 200, description = "Deleted", body = Deleted),
        (status = 404, description = "No resume outside the bin has this id", body = ErrorBody),
    )
)]
pub(super) async fn delete_resume(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<DeleteResumeParams>,
) -> Result<Json<Deleted>> {
    let id = params.resume_file_id.trim();
    if id.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::ResumeFileIdRequired,
            "Resume file ID missing.",
        ));
    }
    let keys = repo::delete_by_file_id(&state.db, id)
        .await?
        .ok_or_else(|| Error::not_found(ErrorCode::NotFound, "Resume not found."))?;
    remove_files(&state, &keys).await;
    tracing::info!(recruiter_id = recruiter.id, "resume deleted");
    Ok(Json(Deleted {
        success: true,
        message: "Resume deleted successfully.".into(),
    }))
}
