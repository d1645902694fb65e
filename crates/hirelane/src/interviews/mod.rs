//! The candidate interview flow: invites, self-scheduling in the candidate's zone, the join
//! window and web call, next-step details, reminders, and the recruiter's dashboard.
//!
//! Candidate routes carry no account: the invite's token (128 random bits, the API's
//! `inviteId`) is the credential, each route is rate-limited per client address, and an
//! unknown token answers exactly like a missing one.

pub mod completion;
mod details;
pub mod ics;
pub mod repo;
pub mod rules;

use std::time::Duration;

use axum::extract::{Path as UrlPath, State};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use self::details::NextStepDetails;
use self::repo::{InviteRow, Invitee, Reminder};
use self::rules::{InviteState, JoinPhase, Page, SlotError};
use crate::auth::{Recruiter, random_token};
use crate::candidates;
use crate::clock::from_millis;
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json};
use crate::mail::{self, EmailAttachment, InterviewMail};
use crate::rate_limit::{self, Limit};
use crate::state::AppState;
use crate::voice;

const NO_DATA: &str = "No data found.";
/// Requests per client address per minute on the candidate routes: a page, its refetches and
/// a few retries fit easily; guessing tokens does not.
const CANDIDATE_LIMIT: Limit = Limit::per_minutes(120, 1);
/// How long an interview lasts in the candidate's calendar.
const CALENDAR_LENGTH: SignedDuration = SignedDuration::from_mins(30);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_invites))
        .routes(routes!(dashboard))
        .routes(routes!(next_step))
        .routes(routes!(schedule_interview))
        .routes(routes!(reschedule_interview))
        .routes(routes!(start_interview))
        .routes(routes!(web_call))
        .routes(routes!(add_candidate_details))
}

fn no_data() -> Error {
    Error::not_found(ErrorCode::NotFound, NO_DATA)
}

fn conflict(code: ErrorCode, message: &str) -> Error {
    Error::Conflict {
        code,
        message: message.to_owned(),
    }
}

/// The invite a candidate route names, after the rate limit.
async fn invite_for(state: &AppState, ip: &str, token: &str) -> Result<InviteRow> {
    rate_limit::hit(
        &state.db,
        &format!("invite:{ip}"),
        CANDIDATE_LIMIT,
        state.clock.now(),
    )
    .await?;
    let token = token.trim();
    let well_formed = !token.is_empty()
        && token.len() <= 64
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !well_formed {
        return Err(no_data());
    }
    repo::find_by_token(&state.db, token)
        .await?
        .ok_or_else(no_data)
}

fn apply_last_date(invite: &InviteRow) -> Option<Date> {
    invite
        .apply_last_date
        .as_deref()
        .and_then(|d| d.parse().ok())
}

/// Where the invite stands now.
struct Standing {
    page: Page,
    until: Option<Timestamp>,
    at: Option<Timestamp>,
}

fn standing(state: &AppState, invite: &InviteRow) -> Standing {
    let until = rules::bookable_until(apply_last_date(invite), &state.time_zone);
    let at = invite.interview_at.map(from_millis);
    Standing {
        page: rules::page(invite.state(), at, until, state.clock.now()),
        until,
        at,
    }
}

/// UTC without a zone suffix, as SPEC section 3 writes `interviewDateTime`.
fn utc_naive(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%S").to_string()
}

/// The candidate's page of an invite.
pub fn invite_link(state: &AppState, token: &str) -> String {
    format!("{}/nextstep?inviteId={token}", state.settings.public_url())
}

fn mail_parts<'a>(invite: &'a InviteRow, link: &'a str, guidelines: &'a str) -> InterviewMail<'a> {
    InterviewMail {
        candidate_name: &invite.candidate_name,
        job_name: &invite.jdname,
        link,
        guidelines_link: guidelines,
    }
}

