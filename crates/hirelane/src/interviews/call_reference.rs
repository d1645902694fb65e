//! The signed invite reference a web call carries in its metadata, so a provider report
//! naming an invite can be trusted even when the browser started the call.

use jiff::SignedDuration;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::repo::{InviteRow, link_call};
use crate::error::Result;
use crate::state::AppState;
use crate::voice::vapi::Call;

/// How long a call's invite reference stays verifiable (reports can arrive late).
const REFERENCE_LIFETIME: SignedDuration = SignedDuration::from_hours(7 * 24);

/// The resource name an invite reference is signed under.
fn invite_resource(id: i64) -> String {
    format!("interview-invite:{id}")
}

/// A call's metadata: the invite's row id (not its token, which is the candidate's
/// credential) and its signed reference.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallMetadata {
    pub interview_invite_id: i64,
    pub resume_id: i64,
    /// `<invite id>.<expiry, Unix seconds>.<signature>`.
    pub invite_ref: String,
    pub candidate_name: String,
}

impl CallMetadata {
    /// The metadata as the provider client sends it.
    pub fn to_map(&self) -> Map<String, Value> {
        // A struct of numbers and strings always serialises to an object.
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        }
    }
}

/// The invite's call metadata, its reference signed for a week.
pub fn call_metadata(state: &AppState, invite: &InviteRow) -> CallMetadata {
    let expires = (state.clock.now() + REFERENCE_LIFETIME).as_second();
    let signature = state.keys.sign_link(&invite_resource(invite.id), expires);
    CallMetadata {
        interview_invite_id: invite.id,
        resume_id: invite.candidate_id,
        invite_ref: format!("{}.{expires}.{signature}", invite.id),
        candidate_name: invite.candidate_name.clone(),
    }
}

/// Links a call the provider reported to its invite when its metadata carries a valid
/// reference (a browser started it, so we learn of it here first): the call becomes one of the
/// invite's attempts. Whether it ran as we set it up is the integrity check's business.
pub async fn link_reported_call(state: &AppState, call: &Call) -> Result<()> {
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
    link_call(&state.db, id, &call.id).await?;
    crate::voice::repo::set_invite(&state.db, &call.id, id).await
}
