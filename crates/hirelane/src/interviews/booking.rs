//! Self-scheduling: the candidate books a slot in their own zone, or moves it. Schedule and
//! reschedule share every rule; the invite's state says which one a request may do.

use axum::extract::State;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::{apply_last_date, conflict, invite_for, standing};
use super::emails::send_confirmation;
use super::repo;
use super::rules::{InviteState, Page, SlotError, check_slot, utc_naive};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json};
use crate::state::AppState;

/// The page also sends `candidateName` and `JobRole` (SPEC section 7); the server uses the
/// stored ones, so they are not read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ScheduleBody {
    /// The invite's token.
    invite_id: String,
    /// The slot's start, ISO-8601 (`2026-11-25T09:30:00.000Z`; without an offset it is UTC),
    /// on the 15-minute grid, in the future, before the end of the apply-last date.
    #[schema(example = "2026-11-25T09:30:00.000Z")]
    interview_start_utc: String,
    /// The IANA region name the candidate chose (`Asia/Kolkata`, or `UTC`).
    #[schema(example = "Asia/Kolkata")]
    time_zone_name: String,
    /// That zone's offset at the slot: `GMT`, `GMT+05:30`, `GMT-4`, `UTC+0545`.
    #[schema(
        example = "GMT+05:30",
        pattern = "^\\s*(GMT|UTC)([+-][0-9]{1,2}(:?[0-9]{1,2})?)?\\s*$"
    )]
    gmt_value: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Scheduled {
    /// UTC without a zone suffix.
    interview_date_time: String,
    /// Always 2 (scheduled).
    show_page_id: Page,
}

#[utoipa::path(
    post, path = "/Interview/ScheduleInterview", tag = "interviews", request_body = ScheduleBody,
    responses(
        (status = 200, body = Scheduled, description = "Booked; the confirmation e-mail carries a calendar invitation"),
        (status = 400, body = ErrorBody, description = "The slot is not a valid time, off the 15-minute grid, in the past, after the apply-last date, in an unknown zone or with a GMT offset that does not match it (`invalid_slot`)"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or its link ended 30 days after the interview completed or the window closed: 'No data found.' (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The interview is completed (`interview_completed`), the window closed (`window_closed`), it is already scheduled (`already_scheduled`) or another window changed it (`state_changed`)"),
        (status = 429, body = ErrorBody, description = "More than 120 requests a minute from this client (`rate_limited`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn schedule_interview(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ScheduleBody>,
) -> Result<Json<Scheduled>> {
    book(&state, &ip, body, InviteState::Invited)
        .await
        .map(Json)
}

#[utoipa::path(
    post, path = "/Interview/ReScheduleInterview", tag = "interviews", request_body = ScheduleBody,
    responses(
        (status = 200, body = Scheduled, description = "Moved; the confirmation e-mail carries a calendar invitation"),
        (status = 400, body = ErrorBody, description = "The slot is not a valid time, off the 15-minute grid, in the past, after the apply-last date, in an unknown zone or with a GMT offset that does not match it (`invalid_slot`)"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or its link ended 30 days after the interview completed or the window closed: 'No data found.' (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The interview is completed (`interview_completed`), the window closed (`window_closed`), it is not scheduled (`not_scheduled`) or another window changed it (`state_changed`)"),
        (status = 429, body = ErrorBody, description = "More than 120 requests a minute from this client (`rate_limited`); `retryAfterSeconds` says when to try again"),
    )
)]
pub(super) async fn reschedule_interview(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ScheduleBody>,
) -> Result<Json<Scheduled>> {
    book(&state, &ip, body, InviteState::Scheduled)
        .await
        .map(Json)
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

/// Refuses a booking the invite's standing does not allow: schedule (`from` = invited) only
/// an unscheduled invite, reschedule (`from` = scheduled) only a scheduled one.
fn check_standing(page: Page, state: InviteState, from: InviteState) -> Result<()> {
    match (page, state) {
        (Page::Completed, _) => Err(conflict(
            ErrorCode::InterviewCompleted,
            "The interview is already completed.",
        )),
        (Page::WindowClosed, _) => Err(conflict(
            ErrorCode::WindowClosed,
            "The interview window is closed.",
        )),
        (_, InviteState::Scheduled) if from == InviteState::Invited => Err(conflict(
            ErrorCode::AlreadyScheduled,
            "Your interview is already scheduled.",
        )),
        (_, InviteState::Invited) if from == InviteState::Scheduled => Err(conflict(
            ErrorCode::NotScheduled,
            "Only a scheduled interview can be rescheduled.",
        )),
        _ => Ok(()),
    }
}

/// Books or moves the slot, then e-mails the confirmation with its calendar invitation.
async fn book(
    state: &AppState,
    ip: &str,
    body: ScheduleBody,
    from: InviteState,
) -> Result<Scheduled> {
    let invite = invite_for(state, ip, &body.invite_id).await?;
    check_standing(standing(state, &invite).page, invite.state, from)?;
    let start = parse_start(&body.interview_start_utc).ok_or_else(|| {
        Error::bad_request(
            ErrorCode::InvalidSlot,
            "Please choose a valid date and time.",
        )
    })?;
    let now = state.clock.now();
    let slot = check_slot(
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
    let rescheduled = from == InviteState::Scheduled;
    tracing::info!(invite = invite.id, rescheduled, "interview slot booked");
    send_confirmation(
        state,
        &invite,
        slot.start,
        &slot.zone_name,
        sequence,
        rescheduled,
    )
    .await;
    Ok(Scheduled {
        interview_date_time: utc_naive(slot.start),
        show_page_id: Page::Scheduled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_starts_parse_with_or_without_a_zone() {
        let want: Timestamp = "2026-11-25T09:30:00Z".parse().expect("instant");
        assert_eq!(parse_start("2026-11-25T09:30:00.000Z"), Some(want));
        assert_eq!(parse_start("2026-11-25T09:30:00"), Some(want));
        assert_eq!(parse_start("2026-11-25T15:00:00+05:30"), Some(want));
        assert_eq!(parse_start("next tuesday"), None);
    }
}
