//! Candidates' requests to erase their data, made from their own page. Every recruiter sees
//! them (Settings → Erasure requests); an admin confirms one, which runs the erasure of
//! everything held about the address ([`super::erase`]), or declines it with a reason (a legal
//! hold, say). Once decided, the request keeps only the fact that it was made and by whom it was
//! decided: the address and name are cleared.

use axum::extract::{Path, State};
use hirelane_core::clock::{from_millis, to_iso, to_millis};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::erase::{Erased, erase};
use crate::auth::{Admin, Recruiter};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::state::AppState;
use crate::store::Db;
use crate::{execute, fetch_as, fetch_scalar};

/// The longest reason kept with a declined request.
const MAX_NOTE: usize = 500;

/// A request as recruiters see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErasureRequest {
    id: i64,
    /// Empty once decided.
    candidate_name: String,
    email: String,
    job_title: String,
    requested_at: String,
    /// `pending`, `erased` or `declined`.
    state: String,
    decided_at: Option<String>,
    decided_by: Option<String>,
    /// Why it was declined.
    decision_note: Option<String>,
}

#[derive(sqlx::FromRow)]
struct RequestRow {
    id: i64,
    email: String,
    candidate_name: String,
    job_title: String,
    requested_at: i64,
    state: String,
    decided_at: Option<i64>,
    decided_by: Option<String>,
    decision_note: Option<String>,
}

impl From<RequestRow> for ErasureRequest {
    fn from(row: RequestRow) -> Self {
        ErasureRequest {
            id: row.id,
            candidate_name: row.candidate_name,
            email: row.email,
            job_title: row.job_title,
            requested_at: to_iso(from_millis(row.requested_at)),
            state: row.state,
            decided_at: row.decided_at.map(|ms| to_iso(from_millis(ms))),
            decided_by: row.decided_by,
            decision_note: row.decision_note,
        }
    }
}

const SELECT: &str = "SELECT id, email, candidate_name, job_title, requested_at, state,
        decided_at, decided_by, decision_note FROM erasure_requests";

/// Records a candidate's request; a second one for the same address while the first waits is
/// the same request. Answers whether a new one was made.
pub async fn request(
    db: &Db,
    email: &str,
    candidate_name: &str,
    job_title: &str,
    now: Timestamp,
) -> Result<bool> {
    let made = execute!(
        db,
        "INSERT INTO erasure_requests (email, candidate_name, job_title, requested_at)
         SELECT $1, $2, $3, $4
         WHERE NOT EXISTS (SELECT 1 FROM erasure_requests WHERE email = $1 AND state = 'pending')",
        (email, candidate_name, job_title, to_millis(now))
    )?;
    Ok(made == 1)
}

/// Whether the address has a request waiting.
pub async fn is_pending(db: &Db, email: &str) -> Result<bool> {
    let pending: i64 = fetch_scalar!(
        db,
        fetch_one,
        "SELECT COUNT(*) FROM erasure_requests WHERE email = $1 AND state = 'pending'",
        (email)
    )?;
    Ok(pending > 0)
}

/// Every request, waiting ones first, newest first.
#[utoipa::path(
    get, path = "/Settings/ErasureRequests", tag = "candidates", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<ErasureRequest>, description = "Candidates' erasure requests"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn list_requests(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<ErasureRequest>>> {
    let sql = format!(
        "{SELECT} ORDER BY CASE WHEN state = 'pending' THEN 0 ELSE 1 END, requested_at DESC, id DESC
         LIMIT 500"
    );
    let rows: Vec<RequestRow> = fetch_as!(&state.db, fetch_all, sqlx::AssertSqlSafe(sql.as_str()))?;
    Ok(Json(rows.into_iter().map(Into::into).collect()))
}

/// What a confirmed request erased.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Confirmed {
    request: ErasureRequest,
    /// Candidate rows (one per JD), files, interview calls and outbox mails removed.
    candidates: u64,
    files: usize,
    calls: u64,
    mails: usize,
}

