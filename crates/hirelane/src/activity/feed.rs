//! Reading the activity log: a candidate's timeline, a JD's feed and the organisation's feed
//! (`/activity`), newest first, filtered and paged by event id.

use axum::extract::State;
use hirelane_core::clock::{from_millis, to_iso};
use hirelane_core::stored_text;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::{IntoParams, ToSchema};

use super::log::EventKind;
use crate::auth::Recruiter;
use crate::error::{ErrorBody, Result};
use crate::fetch_as;
use crate::http::{Json, Query, within};
use crate::jobs::ids::JdId;
use crate::jobs::lookup::active_job_id;
use crate::state::AppState;

/// Events per page unless `limit` asks for fewer (at most 200).
const PAGE: i64 = 50;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct FeedParams {
    /// Only this candidate's events (their timeline).
    #[serde(default)]
    resume_id: Option<i64>,
    /// Only the events of this JD (integer id or folder id).
    #[serde(default)]
    #[param(inline)]
    jd_id: Option<JdId>,
    /// Only events of this kind.
    #[serde(default)]
    #[param(inline)]
    kind: Option<EventKind>,
    /// Only events made by recruiters, candidates or the system.
    #[serde(default)]
    #[param(inline)]
    actor: Option<ActorKind>,
    /// Only events made by this recruiter.
    #[serde(default)]
    recruiter_id: Option<i64>,
    /// Events older than this event id (the previous page's `nextBefore`).
    #[serde(default)]
    before: Option<i64>,
    /// Events per page (default 50).
    #[serde(default)]
    #[param(minimum = 1, maximum = 200)]
    limit: Option<i64>,
}

/// Who made a change, as a feed filters it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    VariantArray,
)]
#[serde(rename_all = "camelCase")]
#[strum(serialize_all = "camelCase")]
pub enum ActorKind {
    Recruiter,
    Candidate,
    System,
}

stored_text!(ActorKind);

/// Who made a change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventActor {
    /// `recruiter`, `candidate` or `system`.
    pub kind: String,
    pub recruiter_id: Option<i64>,
    /// The recruiter's name when the event was written; null for the candidate and the system.
    pub name: Option<String>,
}

/// One event of the log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityEvent {
    pub id: i64,
    /// When it happened (ISO-8601, UTC).
    pub at: String,
    pub kind: EventKind,
    pub actor: EventActor,
    /// The candidate (`resumeId`); null after an erasure.
    pub resume_id: Option<i64>,
    pub job_desc_id: Option<i64>,
    pub jdid: Option<String>,
    pub jdname: Option<String>,
    /// Null when the candidate was erased or their resume deleted.
    pub candidate_name: Option<String>,
    /// One line saying what happened, e.g. "Moved from Interviewed to Shortlisted".
    pub summary: String,
    /// The event's facts (scores, stages, reasons), as written.
    #[schema(value_type = Object)]
    pub detail: Value,
}

/// A page of events, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityFeed {
    pub events: Vec<ActivityEvent>,
    /// Pass as `before` for the next (older) page; null on the last page.
    pub next_before: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct EventRow {
    id: i64,
    at: i64,
    #[sqlx(try_from = "String")]
    kind: EventKind,
    candidate_id: Option<i64>,
    job_id: Option<i64>,
    actor_kind: String,
    actor_id: Option<i64>,
    actor_name: Option<String>,
    detail: String,
    candidate_name: Option<String>,
    jdid: Option<String>,
    jdname: Option<String>,
}

/// The activity log, newest first: one candidate's timeline, one JD's feed, or everything.
#[utoipa::path(
    get, path = "/Activity", tag = "activity", security(("bearer" = []), ("apiToken" = ["candidates:read"])),
    params(FeedParams),
    responses(
        (status = 200, body = ActivityFeed, description = "A page of events, newest first"),
        (status = 400, body = ErrorBody, description = "An unknown kind or actor, or a malformed id (`invalid_query`, `invalid_id`)"),
        (status = 404, body = ErrorBody, description = "The JD does not exist: 'Invalid JD ID.' (`invalid_id`)"),
        (status = 401, body = ErrorBody, description = "Missing, expired or invalid access token"),
    )
)]
pub(super) async fn activity(
    _: Recruiter,
    State(state): State<AppState>,
    Query(params): Query<FeedParams>,
) -> Result<Json<ActivityFeed>> {
    let filter = Filter::from_params(&state, &params).await?;
    feed(&state, &filter).await.map(Json)
}

/// A validated feed request.
#[derive(Debug, Default)]
struct Filter {
    candidate_id: Option<i64>,
    job_id: Option<i64>,
    kind: Option<EventKind>,
    actor: Option<&'static str>,
    recruiter_id: Option<i64>,
    before: i64,
    limit: i64,
}

impl Filter {
    async fn from_params(state: &AppState, params: &FeedParams) -> Result<Filter> {
        // A blank JD id names no JD: 'Invalid JD ID.', as everywhere else.
        let job_id = match params.jd_id.as_ref() {
            Some(id) => Some(active_job_id(state, &id.0).await?),
            None => None,
        };
        Ok(Filter {
            candidate_id: params.resume_id,
            job_id,
            kind: params.kind,
            actor: params.actor.map(ActorKind::as_str),
            recruiter_id: params.recruiter_id,
            before: params.before.filter(|b| *b > 0).unwrap_or(i64::MAX),
            limit: within("limit", params.limit.unwrap_or(PAGE), 1..=200)?,
        })
    }
}

