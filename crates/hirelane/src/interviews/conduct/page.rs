//! The join page's side: it reports what it saw in small batches, with the conduct token its
//! web call came with. Nothing it sends can change a grade (see the module's documentation).

use axum::extract::{Path as UrlPath, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::repo::{self, Batch, NewEvent};
use super::{ConductKind, MAX_EVENTS_PER_INVITE, token_fits};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::http::{ClientIp, Json};
use crate::interviews::access::{invite_for, no_data};
use crate::rate_limit::{self, Limit};
use crate::state::AppState;

/// Events one batch may carry.
const MAX_BATCH: usize = 50;
/// Batches one invite may send a minute: a page sends one every few seconds at most.
const BATCH_LIMIT: Limit = Limit::per_minutes(30, 1);
/// How old an event may be when it arrives: a page that lost its connection keeps its events
/// and sends them once it is back, within the minute the interview waits for it and then some.
const MAX_AGE_MS: i64 = 15 * 60 * 1000;
/// The longest page id (the page makes 16 random characters).
const MAX_PAGE_ID: usize = 64;

/// A batch of what the page saw.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::interviews) struct ConductBatch {
    /// `conductToken` from `POST /Interview/WebCall/{inviteId}`.
    conduct_token: String,
    /// `callId` from the same answer (null when the browser started the call).
    call_id: Option<String>,
    /// A random id of this page load (letters, digits, `-`, `_`; at most 64): with `seq`, an
    /// event sent twice is kept once.
    page_id: String,
    /// When the page sent the batch, on its own clock (unix milliseconds): the server moves
    /// every event's time onto its clock by the difference.
    sent_at: i64,
    /// 1 to 50 events.
    events: Vec<PageEvent>,
}

/// One thing the page saw.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::interviews) struct PageEvent {
    /// The event's number on this page (0 or more).
    seq: i64,
    /// `tabHidden`, `tabVisible`, `windowBlur`, `windowFocus`, `microphoneChanged`,
    /// `microphoneMuted`, `microphoneUnmuted`, `reconnecting` or `reconnected`.
    kind: String,
    /// When, on the page's clock (unix milliseconds): at most 15 minutes before `sentAt`.
    at: i64,
    /// The scripted question (1-based) the page was showing, when it knows.
    question: Option<i64>,
}

/// What the log holds now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::interviews) struct ConductAccepted {
    /// Events the invite's log holds, this batch included.
    held: i64,
    /// How many more it will take.
    room: i64,
}

/// Records what the candidate's interview page saw (tab, focus, microphone, reconnects) for the
/// recruiter's conduct log. Never read by the grader.
#[utoipa::path(
    post, path = "/Interview/Conduct/{inviteId}", tag = "interviews", request_body = ConductBatch,
    params(("inviteId" = String, Path, description = "The invite's token")),
    responses(
        (status = 200, body = ConductAccepted, description = "Kept (an event sent before is kept once)"),
        (status = 400, body = ErrorBody, description = "An unknown kind, an empty or too large batch (over 50), a bad page id, sequence number or question, or an event older than 15 minutes or after `sentAt` (`validation`)"),
        (status = 404, body = ErrorBody, description = "No invite has this token, or the conduct token is not this invite's and call's or has expired: 'No data found.' (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The invite's conduct log holds 500 events; nothing more is kept (`conduct_log_full`)"),
        (status = 429, body = ErrorBody, description = "More than 30 batches a minute for this invite, or 120 requests a minute from this client (`rate_limited`)"),
    )
)]
pub(in crate::interviews) async fn report_conduct(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    UrlPath(invite_id): UrlPath<String>,
    Json(body): Json<ConductBatch>,
) -> Result<Json<ConductAccepted>> {
    let invite = invite_for(&state, &ip, &invite_id).await?;
    let now = state.clock.now();
    let call_id = body.call_id.as_deref();
    if !token_fits(&state.keys, &body.conduct_token, invite.id, call_id, now) {
        return Err(no_data());
    }
    rate_limit::hit(
        &state.db,
        &format!("conduct:{}", invite.id),
        BATCH_LIMIT,
        now,
    )
    .await?;
    let events = checked(&body, now.as_millisecond())?;
    let batch = Batch {
        invite_id: invite.id,
        call_id,
        page_id: &body.page_id,
        events: &events,
    };
    let held = repo::store(&state.db, &batch, now).await?;
    Ok(Json(ConductAccepted {
        held,
        room: MAX_EVENTS_PER_INVITE - held,
    }))
}

fn invalid(message: impl Into<String>) -> Error {
    Error::bad_request(ErrorCode::Validation, message)
}

/// The batch's events with their times on the server's clock (`now`, unix milliseconds).
fn checked(body: &ConductBatch, now: i64) -> Result<Vec<NewEvent>> {
    if body.events.is_empty() || body.events.len() > MAX_BATCH {
        return Err(invalid(format!("A batch holds 1 to {MAX_BATCH} events.")));
    }
    let page_id_ok = !body.page_id.is_empty()
        && body.page_id.len() <= MAX_PAGE_ID
        && body
            .page_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !page_id_ok {
        return Err(invalid("The page id is not valid."));
    }
    body.events
        .iter()
        .map(|event| {
            let kind = ConductKind::parse(&event.kind)
                .ok()
                .filter(|k| k.page_may_report())
                .ok_or_else(|| invalid(format!("Unknown conduct event kind '{}'.", event.kind)))?;
            if !(0..=1_000_000).contains(&event.seq) {
                return Err(invalid("A sequence number is out of range."));
            }
            if event.question.is_some_and(|q| !(1..=100).contains(&q)) {
                return Err(invalid("A question number is out of range."));
            }
            let age = body.sent_at.checked_sub(event.at).unwrap_or(-1);
            if !(0..=MAX_AGE_MS).contains(&age) {
                return Err(invalid(
                    "An event is dated after the batch was sent, or more than 15 minutes before.",
                ));
            }
            Ok(NewEvent {
                seq: event.seq,
                kind,
                question: event.question,
                at: now - age,
            })
        })
        .collect()
}