/// "Wednesday, 25 November 2026 at 3:00 PM (Asia/Kolkata, GMT+05:30)".
pub fn when_text(at: Timestamp, zone_name: &str) -> String {
    let zone = TimeZone::get(zone_name).unwrap_or(TimeZone::UTC);
    let local = at.to_zoned(zone);
    let offset = rules::gmt_label(local.offset());
    format!(
        "{} ({zone_name}, {offset})",
        local.strftime("%A, %-d %B %Y at %-I:%M %p")
    )
}

// ---------------------------------------------------------------------------------------------
// Recruiter: invites and the dashboard.

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SendInvitesBody {
    /// The JD (`jobDescId` or folder id).
    #[serde(deserialize_with = "crate::jobs::id_text")]
    #[schema(value_type = String)]
    job_desc_id: String,
    /// The assistant that runs these candidates' interviews.
    assistant_id: String,
    #[serde(default)]
    resume_ids: Vec<i64>,
    /// Every candidate of the JD whose ATS recommendation is Pass.
    #[serde(default)]
    all_pass: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Skipped {
    resume_id: i64,
    candidate_name: String,
    reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InvitesSent {
    /// New invites e-mailed.
    sent: usize,
    /// Existing invites e-mailed again (the same link).
    resent: usize,
    skipped: Vec<Skipped>,
}

/// At most this many candidates per request (a JD's Pass list fits many times over).
const MAX_INVITES: i64 = 5000;

/// Invites candidates of a JD to an AI interview: one invite (and link) per candidate; sending
/// again re-mails the same link.
#[utoipa::path(
    post, path = "/Interview/SendInvites", tag = "interviews", security(("bearer" = [])),
    request_body = SendInvitesBody,
    responses(
        (status = 200, body = InvitesSent), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 502, body = ErrorBody)
    )
)]
async fn send_invites(
    recruiter: Recruiter,
    State(state): State<AppState>,
    Json(body): Json<SendInvitesBody>,
) -> Result<Json<InvitesSent>> {
    if !body.all_pass && body.resume_ids.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::NoCandidates,
            "Select at least one candidate.",
        ));
    }
    if body.resume_ids.len() as i64 > MAX_INVITES {
        return Err(Error::bad_request(
            ErrorCode::TooManyCandidates,
            format!("Select at most {MAX_INVITES} candidates at a time."),
        ));
    }
    let job = crate::jobs::active_job(&state, &body.job_desc_id).await?;
    let assistant_id = body.assistant_id.trim();
    if assistant_id.is_empty() {
        return Err(Error::bad_request(
            ErrorCode::NoAssistant,
            "Please choose an assistant.",
        ));
    }
    state
        .voice
        .provider
        .get_assistant(assistant_id)
        .await
        .map_err(|e| {
            voice::provider_error(e, "Could not load assistants.", "Assistant not found")
        })?;

    let candidates = if body.all_pass {
        let query = candidates::repo::ListQuery {
            job_id: Some(job.id),
            recommendation: Some("pass".into()),
            page: Some((1, MAX_INVITES)),
            ..Default::default()
        };
        candidates::repo::list(&state.db, &query).await?.0
    } else {
        candidates::repo::find_many(&state.db, &body.resume_ids)
            .await?
            .into_iter()
            .filter(|c| c.job_id == job.id)
            .collect()
    };
    let mut skipped = Vec::new();
    if !body.all_pass {
        for id in &body.resume_ids {
            if !candidates.iter().any(|c| c.id == *id) {
                skipped.push(Skipped {
                    resume_id: *id,
                    candidate_name: String::new(),
                    reason: "Not a candidate of this JD".into(),
                });
            }
        }
    }
    let mut invitees = Vec::with_capacity(candidates.len());
    for c in &candidates {
        if c.candidate_email.is_empty() {
            skipped.push(Skipped {
                resume_id: c.id,
                candidate_name: c.candidate_name.clone(),
                reason: "No e-mail address".into(),
            });
        } else {
            invitees.push(Invitee {
                candidate_id: c.id,
                new_token: random_token(16),
            });
        }
    }
    let now = state.clock.now();
    let invites = repo::upsert(
        &state.db,
        job.id,
        assistant_id,
        &invitees,
        recruiter.id,
        now,
    )
    .await?;
    let guidelines = format!("{}/interviewguidelines", state.settings.public_url());
    let (mut sent, mut resent) = (0, 0);
    for (invite, is_new) in invites {
        if invite.state() == InviteState::Completed {
            skipped.push(Skipped {
                resume_id: invite.candidate_id,
                candidate_name: invite.candidate_name.clone(),
                reason: "Interview already completed".into(),
            });
            continue;
        }
        let link = invite_link(&state, &invite.token);
        let email = mail::interview_invite(
            &mail_parts(&invite, &link, &guidelines),
            invite.apply_last_date.as_deref(),
        );
        match state.mailer.send(&invite.candidate_email, email).await {
            Ok(()) => {
                repo::mark_sent(&state.db, invite.id, now).await?;
                if is_new {
                    sent += 1;
                } else {
                    resent += 1;
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, invite = invite.id, "invite e-mail failed");
                skipped.push(Skipped {
                    resume_id: invite.candidate_id,
                    candidate_name: invite.candidate_name.clone(),
                    reason: "The e-mail could not be sent; try again".into(),
                });
            }
        }
    }
    tracing::info!(
        job_id = job.id,
        sent,
        resent,
        skipped = skipped.len(),
        recruiter_id = recruiter.id,
        "interview invites sent"
    );
    Ok(Json(InvitesSent {
        sent,
        resent,
        skipped,
    }))
}

