//! The autopilot: per JD and off by default, it invites applicants whose ATS result qualifies
//! (Pass, or at least a score the recruiter chose) to an interview with the JD's assistant. It
//! never rejects anyone: a Fail waits for a person. Every invite it sends is logged as the
//! system's.
//!
//! A qualifying result marks the candidate due on the transaction that stores it
//! ([`super::autopilot_due`]); each instance's loop claims due candidates with a lease, so one
//! instance sends each invite, and a crash between claim and send only delays it.

use std::time::Duration;

use axum::extract::State;
use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use crate::activity::log::{self, Actor, EventKind, Subject};
use crate::auth::Recruiter;
use crate::candidates::accommodations;
use crate::candidates::repo as candidates;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{Json, Query};
use crate::interviews::invites;
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job;
use crate::jobs::repo::{self as jobs, JobKey};
use crate::state::AppState;
use crate::store::{Db, Tx};
use crate::{execute, fetch_as, with_tx};

/// A JD's autopilot.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Autopilot {
    job_desc_id: i64,
    /// Invite qualifying applicants automatically.
    enabled: bool,
    /// The assistant that runs their interviews.
    assistant_id: Option<String>,
    /// Invite from this ATS score up; none means the Pass recommendation.
    min_score: Option<i64>,
    /// A daily e-mail to the JD's recruiter: new applicants, interviews completed, candidates
    /// needing review.
    digest: bool,
    /// Applicants the autopilot invited so far.
    invited: i64,
    /// Applicants it qualified but did not invite, each with the reason in their activity log.
    not_invited: i64,
    /// Why it last did not invite someone, and when: a recruiter sees here that it could not
    /// act (its assistant gone, the provider refusing), not only in the server's log.
    last_not_invited: Option<NotInvited>,
}

/// An applicant the autopilot qualified but did not invite.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub(super) struct NotInvited {
    candidate_id: i64,
    reason: String,
    /// Unix milliseconds.
    at: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct AutopilotRow {
    enabled: bool,
    assistant_id: Option<String>,
    min_score: Option<i64>,
    digest: bool,
}

async fn find(db: &Db, job_id: i64) -> Result<Option<AutopilotRow>> {
    Ok(fetch_as!(
        db,
        fetch_optional,
        "SELECT enabled, assistant_id, min_score, digest FROM job_autopilot WHERE job_id = $1",
        (job_id)
    )?)
}

