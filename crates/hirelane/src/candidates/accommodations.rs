//! Requests for an alternative process or an accommodation, made by candidates from their own
//! page (the law's "how to request an alternative selection process or an accommodation").
//! Every recruiter sees them (Settings → Requests) and answers one; the answer is e-mailed to
//! the candidate. A candidate who asked is never invited to the AI interview automatically: a
//! person arranges what comes next.

use axum::extract::{Path, State};
use hirelane_core::clock::{from_millis, to_iso, to_millis};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::activity::log::{self as activity, EventKind, Subject};
use crate::auth::Recruiter;
use crate::careers::organisation;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::Json;
use crate::mail;
use crate::state::AppState;
use crate::store::Db;
use crate::{execute, fetch_as, fetch_scalar};

/// The longest request or answer kept.
pub const MAX_TEXT: usize = 2000;

/// A request as recruiters see it.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AccommodationRequest {
    id: i64,
    resume_id: i64,
    candidate_name: String,
    job_title: String,
    job_desc_id: i64,
    /// What the candidate asked for, in their words.
    message: String,
    #[sqlx(skip)]
    requested_at: String,
    /// `pending` or `answered`.
    state: String,
    #[sqlx(skip)]
    answered_at: Option<String>,
    answered_by: Option<String>,
    answer: Option<String>,
    #[serde(skip)]
    requested_ms: i64,
    #[serde(skip)]
    answered_ms: Option<i64>,
}

/// Records a candidate's request; while one waits, asking again adds to it. Answers whether a
/// new request was made.
pub async fn request(db: &Db, candidate_id: i64, message: &str, now: Timestamp) -> Result<bool> {
    let message = message.trim();
    if message.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "Please say what you need, so the team can arrange it.",
        ));
    }
    if message.chars().count() > MAX_TEXT {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            format!("Please keep the request under {MAX_TEXT} characters."),
        ));
    }
    let added = execute!(
        db,
        "UPDATE accommodation_requests SET message = message || $2 || $3
         WHERE candidate_id = $1 AND state = 'pending'",
        (candidate_id, "\n\n", message)
    )?;
    if added > 0 {
        return Ok(false);
    }
    execute!(
        db,
        "INSERT INTO accommodation_requests (candidate_id, message, requested_at)
         VALUES ($1, $2, $3)",
        (candidate_id, message, to_millis(now))
    )?;
    Ok(true)
}

/// Whether the candidate asked for an alternative process (answered or not).
pub async fn has_asked(db: &Db, candidate_id: i64) -> Result<bool> {
    let count: i64 = fetch_scalar!(
        db,
        fetch_one,
        "SELECT COUNT(*) FROM accommodation_requests WHERE candidate_id = $1",
        (candidate_id)
    )?;
    Ok(count > 0)
}

const SELECT: &str = "SELECT r.id, c.id AS resume_id, c.candidate_name, j.jdname AS job_title,
        j.id AS job_desc_id, r.message, r.state, r.answered_by, r.answer,
        r.requested_at AS requested_ms, r.answered_at AS answered_ms
   FROM accommodation_requests r
   JOIN candidates c ON c.id = r.candidate_id
   JOIN jobs j ON j.id = c.job_id";

fn with_times(mut row: AccommodationRequest) -> AccommodationRequest {
    row.requested_at = to_iso(from_millis(row.requested_ms));
    row.answered_at = row.answered_ms.map(|ms| to_iso(from_millis(ms)));
    row
}

/// Every request, waiting ones first, newest first.
#[utoipa::path(
    get, path = "/Settings/AccommodationRequests", tag = "candidates", security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<AccommodationRequest>, description = "Candidates' requests for an alternative process or an accommodation"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub async fn list_accommodation_requests(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<AccommodationRequest>>> {
    let rows: Vec<AccommodationRequest> = fetch_as!(
        &state.db,
        fetch_all,
        sqlx::AssertSqlSafe(format!(
            "{SELECT} ORDER BY CASE WHEN r.state = 'pending' THEN 0 ELSE 1 END,
                 r.requested_at DESC, r.id DESC"
        ))
    )?;
    Ok(Json(rows.into_iter().map(with_times).collect()))
}

/// The team's answer.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AnswerBody {
    #[schema(required = true, max_length = 2000)]
    #[serde(default)]
    answer: String,
}

/// Answers a request: the answer is e-mailed to the candidate and kept with it. A request is
/// answered once; answering it again is refused.
#[utoipa::path(
    post, path = "/Settings/AccommodationRequests/{id}/Answer", tag = "candidates", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The request's id")),
    request_body = AnswerBody,
    responses(
        (status = 200, body = Vec<AccommodationRequest>, description = "Every request, this one answered"),
        (status = 400, body = ErrorBody, description = "An empty or too long answer (`validation`)"),
        (status = 404, body = ErrorBody, description = "No such request (`not_found`)"),
        (status = 409, body = ErrorBody, description = "Answered already (`state_changed`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub async fn answer_accommodation_request(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(body): Json<AnswerBody>,
) -> Result<Json<Vec<AccommodationRequest>>> {
    let text = body.answer.trim();
    if text.is_empty() || text.chars().count() > MAX_TEXT {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            format!("Write an answer of at most {MAX_TEXT} characters."),
        ));
    }
    let target: Option<(i64, String, String, String)> = fetch_as!(
        &state.db,
        fetch_optional,
        "SELECT c.id, c.candidate_email, j.jdname, r.state FROM accommodation_requests r
           JOIN candidates c ON c.id = r.candidate_id JOIN jobs j ON j.id = c.job_id
          WHERE r.id = $1",
        (id)
    )?;
    let Some((candidate_id, email, job_title, _)) = target else {
        return Err(Error::not_found(ErrorCode::NotFound, "No such request."));
    };
    let now = state.clock.now();
    let mut tx = state.db.begin_write().await?;
    let answered = crate::with_tx!(&mut tx, |conn| {
        sqlx::query(
            "UPDATE accommodation_requests SET state = 'answered', answer = $2, answered_at = $3,
                 answered_by = $4
             WHERE id = $1 AND state = 'pending'",
        )
        .bind(id)
        .bind(text)
        .bind(to_millis(now))
        .bind(&recruiter.full_name)
        .execute(&mut **conn)
        .await
        .map(|done| done.rows_affected())
    })?;
    if answered == 0 {
        return Err(Error::Conflict {
            code: ErrorCode::StateChanged,
            message: "This request was answered already.".into(),
        });
    }
    let subject = Subject::Candidate(candidate_id);
    let kind = EventKind::AccommodationAnswered;
    activity::record(&mut tx, kind, subject, &recruiter.actor(), json!({}), now).await?;
    tx.commit().await?;
    let organization = organisation::name(&state).await;
    let message = mail::accommodation_answer(&job_title, &organization, text);
    if let Err(err) = state.mailer.send(&email, message).await {
        tracing::warn!(error = %err, candidate = candidate_id, "accommodation answer not e-mailed");
    }
    list_accommodation_requests(recruiter, State(state)).await
}
