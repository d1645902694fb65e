//! The CSV import: candidates without resumes for a JD that does not require them. Valid rows
//! are imported together; rows with problems are reported by line.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::intake::checks;
use super::intake::upload::{next_field, no_file, upload_target};
use super::repo;
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::jobs::ids::JdId;
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct CsvParams {
    /// The JD (integer id or folder id).
    #[serde(default)]
    #[param(required = true, inline)]
    job_desc_id: JdId,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CsvRowError {
    line: usize,
    reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CsvAnswer {
    success: bool,
    message: String,
    imported: usize,
    updated: usize,
    errors: Vec<CsvRowError>,
}

/// The CSV upload form.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[expect(
    dead_code,
    reason = "describes the multipart form to the document; the handler streams it"
)]
pub(super) struct CsvForm {
    /// A CSV with name, email and phone columns.
    #[schema(value_type = String, format = Binary)]
    csv_file: Vec<u8>,
}

impl From<&ats::RowError> for CsvRowError {
    fn from(e: &ats::RowError) -> Self {
        CsvRowError {
            line: e.line,
            reason: e.reason.clone(),
        }
    }
}

/// Imports candidates from a CSV (multipart field `csvFile`) into a JD that does not require
/// resumes. Valid rows are imported together; rows with problems are reported by line.
#[utoipa::path(
    post, path = "/Drive/UploadCandidatesCsv", tag = "candidates", security(("bearer" = [])),
    params(CsvParams),
    request_body(content = CsvForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The rows imported; `errors` lists the rows left out", body = CsvAnswer),
        (status = 404, description = "No JD outside the bin has this id", body = ErrorBody),
        (status = 413, description = "The file is larger than the upload cap", body = ErrorBody),
    )
)]
pub(super) async fn upload_candidates_csv(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<CsvParams>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<CsvAnswer>> {
    let job = upload_target(&state, &params.job_desc_id.0).await?;
    let mut multipart = multipart.map_err(|_| no_file())?;
    let mut field = loop {
        match next_field(&mut multipart).await? {
            Some(field) if field.file_name().is_some() => break field,
            Some(_) => continue,
            None => return Err(no_file()),
        }
    };
    let name = field.file_name().unwrap_or_default().to_owned();
    let extension = checks::check_file_name(&name)?;
    let bytes = checks::read_capped(&mut field, state.settings.uploads.max_file_bytes()).await?;
    checks::check_kind(&extension, &bytes, job.resume_required)?;
    let parsed = ats::parse_candidates_csv_with(&bytes, &state.parse_options());
    let errors: Vec<CsvRowError> = parsed.errors.iter().map(CsvRowError::from).collect();
    if parsed.rows.is_empty() {
        return Err(no_valid_rows(errors));
    }
    let rows: Vec<repo::CsvRow> = parsed.rows.iter().map(csv_row).collect();
    let (imported, updated) = repo::import_csv(
        &state.db,
        job.id,
        &rows,
        &recruiter.actor(),
        state.clock.now(),
    )
    .await?;
    Ok(Json(CsvAnswer {
        success: true,
        message: "CSV uploaded successfully!".into(),
        imported,
        updated,
        errors,
    }))
}

/// The answer when no row could be imported: the first problem in the message, all of them
/// in `errors`.
fn no_valid_rows(errors: Vec<CsvRowError>) -> Error {
    let why = errors
        .first()
        .map(|e| match e.line {
            0 => e.reason.clone(),
            line => format!("line {line}: {}", e.reason),
        })
        .unwrap_or_else(|| "the file has no candidate rows".into());
    Error::BadRequest {
        code: ErrorCode::NoValidRows,
        message: format!("No candidates could be imported: {why}."),
        extra: Some(serde_json::json!({ "errors": errors })),
    }
}

fn csv_row(row: &ats::CsvCandidate) -> repo::CsvRow {
    repo::CsvRow {
        name: row.name.trim().to_owned(),
        email: row
            .email
            .as_deref()
            .unwrap_or_default()
            .trim()
            .to_lowercase(),
        phone: row.phone.as_deref().unwrap_or_default().trim().to_owned(),
    }
}