async fn feed(state: &AppState, filter: &Filter) -> Result<ActivityFeed> {
    // Absent filters bind NULL and match everything, so one statement serves every feed.
    let rows: Vec<EventRow> = fetch_as!(
        &state.db,
        fetch_all,
        "SELECT e.id, e.at, e.kind, e.candidate_id, e.job_id, e.actor_kind, e.actor_id,
            e.actor_name, e.detail, c.candidate_name, j.jdid, j.jdname
         FROM activity_events e
         LEFT JOIN candidates c ON c.id = e.candidate_id
         LEFT JOIN jobs j ON j.id = e.job_id
         WHERE e.id < $1
           AND ($2 IS NULL OR e.candidate_id = $2)
           AND ($3 IS NULL OR e.job_id = $3)
           AND ($4 IS NULL OR e.kind = $4)
           AND ($5 IS NULL OR e.actor_kind = $5)
           AND ($6 IS NULL OR e.actor_id = $6)
         ORDER BY e.id DESC LIMIT $7",
        (
            filter.before,
            filter.candidate_id,
            filter.job_id,
            filter.kind.map(EventKind::as_str),
            filter.actor,
            filter.recruiter_id,
            filter.limit + 1
        )
    )?;
    let more = rows.len() as i64 > filter.limit;
    let events: Vec<ActivityEvent> = rows
        .into_iter()
        .take(filter.limit as usize)
        .map(event)
        .collect();
    Ok(ActivityFeed {
        next_before: if more {
            events.last().map(|e| e.id)
        } else {
            None
        },
        events,
    })
}

fn event(row: EventRow) -> ActivityEvent {
    let kind = row.kind;
    let detail: Value = serde_json::from_str(&row.detail).unwrap_or(Value::Null);
    ActivityEvent {
        id: row.id,
        at: to_iso(from_millis(row.at)),
        summary: summary(kind, &detail),
        kind,
        actor: EventActor {
            kind: row.actor_kind,
            recruiter_id: row.actor_id,
            name: row.actor_name,
        },
        resume_id: row.candidate_id,
        job_desc_id: row.job_id,
        jdid: row.jdid,
        jdname: row.jdname,
        candidate_name: row.candidate_name,
        detail,
    }
}

/// The one line a timeline shows for an event.
pub fn summary(kind: EventKind, detail: &Value) -> String {
    let text = |key: &str| detail[key].as_str().unwrap_or_default().to_owned();
    let stage = |key: &str| hirelane_core::stage::label(detail[key].as_str().unwrap_or(""));
    match kind {
        EventKind::Uploaded if detail["replaced"].as_bool() == Some(true) => {
            format!("Uploaded a newer resume ({})", text("fileName"))
        }
        EventKind::Uploaded if text("source") == "csv" => "Added from a CSV list".to_owned(),
        EventKind::Uploaded if text("source") == "applied" => {
            format!("Applied on the job page with {}", text("fileName"))
        }
        EventKind::Uploaded => format!("Uploaded resume {}", text("fileName")),
        EventKind::Analysed => {
            let again = if detail["rescored"].as_bool() == Some(true) {
                "Re-scored"
            } else {
                "Analysed"
            };
            format!(
                "{again}: ATS score {} ({}), scoring {}",
                detail["atsScore"],
                text("recommendation"),
                text("scoringVersion")
            )
        }
        EventKind::AnalysisFailed => format!("Resume could not be analysed: {}", text("reason")),
        // Events logged before the name was kept show the assistant's id.
        EventKind::Invited => match text("assistantName") {
            name if !name.is_empty() => format!("Invited to an AI interview with {name}"),
            _ => format!("Invited to an AI interview ({})", text("assistant")),
        },
        EventKind::EmailSent => format!("E-mail sent: {}", text("subject")),
        EventKind::Booked => format!("Booked an interview for {}", text("interviewAt")),
        EventKind::Rescheduled => format!("Rescheduled the interview to {}", text("interviewAt")),
        EventKind::Joined => "Joined the interview".to_owned(),
        EventKind::AnalysisStored => {
            format!("Interview analysed: {}", text("interviewStatus"))
        }
        EventKind::IntegrityFailed => {
            format!("Interview integrity failed: {}", text("reason"))
        }
        EventKind::AttemptChosen => format!("Chose interview attempt {}", text("callId")),
        EventKind::Scorecard => format!(
            "Scorecard: {} (technical {}, communication {}, problem solving {}, culture {})",
            crate::pipeline::scorecards::recommendation_label(text("recommendation").as_str()),
            detail["technical"],
            detail["communication"],
            detail["problemSolving"],
            detail["culture"]
        ),
        EventKind::StageChanged => {
            let mut line = format!("Moved from {} to {}", stage("from"), stage("to"));
            let reason = text("reason");
            if !reason.is_empty() {
                line.push_str(&format!(": {reason}"));
            }
            line
        }
        EventKind::Erased => "A candidate's personal data was erased".to_owned(),
        EventKind::ErasureRequested => "Asked for their data to be erased".to_owned(),
        EventKind::AccommodationRequested => {
            "Asked for an alternative process or an accommodation".to_owned()
        }
        EventKind::AccommodationAnswered => {
            "The request for an alternative process was answered".to_owned()
        }
        EventKind::AutopilotSkipped => {
            format!("The autopilot did not invite them: {}", text("reason"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actor_kinds_read_back_and_unknown_text_is_refused() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<ActorKind>(),
            Ok(())
        );
        for kind in ActorKind::VARIANTS {
            assert_eq!(serde_json::to_value(kind).expect("json"), kind.as_str());
        }
    }
}