/// The dashboard's numbers (SPEC section 3), PascalCase as the spec names them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
struct DashboardRecord {
    resumes_uploaded: i64,
    total_invite_sent: i64,
    meetings_scheduled: i64,
    total_today: i64,
    interviewed_today: i64,
    remaining_today: i64,
    yesterday_count: i64,
    tomorrow_count: i64,
    bot_joined: i64,
    needs_review_candidates: i64,
    pass_candidates: i64,
}

/// Hiring counts; "today" is the recruiter's configured time zone (see docs/interviews.md).
#[utoipa::path(
    get, path = "/Interview/Dashboard", tag = "interviews", security(("bearer" = [])),
    responses((status = 200, body = [DashboardRecord]), (status = 401, body = ErrorBody))
)]
async fn dashboard(
    _: Recruiter,
    State(state): State<AppState>,
) -> Result<Json<Vec<DashboardRecord>>> {
    let now = state.clock.now();
    let day = |n| rules::day_range(now, &state.time_zone, n);
    let days = repo::Days {
        yesterday: day(-1),
        today: day(0),
        tomorrow: day(1),
    };
    let c = repo::counts(&state.db, &days).await?;
    Ok(Json(vec![DashboardRecord {
        resumes_uploaded: c.resumes,
        total_invite_sent: c.invites,
        meetings_scheduled: c.scheduled,
        total_today: c.today,
        interviewed_today: c.interviewed_today,
        remaining_today: (c.today - c.interviewed_today).max(0),
        yesterday_count: c.yesterday,
        tomorrow_count: c.tomorrow,
        bot_joined: c.bot_joined,
        needs_review_candidates: c.needs_review,
        pass_candidates: c.passed,
    }]))
}

/// How the recruiter's lists show an invite: its page label and slot.
#[derive(Debug, Clone, Default)]
pub struct InviteSummary {
    pub status: Option<&'static str>,
    pub interview_date_time: Option<String>,
}

/// The summary from a candidate row's invite columns.
pub fn summarize(
    state: &AppState,
    invite_state: Option<&str>,
    interview_at: Option<i64>,
    apply_last_date: Option<&str>,
) -> InviteSummary {
    let Some(invite_state) = invite_state else {
        return InviteSummary::default();
    };
    let until = rules::bookable_until(
        apply_last_date.and_then(|d| d.parse().ok()),
        &state.time_zone,
    );
    let at = interview_at.map(from_millis);
    let page = rules::page(
        InviteState::parse(invite_state),
        at,
        until,
        state.clock.now(),
    );
    InviteSummary {
        status: Some(page.label()),
        interview_date_time: at.map(utc_naive),
    }
}