async fn autopilot_of(db: &Db, job_id: i64) -> Result<Autopilot> {
    let row = find(db, job_id).await?.unwrap_or(AutopilotRow {
        enabled: false,
        assistant_id: None,
        min_score: None,
        digest: false,
    });
    let (invited, not_invited): (i64, i64) = fetch_as!(
        db,
        fetch_one,
        "SELECT COUNT(*) FILTER (WHERE state = 'done'), COUNT(*) FILTER (WHERE state = 'skipped')
         FROM autopilot_invites WHERE job_id = $1",
        (job_id)
    )?;
    let last_not_invited: Option<NotInvited> = fetch_as!(
        db,
        fetch_optional,
        "SELECT candidate_id, outcome AS reason, done_at AS at FROM autopilot_invites
         WHERE job_id = $1 AND state = 'skipped' AND outcome IS NOT NULL
           AND done_at IS NOT NULL
         ORDER BY done_at DESC, candidate_id DESC LIMIT 1",
        (job_id)
    )?;
    Ok(Autopilot {
        job_desc_id: job_id,
        enabled: row.enabled,
        assistant_id: row.assistant_id,
        min_score: row.min_score,
        digest: row.digest,
        invited,
        not_invited,
        last_not_invited,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct AutopilotParams {
    /// The JD's integer id or its folder id.
    #[serde(default)]
    #[param(required = true, inline)]
    jd_id: JdId,
}

/// A JD's autopilot settings.
#[utoipa::path(
    get, path = "/Careers/Autopilot", tag = "careers", security(("bearer" = [])),
    params(AutopilotParams),
    responses(
        (status = 200, body = Autopilot, description = "The JD's autopilot"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 404, body = ErrorBody, description = "No JD outside the bin has this id (`invalid_id`)"),
    )
)]
pub(super) async fn get_autopilot(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<AutopilotParams>,
) -> Result<Json<Autopilot>> {
    let job = active_job(&state, &params.jd_id.0).await?;
    autopilot_of(&state.db, job.id).await.map(Json)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AutopilotBody {
    #[serde(deserialize_with = "crate::jobs::ids::id_text")]
    #[schema(schema_with = crate::jobs::ids::required_id_schema)]
    job_desc_id: String,
    #[schema(required = true)]
    enabled: bool,
    /// Required when enabled.
    #[serde(default)]
    #[schema(max_length = 200)]
    assistant_id: Option<String>,
    /// 1 to 100; none (or null) invites on Pass.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 100)]
    min_score: Option<i64>,
    #[serde(default)]
    digest: bool,
}

/// Turns a JD's autopilot on or off and sets who it invites and with which assistant. It acts
/// on ATS results stored from then on; applicants already scored are invited from the
/// candidate list as before.
#[utoipa::path(
    put, path = "/Careers/Autopilot", tag = "careers", security(("bearer" = [])),
    request_body = AutopilotBody,
    responses(
        (status = 200, body = Autopilot, description = "The autopilot as saved"),
        (status = 400, body = ErrorBody, description = "No assistant while enabled (`no_assistant`) or a score outside 1-100 (`validation`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
        (status = 404, body = ErrorBody, description = "No JD outside the bin has this id (`invalid_id`), or no such assistant (`not_found`)"),
        (status = 502, body = ErrorBody, description = "The voice provider cannot be reached (`provider_unavailable`)"),
    )
)]
pub(super) async fn put_autopilot(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<AutopilotBody>,
) -> Result<Json<Autopilot>> {
    let job = active_job(&state, &body.job_desc_id).await?;
    if body.min_score.is_some_and(|s| !(1..=100).contains(&s)) {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "The minimum score must be between 1 and 100.",
        ));
    }
    let assistant = body
        .assistant_id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty());
    match assistant {
        Some(id) => {
            invites::check_assistant(&state, id).await?;
        }
        None if body.enabled => {
            return Err(Error::bad_request(
                ErrorCode::NoAssistant,
                "Please choose the assistant that interviews applicants.",
            ));
        }
        None => {}
    }
    let at = to_millis(state.clock.now());
    let by = recruiter.actor().recruiter_id();
    execute!(
        &state.db,
        "INSERT INTO job_autopilot (job_id, enabled, assistant_id, min_score, digest,
            updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (job_id) DO UPDATE SET enabled = $2, assistant_id = $3, min_score = $4,
            digest = $5, updated_at = $6, updated_by = $7",
        (
            job.id,
            body.enabled,
            assistant,
            body.min_score,
            body.digest,
            at,
            by
        )
    )?;
    tracing::info!(job_id = job.id, enabled = body.enabled, "autopilot saved");
    autopilot_of(&state.db, job.id).await.map(Json)
}

/// How long one instance's claim on a due invite holds.
const LEASE: SignedDuration = SignedDuration::from_secs(120);
/// After this many claims an invite that keeps failing is given up (and says why).
const MAX_ATTEMPTS: i64 = 5;

/// A due invite claimed by this instance.
#[derive(Debug, sqlx::FromRow)]
struct Claimed {
    candidate_id: i64,
    job_id: i64,
    attempts: i64,
}

/// Claims the oldest due invite (or one whose lease ran out). Exactly one instance gets each.
async fn claim_next(db: &Db, now: Timestamp) -> Result<Option<Claimed>> {
    let now_ms = to_millis(now);
    let until = now_ms + LEASE.as_millis() as i64;
    let lock = match db {
        Db::Postgres(_) => " FOR UPDATE SKIP LOCKED",
        Db::Sqlite(_) => "",
    };
    let sql = format!(
        "UPDATE autopilot_invites SET lease_until = $1, attempts = attempts + 1
         WHERE candidate_id = (
            SELECT candidate_id FROM autopilot_invites
            WHERE state = 'due' AND (lease_until IS NULL OR lease_until < $2)
            ORDER BY created_at, candidate_id LIMIT 1{lock})
           AND state = 'due' AND (lease_until IS NULL OR lease_until < $2)
         RETURNING candidate_id, job_id, attempts"
    );
    Ok(fetch_as!(
        db,
        fetch_optional,
        sqlx::AssertSqlSafe(sql.as_str()),
        (until, now_ms)
    )?)
}

/// Records what became of a claimed invite.
async fn settle(
    tx: &mut Tx,
    candidate_id: i64,
    state: &str,
    outcome: &str,
    now: Timestamp,
) -> Result<()> {
    with_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE autopilot_invites SET state = $2, outcome = $3, done_at = $4, lease_until = NULL
             WHERE candidate_id = $1",
        )
        .bind(candidate_id)
        .bind(state)
        .bind(outcome)
        .bind(to_millis(now))
        .execute(&mut **conn)
        .await
        .map(drop)
    })?;
    Ok(())
}

