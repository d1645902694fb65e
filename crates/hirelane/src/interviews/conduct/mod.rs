//! The interview conduct log: how the interview went beyond what was said. The join page
//! reports what it saw (the tab hidden, the window losing focus, the microphone changing or
//! muting, the connection dropping), [`page`]; the server adds how long each answer took to
//! begin and long silences within answers, from the stored turns, [`timeline`].
//!
//! It is a log for a person to read, never a verdict: nothing here is an input of the grader or
//! of the interview's status. The events live in their own table, read only by [`log_of_call`],
//! which only the interview analysis route calls; the grader reads the call's answers and key
//! points, and `tests/api/interviews/conduct.rs` checks that grades are the same with and
//! without a conduct log.

pub(super) mod page;
mod repo;
mod timeline;

use hirelane_core::keys::Keys;
use hirelane_core::stored_text;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use strum::{EnumString, IntoStaticStr, VariantArray};
use utoipa::ToSchema;

pub use self::timeline::{ConductEvent, ConductLog};
use crate::error::Result;
use crate::store::Db;
use crate::voice::conclusions::evidence::{QuestionEvidence, Turn};
use crate::voice::repo::CallRow;

/// Page events one invite may keep, over all its calls. A page reports a few dozen in a real
/// interview; past this the route refuses more (`conduct_log_full`) instead of growing the table.
pub const MAX_EVENTS_PER_INVITE: i64 = 500;
/// A silence within an answer at least this long is listed as a long silence.
pub const LONG_SILENCE_SECONDS: f64 = 5.0;
/// How long a conduct token from WebCall works: longer than any interview.
const TOKEN_HOURS: i64 = 3;

/// What happened. The page may report the first nine; the last two the server works out.
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
pub enum ConductKind {
    /// The interview's tab was hidden (another tab or application in front, the window minimised).
    TabHidden,
    TabVisible,
    /// The interview's window lost the keyboard focus (another window was used).
    WindowBlur,
    WindowFocus,
    /// The browser's list of microphones changed (one plugged in or out).
    MicrophoneChanged,
    /// The microphone track was muted (by the system or the device) and unmuted.
    MicrophoneMuted,
    MicrophoneUnmuted,
    /// The connection to the interview dropped, and came back.
    Reconnecting,
    Reconnected,
    /// Server: how long the answer took to begin after the question ended (`seconds`).
    AnswerDelay,
    /// Server: a silence of at least [`LONG_SILENCE_SECONDS`] within an answer (`seconds`).
    LongSilence,
}

stored_text!(ConductKind);

impl ConductKind {
    /// Whether the page may report it (the others are the server's own).
    pub fn page_may_report(self) -> bool {
        !matches!(self, ConductKind::AnswerDelay | ConductKind::LongSilence)
    }
}

/// What the conduct token of a call signs: the invite's row and the call (none when the
/// browser starts the call itself).
fn token_resource(invite_id: i64, call_id: Option<&str>) -> String {
    format!("conduct:{invite_id}:{}", call_id.unwrap_or_default())
}

/// The token the join page reports its events with, handed out with the web call.
pub fn token_for(keys: &Keys, invite_id: i64, call_id: Option<&str>, now: Timestamp) -> String {
    let expires = now.as_second() + TOKEN_HOURS * 3600;
    let signature = keys.sign_link(&token_resource(invite_id, call_id), expires);
    format!("{expires}.{signature}")
}

/// Whether `token` was handed out for this invite and call and has not expired.
fn token_fits(
    keys: &Keys,
    token: &str,
    invite_id: i64,
    call_id: Option<&str>,
    now: Timestamp,
) -> bool {
    let Some((expires, signature)) = token.split_once('.') else {
        return false;
    };
    let Ok(expires) = expires.parse::<i64>() else {
        return false;
    };
    keys.verify_link(
        &token_resource(invite_id, call_id),
        expires,
        signature,
        now.as_second(),
    )
}

/// Which call a conduct log is of, and when it ran (unix milliseconds).
#[derive(Debug, Clone)]
pub struct CallSpan {
    pub id: String,
    pub invite_id: Option<i64>,
    pub started_at: Option<i64>,
    pub ended_at: Option<i64>,
}

impl CallSpan {
    pub fn of(row: &CallRow) -> CallSpan {
        CallSpan {
            id: row.id.clone(),
            invite_id: row.invite_id,
            started_at: row.started_at,
            ended_at: row.ended_at,
        }
    }
}

/// The conduct log of a call whose report is stored, as the analysis page shows it, from its
/// turns and questions as the evidence reads them.
pub async fn log_of_call(
    db: &Db,
    call: &CallSpan,
    turns: &[Turn],
    questions: &[QuestionEvidence],
) -> Result<ConductLog> {
    let reported = repo::of_call(db, call).await?;
    Ok(timeline::build(
        &reported,
        call.started_at,
        call.ended_at,
        turns,
        questions,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        assert_eq!(
            hirelane_core::stored::check_round_trip::<ConductKind>(),
            Ok(())
        );
    }

    #[test]
    fn the_default_notice_discloses_the_conduct_log() {
        let settings = crate::config::CareersSettings::default();
        let notice = crate::careers::applications::Notice::current(&settings);
        assert!(
            notice
                .ai
                .contains("its page records, with the time, when you leave its tab"),
            "{}",
            notice.ai
        );
        assert!(notice.ai.contains("it never changes a score"));
    }

    #[test]
    fn a_token_fits_only_its_invite_and_call_until_it_expires() {
        let keys = Keys::from_secret(b"conduct");
        let now = Timestamp::from_second(1_800_000_000).expect("an instant");
        let token = token_for(&keys, 7, Some("call-1"), now);
        assert!(token_fits(&keys, &token, 7, Some("call-1"), now));
        assert!(!token_fits(&keys, &token, 8, Some("call-1"), now));
        assert!(!token_fits(&keys, &token, 7, Some("call-2"), now));
        assert!(!token_fits(&keys, &token, 7, None, now));
        let later = now + jiff::SignedDuration::from_hours(TOKEN_HOURS);
        assert!(!token_fits(&keys, &token, 7, Some("call-1"), later));
        assert!(!token_fits(&keys, "garbage", 7, Some("call-1"), now));
    }
}
