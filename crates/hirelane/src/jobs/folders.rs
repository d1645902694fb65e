//! JD folders: creating a JD in a folder, and the list of folders.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::create::create;
use super::repo;
use super::rules::JobInput;
use crate::auth::Recruiter;
use crate::error::{ErrorBody, Result};
use crate::http::Json;
use crate::state::AppState;

/// The create form's payload (SPEC section 3).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CreateJobBody {
    /// Folder to create the JD in (the create page's `?folder=`); empty makes a new folder.
    #[serde(default, deserialize_with = "super::ids::id_text")]
    #[schema(value_type = Option<String>, pattern = "^([A-Za-z0-9_-]{3,64})?$")]
    jdid: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 200, pattern = "\\S")]
    jdname: String,
    /// Rich-text HTML; sanitised on the server.
    #[serde(default)]
    jddescription: String,
    /// At least three comma-separated skills.
    #[serde(default)]
    #[schema(
        required = true,
        min_length = 5,
        max_length = 5000,
        pattern = "[^,\\s].*,.*[^,\\s].*,.*[^,\\s]"
    )]
    key_skills: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 5000, pattern = "\\S")]
    experience: String,
    #[serde(default = "yes")]
    resume_required: bool,
    /// `YYYY-MM-DD` (or an ISO timestamp), optional; not in the past.
    #[serde(default)]
    #[schema(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2}.*)?$")]
    apply_last_date: Option<String>,
    #[serde(default)]
    #[schema(max_length = 300)]
    additional_notes: String,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Created {
    success: bool,
    message: String,
    job_desc_id: i64,
    jdid: String,
}

/// Creates a JD in a new folder.
#[utoipa::path(
    post, path = "/Drive/CreateJobFolder", tag = "jobs", security(("bearer" = [])),
    request_body = CreateJobBody,
    responses(
        (status = 200, description = "Created", body = Created),
        (status = 409, description = "The named folder already holds a JD", body = ErrorBody),
    )
)]
pub(super) async fn create_job_folder(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<CreateJobBody>,
) -> Result<Json<Created>> {
    let input = JobInput {
        jdname: body.jdname,
        jddescription: body.jddescription,
        key_skills: body.key_skills,
        experience: body.experience,
        additional_notes: body.additional_notes,
        apply_last_date: body.apply_last_date,
    };
    let (id, jdid) = create(
        &state,
        &input,
        body.resume_required,
        recruiter.id,
        &body.jdid,
    )
    .await?;
    Ok(Json(Created {
        success: true,
        message: "Job Description created successfully!".into(),
        job_desc_id: id,
        jdid,
    }))
}

/// An item of the JD Folders list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct FolderItem {
    jdid: String,
    job_desc_id: i64,
    jdname: String,
    jddescription: String,
    key_skills: String,
    number_of_resumes: i64,
    resumes_analyzed: i64,
    created_on: String,
}

/// Every JD outside the bin, newest first.
#[utoipa::path(
    get, path = "/Drive/JDFolders", tag = "jobs", security(("bearer" = []), ("apiToken" = ["jobs:read"])),
    responses((status = 200, description = "The JDs outside the bin", body = [FolderItem]))
)]
pub(super) async fn jd_folders(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<FolderItem>>> {
    let rows = repo::list_active(&state.db).await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| FolderItem {
                created_on: to_iso(from_millis(row.created_on)),
                jdid: row.jdid,
                job_desc_id: row.id,
                jdname: row.jdname,
                jddescription: row.jddescription,
                key_skills: row.key_skills,
                number_of_resumes: row.number_of_resumes,
                resumes_analyzed: row.resumes_analyzed,
            })
            .collect(),
    ))
}
