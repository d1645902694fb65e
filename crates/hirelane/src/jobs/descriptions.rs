//! One JD's description: reading it and editing it.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::done::Done;
use super::ids::{JdId, id_text_schema};
use super::lookup::{INVALID_ID, active_job};
use super::repo::{self, JobKey, JobRow};
use super::rules::{self, JobInput};
use crate::auth::Recruiter;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::state::AppState;
use crate::store::Db;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct JdIdParams {
    /// The JD's integer id or its folder id (`jdID`, `JdID` and `jdId` all match).
    #[serde(default)]
    #[param(required = true, inline)]
    jd_id: JdId,
}

/// A JD's full detail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct JobDetail {
    job_desc_id: i64,
    jdid: String,
    jdname: String,
    jddescription: String,
    key_skills: String,
    additional_notes: String,
    experience: String,
    created_on: String,
    apply_last_date: Option<String>,
    resume_required: bool,
}

impl From<JobRow> for JobDetail {
    fn from(row: JobRow) -> Self {
        JobDetail {
            job_desc_id: row.id,
            created_on: to_iso(from_millis(row.created_on)),
            jdid: row.jdid,
            jdname: row.jdname,
            jddescription: row.jddescription,
            key_skills: row.key_skills,
            additional_notes: row.additional_notes,
            experience: row.experience,
            apply_last_date: row.apply_last_date,
            resume_required: row.resume_required,
        }
    }
}

/// The JD as `GET /Drive/GetJDByID` answers, in the bin or not (what `job.*` webhooks send
/// as their data); none once it is purged.
pub async fn as_api(db: &Db, id: i64) -> Result<Option<serde_json::Value>> {
    match repo::find(db, &JobKey::Id(id)).await? {
        Some(row) => Ok(Some(
            serde_json::to_value(JobDetail::from(row)).map_err(anyhow::Error::from)?,
        )),
        None => Ok(None),
    }
}

/// One JD by either of its ids.
#[utoipa::path(
    get, path = "/Drive/GetJDByID", tag = "jobs", security(("bearer" = []), ("apiToken" = ["jobs:read"])), params(JdIdParams),
    responses((status = 200, description = "The JD", body = JobDetail), (status = 404, description = "No JD outside the bin has this id", body = ErrorBody))
)]
pub(super) async fn get_jd_by_id(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<JdIdParams>,
) -> Result<Json<JobDetail>> {
    Ok(Json(active_job(&state, &params.jd_id.0).await?.into()))
}

/// The edit form's payload; the spec sends it in PascalCase, names match in any case.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct EditJobBody {
    /// The JD's integer id; blank or 0 names it by `jdid` instead.
    #[serde(default, deserialize_with = "super::ids::id_text")]
    #[schema(schema_with = id_text_schema)]
    job_desc_id: String,
    /// The JD's folder id.
    #[serde(default, deserialize_with = "super::ids::id_text")]
    #[schema(schema_with = id_text_schema)]
    jdid: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 200, pattern = "\\S")]
    jdname: String,
    #[serde(default)]
    jddescription: String,
    #[serde(default)]
    #[schema(max_length = 5000)]
    key_skills: String,
    #[serde(default)]
    #[schema(max_length = 300)]
    additional_notes: String,
    #[serde(default)]
    #[schema(max_length = 5000)]
    experience: String,
    /// `YYYY-MM-DD` (or an ISO timestamp); empty keeps the stored date.
    #[serde(default)]
    #[schema(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2}.*)?$")]
    apply_last_date: Option<String>,
}

/// Updates a JD. Resume Required cannot change; an empty application last date keeps the
/// stored one.
#[utoipa::path(
    post, path = "/Drive/EditJDFolder", tag = "jobs", security(("bearer" = [])),
    request_body = EditJobBody,
    responses((status = 200, description = "Updated", body = Done), (status = 404, description = "No JD outside the bin has this id", body = ErrorBody))
)]
pub(super) async fn edit_jd_folder(
    _: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<EditJobBody>,
) -> Result<Json<Done>> {
    let key = if body.job_desc_id.trim().is_empty() || body.job_desc_id.trim() == "0" {
        &body.jdid
    } else {
        &body.job_desc_id
    };
    let row = active_job(&state, key).await?;
    let job = rules::validate_edit(&JobInput {
        jdname: body.jdname,
        jddescription: body.jddescription,
        key_skills: body.key_skills,
        experience: body.experience,
        additional_notes: body.additional_notes,
        apply_last_date: body.apply_last_date,
    })?;
    if !repo::update(&state.db, row.id, &job, state.clock.now()).await? {
        return Err(Error::not_found(ErrorCode::InvalidId, INVALID_ID));
    }
    // Scores depend on the JD: analyse its resumes again against what it asks now.
    if row.key_skills != job.key_skills
        || row.experience != job.experience
        || row.jddescription != job.jddescription
        || row.jdname != job.jdname
    {
        let queued = crate::candidates::repo::requeue_job(&state.db, row.id).await?;
        if queued > 0 {
            state.analysis.wake();
        }
    }
    Ok(Done::new("JD updated successfully!"))
}
