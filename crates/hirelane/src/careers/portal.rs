//! The candidate's own page, reached by the secret link every e-mail to them carries: where
//! their application stands (never a score), withdrawing it, downloading the data we hold about
//! them, and asking for it to be erased.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use hirelane_core::clock::{from_millis, to_iso};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::applications;
use super::export;
use super::organisation;
use crate::activity::log::{self as activity, Actor, EventKind, Subject};
use crate::candidates::repo::{self as candidates, CandidateRow};
use crate::candidates::{accommodations, erasure_requests, retention};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::fetch_scalar;
use crate::http::Json;
use crate::interviews;
use crate::pipeline::stages::{self, Stage};
use crate::rate_limit::{self, Limit};
use crate::state::AppState;

/// Where an application stands, in the candidate's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ApplicationStatus {
    /// Received; not looked at yet.
    Received,
    /// Being reviewed (screened, or after the interview).
    InReview,
    /// Invited to an interview, no slot chosen yet.
    InterviewInvited,
    InterviewBooked,
    /// Hired or not taken forward: the decision is made (and was e-mailed).
    DecisionMade,
    Withdrawn,
}

impl ApplicationStatus {
    fn of(stage: Stage) -> ApplicationStatus {
        match stage {
            Stage::New => ApplicationStatus::Received,
            Stage::Screened | Stage::Interviewed | Stage::Shortlisted | Stage::Offer => {
                ApplicationStatus::InReview
            }
            Stage::Invited => ApplicationStatus::InterviewInvited,
            Stage::Scheduled => ApplicationStatus::InterviewBooked,
            Stage::Hired | Stage::Rejected => ApplicationStatus::DecisionMade,
            Stage::Withdrawn => ApplicationStatus::Withdrawn,
        }
    }

    fn text(self) -> &'static str {
        match self {
            ApplicationStatus::Received => "We received your application.",
            ApplicationStatus::InReview => "Your application is being reviewed.",
            ApplicationStatus::InterviewInvited => {
                "You are invited to an interview: choose a time that suits you."
            }
            ApplicationStatus::InterviewBooked => "Your interview is booked.",
            ApplicationStatus::DecisionMade => {
                "A decision has been made on your application; we have written to you about it."
            }
            ApplicationStatus::Withdrawn => "This application is withdrawn.",
        }
    }
}

/// What the candidate's page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct MyApplication {
    candidate_name: String,
    job_title: String,
    organization: String,
    /// When they applied (or were added).
    applied_at: String,
    status: ApplicationStatus,
    status_text: String,
    /// The booked interview's start (UTC), while booked.
    interview_at: Option<String>,
    /// Their interview page, while invited or booked.
    interview_link: Option<String>,
    can_withdraw: bool,
    /// Whether their request to erase their data waits for a decision.
    erasure_requested: bool,
    /// Whether they agreed to be kept for other jobs (then inactivity never erases them).
    kept_for_other_jobs: bool,
    /// Whether they asked for an alternative process or an accommodation.
    accommodation_requested: bool,
}

