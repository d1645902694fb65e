//! What happened at the interview steps, read from the candidate's invite (one per candidate):
//! an invite sent, a slot booked, an interview completed. The dashboard's "Invites Sent" and
//! "Meetings Scheduled", the funnel's skipped steps and the reports all count these same
//! conditions, so their numbers agree by construction (docs/reports.md).
//!
//! They differ on purpose from "reached a stage" (`Stage::reached_by`): a candidate a person
//! moved from Screened straight to Shortlisted reached Invited (pass-through) without an invite.

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

/// One of the facts, as a candidate list filters by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Fact {
    InviteSent,
    SlotBooked,
    InterviewDone,
}

impl Fact {
    /// The fact's condition over `c`, `j` and `i` as [`FROM`] joins them.
    pub fn sql(self) -> &'static str {
        match self {
            Fact::InviteSent => INVITE_SENT,
            Fact::SlotBooked => SLOT_BOOKED,
            Fact::InterviewDone => INTERVIEW_DONE,
        }
    }

    /// The same condition on candidate `c` alone (a list joins no invite).
    pub fn for_candidate(self) -> String {
        format!(
            "EXISTS (SELECT 1 FROM interview_invites i WHERE i.candidate_id = c.id AND {})",
            self.sql()
        )
    }
}

/// 1 when `fact` holds, else 0: `SUM(...)` of it counts the candidates it holds for.
pub fn one_if(fact: &str) -> String {
    format!("CASE WHEN {fact} THEN 1 ELSE 0 END")
}