// ---------------------------------------------------------------------------------------------
// Candidate: the invite page.

/// The invite page's data (SPEC section 3), and nothing else about the candidate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NextStep {
    candidate_name: String,
    jd_name: String,
    /// 1 choose a slot, 2 scheduled, 3 completed, 4 window closed.
    show_page_id: i32,
    /// `YYYY-MM-DD`, inclusive.
    apply_last_date: Option<String>,
    /// UTC without a zone suffix.
    interview_date_time: Option<String>,
    details_submitted: bool,
    /// The IANA zone the candidate booked in.
    time_zone_name: Option<String>,
    /// Slots must start before this instant (the end of the apply-last date in the
    /// recruiter's zone); null when there is no such date.
    bookable_until: Option<String>,
}

#[utoipa::path(
    get, path = "/Interview/NextStep/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = NextStep), (status = 404, body = ErrorBody),
        (status = 429, body = ErrorBody)
    )
)]
async fn next_step(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
) -> Result<Json<NextStep>> {
    let invite = invite_for(&state, &ip, &invite_id).await?;
    let standing = standing(&state, &invite);
    Ok(Json(NextStep {
        show_page_id: standing.page.id(),
        apply_last_date: apply_last_date(&invite).map(|d| d.to_string()),
        interview_date_time: standing.at.map(utc_naive),
        details_submitted: invite.details_submitted_at.is_some(),
        time_zone_name: invite.time_zone.clone(),
        bookable_until: standing.until.map(crate::clock::to_iso),
        candidate_name: invite.candidate_name,
        jd_name: invite.jdname,
    }))
}

/// The page also sends `candidateName` and `JobRole` (SPEC section 7); the server uses the
/// stored ones, so they are not read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ScheduleBody {
    invite_id: String,
    /// The slot's start, ISO-8601 (`2026-11-25T09:30:00.000Z`).
    interview_start_utc: String,
    /// The IANA zone the candidate chose.
    time_zone_name: String,
    /// That zone's offset at the slot, e.g. `GMT+05:30`.
    gmt_value: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Scheduled {
    interview_date_time: String,
    show_page_id: i32,
}

#[utoipa::path(
    post, path = "/Interview/ScheduleInterview", tag = "interviews", request_body = ScheduleBody,
    responses(
        (status = 200, body = Scheduled), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody)
    )
)]
async fn schedule_interview(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ScheduleBody>,
) -> Result<Json<Scheduled>> {
    book(&state, &ip, body, InviteState::Invited).await
}

#[utoipa::path(
    post, path = "/Interview/ReScheduleInterview", tag = "interviews", request_body = ScheduleBody,
    responses(
        (status = 200, body = Scheduled), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody)
    )
)]
async fn reschedule_interview(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ScheduleBody>,
) -> Result<Json<Scheduled>> {
    book(&state, &ip, body, InviteState::Scheduled).await
}

/// Reads the slot's start: an instant, or a zone-less date-time taken as UTC.
fn parse_start(raw: &str) -> Option<Timestamp> {
    let raw = raw.trim();
    raw.parse::<Timestamp>().ok().or_else(|| {
        raw.parse::<jiff::civil::DateTime>()
            .ok()
            .and_then(|dt| dt.to_zoned(TimeZone::UTC).ok())
            .map(|z| z.timestamp())
    })
}

