//! Job descriptions: folders (one JD each), create, edit, read, delete to a bin, restore, and
//! the 30-day purge. The routes are the spec's `/Drive/...` calls plus the bin's.

pub mod repo;
pub mod rules;
pub mod sanitize;

use axum::extract::State;
use jiff::Timestamp;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::repo::{BIN_RETENTION, JobKey, JobRow};
use self::rules::JobInput;
use crate::auth::{Recruiter, random_token};
use crate::clock::{from_millis, to_iso};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::state::AppState;

const INVALID_ID: &str = "Invalid JD ID.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_job_folder))
        .routes(routes!(jd_folders))
        .routes(routes!(get_jd_by_id))
        .routes(routes!(edit_jd_folder))
        .routes(routes!(delete_jd))
        .routes(routes!(bin))
        .routes(routes!(restore_jd))
}

/// A success answer with the text the page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Done {
    pub success: bool,
    pub message: String,
}

impl Done {
    fn new(message: &str) -> Json<Done> {
        Json(Done {
            success: true,
            message: message.to_owned(),
        })
    }
}

/// The create form's payload (SPEC section 3).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateJobBody {
    /// Folder to create the JD in (the create page's `?folder=`); empty makes a new folder.
    #[serde(default, deserialize_with = "id_text")]
    jdid: String,
    #[serde(default)]
    jdname: String,
    /// Rich-text HTML; sanitised on the server.
    #[serde(default)]
    jddescription: String,
    #[serde(default)]
    key_skills: String,
    #[serde(default)]
    experience: String,
    #[serde(default = "yes")]
    resume_required: bool,
    /// `YYYY-MM-DD` (or an ISO timestamp), optional.
    #[serde(default)]
    apply_last_date: Option<String>,
    #[serde(default)]
    additional_notes: String,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Created {
    success: bool,
    message: String,
    job_desc_id: i64,
    jdid: String,
}