/// Secrets are 22 URL-safe characters; anything else is not worth a database look-up.
fn well_formed(token: &str) -> bool {
    token.len() == 22
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The candidate of a page's secret. The page works for as long as we hold their data: with
/// the JD in the bin too (they can still download it, withdraw or ask for erasure).
pub(super) async fn candidate_of(state: &AppState, token: &str) -> Result<CandidateRow> {
    let not_found = || Error::not_found(ErrorCode::NotFound, "This link is not valid.");
    if !well_formed(token) {
        return Err(not_found());
    }
    let id: Option<i64> = fetch_scalar!(
        &state.db,
        fetch_optional,
        "SELECT id FROM candidates WHERE portal_token = $1",
        (token)
    )?;
    let Some(id) = id else {
        return Err(not_found());
    };
    candidates::find_held(&state.db, id)
        .await?
        .ok_or_else(not_found)
}

async fn page_of(state: &AppState, candidate: &CandidateRow) -> Result<MyApplication> {
    let status = ApplicationStatus::of(candidate.stage);
    let applied_at = applications::of_candidate(&state.db, candidate.id)
        .await?
        .map_or(candidate.created_on, |a| a.first_applied_at);
    let invite = match status {
        ApplicationStatus::InterviewInvited | ApplicationStatus::InterviewBooked => {
            interviews::repo::find_by_candidate(&state.db, candidate.id).await?
        }
        _ => None,
    };
    Ok(MyApplication {
        candidate_name: candidate.candidate_name.clone(),
        job_title: candidate.jdname.clone(),
        organization: organisation::name(state).await,
        applied_at: to_iso(from_millis(applied_at)),
        status,
        status_text: status.text().to_owned(),
        interview_at: invite
            .as_ref()
            .and_then(|i| i.interview_at)
            .filter(|_| status == ApplicationStatus::InterviewBooked)
            .map(|ms| to_iso(from_millis(ms))),
        interview_link: invite.map(|i| interviews::emails::invite_link(state, &i.token)),
        can_withdraw: can_withdraw(candidate.stage),
        erasure_requested: erasure_requests::is_pending(&state.db, &candidate.candidate_email)
            .await?,
        kept_for_other_jobs: retention::is_kept(&state.db, &candidate.candidate_email).await?,
        accommodation_requested: accommodations::has_asked(&state.db, candidate.id).await?,
    })
}

/// A candidate may withdraw until their candidacy ended or they were hired.
fn can_withdraw(stage: Stage) -> bool {
    !stage.ends_candidacy() && stage != Stage::Hired
}

/// Where the candidate's application stands.
#[utoipa::path(
    get, path = "/Application/{token}", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    responses(
        (status = 200, body = MyApplication, description = "The application's status (no scores)"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn my_application(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<MyApplication>> {
    let candidate = candidate_of(&state, &token).await?;
    page_of(&state, &candidate).await.map(Json)
}

/// The reason kept with a candidate's own withdrawal.
const WITHDRAWN_BY_CANDIDATE: &str = "Withdrawn by the candidate from their application page.";

/// Reads of the stage a withdrawal makes before giving up: each miss means the stage moved under
/// it, and the system moves a candidate at most a couple of times on its own.
const WITHDRAW_ATTEMPTS: usize = 3;

/// Withdraws the application: the candidate moves to Withdrawn (logged as theirs) and a pending
/// interview invite is cancelled.
#[utoipa::path(
    post, path = "/Application/{token}/Withdraw", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    responses(
        (status = 200, body = MyApplication, description = "The application, withdrawn"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
        (status = 409, body = ErrorBody, description = "A decision was made, or it is withdrawn already (`state_changed`)"),
    )
)]
pub(super) async fn withdraw(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<MyApplication>> {
    let refused = || Error::Conflict {
        code: ErrorCode::StateChanged,
        message: "This application can no longer be withdrawn.".into(),
    };
    // The stage is compared-and-set: analysis finishing between our read and our write (Applied
    // to Screened, say) makes the write miss. That is no reason to refuse the candidate, so read
    // the stage again and retry while withdrawing is still allowed.
    for _ in 0..WITHDRAW_ATTEMPTS {
        let candidate = candidate_of(&state, &token).await?;
        if !can_withdraw(candidate.stage) {
            return Err(refused());
        }
        let now = state.clock.now();
        let mut tx = state.db.begin_write().await?;
        let moved = stages::set_stage(
            &mut tx,
            candidate.id,
            candidate.stage,
            Stage::Withdrawn,
            Some(WITHDRAWN_BY_CANDIDATE),
            &Actor::Candidate,
            now,
        )
        .await?;
        if !moved {
            continue;
        }
        interviews::repo::cancel_pending(&mut tx, candidate.id, now).await?;
        tx.commit().await?;
        tracing::info!(
            candidate = candidate.id,
            "application withdrawn by the candidate"
        );
        let candidate = candidate_of(&state, &token).await?;
        return page_of(&state, &candidate).await.map(Json);
    }
    Err(refused())
}

/// Downloads of one person's data per hour: it is assembled from every table each time.
const EXPORTS_PER_HOUR: i64 = 10;

/// Everything we hold about the candidate, across every job they applied to or were added to:
/// a ZIP of `data.json` and their resumes.
#[utoipa::path(
    get, path = "/Application/{token}/Data", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    responses(
        (status = 200, content_type = "application/zip", body = Vec<u8>, description = "data.json and the candidate's files"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
        (status = 429, body = ErrorBody, description = "Too many downloads this hour (`rate_limited`)"),
    )
)]
pub(super) async fn my_data(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response> {
    let candidate = candidate_of(&state, &token).await?;
    rate_limit::hit(
        &state.db,
        &format!("export:{}", candidate.id),
        Limit {
            max: EXPORTS_PER_HOUR,
            window: SignedDuration::from_hours(1),
        },
        state.clock.now(),
    )
    .await?;
    let zip = export::archive(&state, &candidate.candidate_email, candidate.id).await?;
    let mut response = zip.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"my-data.zip\""),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Asks for the candidate's data to be erased: a request the team sees and an admin confirms
/// (erasing everything held about the address) or declines. Asking again while one waits
/// changes nothing.
#[utoipa::path(
    post, path = "/Application/{token}/Erasure", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    responses(
        (status = 200, body = MyApplication, description = "The application, with the request waiting"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn request_erasure(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<MyApplication>> {
    let candidate = candidate_of(&state, &token).await?;
    let now = state.clock.now();
    let made = erasure_requests::request(
        &state.db,
        &candidate.candidate_email,
        &candidate.candidate_name,
        &candidate.jdname,
        now,
    )
    .await?;
    if made {
        logged_by_candidate(&state, candidate.id, EventKind::ErasureRequested, now).await?;
        tracing::info!(
            candidate = candidate.id,
            "erasure requested by the candidate"
        );
    }
    page_of(&state, &candidate).await.map(Json)
}

/// Puts a request the candidate made from their page on their timeline, as their own doing.
async fn logged_by_candidate(
    state: &AppState,
    candidate_id: i64,
    kind: EventKind,
    now: Timestamp,
) -> Result<()> {
    let mut tx = state.db.begin_write().await?;
    let subject = Subject::Candidate(candidate_id);
    activity::record(&mut tx, kind, subject, &Actor::Candidate, json!({}), now).await?;
    tx.commit().await?;
    Ok(())
}

/// Whether to keep the candidate's data for other jobs.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct KeepBody {
    #[schema(required = true)]
    keep: bool,
}

/// Agrees to be kept for other jobs, or takes it back: data kept so is not erased for
/// inactivity (the candidate can still ask for erasure). Agreeing cancels an erasure announced
/// by a retention notice.
#[utoipa::path(
    put, path = "/Application/{token}/KeepForOtherJobs", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    request_body = KeepBody,
    responses(
        (status = 200, body = MyApplication, description = "The application, with the choice saved"),
        (status = 400, body = ErrorBody, description = "No e-mail address is held for the candidate (`validation`)"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn keep_for_other_jobs(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Json(body): Json<KeepBody>,
) -> Result<Json<MyApplication>> {
    let candidate = candidate_of(&state, &token).await?;
    if candidate.candidate_email.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::Validation,
            "We have no e-mail address for you to keep your data under.",
        ));
    }
    retention::set_kept(
        &state.db,
        &candidate.candidate_email,
        body.keep,
        state.clock.now(),
    )
    .await?;
    tracing::info!(
        candidate = candidate.id,
        keep = body.keep,
        "kept-for-other-jobs choice changed by the candidate"
    );
    page_of(&state, &candidate).await.map(Json)
}

/// What the candidate needs instead of, or in, the usual process.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct AccommodationBody {
    #[schema(required = true, max_length = 2000)]
    #[serde(default)]
    message: String,
}

/// Asks for an alternative process or an accommodation: the team sees the request and answers
/// by e-mail, and the AI interview is no longer sent to the candidate on its own.
#[utoipa::path(
    post, path = "/Application/{token}/Accommodation", tag = "candidate portal",
    params(("token" = String, Path, description = "The secret from the candidate's e-mails")),
    request_body = AccommodationBody,
    responses(
        (status = 200, body = MyApplication, description = "The application, with the request made"),
        (status = 400, body = ErrorBody, description = "An empty or too long request (`validation`)"),
        (status = 404, body = ErrorBody, description = "No application has this link (`not_found`)"),
    )
)]
pub(super) async fn request_accommodation(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Json(body): Json<AccommodationBody>,
) -> Result<Json<MyApplication>> {
    let candidate = candidate_of(&state, &token).await?;
    let now = state.clock.now();
    if accommodations::request(&state.db, candidate.id, &body.message, now).await? {
        logged_by_candidate(&state, candidate.id, EventKind::AccommodationRequested, now).await?;
        tracing::info!(
            candidate = candidate.id,
            "alternative process requested by the candidate"
        );
    }
    page_of(&state, &candidate).await.map(Json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_see_where_they_are_never_how_they_scored() {
        assert_eq!(
            ApplicationStatus::of(Stage::New),
            ApplicationStatus::Received
        );
        assert_eq!(
            ApplicationStatus::of(Stage::Screened),
            ApplicationStatus::InReview
        );
        assert_eq!(
            ApplicationStatus::of(Stage::Scheduled),
            ApplicationStatus::InterviewBooked
        );
        assert_eq!(
            ApplicationStatus::of(Stage::Offer),
            ApplicationStatus::InReview
        );
        assert_eq!(
            ApplicationStatus::of(Stage::Rejected),
            ApplicationStatus::DecisionMade
        );
        assert_eq!(
            ApplicationStatus::of(Stage::Hired),
            ApplicationStatus::DecisionMade
        );
    }

    #[test]
    fn withdrawing_ends_with_a_decision() {
        assert!(can_withdraw(Stage::Screened));
        assert!(can_withdraw(Stage::Offer));
        assert!(!can_withdraw(Stage::Hired));
        assert!(!can_withdraw(Stage::Rejected));
        assert!(!can_withdraw(Stage::Withdrawn));
    }

    #[test]
    fn only_well_formed_secrets_reach_the_database() {
        assert!(well_formed("abcdefghijklmnopqrstuv"));
        assert!(!well_formed("abc"));
        assert!(!well_formed("abcdefghijklmnopqrstu'"));
    }
}