/// Schedule (`from` = invited) and reschedule (`from` = scheduled) share every rule.
async fn book(
    state: &AppState,
    ip: &str,
    body: ScheduleBody,
    from: InviteState,
) -> Result<Json<Scheduled>> {
    let invite = invite_for(state, ip, &body.invite_id).await?;
    let standing = standing(state, &invite);
    match (standing.page, invite.state()) {
        (Page::Completed, _) => {
            return Err(conflict(
                ErrorCode::InterviewCompleted,
                "The interview is already completed.",
            ));
        }
        (Page::WindowClosed, _) => {
            return Err(conflict(
                ErrorCode::WindowClosed,
                "The interview window is closed.",
            ));
        }
        (_, InviteState::Scheduled) if from == InviteState::Invited => {
            return Err(conflict(
                ErrorCode::AlreadyScheduled,
                "Your interview is already scheduled.",
            ));
        }
        (_, InviteState::Invited) if from == InviteState::Scheduled => {
            return Err(conflict(
                ErrorCode::NotScheduled,
                "Only a scheduled interview can be rescheduled.",
            ));
        }
        _ => {}
    }
    let start = parse_start(&body.interview_start_utc).ok_or_else(|| {
        Error::bad_request(
            ErrorCode::InvalidSlot,
            "Please choose a valid date and time.",
        )
    })?;
    let now = state.clock.now();
    let slot = rules::check_slot(
        start,
        &body.time_zone_name,
        &body.gmt_value,
        apply_last_date(&invite),
        &state.time_zone,
        now,
    )
    .map_err(|e: SlotError| Error::bad_request(ErrorCode::InvalidSlot, e.to_string()))?;
    let Some(sequence) =
        repo::book(&state.db, invite.id, from, slot.start, &slot.zone_name, now).await?
    else {
        return Err(conflict(
            ErrorCode::StateChanged,
            "Your interview was changed in another window. Please reload the page.",
        ));
    };
    tracing::info!(
        invite = invite.id,
        rescheduled = from == InviteState::Scheduled,
        "interview slot booked"
    );
    send_confirmation(
        state,
        &invite,
        slot.start,
        &slot.zone_name,
        sequence,
        from == InviteState::Scheduled,
    )
    .await;
    Ok(Json(Scheduled {
        interview_date_time: utc_naive(slot.start),
        show_page_id: Page::Scheduled.id(),
    }))
}

/// The confirmation (or reschedule) e-mail with its calendar invitation. The booking stands
/// even if the e-mail fails (the page shows it); the failure is logged.
async fn send_confirmation(
    state: &AppState,
    invite: &InviteRow,
    at: Timestamp,
    zone_name: &str,
    sequence: i64,
    rescheduled: bool,
) {
    let link = invite_link(state, &invite.token);
    let guidelines = format!("{}/interviewguidelines", state.settings.public_url());
    let parts = mail_parts(invite, &link, &guidelines);
    let mut email = mail::interview_scheduled(&parts, &when_text(at, zone_name), rescheduled);
    let uid = format!("interview-{}@hirelane", invite.id);
    let summary = format!("Interview: {}", invite.jdname);
    let description = format!(
        "Your AI interview for {}. Open your interview page to join: {link}",
        invite.jdname
    );
    let organizer = state.mailer.from_address();
    let calendar = ics::render(&ics::Event {
        uid: &uid,
        sequence,
        start: at,
        duration: CALENDAR_LENGTH,
        summary: &summary,
        description: &description,
        url: &link,
        organizer_email: &organizer,
        attendee_name: &invite.candidate_name,
        attendee_email: &invite.candidate_email,
        stamp: state.clock.now(),
    });
    email.attachments.push(EmailAttachment {
        filename: "interview.ics".into(),
        content_type: "text/calendar; charset=utf-8; method=REQUEST".into(),
        bytes: calendar.into_bytes(),
    });
    if let Err(err) = state.mailer.send(&invite.candidate_email, email).await {
        tracing::warn!(error = %err, invite = invite.id, "confirmation e-mail failed");
    }
}

