//! What every candidate route does first: the rate limit per client address, the token check
//! (an unknown token answers exactly like a missing one), and where the invite stands now.

use hirelane_core::clock::from_millis;
use jiff::Timestamp;
use jiff::civil::Date;

use super::repo::{InviteRow, find_by_token};
use super::rules::{LINK_AFTER_END, Page, bookable_until, ended_at, page};
use crate::error::{Error, ErrorCode, Result};
use crate::rate_limit::{self, Limit};
use crate::state::AppState;

/// What a candidate route answers for a token that names no invite.
pub const NO_DATA: &str = "No data found.";
/// Requests per client address per minute on the candidate routes: a page, its refetches and
/// a few retries fit easily; guessing tokens does not.
const CANDIDATE_LIMIT: Limit = Limit::per_minutes(120, 1);
/// The longest token the routes look up (ours are 22 characters).
const MAX_TOKEN: usize = 64;

pub fn no_data() -> Error {
    Error::not_found(ErrorCode::NotFound, NO_DATA)
}

pub fn conflict(code: ErrorCode, message: &str) -> Error {
    Error::Conflict {
        code,
        message: message.to_owned(),
    }
}

/// The invite a candidate route names, after the rate limit; a link that ended more than
/// [`LINK_AFTER_END`] ago names nothing any more.
pub async fn invite_for(state: &AppState, ip: &str, token: &str) -> Result<InviteRow> {
    rate_limit::hit(
        &state.db,
        &format!("invite:{ip}"),
        CANDIDATE_LIMIT,
        state.clock.now(),
    )
    .await?;
    let token = token.trim();
    let well_formed = !token.is_empty()
        && token.len() <= MAX_TOKEN
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !well_formed {
        return Err(no_data());
    }
    let invite = find_by_token(&state.db, token).await?.ok_or_else(no_data)?;
    let standing = standing(state, &invite);
    let ended = ended_at(
        invite.state,
        standing.page,
        invite.completed_at.map(from_millis),
        from_millis(invite.updated_at),
        standing.at,
        standing.until,
    );
    if ended.is_some_and(|end| state.clock.now() >= end + LINK_AFTER_END) {
        return Err(no_data());
    }
    Ok(invite)
}

pub fn apply_last_date(invite: &InviteRow) -> Option<Date> {
    invite
        .apply_last_date
        .as_deref()
        .and_then(|d| d.parse().ok())
}

/// Where the invite stands now.
pub struct Standing {
    pub page: Page,
    pub until: Option<Timestamp>,
    pub at: Option<Timestamp>,
}

pub fn standing(state: &AppState, invite: &InviteRow) -> Standing {
    let until = bookable_until(apply_last_date(invite), &state.time_zone);
    let at = invite.interview_at.map(from_millis);
    Standing {
        page: page(invite.state, at, until, state.clock.now()),
        until,
        at,
    }
}