/// Gives up on inviting a candidate, for good: the reason goes in their activity log, where
/// the recruiter looks, on the same transaction (and the JD's autopilot counts it).
async fn not_invited(db: &Db, candidate_id: i64, reason: &str, now: Timestamp) -> Result<()> {
    let mut tx = db.begin_write().await?;
    settle(&mut tx, candidate_id, "skipped", reason, now).await?;
    log::record(
        &mut tx,
        EventKind::AutopilotSkipped,
        Subject::Candidate(candidate_id),
        &Actor::System,
        json!({ "reason": reason }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// What one attempt came to.
enum Attempt {
    Sent,
    /// Nothing to send, for good: the reason stays with the row.
    Skipped(String),
    /// Try again once the lease runs out (the provider or the mail was unreachable).
    Later(String),
}

/// Invites every due candidate this instance can claim; answers how many it handled.
pub async fn invite_due(state: &AppState) -> Result<usize> {
    let mut handled = 0;
    while let Some(claimed) = claim_next(&state.db, state.clock.now()).await? {
        handled += 1;
        let attempt = if claimed.attempts > MAX_ATTEMPTS {
            Attempt::Skipped(format!("Gave up after {MAX_ATTEMPTS} attempts."))
        } else {
            invite_one(state, &claimed).await?
        };
        let now = state.clock.now();
        match attempt {
            Attempt::Sent => {
                let mut tx = state.db.begin_write().await?;
                settle(&mut tx, claimed.candidate_id, "done", "invited", now).await?;
                tx.commit().await?;
            }
            Attempt::Skipped(reason) => {
                tracing::info!(
                    candidate = claimed.candidate_id,
                    reason,
                    "autopilot: not invited"
                );
                not_invited(&state.db, claimed.candidate_id, &reason, now).await?;
            }
            Attempt::Later(reason) => {
                // The lease stays: the row comes back when it runs out, not in this loop.
                tracing::warn!(
                    candidate = claimed.candidate_id,
                    reason,
                    "autopilot: will retry"
                );
            }
        }
    }
    Ok(handled)
}

async fn invite_one(state: &AppState, claimed: &Claimed) -> Result<Attempt> {
    let Some(settings) = find(&state.db, claimed.job_id).await? else {
        return Ok(Attempt::Skipped("The autopilot was turned off.".into()));
    };
    let (true, Some(assistant_id)) = (settings.enabled, settings.assistant_id) else {
        return Ok(Attempt::Skipped("The autopilot was turned off.".into()));
    };
    let job = jobs::find(&state.db, &JobKey::Id(claimed.job_id))
        .await?
        .filter(|job| job.deleted_at.is_none());
    let (Some(job), Some(candidate)) = (
        job,
        candidates::find(&state.db, claimed.candidate_id).await?,
    ) else {
        return Ok(Attempt::Skipped("The JD or the candidate is gone.".into()));
    };
    if candidate.invite_state.is_some() {
        // A recruiter invited them since: a second e-mail would only repeat the link.
        return Ok(Attempt::Skipped("Already invited.".into()));
    }
    if accommodations::has_asked(&state.db, candidate.id).await? {
        // The AI interview is not required of someone who asked for another process.
        return Ok(Attempt::Skipped(
            "The candidate asked for an alternative process.".into(),
        ));
    }
    let assistant = match invites::check_assistant(state, &assistant_id).await {
        Ok(assistant) => assistant,
        Err(Error::NotFound { .. }) => {
            return Ok(Attempt::Skipped(
                "The autopilot's assistant no longer exists.".into(),
            ));
        }
        Err(err) => return Ok(Attempt::Later(err.to_string())),
    };
    let sent = invites::invite(state, &job, &assistant, &[candidate], &Actor::System).await?;
    Ok(match sent.skipped.into_iter().next() {
        None => Attempt::Sent,
        Some(skipped) if skipped.retry => Attempt::Later(skipped.reason),
        Some(skipped) => Attempt::Skipped(skipped.reason),
    })
}

/// The autopilot loop of a serving instance: woken when an invite becomes due, and polling
/// for those of other instances (or whose lease ran out).
pub async fn run(state: AppState) {
    let every = Duration::from_secs(state.settings.careers.autopilot_interval_seconds.max(1));
    loop {
        let notified = state.autopilot.notified();
        if let Err(err) = invite_due(&state).await {
            tracing::warn!(error = %err, "autopilot: cannot claim work");
        }
        tokio::select! {
            () = notified => {}
            () = tokio::time::sleep(every) => {}
        }
    }
}
