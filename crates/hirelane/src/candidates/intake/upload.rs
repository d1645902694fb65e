//! The resume upload: one or more PDF/DOCX files in one multipart request, each reported on
//! its own, and the multipart plumbing the CSV import shares.

use axum::extract::multipart::{Field, MultipartRejection};
use axum::extract::{Multipart, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::accept::{FileResult, Sender, accept_resume};
use super::checks;
use crate::activity::log::Actor;
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job;
use crate::jobs::repo::JobRow;
use crate::state::AppState;

/// At most this many files in one upload request.
const MAX_FILES_PER_REQUEST: usize = 200;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(in crate::candidates) struct UploadParams {
    /// The JD (integer id or folder id).
    #[serde(default)]
    #[param(required = true, inline)]
    jd_id: JdId,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::candidates) struct UploadAnswer {
    success: bool,
    message: String,
    files: Vec<FileResult>,
}

/// The upload form.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "describes the multipart form to the document; the handler streams it"
)]
pub(super) struct ResumeForm {
    /// One or more PDF or DOCX files, each within the upload size cap.
    #[schema(value_type = Vec<String>, format = Binary, min_items = 1, max_items = 200)]
    resume_file: Vec<Vec<u8>>,
}

/// Uploads one or more PDF/DOCX resumes (multipart field `resumeFile`, repeatable). Each file
/// is checked by content, stored, and queued for analysis; the answer reports each one.
#[utoipa::path(
    post, path = "/Drive/UploadResume", tag = "candidates", security(("bearer" = [])),
    params(UploadParams),
    request_body(content = ResumeForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Each file's result; at least one was taken in", body = UploadAnswer),
        (status = 404, description = "No JD outside the bin has this id", body = ErrorBody),
        (status = 413, description = "A file is larger than the upload cap", body = ErrorBody),
    )
)]
pub(in crate::candidates) async fn upload_resume(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<UploadParams>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<UploadAnswer>> {
    let job = upload_target(&state, &params.jd_id.0).await?;
    let mut multipart = multipart.map_err(|_| no_file())?;
    let uploader = recruiter.actor();
    let results = intake_files(&state, &job, &mut multipart, &uploader).await?;
    if results.iter().any(|(r, _)| !r.is_rejected()) {
        state.analysis.wake();
    }
    upload_answer(results)
}

/// Takes in every file of the request, each one accepted or rejected with its error.
async fn intake_files(
    state: &AppState,
    job: &JobRow,
    multipart: &mut Multipart,
    uploader: &Actor,
) -> Result<Vec<(FileResult, Option<Error>)>> {
    let mut results = Vec::new();
    while let Some(mut field) = next_field(multipart).await? {
        let Some(name) = field.file_name().map(str::to_owned) else {
            continue;
        };
        if results.len() == MAX_FILES_PER_REQUEST {
            return Err(Error::bad_request(
                ErrorCode::TooManyFiles,
                format!("At most {MAX_FILES_PER_REQUEST} files can be uploaded at once."),
            ));
        }
        results.push(
            match intake_resume(state, job, &name, &mut field, uploader).await {
                Ok(result) => (result, None),
                Err(err) => (FileResult::rejected(name, err.to_string()), Some(err)),
            },
        );
    }
    Ok(results)
}

/// The answer to an upload: every file's result, or the error when nothing was taken in.
fn upload_answer(results: Vec<(FileResult, Option<Error>)>) -> Result<Json<UploadAnswer>> {
    let all_rejected = results.iter().all(|(r, _)| r.is_rejected());
    let count = results.len();
    let mut files = Vec::with_capacity(count);
    let mut last_error = None;
    for (result, error) in results {
        files.push(result);
        last_error = error.or(last_error);
    }
    match (count, last_error) {
        (0, _) => Err(no_file()),
        // One file, refused: answer with its error, as the spec's single-file client expects.
        (1, Some(err)) => Err(err),
        (_, Some(_)) if all_rejected => Err(Error::bad_request(
            ErrorCode::AllRejected,
            "None of the files could be uploaded.",
        )),
        _ => Ok(Json(UploadAnswer {
            success: true,
            message: "Resume uploaded successfully!".into(),
            files,
        })),
    }
}

/// Reads one uploaded resume (refusing it past the size cap) and takes it in.
async fn intake_resume(
    state: &AppState,
    job: &JobRow,
    name: &str,
    field: &mut Field<'_>,
    uploader: &Actor,
) -> Result<FileResult> {
    let extension = checks::check_file_name(name)?;
    let bytes = checks::read_capped(field, state.settings.uploads.max_file_bytes()).await?;
    accept_resume(
        state,
        job,
        name,
        &extension,
        bytes,
        Sender::Upload(uploader),
    )
    .await
}

/// The JD an upload goes to: named, existing and outside the bin.
pub(in crate::candidates) async fn upload_target(state: &AppState, raw: &str) -> Result<JobRow> {
    if raw.trim().is_empty() {
        return Err(Error::bad_request(
            ErrorCode::JdRequired,
            "Job Description ID is required",
        ));
    }
    active_job(state, raw).await
}

pub(in crate::candidates) async fn next_field<'a>(
    multipart: &'a mut Multipart,
) -> Result<Option<Field<'a>>> {
    multipart.next_field().await.map_err(|e| {
        Error::bad_request(
            ErrorCode::InvalidUpload,
            format!("The upload could not be read: {e}"),
        )
    })
}

pub(in crate::candidates) fn no_file() -> Error {
    Error::bad_request(ErrorCode::FileRequired, "Please choose a file to upload.")
}