/// Creates a JD in a new folder.
#[utoipa::path(
    post, path = "/Drive/CreateJobFolder", tag = "jobs", security(("bearer" = [])),
    request_body = CreateJobBody,
    responses((status = 200, body = Created), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn create_job_folder(
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

/// Creates a JD after the create form's rules; answers its two ids.
pub async fn create(
    state: &AppState,
    input: &JobInput,
    resume_required: bool,
    recruiter_id: i64,
    folder: &str,
) -> Result<(i64, String)> {
    let job = rules::validate_create(input, state.today())?;
    let jdid = new_folder_id(state, folder).await?;
    let id = repo::insert(
        &state.db,
        &jdid,
        &job,
        resume_required,
        recruiter_id,
        state.clock.now(),
    )
    .await?;
    tracing::info!(job_desc_id = id, recruiter_id, "job description created");
    Ok((id, jdid))
}

/// The folder a new JD goes in. One folder holds one JD, so a named folder (the create page's
/// `?folder=`) must be a well-formed id that is not taken yet; none names a fresh one.
async fn new_folder_id(state: &AppState, requested: &str) -> Result<String> {
    let requested = requested.trim();
    if requested.is_empty() {
        return Ok(format!("jd-{}", random_token(9)));
    }
    let well_formed = (3..=64).contains(&requested.len())
        && requested
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && !requested.bytes().all(|b| b.is_ascii_digit());
    if !well_formed {
        return Err(Error::bad_request(ErrorCode::InvalidId, INVALID_ID));
    }
    let key = JobKey::Folder(requested.to_owned());
    if repo::find(&state.db, &key).await?.is_some() {
        return Err(Error::Conflict {
            code: ErrorCode::FolderTaken,
            message: "This folder already holds a job description.".into(),
        });
    }
    Ok(requested.to_owned())
}

/// An item of the JD Folders list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FolderItem {
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
    get, path = "/Drive/JDFolders", tag = "jobs", security(("bearer" = [])),
    responses((status = 200, body = [FolderItem]), (status = 401, body = ErrorBody))
)]
async fn jd_folders(_: Recruiter, State(state): State<AppState>) -> Result<Json<Vec<FolderItem>>> {
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

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct JdIdParams {
    /// The JD's integer id or its folder id (`jdID`, `JdID` and `jdId` all match).
    #[serde(default)]
    jd_id: String,
}

/// A JD's full detail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct JobDetail {
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

/// One JD by either of its ids.
#[utoipa::path(
    get, path = "/Drive/GetJDByID", tag = "jobs", security(("bearer" = [])), params(JdIdParams),
    responses((status = 200, body = JobDetail), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn get_jd_by_id(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<JdIdParams>,
) -> Result<Json<JobDetail>> {
    Ok(Json(active_job(&state, &params.jd_id).await?.into()))
}

/// The edit form's payload; the spec sends it in PascalCase, names match in any case.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct EditJobBody {
    #[serde(default, deserialize_with = "id_text")]
    job_desc_id: String,
    #[serde(default, deserialize_with = "id_text")]
    jdid: String,
    #[serde(default)]
    jdname: String,
    #[serde(default)]
    jddescription: String,
    #[serde(default)]
    key_skills: String,
    #[serde(default)]
    additional_notes: String,
    #[serde(default)]
    experience: String,
    /// Empty keeps the stored date.
    #[serde(default)]
    apply_last_date: Option<String>,
}

/// Updates a JD. Resume Required cannot change; an empty application last date keeps the
/// stored one.
#[utoipa::path(
    post, path = "/Drive/EditJDFolder", tag = "jobs", security(("bearer" = [])),
    request_body = EditJobBody,
    responses((status = 200, body = Done), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn edit_jd_folder(
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

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct DeleteParams {
    /// The JD's integer id or folder id.
    #[serde(default)]
    id: String,
    /// Why it is deleted (kept with the bin entry).
    #[serde(default)]
    reason: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DeleteBody {
    #[serde(default)]
    reason: Option<String>,
}

/// Moves a JD to the bin. The reason may come in the query or the body.
#[utoipa::path(
    delete, path = "/Drive/DeleteJD", tag = "jobs", security(("bearer" = [])), params(DeleteParams),
    request_body(content = Option<DeleteBody>, description = "Optional; the reason may be sent here instead"),
    responses((status = 200, body = Done), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn delete_jd(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<DeleteParams>,
    body: Option<Json<DeleteBody>>,
) -> Result<Json<Done>> {
    let row = active_job(&state, &params.id).await?;
    let reason = params
        .reason
        .or_else(|| body.and_then(|Json(b)| b.reason))
        .map(|r| r.trim().to_owned())
        .unwrap_or_default();
    if reason.chars().count() > 2000 {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "The reason cannot exceed 2000 characters.",
        ));
    }
    if !repo::move_to_bin(&state.db, row.id, recruiter.id, &reason, state.clock.now()).await? {
        return Err(Error::not_found(ErrorCode::InvalidId, INVALID_ID));
    }
    tracing::info!(
        job_desc_id = row.id,
        recruiter_id = recruiter.id,
        "job description moved to the bin"
    );
    Ok(Done::new("JD deleted successfully."))
}

/// A JD in the bin.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BinItem {
    job_desc_id: i64,
    jdid: String,
    jdname: String,
    delete_reason: String,
    deleted_by: Option<String>,
    deleted_at: String,
    /// When it will be removed for good.
    purge_at: String,
    /// Whole days left before the purge (0 on the last day).
    days_left: i64,
}

/// Deleted JDs waiting for their purge, most recently deleted first.
#[utoipa::path(
    get, path = "/Drive/Bin", tag = "jobs", security(("bearer" = [])),
    responses((status = 200, body = [BinItem]), (status = 401, body = ErrorBody))
)]
async fn bin(_: Recruiter, State(state): State<AppState>) -> Result<Json<Vec<BinItem>>> {
    let now = state.clock.now();
    let rows = repo::list_deleted(&state.db).await?;
    Ok(Json(
        rows.into_iter()
            .filter_map(|row| {
                let deleted_at = from_millis(row.deleted_at?);
                let purge_at = deleted_at
                    .saturating_add(BIN_RETENTION)
                    .unwrap_or(deleted_at);
                Some(BinItem {
                    job_desc_id: row.id,
                    jdid: row.jdid,
                    jdname: row.jdname,
                    delete_reason: row.delete_reason.unwrap_or_default(),
                    deleted_by: row.deleted_by_name,
                    deleted_at: to_iso(deleted_at),
                    purge_at: to_iso(purge_at),
                    days_left: days_between(now, purge_at),
                })
            })
            .collect(),
    ))
}

