//! Creating a JD: the create form's rules and a folder of its own.

use hirelane_core::keys::random_token;

use super::lookup::INVALID_ID;
use super::repo::{self, JobKey};
use super::rules::{self, JobInput};
use crate::error::{Error, ErrorCode, Result};
use crate::state::AppState;

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
