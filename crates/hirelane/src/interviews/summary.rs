//! What the recruiter's candidate lists and details show of a candidate's invite.

use serde_json::{Value, json};

use super::repo::find_by_candidate;
use super::rules::{InviteState, bookable_until, page, utc_naive};
use crate::clock::{from_millis, to_iso};
use crate::error::Result;
use crate::state::AppState;

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
    let until = bookable_until(
        apply_last_date.and_then(|d| d.parse().ok()),
        &state.time_zone,
    );
    let at = interview_at.map(from_millis);
    let page = page(
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

/// What the recruiter sees of a candidate's invite on the analysis page.
pub async fn details_of(state: &AppState, candidate_id: i64) -> Result<Option<Value>> {
    let Some(invite) = find_by_candidate(&state.db, candidate_id).await? else {
        return Ok(None);
    };
    let mut details: Value = invite
        .details
        .as_deref()
        .and_then(|d| serde_json::from_str(d).ok())
        .unwrap_or(Value::Null);
    if let (Some(obj), Some(at)) = (details.as_object_mut(), invite.details_submitted_at) {
        obj.insert("submittedAt".into(), json!(to_iso(from_millis(at))));
    }
    Ok(Some(details))
}