/// The scheduled interview's start, if `now` is inside its join window.
fn joinable(state: &AppState, invite: &InviteRow) -> Result<Timestamp> {
    let at = match (invite.state(), invite.interview_at) {
        (InviteState::Scheduled, Some(at)) => from_millis(at),
        (InviteState::Completed, _) => {
            return Err(conflict(
                ErrorCode::InterviewCompleted,
                "The interview is already completed.",
            ));
        }
        _ => {
            return Err(conflict(
                ErrorCode::NotScheduled,
                "The interview is not scheduled.",
            ));
        }
    };
    match rules::join_phase(at, state.clock.now()) {
        JoinPhase::Open => Ok(at),
        JoinPhase::TooEarly => Err(conflict(
            ErrorCode::TooEarly,
            "The interview link will be enabled 5 minutes before the scheduled time.",
        )),
        JoinPhase::Disabled => Err(conflict(
            ErrorCode::LinkDisabled,
            "The meeting link has been disabled.",
        )),
    }
}

#[derive(Debug, Serialize, ToSchema)]
struct StartAnswer {
    /// The join page.
    #[serde(rename = "Uri")]
    uri: String,
}

/// The join page's address, only from 5 minutes before to 30 minutes after the start.
#[utoipa::path(
    get, path = "/Interview/StartInterview/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = StartAnswer), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)
    )
)]
async fn start_interview(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
) -> Result<Json<StartAnswer>> {
    let invite = invite_for(&state, &ip, &invite_id).await?;
    joinable(&state, &invite)?;
    Ok(Json(StartAnswer {
        uri: format!(
            "{}/interview/join/{}",
            state.settings.public_url(),
            invite.token
        ),
    }))
}

/// What the join page needs to start the call in the browser.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct WebCallAnswer {
    /// `simulator`: drive `webCallUrl` (the bundled simulator's browser endpoints);
    /// `vapi`: start with `@vapi-ai/web` and `publicToken`.
    provider: &'static str,
    assistant_id: String,
    call_id: Option<String>,
    web_call_url: Option<String>,
    /// A short-lived public token restricted to this assistant and our origin.
    public_token: Option<String>,
    #[schema(value_type = Object)]
    assistant_overrides: Option<Value>,
}

/// Prepares the interview's web call, only inside the join window. With the simulator the call
/// is created here (asked twice, the same call while it has not ended); with Vapi the browser
/// starts it with a short-lived public token.
#[utoipa::path(
    post, path = "/Interview/WebCall/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = WebCallAnswer), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 502, body = ErrorBody)
    )
)]
async fn web_call(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
) -> Result<Json<WebCallAnswer>> {
    let invite = invite_for(&state, &ip, &invite_id).await?;
    joinable(&state, &invite)?;
    let metadata = call_metadata(&state, &invite);
    if !state.voice.browser_drives_simulator() {
        let token = state.voice.public_web_token(
            &invite.assistant_id,
            &state.settings.public_url(),
            state.clock.now(),
        )?;
        return Ok(Json(WebCallAnswer {
            provider: "vapi",
            assistant_id: invite.assistant_id.clone(),
            call_id: None,
            web_call_url: None,
            public_token: Some(token),
            assistant_overrides: Some(json!({
                "metadata": metadata,
                "variableValues": { "candidateName": invite.candidate_name },
            })),
        }));
    }
    let call = match reusable_call(&state, &invite).await? {
        Some(call) => call,
        None => {
            let call = voice::create_web_call(
                &state,
                &invite.assistant_id,
                &invite.candidate_name,
                metadata,
            )
            .await?;
            if repo::set_call(&state.db, invite.id, invite.call_id.as_deref(), &call.id).await? {
                call
            } else {
                // Another request created a call first: join that one.
                let fresh = repo::find(&state.db, invite.id)
                    .await?
                    .ok_or_else(no_data)?;
                reusable_call(&state, &fresh).await?.unwrap_or(call)
            }
        }
    };
    tracing::info!(invite = invite.id, call_id = %call.id, "interview web call prepared");
    Ok(Json(WebCallAnswer {
        provider: "simulator",
        assistant_id: invite.assistant_id,
        call_id: Some(call.id),
        web_call_url: Some(call.url),
        public_token: None,
        assistant_overrides: None,
    }))
}