/// Confirms a request: everything held about its address is erased, and the request keeps only
/// that it was made and who confirmed it.
#[utoipa::path(
    post, path = "/Settings/ErasureRequests/{id}/Confirm", tag = "candidates", security(("bearer" = [])),
    params(("id" = String, Path, description = "The request's id")),
    responses(
        (status = 200, body = Confirmed, description = "The data was erased"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 403, body = ErrorBody, description = "Only admins decide erasure requests (`forbidden`)"),
        (status = 404, body = ErrorBody, description = "No such request (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The request was decided already (`state_changed`)"),
    )
)]
pub(super) async fn confirm_request(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Confirmed>> {
    let id = request_id(&id)?;
    let row = pending(&state.db, id).await?;
    let Erased {
        candidates,
        files,
        calls,
        mails,
    } = erase(&state, &row.email, &admin.full_name).await?;
    tracing::info!(
        request = id,
        candidates,
        files,
        calls,
        "erasure request confirmed"
    );
    Ok(Json(Confirmed {
        request: find(&state.db, id).await?.into(),
        candidates,
        files,
        calls,
        mails,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct DeclineBody {
    /// Why the data is kept (told to no one but the team).
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 500)]
    reason: String,
}

/// Declines a request, keeping the data, with the reason.
#[utoipa::path(
    post, path = "/Settings/ErasureRequests/{id}/Decline", tag = "candidates", security(("bearer" = [])),
    params(("id" = String, Path, description = "The request's id")),
    request_body = DeclineBody,
    responses(
        (status = 200, body = ErasureRequest, description = "The request, declined"),
        (status = 400, body = ErrorBody, description = "No reason, or one over 500 characters (`validation`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 403, body = ErrorBody, description = "Only admins decide erasure requests (`forbidden`)"),
        (status = 404, body = ErrorBody, description = "No such request (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The request was decided already (`state_changed`)"),
    )
)]
pub(super) async fn decline_request(
    Admin(admin): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Json(body): Json<DeclineBody>,
) -> Result<Json<ErasureRequest>> {
    let id = request_id(&id)?;
    let reason = body.reason.trim();
    if reason.is_empty() || reason.chars().count() > MAX_NOTE {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            format!("Please give a reason (up to {MAX_NOTE} characters)."),
        ));
    }
    pending(&state.db, id).await?;
    decline(&state, id, &admin.full_name, reason).await?;
    Ok(Json(find(&state.db, id).await?.into()))
}

/// A request's id from the path; anything else names no request.
fn request_id(raw: &str) -> Result<i64> {
    raw.trim().parse().map_err(|_| no_such_request())
}

fn no_such_request() -> Error {
    Error::not_found(ErrorCode::NotFound, "No such erasure request.")
}

async fn find(db: &Db, id: i64) -> Result<RequestRow> {
    let sql = format!("{SELECT} WHERE id = $1");
    let row: Option<RequestRow> =
        fetch_as!(db, fetch_optional, sqlx::AssertSqlSafe(sql.as_str()), (id))?;
    row.ok_or_else(no_such_request)
}

/// The request, if it still waits for a decision.
async fn pending(db: &Db, id: i64) -> Result<RequestRow> {
    let row = find(db, id).await?;
    if row.state != "pending" {
        return Err(Error::Conflict {
            code: ErrorCode::StateChanged,
            message: "This request was decided already.".into(),
        });
    }
    Ok(row)
}

/// Records a decline; the request keeps whom it is about, since their data is kept too.
async fn decline(state: &AppState, id: i64, by: &str, reason: &str) -> Result<()> {
    execute!(
        &state.db,
        "UPDATE erasure_requests SET state = 'declined', decided_at = $2, decided_by = $3,
            decision_note = $4
         WHERE id = $1 AND state = 'pending'",
        (id, to_millis(state.clock.now()), by, reason)
    )?;
    Ok(())
}
