//! The bin: deleting a JD to it, what it holds, and restoring a JD from it.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso};
use jiff::Timestamp;
use serde::de::{IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::done::Done;
use super::ids::JdId;
use super::lookup::{INVALID_ID, active_job};
use super::repo::{self, BIN_RETENTION, JobKey};
use crate::auth::Recruiter;
use crate::careers::job_events;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct DeleteParams {
    /// The JD's integer id or folder id.
    #[serde(default)]
    #[param(required = true, inline)]
    id: JdId,
    /// Why it is deleted (kept with the bin entry); may be empty.
    #[serde(default)]
    #[param(max_length = 2000)]
    reason: Option<String>,
}

#[derive(Debug, Default, ToSchema)]
pub(super) struct DeleteBody {
    #[schema(max_length = 2000)]
    reason: Option<String>,
}

/// Reads the body from a JSON object only: serde's derive would also take `[]` for a struct,
/// which the document (and any client) means as no reason object at all.
impl<'de> Deserialize<'de> for DeleteBody {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;

        impl<'de> Visitor<'de> for Fields {
            type Value = DeleteBody;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object with an optional `reason`")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DeleteBody, A::Error> {
                let mut reason = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "reason" {
                        reason = map.next_value()?;
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(DeleteBody { reason })
            }
        }

        deserializer.deserialize_struct("DeleteBody", &["reason"], Fields)
    }
}

/// Moves a JD to the bin. The reason may come in the query or the body.
#[utoipa::path(
    delete, path = "/Drive/DeleteJD", tag = "jobs", security(("bearer" = [])), params(DeleteParams),
    request_body(content = Option<DeleteBody>, description = "Optional; the reason may be sent here instead"),
    responses((status = 200, description = "Moved to the bin", body = Done), (status = 404, description = "No JD outside the bin has this id", body = ErrorBody))
)]
pub(super) async fn delete_jd(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<DeleteParams>,
    // `null` is no body, as `Option<DeleteBody>` in the document says.
    body: Option<Json<Option<DeleteBody>>>,
) -> Result<Json<Done>> {
    let row = active_job(&state, &params.id.0).await?;
    let body_reason = body.and_then(|Json(b)| b?.reason);
    // Both places are checked, even when the query's reason is the one kept.
    let too_long = |r: &Option<String>| {
        r.as_deref()
            .is_some_and(|r| r.trim().chars().count() > 2000)
    };
    if too_long(&params.reason) || too_long(&body_reason) {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "The reason cannot exceed 2000 characters.",
        ));
    }
    let reason = params
        .reason
        .or(body_reason)
        .map(|r| r.trim().to_owned())
        .unwrap_or_default();
    // A published JD's page closes with it: its `job.closed` goes on the same transaction.
    let mut tx = state.db.begin_write().await?;
    if !repo::move_to_bin(&mut tx, row.id, recruiter.id, &reason, state.clock.now()).await? {
        return Err(Error::not_found(ErrorCode::InvalidId, INVALID_ID));
    }
    job_events::bin_changed(&state, &mut tx, row.id, true).await?;
    tx.commit().await?;
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
pub(super) struct BinItem {
    job_desc_id: i64,
    jdid: String,
    jdname: String,
    delete_reason: String,
    deleted_by: Option<String>,
    deleted_at: String,
    /// When it will be removed for good.
    purge_at: String,
    /// Days left before the purge, a begun day counting whole (30 right after the delete).
    days_left: i64,
}

/// Deleted JDs waiting for their purge, most recently deleted first.
#[utoipa::path(
    get, path = "/Drive/Bin", tag = "jobs", security(("bearer" = [])),
    responses((status = 200, description = "The JDs in the bin", body = [BinItem]))
)]
pub(super) async fn bin(_: Recruiter, State(state): State<AppState>) -> Result<Json<Vec<BinItem>>> {
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

/// Days left, a begun day counting whole: 30 right after a delete, not 29.
fn days_between(now: Timestamp, later: Timestamp) -> i64 {
    ((later.as_second() - now.as_second()).max(0) + 86_399) / 86_400
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct RestoreParams {
    /// The JD's integer id or folder id.
    #[serde(default)]
    #[param(required = true, inline)]
    id: JdId,
}

/// Takes a JD out of the bin.
#[utoipa::path(
    post, path = "/Drive/RestoreJD", tag = "jobs", security(("bearer" = [])), params(RestoreParams),
    responses((status = 200, description = "Restored", body = Done), (status = 404, description = "No JD in the bin has this id", body = ErrorBody))
)]
pub(super) async fn restore_jd(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<RestoreParams>,
) -> Result<Json<Done>> {
    let key =
        JobKey::parse(&params.id.0).ok_or(Error::bad_request(ErrorCode::InvalidId, INVALID_ID))?;
    let row = repo::find(&state.db, &key)
        .await?
        .filter(|row| row.deleted_at.is_some())
        .ok_or(Error::not_found(
            ErrorCode::InvalidId,
            "This JD is not in the bin.",
        ))?;
    let mut tx = state.db.begin_write().await?;
    if repo::restore(&mut tx, row.id).await? {
        job_events::bin_changed(&state, &mut tx, row.id, false).await?;
    }
    tx.commit().await?;
    Ok(Done::new("JD restored successfully."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_left_round_up_and_stop_at_zero() {
        let t = |s| Timestamp::from_second(s).expect("valid");
        assert_eq!(days_between(t(0), t(30 * 86_400)), 30);
        assert_eq!(days_between(t(1), t(30 * 86_400)), 30);
        assert_eq!(days_between(t(86_400), t(30 * 86_400)), 29);
        assert_eq!(days_between(t(30 * 86_400 - 1), t(30 * 86_400)), 1);
        assert_eq!(days_between(t(10), t(5)), 0);
    }
}
