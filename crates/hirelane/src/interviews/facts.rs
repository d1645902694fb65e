//! What happened at the interview steps, read from the candidate's invite (one per candidate):
//! an invite sent, a slot booked, an interview completed. The dashboard's "Invites Sent" and
//! "Meetings Scheduled", the funnel's skipped steps and the reports all count these same
//! conditions, so their numbers agree by construction (docs/reports.md).
//!
//! They differ on purpose from "reached a stage" (`Stage::reached_by`): a candidate a person
//! moved from Screened straight to Shortlisted reached Invited (pass-through) without an invite.

use hirelane_core::clock::to_millis;
use jiff::Timestamp;

use super::rules::JOIN_CLOSES_AFTER;

/// The candidates (`c`), their JD (`j`) and their invite if any (`i`): what the facts below
/// are conditions on.
pub const FROM: &str = "candidates c JOIN jobs j ON j.id = c.job_id
    LEFT JOIN interview_invites i ON i.candidate_id = c.id";

/// An invite was sent (whatever happened to it since: booked, completed or cancelled).
pub const INVITE_SENT: &str = "(i.id IS NOT NULL)";

/// The candidate booked a slot ("Meetings Scheduled").
pub const SLOT_BOOKED: &str = "(i.interview_at IS NOT NULL)";

/// The AI interview was completed.
pub const INTERVIEW_DONE: &str = "(i.id IS NOT NULL AND i.state = 'completed')";

/// A booked interview was due: not cancelled, and its join window closed before `closed` (the
/// SQL placeholder of [`closed_before`]'s instant).
pub fn due(closed: &str) -> String {
    format!("({SLOT_BOOKED} AND i.state <> 'cancelled' AND i.interview_at < {closed})")
}

/// A due interview nobody completed: the candidate did not show up (or dropped out).
pub fn no_show(closed: &str) -> String {
    format!("({} AND NOT {INTERVIEW_DONE})", due(closed))
}

/// The instant (unix ms) a slot must have started before for its join window to be closed at
/// `now`: what [`due`] and [`no_show`] compare with.
pub fn closed_before(now: Timestamp) -> i64 {
    to_millis(now) - JOIN_CLOSES_AFTER.as_millis() as i64
}

/// One of the facts, as a candidate list filters by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Fact {
    InviteSent,
    SlotBooked,
    InterviewDone,
    /// A booked interview whose time has passed (see [`due`]).
    InterviewDue,
    /// Of those, one nobody completed.
    NoShow,
}

impl Fact {
    /// The fact's condition over `c`, `j` and `i` as [`FROM`] joins them; a due interview and a
    /// no-show read the placeholder `closed` (see [`closed_before`]), the others nothing.
    pub fn sql(self, closed: &str) -> String {
        match self {
            Fact::InviteSent => INVITE_SENT.to_owned(),
            Fact::SlotBooked => SLOT_BOOKED.to_owned(),
            Fact::InterviewDone => INTERVIEW_DONE.to_owned(),
            Fact::InterviewDue => due(closed),
            Fact::NoShow => no_show(closed),
        }
    }

    /// Whether [`Fact::sql`] reads its `closed` placeholder (the fact depends on the time).
    pub fn timed(self) -> bool {
        matches!(self, Fact::InterviewDue | Fact::NoShow)
    }

    /// The same condition on candidate `c` alone (a list joins no invite).
    pub fn for_candidate(self, closed: &str) -> String {
        format!(
            "EXISTS (SELECT 1 FROM interview_invites i WHERE i.candidate_id = c.id AND {})",
            self.sql(closed)
        )
    }
}

/// 1 when `fact` holds, else 0: `SUM(...)` of it counts the candidates it holds for.
pub fn one_if(fact: &str) -> String {
    format!("CASE WHEN {fact} THEN 1 ELSE 0 END")
}