/// The invite's current web call, if it has one that has not ended.
async fn reusable_call(state: &AppState, invite: &InviteRow) -> Result<Option<voice::WebCall>> {
    let Some(call_id) = invite.call_id.as_deref() else {
        return Ok(None);
    };
    match state.voice.provider.get_call(call_id).await {
        Ok(call) if !call.is_ended() => Ok(voice::web_call_of(&call)),
        Ok(_) => Ok(None),
        Err(err) => {
            tracing::warn!(error = %err, call_id, "cannot read the invite's web call; a new one starts");
            Ok(None)
        }
    }
}

/// The resource name an invite reference is signed under.
fn invite_resource(id: i64) -> String {
    format!("interview-invite:{id}")
}

/// How long a call's invite reference stays verifiable (reports can arrive late).
const REFERENCE_LIFETIME: SignedDuration = SignedDuration::from_hours(7 * 24);

/// Call metadata: the invite's row id (not its token, which is the candidate's credential),
/// signed, so a report naming an invite can be trusted even when the browser started the call.
fn call_metadata(state: &AppState, invite: &InviteRow) -> Map<String, Value> {
    let expires = (state.clock.now() + REFERENCE_LIFETIME).as_second();
    let signature = state.keys.sign_link(&invite_resource(invite.id), expires);
    let mut metadata = Map::new();
    metadata.insert("interviewInviteId".into(), json!(invite.id));
    metadata.insert("resumeId".into(), json!(invite.candidate_id));
    metadata.insert(
        "inviteRef".into(),
        json!(format!("{}.{expires}.{signature}", invite.id)),
    );
    metadata.insert("candidateName".into(), json!(invite.candidate_name));
    metadata
}

/// Links a call the provider reported to its invite when its metadata carries a valid
/// reference (the browser started it, so we learn of it here first).
pub async fn link_reported_call(state: &AppState, call: &voice::vapi::Call) -> Result<()> {
    let Some(reference) = call.metadata_value("inviteRef") else {
        return Ok(());
    };
    let mut parts = reference.splitn(3, '.');
    let (Some(id), Some(expires), Some(signature)) = (parts.next(), parts.next(), parts.next())
    else {
        return Ok(());
    };
    let (Ok(id), Ok(expires)) = (id.parse::<i64>(), expires.parse::<i64>()) else {
        return Ok(());
    };
    let now_s = state.clock.now().as_second();
    if !state
        .keys
        .verify_link(&invite_resource(id), expires, signature, now_s)
    {
        tracing::warn!(call_id = %call.id, "voice webhook: invite reference with a bad signature");
        return Ok(());
    }
    repo::link_call(&state.db, id, &call.id).await
}

#[utoipa::path(
    post, path = "/Interview/AddCandidateDetails", tag = "interviews",
    request_body = NextStepDetails,
    responses(
        (status = 200, body = DetailsSaved), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody)
    )
)]
async fn add_candidate_details(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<Value>,
) -> Result<Json<DetailsSaved>> {
    let invite_id = body
        .as_object()
        .and_then(|o| {
            o.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("inviteId"))
                .and_then(|(_, v)| v.as_str())
        })
        .unwrap_or_default()
        .to_owned();
    let invite = invite_for(&state, &ip, &invite_id).await?;
    if invite.state() == InviteState::Completed {
        return Err(conflict(
            ErrorCode::InterviewCompleted,
            "The interview is already completed.",
        ));
    }
    let details = details::validate(&body)?;
    let stored = serde_json::to_string(&details)
        .map_err(|e| Error::Internal(anyhow::anyhow!("details do not serialise: {e}")))?;
    repo::save_details(&state.db, invite.id, &stored, state.clock.now()).await?;
    tracing::info!(invite = invite.id, "next-step details submitted");
    Ok(Json(DetailsSaved {
        message: "Details submitted.",
    }))
}