fn days_between(now: Timestamp, later: Timestamp) -> i64 {
    (later.as_second() - now.as_second()).max(0) / 86_400
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct RestoreParams {
    #[serde(default)]
    id: String,
}

/// Takes a JD out of the bin.
#[utoipa::path(
    post, path = "/Drive/RestoreJD", tag = "jobs", security(("bearer" = [])), params(RestoreParams),
    responses((status = 200, body = Done), (status = 404, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn restore_jd(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<RestoreParams>,
) -> Result<Json<Done>> {
    let key =
        JobKey::parse(&params.id).ok_or(Error::bad_request(ErrorCode::InvalidId, INVALID_ID))?;
    let row = repo::find(&state.db, &key)
        .await?
        .filter(|row| row.deleted_at.is_some())
        .ok_or(Error::not_found(
            ErrorCode::InvalidId,
            "This JD is not in the bin.",
        ))?;
    repo::restore(&state.db, row.id).await?;
    Ok(Done::new("JD restored successfully."))
}

/// The JD named by `raw`, outside the bin, or the spec's 'Invalid JD ID.'.
pub(crate) async fn active_job(state: &AppState, raw: &str) -> Result<JobRow> {
    let key = JobKey::parse(raw).ok_or(Error::bad_request(ErrorCode::InvalidId, INVALID_ID))?;
    repo::find(&state.db, &key)
        .await?
        .filter(|row| row.deleted_at.is_none())
        .ok_or(Error::not_found(ErrorCode::InvalidId, INVALID_ID))
}

/// [`active_job`]'s id alone, without counting the JD's candidates.
pub(crate) async fn active_job_id(state: &AppState, raw: &str) -> Result<i64> {
    let key = JobKey::parse(raw).ok_or(Error::bad_request(ErrorCode::InvalidId, INVALID_ID))?;
    repo::find_active_id(&state.db, &key)
        .await?
        .ok_or(Error::not_found(ErrorCode::InvalidId, INVALID_ID))
}

/// Runs the bin purge once: rows first, then their files; returns how many JDs were removed.
pub async fn purge_bin(state: &AppState) -> Result<usize> {
    let purged = repo::purge(&state.db, state.clock.now()).await?;
    crate::candidates::remove_files(state, &purged.file_keys).await;
    if !purged.jobs.is_empty() {
        tracing::info!(
            count = purged.jobs.len(),
            files = purged.file_keys.len(),
            ids = ?purged.jobs,
            "purged job descriptions from the bin"
        );
    }
    Ok(purged.jobs.len())
}

/// Ids arrive as numbers (`JobDescId: 12`) or text (`jdid: "jd-…"`, `jobDescId: "12"`).
pub(crate) fn id_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Id {
        Number(i64),
        Text(String),
        Null(()),
    }
    Ok(match Id::deserialize(deserializer)? {
        Id::Number(n) => n.to_string(),
        Id::Text(s) => s,
        Id::Null(()) => String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_left_round_down_and_stop_at_zero() {
        let t = |s| Timestamp::from_second(s).expect("valid");
        assert_eq!(days_between(t(0), t(30 * 86_400)), 30);
        assert_eq!(days_between(t(1), t(30 * 86_400)), 29);
        assert_eq!(days_between(t(10), t(5)), 0);
    }
}
