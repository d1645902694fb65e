//! What the candidate lists and details show of a candidate's interview invite: its state as
//! the recruiter reads it, the booked slot, and the next-step answers. The invite rules and
//! rows belong to interviews; this reads them through its rules and repo.

use hirelane_core::clock::{from_millis, to_iso};
use serde_json::Value;

use super::repo::CandidateRow;
use super::status::InviteStatus;
use crate::error::Result;
use crate::interviews::details::with_every_key;
use crate::interviews::repo::find_by_candidate;
use crate::interviews::rules::{Page, bookable_until, page, utc_naive};
use crate::state::AppState;

/// How the recruiter's lists show an invite: its page label and slot.
#[derive(Debug, Clone, Default)]
pub struct InviteSummary {
    pub status: Option<InviteStatus>,
    pub interview_date_time: Option<String>,
}

/// The summary from a candidate row's invite columns.
pub fn summarize(state: &AppState, row: &CandidateRow) -> InviteSummary {
    let Some(invite_state) = row.invite_state else {
        return InviteSummary::default();
    };
    let until = bookable_until(
        row.apply_last_date.as_deref().and_then(|d| d.parse().ok()),
        &state.time_zone,
    );
    let at = row.interview_at.map(from_millis);
    let page = page(invite_state, at, until, state.clock.now());
    InviteSummary {
        status: Some(invite_status(page)),
        interview_date_time: at.map(utc_naive),
    }
}

/// The recruiter's name for the page the candidate sees.
fn invite_status(page: Page) -> InviteStatus {
    match page {
        Page::ChooseSlot => InviteStatus::Invited,
        Page::Scheduled => InviteStatus::Scheduled,
        Page::Completed => InviteStatus::Completed,
        Page::WindowClosed => InviteStatus::Closed,
    }
}

/// The candidate's next-step answers with when they were submitted, once there are any.
pub async fn next_step_details(state: &AppState, candidate_id: i64) -> Result<Option<Value>> {
    let Some(invite) = find_by_candidate(&state.db, candidate_id).await? else {
        return Ok(None);
    };
    let mut details: Value = invite
        .details
        .as_deref()
        .and_then(|d| serde_json::from_str(d).ok())
        .unwrap_or(Value::Null);
    if let (Some(obj), Some(at)) = (details.as_object_mut(), invite.details_submitted_at) {
        with_every_key(obj);
        obj.insert("submittedAt".into(), Value::String(to_iso(from_millis(at))));
    }
    Ok(Some(details).filter(|d| !d.is_null()))
}