#[derive(Debug, Serialize, ToSchema)]
struct DetailsSaved {
    message: &'static str,
}

/// What the recruiter sees of a candidate's invite on the analysis page.
pub async fn details_of(state: &AppState, candidate_id: i64) -> Result<Option<Value>> {
    let Some(invite) = repo::find_by_candidate(&state.db, candidate_id).await? else {
        return Ok(None);
    };
    let mut details: Value = invite
        .details
        .as_deref()
        .and_then(|d| serde_json::from_str(d).ok())
        .unwrap_or(Value::Null);
    if let (Some(obj), Some(at)) = (details.as_object_mut(), invite.details_submitted_at) {
        obj.insert(
            "submittedAt".into(),
            json!(crate::clock::to_iso(from_millis(at))),
        );
    }
    Ok(Some(details))
}

// ---------------------------------------------------------------------------------------------
// Reminders.

/// Sends every due reminder once; returns how many went out. Safe on several instances at
/// once: each reminder is claimed by one conditional UPDATE before its e-mail is sent.
pub async fn send_due_reminders(state: &AppState) -> Result<usize> {
    let mut sent = 0;
    for reminder in [Reminder::Day, Reminder::Hour] {
        let now = state.clock.now();
        for id in repo::due_reminders(&state.db, reminder, now).await? {
            let Some(invite) = repo::find(&state.db, id).await? else {
                continue;
            };
            let Some(at) = invite.interview_at else {
                continue;
            };
            if !repo::claim_reminder(&state.db, id, reminder, at, now).await? {
                continue;
            }
            let link = invite_link(state, &invite.token);
            let guidelines = format!("{}/interviewguidelines", state.settings.public_url());
            let zone = invite.time_zone.as_deref().unwrap_or("UTC");
            let lead = match reminder {
                Reminder::Day => "tomorrow",
                Reminder::Hour => "in one hour",
            };
            let email = mail::interview_reminder(
                &mail_parts(&invite, &link, &guidelines),
                &when_text(from_millis(at), zone),
                lead,
            );
            match state.mailer.send(&invite.candidate_email, email).await {
                Ok(()) => sent += 1,
                Err(err) => {
                    tracing::warn!(error = %err, invite = id, "reminder e-mail failed; will retry");
                    repo::release_reminder(&state.db, id, reminder).await?;
                }
            }
        }
    }
    Ok(sent)
}

/// The reminder loop of a serving instance.
pub async fn run_reminders(state: AppState) {
    let every = state.settings.background.reminder_interval_seconds.max(1);
    let mut tick = tokio::time::interval(Duration::from_secs(every));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        match send_due_reminders(&state).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "interview reminders sent"),
            Err(err) => tracing::warn!(error = %err, "interview reminders failed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_in_e_mails_are_in_the_candidates_zone() {
        let at: Timestamp = "2026-11-25T09:30:00Z".parse().expect("instant");
        assert_eq!(
            when_text(at, "Asia/Kolkata"),
            "Wednesday, 25 November 2026 at 3:00 PM (Asia/Kolkata, GMT+05:30)"
        );
        assert_eq!(
            when_text(at, "America/New_York"),
            "Wednesday, 25 November 2026 at 4:30 AM (America/New_York, GMT-05:00)"
        );
    }

    #[test]
    fn slot_starts_parse_with_or_without_a_zone() {
        let want: Timestamp = "2026-11-25T09:30:00Z".parse().expect("instant");
        assert_eq!(parse_start("2026-11-25T09:30:00.000Z"), Some(want));
        assert_eq!(parse_start("2026-11-25T09:30:00"), Some(want));
        assert_eq!(parse_start("2026-11-25T15:00:00+05:30"), Some(want));
        assert_eq!(parse_start("next tuesday"), None);
    }
}
