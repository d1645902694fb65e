//! Finding the JD a request names, by its integer id or its folder id.

use super::repo::{self, JobKey, JobRow};
use crate::error::{Error, ErrorCode, Result};
use crate::state::AppState;

/// The spec's answer to a JD id that names no JD (outside the bin).
pub const INVALID_ID: &str = "Invalid JD ID.";

/// The JD named by `raw`, outside the bin, or the spec's 'Invalid JD ID.'.
pub async fn active_job(state: &AppState, raw: &str) -> Result<JobRow> {
    let key = JobKey::parse(raw).ok_or(Error::bad_request(ErrorCode::InvalidId, INVALID_ID))?;
    repo::find(&state.db, &key)
        .await?
        .filter(|row| row.deleted_at.is_none())
        .ok_or(Error::not_found(ErrorCode::InvalidId, INVALID_ID))
}

/// [`active_job`]'s id alone, without counting the JD's candidates.
pub async fn active_job_id(state: &AppState, raw: &str) -> Result<i64> {
    let key = JobKey::parse(raw).ok_or(Error::bad_request(ErrorCode::InvalidId, INVALID_ID))?;
    repo::find_active_id(&state.db, &key)
        .await?
        .ok_or(Error::not_found(ErrorCode::InvalidId, INVALID_ID))
}
